/**
 * One entry of the timeline: a whole item, or one part of it (a flight's Departure or Return,
 * a stay's Check-in or Check-out). Editing or deleting acts on the item itself. Pending items
 * are yellow with 'Pending' and 'Mark as Booked'; booked ones say 'Booked'; items added by hand
 * carry no status.
 */
import { ActionIcon, Badge, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconCheck, IconEdit, IconExternalLink, IconReceipt, IconTrash } from '@tabler/icons-react';
import { graphql, useFragment } from 'react-relay';
import { Link, useParams } from 'react-router-dom';
import type { ItineraryEntryCard_item$key } from '../../__generated__/ItineraryEntryCard_item.graphql';
import { returnLegTitle } from '../../platform/domain';
import { WaitingBadge } from '../../platform/offline/WaitingChanges';
import { ITEM_TYPE_INFO } from './itemTypes';
import { entryTimeText, type TimelineEntryWithOverlaps } from './timeline';

const Fragment = graphql`
  fragment ItineraryEntryCard_item on ItineraryItem {
    id
    title
    type
    status
    location
    notes
    flightNumber
    hotelName
    reservationNumber
    hasExpense
    affiliateUrl
    createdBy {
      displayName
    }
  }
`;

export interface ItineraryEntryCardProps {
  entry: TimelineEntryWithOverlaps;
  item: ItineraryEntryCard_item$key;
  locale: string | undefined;
  /** The trip's zone (times elsewhere name theirs) and, when the reader asked, their own zone. */
  times: { reference: string | null; readerZone: string | null };
  onEdit: () => void;
  onDelete: () => void;
  onMarkBooked: () => void;
  marking: boolean;
}

export function ItineraryEntryCard({ entry, item, locale, times, onEdit, onDelete, onMarkBooked, marking }: ItineraryEntryCardProps) {
  const data = useFragment(Fragment, item);
  // The expenses page opens its add form for this item (one expense per item).
  const tripParam = useParams().id ?? '';
  const info = ITEM_TYPE_INFO[data.type];
  const pending = data.status === 'PENDING';
  const time = entryTimeText(entry, { ...times, locale });
  const returning = entry.part === 'return';
  // The way back: its own route (entry.from/to are already turned around), not the outbound flight's.
  const title = returning ? returnLegTitle(data.title, entry.to, entry.from, data.flightNumber) : data.title;
  const name = entry.label ? `${title} (${entry.label})` : title;
  const details = [
    data.flightNumber && data.type === 'FLIGHT' && !returning ? `Flight ${data.flightNumber}` : null,
    data.hotelName && data.type === 'ACCOMMODATION' && data.hotelName !== data.title ? data.hotelName : null,
    data.reservationNumber ? `Ref. ${data.reservationNumber}` : null,
  ].filter(Boolean);

  return (
    <Paper
      component="article"
      aria-label={name}
      withBorder
      p="sm"
      radius="md"
      bg={pending ? 'yellow.0' : undefined}
      style={pending ? { borderColor: 'var(--mantine-color-yellow-5)' } : undefined}
      className="tc-entry"
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            {entry.label && (
              <Badge size="sm" variant="outline" color={info.color}>
                {entry.label}
              </Badge>
            )}
            <WaitingBadge id={data.id} />
          </Group>
          <Text fz="sm" c="dark.4">
            {timePieces([time, info.label]).map((piece, i) => (
              <span key={i} style={piece.separator ? undefined : { whiteSpace: 'nowrap' }}>
                {piece.text}
              </span>
            ))}
          </Text>
          {(entry.from || entry.to) && (
            <Group gap={4} fz="sm" wrap="wrap">
              <Text fz="sm">{entry.from ?? '?'}</Text>
              <IconArrowRight size={14} aria-label="to" />
              <Text fz="sm">{entry.to ?? '?'}</Text>
            </Group>
          )}
          {data.location && data.type !== 'FLIGHT' && (
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {data.location}
            </Text>
          )}
          {details.length > 0 && (
            <Text fz="xs" c="dark.4">
              {details.join(' · ')}
            </Text>
          )}
          {data.notes && (
            <Text fz="sm" c="dark.5" mt={4} lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {data.notes}
            </Text>
          )}
          <Group gap={6} mt={6} wrap="wrap">
            {pending && (
              <Badge color="yellow.4" c="dark.8" variant="filled">
                Pending
              </Badge>
            )}
            {data.status === 'BOOKED' && (
              <Badge color="teal.9" variant="filled" leftSection={<IconCheck size={12} aria-hidden />}>
                Booked
              </Badge>
            )}
            {data.hasExpense && (
              <Badge color="grape" c="grape.9" variant="light">
                Expense Added
              </Badge>
            )}
            {entry.overlapsWith.length > 0 && (
              <Badge
                color="orange.2"
                c="dark.9"
                variant="filled"
                styles={{
                  root: { textTransform: 'none', maxWidth: '100%', height: 'auto', paddingBlock: 2 },
                  label: { whiteSpace: 'normal', overflow: 'visible' },
                }}
              >
                Overlaps with {entry.overlapsWith.join(', ')}
              </Badge>
            )}
            {data.affiliateUrl && (
              <Text component="a" href={data.affiliateUrl} target="_blank" rel="noopener noreferrer" fz="xs" c="lagoon.8" className="tc-no-print">
                Booking link <IconExternalLink size={12} aria-label="(opens in a new tab)" />
              </Text>
            )}
          </Group>
        </div>
        <Group gap={4} wrap="nowrap" className="tc-no-print">
          {pending && (
            <Button size="compact-sm" color="yellow.8" c="dark.8" variant="light" onClick={onMarkBooked} loading={marking}>
              Mark as Booked
            </Button>
          )}
          <Tooltip label={data.hasExpense ? 'Expense Added' : 'Add expense'} withArrow>
            {data.hasExpense ? (
              <ActionIcon variant="subtle" color="gray.7" size="lg" aria-label={`Add expense for ${name}`} disabled>
                <IconReceipt size={18} />
              </ActionIcon>
            ) : (
              <ActionIcon
                component={Link}
                to={`/dashboard/expenses?trip=${tripParam}&item=${encodeURIComponent(data.id)}`}
                variant="subtle"
                color="grape.8"
                size="lg"
                aria-label={`Add expense for ${name}`}
              >
                <IconReceipt size={18} />
              </ActionIcon>
            )}
          </Tooltip>
          <Tooltip label="Edit" withArrow>
            <ActionIcon variant="subtle" color="gray.7" size="lg" aria-label={`Edit ${name}`} onClick={onEdit}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon variant="subtle" color="red.8" size="lg" aria-label={`Delete ${name}`} onClick={onDelete}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {data.createdBy && (
        <Text fz="xs" c="dark.4" mt={4} className="tc-no-print">
          Added by {data.createdBy.displayName}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The time line in pieces that do not break inside ("7:00 PM GMT+9 +1", "10h 25m"), so a phone
 * wraps it between a time and the next rather than between a time and its zone.
 */
function timePieces(parts: (string | null)[]): { text: string; separator: boolean }[] {
  const pieces: { text: string; separator: boolean }[] = [];
  for (const chunk of parts
    .filter(Boolean)
    .join(' · ')
    .split(/( – | · )/)) {
    if (chunk) pieces.push({ text: chunk, separator: chunk === ' – ' || chunk === ' · ' });
  }
  return pieces;
}
