/**
 * A trip on the checklist screen: its name (opening its checklists), phase badge, destination,
 * members (5 then '+N') and pending invitees (3 then '+N'), and dates.
 */
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconMapPin } from '@tabler/icons-react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { ChecklistTripCard_trip$key } from '../../__generated__/ChecklistTripCard_trip.graphql';
import { formatDateRange } from '../../components/dateFormat';
import { destinationText } from '../trips/format';
import { tripIdOf } from '../trips/ids';
import { TripAvatars } from '../trips/TripAvatars';
import classes from '../trips/TripCard.module.css';
import { tripPhase } from './phase';

const Fragment = graphql`
  fragment ChecklistTripCard_trip on Trip {
    id
    name
    startDate
    endDate
    destination {
      mainText
      secondaryText
      description
    }
    ...TripAvatars_trip
  }
`;

export const checklistPath = (tripGlobalId: string) => `/dashboard/checklist/${tripIdOf(tripGlobalId)}`;

export function ChecklistTripCard({ trip, today }: { trip: ChecklistTripCard_trip$key; today: string }) {
  const data = useFragment(Fragment, trip);
  const badge = tripPhase(data.startDate, data.endDate, today);
  return (
    <Card withBorder padding="lg" className={classes.card} component="article" aria-label={data.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} fz="lg" lh={1.3} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Link to={checklistPath(data.id)} className={classes.titleLink}>
              {data.name}
            </Link>
          </Title>
          <Badge variant="light" color={badge.color} c="dark.7" style={{ flexShrink: 0 }} data-phase={badge.phase}>
            {badge.label}
          </Badge>
        </Group>
        <Group gap={6} wrap="nowrap" c="dark.5">
          <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm" truncate>
            {destinationText(data.destination) ?? 'No destination yet'}
          </Text>
        </Group>
        <div className={classes.raised}>
          <TripAvatars trip={data} />
        </div>
        <Group gap={6} wrap="nowrap" c="dark.5">
          <IconCalendar size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm">{formatDateRange(data.startDate, data.endDate)}</Text>
        </Group>
      </Stack>
    </Card>
  );
}
