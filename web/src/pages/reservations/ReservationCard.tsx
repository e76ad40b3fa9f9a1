/** One reservation: type icon and badge, title, date, status, booking code, route, airline, and its actions. */
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { ReservationCard_reservation$data, ReservationCard_reservation$key } from '../../__generated__/ReservationCard_reservation.graphql';
import { formatDateRange } from '../../components/dateFormat';
import { tripIdOf } from '../trips/ids';
import { typeInfo } from './reservationTypes';

const Fragment = graphql`
  fragment ReservationCard_reservation on Reservation {
    id
    type
    title
    status
    date
    time
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

export function ReservationCard({ reservation, onEdit, onAddToTrip, onDelete }: Props) {
  const r = useFragment(Fragment, reservation);
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
          <Text size="sm">
            {r.date ? formatDateRange(r.date, r.date) : 'No date yet'}
            {r.time ? ` · ${r.time}` : ''}
          </Text>
          {r.confirmationNumber && <Text size="sm">Confirmation: {r.confirmationNumber}</Text>}
          {(r.fromLocation || r.toLocation) && (
            <Text size="sm">
              {r.fromLocation ?? '?'} → {r.toLocation ?? '?'}
            </Text>
          )}
          {r.airline && <Text size="sm">Airline: {r.airline}</Text>}
          {r.location && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.location}
            </Text>
          )}
          {r.trip && <Text size="sm">Added to {r.trip.name}</Text>}
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
