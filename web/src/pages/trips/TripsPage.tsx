/**
 * /dashboard/trips, 'Your Trips' (seed 000 §2-§9): summary cards, pending invitations, the
 * Upcoming / Current / Past tabs of trip cards, 'Create New Trip', a calendar of the viewer's
 * trips and their crew's popular activities. Live: the viewer's channel (viewerChanged, held by the shell) makes this page
 * reload what changed, so another browser's invitations, joins, edits and deletions show here
 * without reloading.
 */
import { Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { TripsPageQuery } from '../../__generated__/TripsPageQuery.graphql';
import type { TripsPageRefreshQuery } from '../../__generated__/TripsPageRefreshQuery.graphql';
import { useViewerChange } from '../../platform/live';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { PendingTripInvitations } from './PendingTripInvitations';
import { PopularActivities } from './PopularActivities';
import { TripCalendar } from './TripCalendar';
import { CreateTripModal } from './tripModals';
import { TripList, type Timing, type TripListController } from './TripList';
import { TripSummaryCards } from './TripSummaryCards';
import { rememberTripsTab } from './tripsTab';

const Query = graphql`
  query TripsPageQuery($timing: TripTiming!) {
    viewer {
      id
      ...TripSummaryCards_viewer
      ...PendingTripInvitations_viewer
      ...TripList_viewer @arguments(timing: $timing)
      ...TripCalendar_viewer
      ...PopularActivities_viewer
    }
  }
`;

/** Everything on the page except the list (which refetches itself). */
const RefreshQuery = graphql`
  query TripsPageRefreshQuery {
    viewer {
      id
      ...TripSummaryCards_viewer
      ...PendingTripInvitations_viewer
      ...TripCalendar_viewer
      ...PopularActivities_viewer
    }
  }
`;

export default function TripsPage() {
  const { viewer } = useRouteQuery<TripsPageQuery>(Query);
  // The tab the route's loader asked the server for (see tripsTab.ts).
  const { timing } = (useLoaderData() as PreloadedQuery<TripsPageQuery>).variables;
  if (!viewer) return null; // the shell signs out a session the server no longer knows
  return <TripsPageContent key={timing} viewer={viewer} initialTiming={timing} />;
}

function TripsPageContent({ viewer, initialTiming }: { viewer: NonNullable<TripsPageQuery['response']['viewer']>; initialTiming: Timing }) {
  const environment = useRelayEnvironment();
  const [creating, setCreating] = useState(false);
  const list = useRef<TripListController | null>(null);

  // Several events often arrive together (an invitation accepted: INVITATIONS and TRIPS):
  // one reload for the burst.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      list.current?.refresh();
      fetchQuery<TripsPageRefreshQuery>(environment, RefreshQuery, {}, { fetchPolicy: 'network-only' }).subscribe({
        error: (error: unknown) => console.warn('Trips refresh failed', error),
      });
    }, 120);
  }, [environment]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // The shell holds the viewer's one live channel (viewerChanged, see platform/live); this
  // page reloads its parts when the viewer's trips or invitations change.
  useViewerChange(['TRIPS', 'INVITATIONS'], refresh);

  const showTab = (timing: Timing | null) => {
    if (timing) list.current?.selectTab(timing);
  };

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Your Trips
          </Title>
          <Text c="dark.4" mt={4}>
            Plan together: dates, destinations, budgets and the people coming along.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)} size="md" {...CreateTripModal.preloadOn}>
          Create New Trip
        </Button>
      </Group>

      <TripSummaryCards viewer={viewer} />

      <PendingTripInvitations viewer={viewer} onAccepted={showTab} />

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <TripList viewer={viewer} initialTiming={initialTiming} onTimingChange={rememberTripsTab} controllerRef={list} onCreate={() => setCreating(true)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="xl">
            <TripCalendar viewer={viewer} />
            <PopularActivities viewer={viewer} />
          </Stack>
        </Grid.Col>
      </Grid>

      <CreateTripModal
        opened={creating}
        onClose={() => setCreating(false)}
        viewerId={viewer.id}
        onCreated={(trip) => {
          showTab(trip.timing);
          refresh();
        }}
      />
    </Stack>
  );
}
