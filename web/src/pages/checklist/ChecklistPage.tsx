/**
 * /dashboard/checklist: the counters Active Trips, Upcoming and In Progress, 'View All Trips',
 * and the viewer's trips as cards, each opening its checklists. 'No trips found!' with
 * 'Create Your First Trip' for someone on none.
 */
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { Suspense } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { ChecklistPageQuery } from '../../__generated__/ChecklistPageQuery.graphql';
import TripsQuery, { type ChecklistPageTripsQuery } from '../../__generated__/ChecklistPageTripsQuery.graphql';
import type { ChecklistPage_viewer$key } from '../../__generated__/ChecklistPage_viewer.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { useLiveRefetch } from '../../platform/live';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { todayForTrips } from '../trips/today';
import { ChecklistTripCard } from './ChecklistTripCard';

const Query = graphql`
  query ChecklistPageQuery {
    viewer {
      ...ChecklistPage_viewer
    }
  }
`;

const Fragment = graphql`
  fragment ChecklistPage_viewer on User
  @refetchable(queryName: "ChecklistPageTripsQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 12 }, cursor: { type: "String" }) {
    id
    tripSummary {
      upcomingCount
      currentCount
      pastCount
    }
    trips(first: $count, after: $cursor) @connection(key: "ChecklistPage_trips") {
      edges {
        node {
          id
          ...ChecklistTripCard_trip
        }
      }
    }
  }
`;

const TRIPS_PAGE = 12;

export default function ChecklistPage() {
  return (
    <Suspense fallback={<ChecklistPageSkeleton />}>
      <ChecklistRoute />
    </Suspense>
  );
}

function ChecklistRoute() {
  const { viewer } = useRouteQuery<ChecklistPageQuery>(Query);
  if (!viewer) return null; // the shell signs out a session the server no longer knows
  return <TripsForChecklists viewer={viewer} />;
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md">
      <Text fz="xs" fw={700} tt="uppercase" c="dark.4" style={{ letterSpacing: '0.05em' }}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={`counter-${label}`}>
        {value}
      </Text>
    </Paper>
  );
}

function TripsForChecklists({ viewer }: { viewer: ChecklistPage_viewer$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<ChecklistPageTripsQuery, ChecklistPage_viewer$key>(Fragment, viewer);
  // Trips joined, left, edited or deleted elsewhere (the viewer's live channel): the cards shown
  // so far are read again, one request per burst.
  useLiveRefetch<ChecklistPageTripsQuery>(['TRIPS'], TripsQuery, () => ({ id: data.id, count: Math.max(data.trips.edges.length, TRIPS_PAGE), cursor: null }));
  const { upcomingCount, currentCount, pastCount } = data.tripSummary;
  const today = todayForTrips();
  const trips = data.trips.edges;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={28}>
            Checklists
          </Title>
          <Text c="dark.4">Pack and prepare together: pick a trip to see its checklists.</Text>
        </div>
        <Button component={Link} to="/dashboard/trips" variant="light">
          View All Trips
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Counter label="Active Trips" value={upcomingCount + currentCount + pastCount} />
        <Counter label="Upcoming" value={upcomingCount} />
        <Counter label="In Progress" value={currentCount} />
      </SimpleGrid>
      {trips.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack align="center" gap="xs" py="lg">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
              <IconChecklist size={26} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              {ChecklistMessages.noTrips}
            </Title>
            <Text c="dark.4" ta="center">
              Checklists belong to trips. Start one and invite your crew.
            </Text>
            <Button component={Link} to="/dashboard/trips" mt="sm" leftSection={<IconPlus size={16} aria-hidden />}>
              Create Your First Trip
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {trips.map(({ node }) => (
              <ChecklistTripCard key={node.id} trip={node} today={today} />
            ))}
          </SimpleGrid>
          {hasNext && (
            <Button variant="default" onClick={() => loadNext(TRIPS_PAGE)} loading={isLoadingNext} style={{ alignSelf: 'center' }}>
              Load more trips
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

function ChecklistPageSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading your trips">
      <Skeleton height={34} width={220} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Skeleton height={84} />
        <Skeleton height={84} />
        <Skeleton height={84} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <Skeleton height={190} />
        <Skeleton height={190} />
        <Skeleton height={190} />
      </SimpleGrid>
    </Stack>
  );
}
