/**
 * 'Also here: …': the other members who have this trip's page open now (tripPresence; the first
 * event is the current list, and subscribing counts this tab as present): the first few faces
 * and how many more. The viewer is hidden.
 */
import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { useMemo, useState } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { TripPresenceSubscription, TripPresenceSubscription$data } from '../../__generated__/TripPresenceSubscription.graphql';
import { avatarColor } from '../../components/avatarColor';

const Subscription = graphql`
  subscription TripPresenceSubscription($tripId: ID!) {
    tripPresence(tripId: $tripId) {
      count
      faces {
        userId
        displayName
        avatarUrl
      }
    }
  }
`;

type Face = TripPresenceSubscription$data['tripPresence']['faces'][number];

/** Avatars shown before '+n'. */
const SHOWN = 5;

export function TripPresence({ tripId, viewerId }: { tripId: string; viewerId: string | null }) {
  const [presence, setPresence] = useState<{ faces: readonly Face[]; count: number }>({ faces: [], count: 0 });
  const config = useMemo<GraphQLSubscriptionConfig<TripPresenceSubscription>>(
    () => ({
      subscription: Subscription,
      variables: { tripId },
      onNext: (event) => {
        if (event) setPresence(event.tripPresence);
      },
      onError: (error) => console.warn('Presence paused', error),
    }),
    [tripId],
  );
  useSubscription(config);

  // The event names the first few people and counts everyone; this tab is one of them.
  const others = presence.faces.filter((v) => v.userId !== viewerId);
  const otherCount = Math.max(others.length, presence.count - 1);
  if (otherCount === 0) return null;
  const shown = others.slice(0, SHOWN);
  const more = otherCount - shown.length;
  const names = shown.map((v) => v.displayName).join(', ') + (more > 0 ? ` and ${more} more` : '');
  return (
    <Group gap={8} wrap="nowrap" className="tc-no-print" role="status" aria-label={`Also here: ${names}`}>
      <Text fz="sm" c="dark.4" aria-hidden>
        Also here:
      </Text>
      <Tooltip.Group openDelay={200} closeDelay={100}>
        <Avatar.Group spacing="sm" aria-hidden>
          {shown.map((v) => (
            <Tooltip key={v.userId} label={v.displayName} withArrow>
              <Avatar src={v.avatarUrl} name={v.displayName} color={avatarColor(v.displayName)} variant="filled" radius="xl" size="sm" alt="" />
            </Tooltip>
          ))}
          {more > 0 && (
            <Avatar radius="xl" size="sm">
              +{more}
            </Avatar>
          )}
        </Avatar.Group>
      </Tooltip.Group>
    </Group>
  );
}
