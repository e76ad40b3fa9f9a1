/**
 * Who is on a trip, at a glance (seed 000 §9): up to 5 member avatars then '+n', and up to 3
 * pending invitees then '+n', with names in tooltips. Screen readers get the names as the
 * groups' labels, so nothing depends on hovering.
 */
import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import type { TripAvatars_trip$key } from '../../__generated__/TripAvatars_trip.graphql';
import { avatarColor } from '../../components/avatarColor';
import { inviteeLabel } from './format';

const Fragment = graphql`
  fragment TripAvatars_trip on Trip {
    memberCount
    members {
      user {
        id
        displayName
        avatarUrl
      }
    }
    pendingInvitations {
      id
      invitedEmail
      invitedUser {
        id
        displayName
        avatarUrl
      }
    }
  }
`;

export const MAX_MEMBER_AVATARS = 5;
export const MAX_PENDING_AVATARS = 3;

interface Person {
  key: string;
  name: string;
  avatarUrl: string | null;
}

function AvatarRow({ people, max, label, pending }: { people: Person[]; max: number; label: string; pending?: boolean }) {
  const shown = people.slice(0, max);
  const rest = people.slice(max);
  const names = people.map((p) => p.name).join(', ');
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={`${label}: ${names}`}>
      <Tooltip.Group openDelay={150} closeDelay={80}>
        <Avatar.Group spacing={8} aria-hidden>
          {shown.map((p) => (
            <Tooltip key={p.key} label={pending ? `Invited: ${p.name}` : p.name} withArrow>
              <Avatar
                src={p.avatarUrl}
                name={p.name}
                color={avatarColor(p.name)}
                variant="filled"
                size={32}
                radius="xl"
                alt=""
                style={pending ? { borderStyle: 'dashed', borderColor: 'var(--mantine-color-gray-7)' } : undefined}
              />
            </Tooltip>
          ))}
          {rest.length > 0 && (
            <Tooltip label={rest.map((p) => p.name).join(', ')} withArrow multiline maw={260}>
              <Avatar size={32} radius="xl" color="gray.8" variant="filled">
                +{rest.length}
              </Avatar>
            </Tooltip>
          )}
        </Avatar.Group>
      </Tooltip.Group>
    </Group>
  );
}

export function TripAvatars({ trip }: { trip: TripAvatars_trip$key }) {
  const data = useFragment(Fragment, trip);
  const members: Person[] = data.members.map((m) => ({ key: m.user.id, name: m.user.displayName, avatarUrl: m.user.avatarUrl ?? null }));
  const pending: Person[] = data.pendingInvitations.map((i) => ({
    key: i.id,
    name: inviteeLabel(i),
    avatarUrl: i.invitedUser?.avatarUrl ?? null,
  }));
  return (
    <Group gap="md" wrap="wrap" align="center">
      <Group gap={8} wrap="nowrap">
        <AvatarRow people={members} max={MAX_MEMBER_AVATARS} label="Members" />
        <Text fz="xs" c="gray.7">
          {data.memberCount} {data.memberCount === 1 ? 'member' : 'members'}
        </Text>
      </Group>
      {pending.length > 0 && (
        <Group gap={8} wrap="nowrap">
          <AvatarRow people={pending} max={MAX_PENDING_AVATARS} label="Invited" pending />
          <Text fz="xs" c="gray.7">
            {pending.length} invited
          </Text>
        </Group>
      )}
    </Group>
  );
}
