/**
 * The tabs Upcoming / Current / Past (the server's `timing`, by calendar date) and their trip
 * cards, a page at a time ('Load more'). Switching tabs refetches this fragment in a
 * transition, so the current cards stay until the next tab's are there.
 */
import { Badge, Button, Center, Loader, Paper, SimpleGrid, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarOff, IconPlus } from '@tabler/icons-react';
import { useCallback, useImperativeHandle, useRef, useState, useTransition, type RefObject } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { TripListPaginationQuery } from '../../__generated__/TripListPaginationQuery.graphql';
import type { TripList_viewer$key } from '../../__generated__/TripList_viewer.graphql';
import { TripCard } from './TripCard';

export type Timing = 'UPCOMING' | 'CURRENT' | 'PAST';
export const TRIPS_PAGE_SIZE = 8;

const Fragment = graphql`
  fragment TripList_viewer on User
  @refetchable(queryName: "TripListPaginationQuery")
  @argumentDefinitions(timing: { type: "TripTiming!" }, count: { type: "Int", defaultValue: 8 }, cursor: { type: "String" }) {
    id
    tripSummary {
      upcomingCount
      currentCount
      pastCount
    }
    trips(timing: $timing, first: $count, after: $cursor) @connection(key: "TripList_trips") {
      edges {
        node {
          id
          ...TripCard_trip
        }
      }
    }
  }
`;

const TABS: { value: Timing; label: string }[] = [
  { value: 'UPCOMING', label: 'Upcoming' },
  { value: 'CURRENT', label: 'Current' },
  { value: 'PAST', label: 'Past' },
];

/** What the page may ask of the list: show a tab, or reload the shown one from the server. */
export interface TripListController {
  selectTab: (timing: Timing) => void;
  refresh: () => void;
}

export interface TripListProps {
  viewer: TripList_viewer$key;
  initialTiming: Timing;
  onTimingChange?: (timing: Timing) => void;
  controllerRef?: RefObject<TripListController | null>;
  /** Opens 'Create New Trip': offered in an empty tab, so a new traveller's first screen has a way on. */
  onCreate?: () => void;
}

export function TripList({ viewer, initialTiming, onTimingChange, controllerRef, onCreate }: TripListProps) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<TripListPaginationQuery, TripList_viewer$key>(Fragment, viewer);
  const [isPending, startTransition] = useTransition();
  /** The selected tab (changes at once) and the tab whose trips are loaded (after the fetch). */
  const [timing, setTiming] = useState<Timing>(initialTiming);
  const [shownTiming, setShownTiming] = useState<Timing>(initialTiming);
  /** The tab last asked for, even while its fetch is under way: a refresh reloads that one. */
  const wanted = useRef<Timing>(initialTiming);
  const loaded = data.trips.edges.length;
  const loadedRef = useRef({ timing: shownTiming, count: loaded });
  loadedRef.current = { timing: shownTiming, count: loaded };

  const selectTab = useCallback(
    (next: Timing) => {
      wanted.current = next;
      setTiming(next);
      onTimingChange?.(next);
      startTransition(() => {
        refetch({ timing: next, count: TRIPS_PAGE_SIZE, cursor: null }, { fetchPolicy: 'store-and-network' });
        setShownTiming(next);
      });
    },
    [refetch, onTimingChange],
  );

  const refresh = useCallback(() => {
    const next = wanted.current;
    // Keep as many cards as are loaded now (when refreshing the tab on screen).
    const count = loadedRef.current.timing === next ? Math.max(TRIPS_PAGE_SIZE, loadedRef.current.count) : TRIPS_PAGE_SIZE;
    startTransition(() => {
      refetch({ timing: next, count, cursor: null }, { fetchPolicy: 'network-only' });
      setShownTiming(next);
    });
  }, [refetch]);

  useImperativeHandle(controllerRef, () => ({ selectTab, refresh }), [selectTab, refresh]);

  const counts: Record<Timing, number> = {
    UPCOMING: data.tripSummary.upcomingCount,
    CURRENT: data.tripSummary.currentCount,
    PAST: data.tripSummary.pastCount,
  };

  return (
    <Tabs value={timing} onChange={(v) => v && v !== timing && selectTab(v as Timing)} keepMounted={false} variant="outline" radius="md">
      <Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            rightSection={
              <Badge
                size="sm"
                variant={tab.value === timing ? 'filled' : 'light'}
                color={tab.value === timing ? 'lagoon' : 'gray'}
                circle={counts[tab.value] < 10}
              >
                {counts[tab.value]}
              </Badge>
            }
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          <div aria-busy={isPending} style={{ opacity: isPending ? 0.6 : 1, transition: 'opacity 120ms' }}>
            {loaded === 0 ? (
              <Paper withBorder p="xl">
                <Stack align="center" gap="xs" py="lg">
                  <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
                    <IconCalendarOff size={26} />
                  </ThemeIcon>
                  <Text fw={600}>No trips found in this category!</Text>
                  <Text fz="sm" c="gray.7" ta="center">
                    Trips you create or join show up here.
                  </Text>
                  {isPending && <Loader size="sm" aria-label="Loading trips" />}
                  {onCreate && !isPending && (
                    <Button mt="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
                      {counts.UPCOMING + counts.CURRENT + counts.PAST === 0 ? 'Create your first trip' : 'Plan a new trip'}
                    </Button>
                  )}
                </Stack>
              </Paper>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {data.trips.edges.map((edge) => (
                  <TripCard key={edge.node.id} trip={edge.node} viewerId={data.id} />
                ))}
              </SimpleGrid>
            )}
            {hasNext && (
              <Center mt="lg">
                <Button variant="default" loading={isLoadingNext} onClick={() => loadNext(TRIPS_PAGE_SIZE)}>
                  Load more
                </Button>
              </Center>
            )}
          </div>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
