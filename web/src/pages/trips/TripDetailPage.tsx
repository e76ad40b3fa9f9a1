/**
 * /dashboard/trips/:id: the trip's facts, its people and pending invitations, Invite, Edit
 * (owner), Delete (owner) or Leave (member). Live through the trip's channel (tripChanged):
 * edits and members joining or leaving update the store from the event's `trip`; a deletion
 * sends everyone back to the list with 'This trip was deleted.'. Other people's trips read as
 * 'Trip not found' (the API answers null for them).
 * The itinerary, map and expenses of the trip workspace come with a later issue: the page says
 * so rather than showing made-up items.
 */
import { Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendar, IconEdit, IconExternalLink, IconListDetails, IconMapPin, IconPlus, IconUserPlus, IconWallet } from '@tabler/icons-react';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { graphql, useFragment, useRelayEnvironment, useSubscription } from 'react-relay';
import { Link, useNavigate } from 'react-router-dom';
import { commitLocalUpdate, type GraphQLSubscriptionConfig } from 'relay-runtime';
import type { TripDetailPageQuery } from '../../__generated__/TripDetailPageQuery.graphql';
import type { TripDetailPageSubscription } from '../../__generated__/TripDetailPageSubscription.graphql';
import type { TripDetailPage_trip$key } from '../../__generated__/TripDetailPage_trip.graphql';
import { TripMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { formatDateRange } from '../../components/dateFormat';
import { destinationText, durationLabel, formatMoney } from './format';
import { InviteFriendsModal } from './InviteFriendsModal';
import { RemoveTripButton } from './RemoveTripButton';
import { EditTripModal } from './TripFormModal';
import { TripMembers } from './TripMembers';
import { useDocumentTitle } from '../../platform/documentTitle';
import { TripPendingInvites } from './TripPendingInvites';
import { TripProgress } from './TripProgress';
import { removeTripFromLists } from './tripStore';
import { tripsBeingRemoved } from './useRemoveTrip';

const Query = graphql`
  query TripDetailPageQuery($id: ID!) {
    viewer {
      id
    }
    node(id: $id) {
      ... on Trip @alias(as: "trip") {
        id
        ...TripDetailPage_trip
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
    budget {
      amount
      currency
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

export default function TripDetailPage() {
  const data = useRouteQuery<TripDetailPageQuery>(Query);
  const trip = data.node?.trip ?? null;
  useDocumentTitle(trip ? null : 'Trip not found');
  if (!trip) {
    return (
      <Stack gap="lg">
        <BackLink />
        <Paper withBorder p="xl">
          <Stack align="center" gap="xs" py="lg">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
              <IconMapPin size={26} />
            </ThemeIcon>
            <Title order={1} fz={26}>
              {TripMessages.notFound.replace(/\.$/, '')}
            </Title>
            <Text c="dark.4" ta="center">
              It may have been deleted, or you are not on it.
            </Text>
            <Button component={Link} to="/dashboard/trips" mt="sm">
              Go to Your Trips
            </Button>
          </Stack>
        </Paper>
      </Stack>
    );
  }
  return <TripDetail key={trip.id} trip={trip} viewerId={data.viewer?.id ?? null} />;
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

function TripDetail({ trip, viewerId }: { trip: TripDetailPage_trip$key; viewerId: string | null }) {
  const data = useFragment(Fragment, trip);
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

  const timing = TIMING_BADGE[data.timing];
  const destination = destinationText(data.destination);
  const duration = durationLabel(data.startDate, data.endDate);
  const { latitude, longitude } = data.destination ?? {};
  const mapUrl =
    latitude != null && longitude != null ? `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=11/${latitude}/${longitude}` : null;

  return (
    <Stack gap="lg">
      <BackLink />

      <Group justify="space-between" align="flex-start" gap="md">
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Title>
          <Group gap="xs" mt={6}>
            <Badge variant="light" color={timing.color}>
              {timing.label}
            </Badge>
            <Text fz="sm" c="dark.4">
              {data.viewerIsOwner ? 'You own this trip' : `Organised by ${data.owner.displayName}`}
            </Text>
          </Group>
        </div>
        <Group gap="xs">
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviting(true)}>
            Invite
          </Button>
          {data.viewerIsOwner && (
            <Button variant="default" leftSection={<IconEdit size={18} aria-hidden />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
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
        <Grid.Col span={{ base: 12, md: 8 }}>
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
                    <Anchor href={mapUrl} target="_blank" rel="noopener noreferrer" fz="sm" c="lagoon.8">
                      <Group gap={4} component="span" wrap="nowrap">
                        View on OpenStreetMap <IconExternalLink size={14} aria-label="(opens in a new tab)" />
                      </Group>
                    </Anchor>
                  )}
                </Fact>
                <Fact icon={IconWallet} label="Budget">
                  <Text fw={600}>{data.budget ? `${formatMoney(data.budget.amount, data.budget.currency)} ${data.budget.currency}` : 'No budget set'}</Text>
                </Fact>
                <div>
                  <TripProgress startDate={data.startDate} endDate={data.endDate} />
                </div>
              </SimpleGrid>
              {data.description && (
                <Text mt="lg" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {data.description}
                </Text>
              )}
            </Paper>

            <Paper withBorder p="lg" component="section" aria-labelledby="itinerary-title">
              <Group justify="space-between" mb="md">
                <Title order={2} fz="lg" id="itinerary-title">
                  Itinerary
                </Title>
                <Button size="xs" leftSection={<IconPlus size={16} aria-hidden />} disabled aria-describedby="itinerary-note">
                  Add Item
                </Button>
              </Group>
              <Stack align="center" gap={6} py="lg">
                <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
                  <IconListDetails size={24} />
                </ThemeIcon>
                <Text fw={600}>No itinerary items yet</Text>
                <Text fz="sm" c="dark.4" ta="center" maw={420} id="itinerary-note">
                  Day-by-day plans, the map and shared expenses are coming to the trip workspace soon.
                </Text>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
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
