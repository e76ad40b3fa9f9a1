/**
 * The trip's timeline (left column): items expanded into entries, sorted by day then time and
 * grouped under day headings in the reader's locale, undated ones last; overlapping entries say
 * so. Add and Edit open the item form; Delete asks first; Mark as Booked is optimistic.
 */
import { readerLocale } from '../../platform/renderFacts';
import { Button, Group, Paper, SegmentedControl, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ItineraryTimeline_items$data, ItineraryTimeline_items$key } from '../../__generated__/ItineraryTimeline_items.graphql';
import type { ItineraryTimeline_trip$key } from '../../__generated__/ItineraryTimeline_trip.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../platform/notify';
import { clientTimeZone } from '../../platform/timeZone';
import { ItineraryEntryCard } from './ItineraryEntryCard';
import { hasCoordinates } from './geo';
import { ItemFormModal } from './itineraryModals';
import { ITEM_TYPE_INFO } from './itemTypes';
import { ItineraryText } from './messages';
import { buildTimeline, dayHeading } from './timeline';
import { useDeleteItineraryItem } from './useDeleteItineraryItem';
import { useMarkItineraryItemBooked } from './useMarkItineraryItemBooked';

const Fragment = graphql`
  fragment ItineraryTimeline_trip on Trip {
    id
    startDate
    endDate
    timeZone
    destination {
      latitude
      longitude
    }
    itinerary(first: $itineraryCount) @connection(key: "ItineraryTimeline_itinerary") {
      __id
      edges {
        node {
          ...ItineraryTimeline_items
        }
      }
    }
  }
`;

const ItemsFragment = graphql`
  fragment ItineraryTimeline_items on ItineraryItem @relay(plural: true) {
    id
    title
    type
    activityDate
    startTime
    endTime
    checkInDate
    checkOutDate
    departureTime
    arrivalTime
    returnDate
    fromLocation
    toLocation
    timeZone
    arrivalTimeZone
    returnDepartureTime
    returnArrivalTime
    returnTimeZone
    returnArrivalTimeZone
    returnArrivalDate
    arrivalDate
    createdAt
    ...ItineraryEntryCard_item
    ...ItemFormModal_item
  }
`;

type Item = ItineraryTimeline_items$data[number];

export interface ItineraryTimelineProps {
  trip: ItineraryTimeline_trip$key;
  /** The Add Item form is opened from the page's header too. */
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
}

export function ItineraryTimeline({ trip, adding, onAddingChange }: ItineraryTimelineProps) {
  const data = useFragment(Fragment, trip);
  const items = useFragment<ItineraryTimeline_items$key>(
    ItemsFragment,
    data.itinerary.edges.map((e) => e.node),
  );
  const connection = data.itinerary.__id;
  const locale = readerLocale();
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [marking, setMarking] = useState<string | null>(null);
  // Times at each place (the default), or every time in the reader's own zone.
  const [shownIn, setShownIn] = useState<'place' | 'mine'>('place');
  const times = { reference: data.timeZone ?? null, readerZone: shownIn === 'mine' ? clientTimeZone() : null };
  // In "My zone" the days are the reader's too, so a late departure may move to the next day.
  const groups = useMemo(() => buildTimeline(items, times.readerZone), [items, times.readerZone]);
  const [remove, removing] = useDeleteItineraryItem(connection);
  const [markBooked] = useMarkItineraryItemBooked();
  const tripDates = { startDate: data.startDate ?? null, endDate: data.endDate ?? null };

  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await remove(deleting.id);
    if (outcome.ok) {
      notify.success(ItineraryText.deleted(deleting.title));
      setDeleting(null);
    } else {
      notify.error(outcome.message);
      setDeleting(null);
    }
  };

  const book = async (item: Item) => {
    setMarking(item.id);
    const outcome = await markBooked(item.id);
    setMarking(null);
    if (!outcome.ok) notify.error(outcome.message);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="itinerary-title" className="tc-timeline">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="itinerary-title">
          Itinerary
        </Title>
        {items.length > 0 && (
          <Group gap="sm" wrap="wrap">
            <Text fz="sm" c="dark.4">
              {items.length} {items.length === 1 ? 'item' : 'items'}
            </Text>
            <Group gap={6} wrap="nowrap" className="tc-no-print">
              <Text fz="sm" c="dark.4" id="times-shown-in">
                Times shown in
              </Text>
              <SegmentedControl
                size="xs"
                aria-labelledby="times-shown-in"
                value={shownIn}
                onChange={(v) => setShownIn(v as 'place' | 'mine')}
                data={[
                  { value: 'place', label: 'Place' },
                  { value: 'mine', label: 'My zone' },
                ]}
              />
            </Group>
          </Group>
        )}
      </Group>

      {groups.length === 0 ? (
        <Stack align="center" gap={6} py="lg">
          <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
            <IconListDetails size={24} />
          </ThemeIcon>
          <Text fw={600}>No itinerary items yet</Text>
          <Text fz="sm" c="dark.4" ta="center" maw={420}>
            Add flights, stays, meals and plans; everyone on the trip sees them as they are added.
          </Text>
          <Button
            mt="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onAddingChange(true)}
            className="tc-no-print"
            {...ItemFormModal.preloadOn}
          >
            Add Item
          </Button>
        </Stack>
      ) : (
        <Stack gap="xl">
          {groups.map((group) => {
            const headingId = `day-${group.key}`;
            return (
              <section key={group.key} aria-labelledby={headingId}>
                <Title order={3} fz="md" mb="sm" id={headingId} c="lagoon.9">
                  {dayHeading(group.date, locale)}
                </Title>
                <Timeline bulletSize={30} lineWidth={2} color="lagoon">
                  {group.entries.map((entry) => {
                    const Icon = ITEM_TYPE_INFO[entry.item.type].icon;
                    return (
                      <Timeline.Item key={entry.key} bullet={<Icon size={16} aria-hidden />}>
                        <ItineraryEntryCard
                          entry={entry}
                          item={entry.item}
                          locale={locale}
                          times={times}
                          onEdit={() => setEditing(entry.item)}
                          onDelete={() => setDeleting(entry.item)}
                          onMarkBooked={() => void book(entry.item)}
                          marking={marking === entry.item.id}
                        />
                      </Timeline.Item>
                    );
                  })}
                </Timeline>
              </section>
            );
          })}
        </Stack>
      )}

      <ItemFormModal
        opened={adding || editing !== null}
        onClose={() => {
          onAddingChange(false);
          setEditing(null);
        }}
        tripId={data.id}
        tripDates={tripDates}
        near={data.destination && hasCoordinates(data.destination) ? data.destination : null}
        connection={connection}
        item={editing}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this item?"
        confirmLabel="Delete Item"
        loading={removing}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting ? `"${deleting.title}" will be removed from the itinerary for everyone on the trip.` : ''}
      </ConfirmDialog>
    </Paper>
  );
}
