/**
 * One reservation: type icon and badge, title, start and end, status, booking code, route,
 * travellers, seat and provider, a notice asking to confirm what was read with low confidence,
 * and its actions.
 */
import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { ReservationCard_reservation$data, ReservationCard_reservation$key } from '../../__generated__/ReservationCard_reservation.graphql';
import { formatDateRange } from '../../components/dateFormat';
import { tripIdOf } from '../trips/ids';
import { ReservationMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { REVIEW_FIELD_LABELS, typeInfo } from './reservationTypes';
import { useConfirmReservation } from './useConfirmReservation';

const Fragment = graphql`
  fragment ReservationCard_reservation on Reservation {
    id
    type
    title
    status
    date
    time
    endDate
    endTime
    passengers
    seat
    provider
    needsReview
    reviewFields
    location
    confirmationNumber
    fromLocation
    toLocation
    airline
    notes
    trip {
      id
      name
    }
    onItinerary
  }
`;

export type ReservationData = ReservationCard_reservation$data;

interface Props {
  reservation: ReservationCard_reservation$key;
  onEdit: (r: ReservationData) => void;
  onAddToTrip: (r: ReservationData) => void;
  onDelete: (r: ReservationData) => void;
}

const day = (d: string) => formatDateRange(d, d);

/** "Jun 15, 2026 · 09:10 → 11:00", or "Jun 15, 2026 → Jun 18, 2026" across days. */
export function whenText(r: Pick<ReservationData, 'date' | 'time' | 'endDate' | 'endTime'>): string {
  const start = r.date ? `${day(r.date)}${r.time ? ` · ${r.time}` : ''}` : r.time ? r.time : 'No date yet';
  const sameDay = !r.endDate || r.endDate === r.date;
  const end = sameDay ? (r.endTime === r.time ? null : r.endTime) : `${day(r.endDate!)}${r.endTime ? ` · ${r.endTime}` : ''}`;
  return end ? `${start} → ${end}` : start;
}

/** "date and route", "date, time and route". */
const listed = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

export function ReservationCard({ reservation, onEdit, onAddToTrip, onDelete }: Props) {
  const r = useFragment(Fragment, reservation);
  const [confirm, confirming] = useConfirmReservation();
  const confirmAsRead = async () => {
    const outcome = await confirm(r.id);
    if (outcome.ok) notify.success(ReservationMessages.reviewConfirmed);
    else notify.error(outcome.message);
  };
  const info = typeInfo(r.type);
  const TypeIcon = info.icon;
  const confirmed = r.status === 'CONFIRMED';
  const missing = !r.date || !r.location;
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={r.title}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size="lg" radius="md" color={info.color} aria-hidden>
          <TypeIcon size={20} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Badge color={info.color} variant="filled" size="sm">
              {info.label}
            </Badge>
            <Badge color={confirmed ? '#1e6b34' : '#8a5a00'} variant="filled" size="sm">
              {confirmed ? 'Confirmed' : 'Pending review'}
            </Badge>
          </Group>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {r.title}
          </Text>
          <Text size="sm">{whenText(r)}</Text>
          {r.confirmationNumber && <Text size="sm">Confirmation: {r.confirmationNumber}</Text>}
          {(r.fromLocation || r.toLocation) && (
            <Text size="sm">
              {r.fromLocation ?? '?'} → {r.toLocation ?? '?'}
            </Text>
          )}
          {r.airline && <Text size="sm">Airline: {r.airline}</Text>}
          {r.provider && r.provider !== r.airline && <Text size="sm">Booked with: {r.provider}</Text>}
          {r.passengers.length > 0 && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {r.passengers.length === 1 ? 'Traveller' : 'Travellers'}: {r.passengers.join(', ')}
            </Text>
          )}
          {r.seat && <Text size="sm">Seat: {r.seat}</Text>}
          {r.location && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.location}
            </Text>
          )}
          {r.trip && <Text size="sm">Added to {r.trip.name}</Text>}
          {r.needsReview && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Please check" mt="xs" role="status">
              <Text size="sm">
                We are not sure of the{' '}
                {listed(r.reviewFields.map((f) => (f === 'endDate' && r.type === 'HOTEL' ? 'check-out' : (REVIEW_FIELD_LABELS[f] ?? f))))} read from this
                e-mail. Is it right?
              </Text>
              <Group gap="xs" mt="xs">
                <Button size="xs" color="teal.9" loading={confirming} onClick={confirmAsRead}>
                  Looks right
                </Button>
                <Button size="xs" variant="default" onClick={() => onEdit(r)}>
                  Correct it
                </Button>
              </Group>
            </Alert>
          )}
          <Group gap="xs" mt="xs" wrap="wrap">
            <Button size="xs" variant="default" onClick={() => onEdit(r)}>
              Edit
            </Button>
            {missing && (
              <Button size="xs" variant="light" onClick={() => onEdit(r)}>
                Add Details
              </Button>
            )}
            {r.onItinerary && r.trip ? (
              // On a plan already: a second add would duplicate it (the server refuses it too).
              <Button size="xs" variant="light" component={Link} to={`/dashboard/trips/${tripIdOf(r.trip.id)}`}>
                View on {r.trip.name}
              </Button>
            ) : (
              <Button size="xs" onClick={() => onAddToTrip(r)}>
                Add to Trip
              </Button>
            )}
            <Tooltip label="Delete reservation">
              <ActionIcon variant="subtle" color="red.8" aria-label={`Delete ${r.title}`} onClick={() => onDelete(r)} size="lg">
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
