/** The people on a trip: owner first (with an 'Owner' badge), then members as they joined. */
import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDay } from '../../components/dateFormat';
import { graphql, useFragment } from 'react-relay';
import type { TripMembers_trip$key } from '../../__generated__/TripMembers_trip.graphql';
import { avatarColor } from '../../components/avatarColor';

const Fragment = graphql`
  fragment TripMembers_trip on Trip {
    memberCount
    members {
      id
      isOwner
      joinedAt
      user {
        id
        displayName
        avatarUrl
        city
        countryName
      }
    }
  }
`;

export function TripMembers({ trip, viewerId }: { trip: TripMembers_trip$key; viewerId: string | null }) {
  const data = useFragment(Fragment, trip);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="trip-members-title">
      <Title order={2} fz="lg" mb="md" id="trip-members-title">
        Members ({data.memberCount})
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {data.members.map((m) => {
          const place = [m.user.city, m.user.countryName].filter(Boolean).join(', ');
          return (
            <Group key={m.id} component="li" gap="sm" wrap="nowrap">
              <Avatar src={m.user.avatarUrl} name={m.user.displayName} color={avatarColor(m.user.displayName)} variant="filled" radius="xl" alt="" />
              {/* Names, the badge and the dates wrap rather than being cut: the card is narrow beside the plan. */}
              <div style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {m.user.displayName}
                    {m.user.id === viewerId && (
                      <Text span c="dark.4" fz="sm" fw={400}>
                        {' '}
                        (you)
                      </Text>
                    )}
                  </Text>
                  {m.isOwner && (
                    <Badge size="sm" variant="light" color="coral" c="coral.9" style={{ flexShrink: 0 }}>
                      Owner
                    </Badge>
                  )}
                </Group>
                {place && (
                  <Text fz="xs" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
                    {place}
                  </Text>
                )}
                {m.joinedAt && (
                  <Text fz="xs" c="dark.4">
                    joined {formatDay(m.joinedAt)}
                  </Text>
                )}
              </div>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
