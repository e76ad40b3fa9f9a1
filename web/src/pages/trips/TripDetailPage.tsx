/**
 * /dashboard/trips/:id, the trip workspace: the trip's facts, Add Item, Invite, Edit (owner),
 * Delete (owner) or Leave (member), the calendar feed and Print; the timeline on the left; the
 * budget, the map, nearby recommendations, its people and pending invitations on the right
 * (stacked on a phone). Live through the trip's channel (tripChanged): edits and members joining
 * or leaving update the store from the event's `trip`; a deletion sends everyone back to the
 * list with 'This trip was deleted.'. The plan is live through tripItineraryChanged, and
 * tripPresence shows who else has the page open. Other people's trips read as 'Trip not found'
 * (the API answers null for them). The itinerary parts live in pages/itinerary/.
 */
import { readerLocale } from '../../platform/renderFacts';
import { Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendar, IconChartBar, IconEdit, IconExternalLink, IconMapPin, IconPlus, IconPrinter, IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { graphql, useFragment, useQueryLoader, useRelayEnvironment, useSubscription } from 'react-relay';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { commitLocalUpdate, type GraphQLSubscriptionConfig } from 'relay-runtime';
import type { RecommendationsPanelQuery } from '../../__generated__/RecommendationsPanelQuery.graphql';
import type { DecidePanelQuery } from '../../__generated__/DecidePanelQuery.graphql';
import DecideQuery from '../../__generated__/DecidePanelQuery.graphql';
import type { TripDetailPageQuery, TripDetailPageQuery$data } from '../../__generated__/TripDetailPageQuery.graphql';
import type { TripDetailPageSubscription } from '../../__generated__/TripDetailPageSubscription.graphql';
import type { TripDetailPage_trip$key } from '../../__generated__/TripDetailPage_trip.graphql';
import { notify } from '../../platform/notify';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { formatDateRange } from '../../components/dateFormat';
import { Loading } from '../../components/Loading';
import { BudgetCard } from '../itinerary/BudgetCard';
import { CalendarFeedMenu } from '../itinerary/CalendarFeedMenu';
import { itineraryConnectionId } from '../itinerary/connection';
import { ItineraryTimeline } from '../itinerary/ItineraryTimeline';
import { ItemFormModal } from '../itinerary/itineraryModals';
import '../itinerary/print.css';
import { RecommendationsPanel, RecommendationsQuery } from '../itinerary/RecommendationsPanel';
import { TripMapPanel } from '../itinerary/TripMapPanel';
import { TripPresence } from '../itinerary/TripPresence';
import { useItineraryLive } from '../itinerary/useItineraryLive';
import { WorkspaceSkeleton } from '../itinerary/WorkspaceSkeleton';
import { destinationText, durationLabel } from './format';
import { RemoveTripButton } from './RemoveTripButton';
import { EditTripModal, InviteFriendsModal } from './tripModals';
import { TripMembers } from './TripMembers';
import { TripNotFound } from './TripNotFound';
import { useDocumentTitle } from '../../platform/documentTitle';
import { TripPendingInvites } from './TripPendingInvites';
import { TripProgress } from './TripProgress';
import { removeTripFromLists } from './tripStore';
import { tripsBeingRemoved } from './useRemoveTrip';

/** The Decide tab's screens load with their chunk, when the tab is first opened. */
const DecidePanel = lazy(() => import('../decisions/DecidePanel').then((m) => ({ default: m.DecidePanel })));

const Query = graphql`
  query TripDetailPageQuery($id: ID!, $itineraryCount: Int!) {
    viewer {
      id
    }
    mapTiles {
      urlTemplate
    }
    node(id: $id) {
      ... on Trip @alias(as: "trip") {
        id
        openPollCount
        ...TripDetailPage_trip
        # The workspace's parts stay out of TripDetailPage_trip, which every tripChanged event
        # refetches: the plan has its own live channel.
        ...ItineraryTimeline_trip
        ...TripMapPanel_trip
        ...BudgetCard_trip
        ...CalendarFeedMenu_trip
      }
    }
  }
`;

const Fragment = graphql`
  fragment TripDetailPage_trip on Trip {
    id
    name
    description
    startDate
    endDate
    timing
    viewerIsOwner
    destination {
      mainText
      secondaryText
      description
      latitude
      longitude
    }
    owner {
      id
      displayName
    }
    ...TripMembers_trip
    ...TripPendingInvites_trip
    ...TripFormModal_trip
    ...InviteFriendsModal_trip
  }
`;

const Subscription = graphql`
  subscription TripDetailPageSubscription($tripId: ID!) {
    tripChanged(tripId: $tripId) {
      kind
      tripId
      trip {
        id
        ...TripDetailPage_trip
        ...BudgetCard_trip
      }
    }
  }
`;

const TIMING_BADGE = {
  UPCOMING: { label: 'Upcoming', color: 'lagoon' },
  CURRENT: { label: 'Happening now', color: 'teal' },
  PAST: { label: 'Past', color: 'gray' },
} as const;

const BackLink = () => (
  <Anchor component={Link} to="/dashboard/trips" fz="sm" fw={600} c="lagoon.8" style={{ alignSelf: 'flex-start' }}>
    <Group gap={4} component="span" wrap="nowrap">
      <IconArrowLeft size={16} aria-hidden />
      Back to Your Trips
    </Group>
  </Anchor>
);

type TripRefs = NonNullable<NonNullable<TripDetailPageQuery$data['node']>['trip']>;

export default function TripDetailPage() {
  return (
    <Suspense fallback={<WorkspaceSkeleton />}>
      <TripDetailRoute />
    </Suspense>
  );
}

function TripDetailRoute() {
  const data = useRouteQuery<TripDetailPageQuery>(Query);
  const trip = data.node?.trip ?? null;
  if (!trip) {
    return (
      <TripNotFound
        back={<BackLink />}
        icon={
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconMapPin size={26} />
          </ThemeIcon>
        }
      >
        <Button component={Link} to="/dashboard/trips" mt="sm">
          Go to Your Trips
        </Button>
      </TripNotFound>
    );
  }
  return <TripDetail key={trip.id} trip={trip} viewerId={data.viewer?.id ?? null} tilesUrl={data.mapTiles.urlTemplate} />;
}

function Fact({ icon: Icon, label, children }: { icon: ComponentType<{ size?: number }>; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
        <Icon size={20} />
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text fz="xs" fw={700} tt="uppercase" c="dark.4" style={{ letterSpacing: '0.05em' }}>
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}

function TripDetail({ trip, viewerId, tilesUrl }: { trip: TripRefs; viewerId: string | null; tilesUrl: string }) {
  const data = useFragment<TripDetailPage_trip$key>(Fragment, trip);
  useDocumentTitle(data.name);
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState(false);
  const tripId = data.id;

  const subscription = useMemo<GraphQLSubscriptionConfig<TripDetailPageSubscription>>(
    () => ({
      subscription: Subscription,
      variables: { tripId },
      onNext: (event) => {
        if (event?.tripChanged.kind !== 'DELETED') return;
        if (viewerId) commitLocalUpdate(environment, (store) => removeTripFromLists(store, viewerId, tripId));
        // This browser's own deletion already said so and moved on.
        if (tripsBeingRemoved.has(tripId)) return;
        notify.info('This trip was deleted.');
        void navigate('/dashboard/trips', { replace: true });
      },
      onError: (error) => console.warn('Live trip updates paused', error),
    }),
    [tripId, viewerId, environment, navigate],
  );
  useSubscription(subscription);
  useItineraryLive(tripId);
  const [adding, setAdding] = useState(false);
  const [recommendations, loadRecommendations] = useQueryLoader<RecommendationsPanelQuery>(RecommendationsQuery);
  useEffect(() => loadRecommendations({ id: tripId }, { fetchPolicy: 'store-or-network' }), [tripId, loadRecommendations]);
  const locale = readerLocale();
  // The main column's tabs: the plan, or deciding together (?tab=decide, where notifications link).
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'decide' ? 'decide' : 'plan';
  const setTab = (next: string | null) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'decide') out.set('tab', 'decide');
        else out.delete('tab');
        return out;
      },
      { replace: true },
    );
  const [decide, loadDecide] = useQueryLoader<DecidePanelQuery>(DecideQuery);
  useEffect(() => {
    if (tab === 'decide' && !decide) loadDecide({ id: tripId }, { fetchPolicy: 'store-and-network' });
  }, [tab, decide, tripId, loadDecide]);
  const openPolls = trip.openPollCount;
  // Printing prints the plan, whichever tab is open: the plan's panel is shown before the page is
  // laid out for paper (synchronously, in beforeprint) and the open tab comes back after.
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const timing = TIMING_BADGE[data.timing];
  const destination = destinationText(data.destination);
  const duration = durationLabel(data.startDate, data.endDate);
  const { latitude, longitude } = data.destination ?? {};
  const mapUrl =
    latitude != null && longitude != null ? `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=11/${latitude}/${longitude}` : null;

  return (
    <Stack gap="lg" className="tc-workspace">
      <div className="tc-no-print">
        <BackLink />
      </div>

      <Group justify="space-between" align="flex-start" gap="md">
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Title>
          <Group gap="xs" mt={6}>
            <Badge variant="light" color={timing.color} className="tc-no-print">
              {timing.label}
            </Badge>
            <Text fz="sm" c="dark.4">
              {data.viewerIsOwner ? 'You own this trip' : `Organised by ${data.owner.displayName}`}
            </Text>
          </Group>
          <Group mt={8} gap="sm">
            <TripPresence tripId={tripId} viewerId={viewerId} />
            {openPolls > 0 && (
              <Anchor
                component="button"
                type="button"
                fz="sm"
                fw={600}
                c="lagoon.8"
                className="tc-no-print"
                onClick={() => {
                  setTab('decide');
                  requestAnimationFrame(() => document.getElementById('trip-tabs')?.scrollIntoView({ block: 'start' }));
                }}
              >
                <Group gap={4} component="span" wrap="nowrap">
                  <IconChartBar size={16} aria-hidden />
                  {openPolls === 1 ? '1 open poll' : `${openPolls} open polls`}: have your say
                </Group>
              </Anchor>
            )}
          </Group>
        </div>
        <Group gap="xs" className="tc-no-print">
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => {
              setTab('plan');
              setAdding(true);
            }}
            {...ItemFormModal.preloadOn}
          >
            Add Item
          </Button>
          <Button variant="light" leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviting(true)} {...InviteFriendsModal.preloadOn}>
            Invite
          </Button>
          {data.viewerIsOwner && (
            <Button variant="default" leftSection={<IconEdit size={18} aria-hidden />} onClick={() => setEditing(true)} {...EditTripModal.preloadOn}>
              Edit
            </Button>
          )}
          <CalendarFeedMenu trip={trip} />
          <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            Print
          </Button>
          <RemoveTripButton
            tripId={data.id}
            tripName={data.name}
            isOwner={data.viewerIsOwner}
            viewerId={viewerId}
            variant="light"
            onRemoved={() => void navigate('/dashboard/trips', { replace: true })}
          />
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }} className="tc-workspace-main">
          <Stack gap="lg">
            <Paper withBorder p="lg" component="section" aria-label="Trip details">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <Fact icon={IconCalendar} label="Dates">
                  <Text fw={600}>{formatDateRange(data.startDate, data.endDate)}</Text>
                  {duration && (
                    <Text fz="sm" c="dark.4">
                      {duration}
                    </Text>
                  )}
                </Fact>
                <Fact icon={IconMapPin} label="Destination">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {data.destination?.mainText ?? destination ?? 'Not set'}
                  </Text>
                  {data.destination?.secondaryText && (
                    <Text fz="sm" c="dark.4">
                      {data.destination.secondaryText}
                    </Text>
                  )}
                  {mapUrl && (
                    <Anchor href={mapUrl} target="_blank" rel="noopener noreferrer" fz="sm" c="lagoon.8" className="tc-no-print">
                      <Group gap={4} component="span" wrap="nowrap">
                        View on OpenStreetMap <IconExternalLink size={14} aria-label="(opens in a new tab)" />
                      </Group>
                    </Anchor>
                  )}
                </Fact>
              </SimpleGrid>
              <div className="tc-no-print">
                <TripProgress startDate={data.startDate} endDate={data.endDate} />
              </div>
              {data.description && (
                <Text mt="lg" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {data.description}
                </Text>
              )}
            </Paper>

            <Tabs value={printing ? 'plan' : tab} onChange={setTab} id="trip-tabs" keepMounted={false}>
              <Tabs.List className="tc-no-print">
                <Tabs.Tab value="plan">Plan</Tabs.Tab>
                <Tabs.Tab value="decide" leftSection={<IconChartBar size={16} aria-hidden />}>
                  Decide together{openPolls > 0 ? ` (${openPolls})` : ''}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="plan" pt="md">
                <ItineraryTimeline trip={trip} adding={adding} onAddingChange={setAdding} />
              </Tabs.Panel>
              <Tabs.Panel value="decide" pt="md">
                <Suspense fallback={<Loading />}>{decide && <DecidePanel queryRef={decide} tripId={tripId} />}</Suspense>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} className="tc-no-print">
          <Stack gap="lg">
            <BudgetCard trip={trip} />
            <TripMapPanel trip={trip} recommendations={recommendations} tilesUrl={tilesUrl} />
            <RecommendationsPanel queryRef={recommendations} tripId={tripId} connection={itineraryConnectionId(tripId)} locale={locale} />
            <TripMembers trip={data} viewerId={viewerId} />
            <TripPendingInvites trip={data} viewerId={viewerId} />
          </Stack>
        </Grid.Col>
      </Grid>

      <InviteFriendsModal opened={inviting} onClose={() => setInviting(false)} trip={data} />
      {data.viewerIsOwner && <EditTripModal opened={editing} onClose={() => setEditing(false)} viewerId={viewerId} trip={data} />}
    </Stack>
  );
}
