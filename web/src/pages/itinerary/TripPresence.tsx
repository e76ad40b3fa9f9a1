/**
 * 'Also here: …': the other members who have this trip's page open now (tripPresence; the first
 * event is the current list, and subscribing counts this tab as present). The viewer is hidden.
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
      viewers {
        id
        displayName
        avatarUrl
      }
    }
  }
`;

type Viewer = TripPresenceSubscription$data['tripPresence']['viewers'][number];

/** Avatars shown before '+n'. */
const SHOWN = 5;

export function TripPresence({ tripId, viewerId }: { tripId: string; viewerId: string | null }) {
  const [viewers, setViewers] = useState<readonly Viewer[]>([]);
  const config = useMemo<GraphQLSubscriptionConfig<TripPresenceSubscription>>(
    () => ({
      subscription: Subscription,
      variables: { tripId },
      onNext: (event) => {
        if (event) setViewers(event.tripPresence.viewers);
      },
      onError: (error) => console.warn('Presence paused', error),
    }),
    [tripId],
  );
  useSubscription(config);

  const others = viewers.filter((v) => v.id !== viewerId);
  if (others.length === 0) return null;
  const names = others.map((v) => v.displayName).join(', ');
  return (
    <Group gap={8} wrap="nowrap" className="tc-no-print" role="status" aria-label={`Also here: ${names}`}>
      <Text fz="sm" c="dark.4" aria-hidden>
        Also here:
      </Text>
      <Tooltip.Group openDelay={200} closeDelay={100}>
        <Avatar.Group spacing="sm" aria-hidden>
          {others.slice(0, SHOWN).map((v) => (
            <Tooltip key={v.id} label={v.displayName} withArrow>
              <Avatar src={v.avatarUrl} name={v.displayName} color={avatarColor(v.displayName)} variant="filled" radius="xl" size="sm" alt="" />
            </Tooltip>
          ))}
          {others.length > SHOWN && (
            <Avatar radius="xl" size="sm">
              +{others.length - SHOWN}
            </Avatar>
          )}
        </Avatar.Group>
      </Tooltip.Group>
    </Group>
  );
}
