/**
 * One trip in 'Your Trips': name (opens /dashboard/trips/{id}), destination, dates, budget,
 * who is on it, progress, and the buttons 'Itinerary', '+' (invite) and 'Delete' (the owner)
 * or 'Leave' (a member), each destructive one confirmed first.
 */
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCalendar, IconMapPin, IconPlus, IconRoute, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { TripCard_trip$key } from '../../__generated__/TripCard_trip.graphql';
import { formatDateRange } from '../../components/dateFormat';
import { destinationText, durationLabel, formatMoney } from './format';
import { tripPath } from './ids';
import { InviteFriendsModal } from './tripModals';
import { RemoveTripButton } from './RemoveTripButton';
import classes from './TripCard.module.css';
import { TripAvatars } from './TripAvatars';
import { TripProgress } from './TripProgress';

const Fragment = graphql`
  fragment TripCard_trip on Trip {
    id
    name
    description
    startDate
    endDate
    viewerIsOwner
    destination {
      mainText
      secondaryText
      description
    }
    budget {
      amount
      currency
    }
    ...TripAvatars_trip
    ...InviteFriendsModal_trip
  }
`;

export function TripCard({ trip, viewerId }: { trip: TripCard_trip$key; viewerId: string }) {
  const data = useFragment(Fragment, trip);
  const [inviting, setInviting] = useState(false);
  const destination = destinationText(data.destination);
  const duration = durationLabel(data.startDate, data.endDate);
  const path = tripPath(data.id);

  return (
    <Card withBorder padding="lg" className={classes.card} component="article" aria-label={data.name}>
      <Stack gap="sm" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} fz="lg" lh={1.3} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Link to={path} className={classes.titleLink}>
              {data.name}
            </Link>
          </Title>
          <Badge variant="light" color={data.viewerIsOwner ? 'lagoon' : 'gray'} style={{ flexShrink: 0 }}>
            {data.viewerIsOwner ? 'Owner' : 'Member'}
          </Badge>
        </Group>

        <Stack gap={4}>
          <Group gap={6} wrap="nowrap" c="dark.5">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text fz="sm" truncate>
              {destination ?? 'No destination yet'}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" c="dark.5">
            <IconCalendar size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text fz="sm">
              {formatDateRange(data.startDate, data.endDate)}
              {duration && (
                <Text span c="gray.7" fz="sm">
                  {' '}
                  · {duration}
                </Text>
              )}
            </Text>
          </Group>
          {data.budget && (
            <Group gap={6} wrap="nowrap" c="dark.5">
              <IconWallet size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text fz="sm">
                Budget {formatMoney(data.budget.amount, data.budget.currency)} {data.budget.currency}
              </Text>
            </Group>
          )}
        </Stack>

        {data.description && (
          <Text fz="sm" c="gray.7" lineClamp={2}>
            {data.description}
          </Text>
        )}

        <div className={classes.raised}>
          <TripAvatars trip={data} />
        </div>

        <div style={{ marginTop: 'auto' }}>
          <TripProgress startDate={data.startDate} endDate={data.endDate} />
        </div>

        <Group gap="xs" justify="space-between" className={classes.raised} wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to={path} size="xs" variant="light" leftSection={<IconRoute size={16} aria-hidden />}>
              Itinerary
            </Button>
            <Tooltip label="Invite friends" withArrow>
              <ActionIcon
                variant="light"
                size={30}
                aria-label={`Invite friends to ${data.name}`}
                onClick={() => setInviting(true)}
                {...InviteFriendsModal.preloadOn}
              >
                <IconPlus size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <RemoveTripButton tripId={data.id} tripName={data.name} isOwner={data.viewerIsOwner} viewerId={viewerId} size="xs" />
        </Group>
      </Stack>
      <InviteFriendsModal opened={inviting} onClose={() => setInviting(false)} trip={data} />
    </Card>
  );
}
