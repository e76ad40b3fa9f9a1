/** The 'Friends (n)' tab: name, first trip together, 'Friends since', Remove (confirmed); paginated. */
import { Button, Center, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserMinus, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import type { FriendsList_friendship$key } from '../../__generated__/FriendsList_friendship.graphql';
import type { FriendsList_viewer$key } from '../../__generated__/FriendsList_viewer.graphql';
import { FriendMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FRIENDS_PAGE_SIZE } from './constants';
import { formatDate } from './format';
import { PersonAvatar } from './PersonAvatar';
import { useRemoveFriend } from './useFriendActions';

const ViewerFragment = graphql`
  fragment FriendsList_viewer on User
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "FriendsListPaginationQuery") {
    id
    friends(first: $count, after: $cursor) @connection(key: "FriendsList_friends") {
      edges {
        node {
          id
          ...FriendsList_friendship
        }
      }
    }
  }
`;

const FriendshipFragment = graphql`
  fragment FriendsList_friendship on Friendship {
    id
    friendsSince
    friend {
      id
      displayName
      avatarUrl
    }
    firstTrip {
      id
      name
      destination
    }
  }
`;

interface FriendsListProps {
  viewer: FriendsList_viewer$key;
  /** Opens the Add Friend form (from the empty state). */
  onAddFriend: () => void;
  /** How many friends are loaded, so live refetches keep every loaded page. */
  onLoaded: (count: number) => void;
}

export function FriendsList({ viewer, onAddFriend, onLoaded }: FriendsListProps) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(ViewerFragment, viewer);
  const edges = data.friends.edges;
  const [removing, setRemoving] = useState<{ friendId: string; name: string } | null>(null);
  const [remove, removeInFlight] = useRemoveFriend(data.id);

  useEffect(() => onLoaded(edges.length), [edges.length, onLoaded]);

  const confirmRemove = async () => {
    if (!removing) return;
    const outcome = await remove(removing.friendId);
    setRemoving(null);
    if (outcome.ok) notify.success(`${removing.name} is no longer on your friends list.`);
    else if (outcome.refused) notify.error(outcome.message, FriendMessages.removeFailed);
    else notify.error(FriendMessages.removeFailed);
  };

  if (edges.length === 0) {
    return (
      <Paper withBorder p="xl">
        <EmptyState
          icon={<IconUsers size={28} />}
          variant="light"
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          title={FriendMessages.noFriends}
          description="Send a friend request by email. Friends are easy to invite to your trips."
        >
          <EmptyState.Actions>
            <Button leftSection={<IconUserPlus size={18} />} onClick={onAddFriend}>
              Add Friend
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  }

  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" aria-label="Your friends" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {edges.map(({ node }) => (
          <li key={node.id}>
            <FriendRow friendship={node} onRemove={(friendId, name) => setRemoving({ friendId, name })} />
          </li>
        ))}
      </Stack>
      {hasNext && (
        <Center mt="sm">
          <Button variant="default" loading={isLoadingNext} onClick={() => loadNext(FRIENDS_PAGE_SIZE)}>
            Load more
          </Button>
        </Center>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove friend?"
        confirmLabel="Remove"
        loading={removeInFlight}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      >
        {`Remove ${removing?.name ?? 'this friend'} from your friends? ${FriendMessages.removeConfirm}`}
      </ConfirmDialog>
    </Stack>
  );
}

function FriendRow({ friendship, onRemove }: { friendship: FriendsList_friendship$key; onRemove: (friendId: string, name: string) => void }) {
  const data = useFragment(FriendshipFragment, friendship);
  const name = data.friend.displayName;
  const trip = data.firstTrip;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <PersonAvatar name={name} src={data.friend.avatarUrl} />
          <div style={{ minWidth: 0 }}>
            <Text fw={650} truncate>
              {name}
            </Text>
            {trip && (
              <Text fz="sm" c="dark.4">
                First trip together: {trip.name}
                {trip.destination ? ` · ${trip.destination}` : ''}
              </Text>
            )}
            <Text fz="xs" c="gray.7">
              Friends since {formatDate(data.friendsSince)}
            </Text>
          </div>
        </Group>
        <Button
          variant="outline"
          color="red.9"
          size="xs"
          leftSection={<IconUserMinus size={16} />}
          onClick={() => onRemove(data.friend.id, name)}
          aria-label={`Remove ${name}`}
          style={{ flexShrink: 0 }}
        >
          Remove
        </Button>
      </Group>
    </Paper>
  );
}
