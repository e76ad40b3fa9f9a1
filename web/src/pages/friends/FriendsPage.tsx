/**
 * /dashboard/friends (seed 000 §2): 'Add Friend' by e-mail, the 'Friends (n)' and
 * 'Pending Requests (n)' tabs. Own actions update the store from their payloads at once; the
 * other person's actions arrive live (viewerChanged FRIENDS: the counts come with the event and
 * the lists are fetched again FRIEND_LIST_REFRESH_MS later, keeping every page already loaded).
 */
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconUserPlus, IconUsers, IconUserQuestion } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { graphql } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { FriendsPageQuery } from '../../__generated__/FriendsPageQuery.graphql';
import { useLiveRefetch } from '../../platform/live';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { AddFriendForm } from './AddFriendForm';
import { FRIEND_LIST_REFRESH_MS, FRIENDS_PAGE_SIZE, REQUESTS_PAGE_SIZE } from './constants';
import { FriendRequests } from './FriendRequests';
import { FriendsList } from './FriendsList';

const Query = graphql`
  query FriendsPageQuery($count: Int!, $requestCount: Int!) {
    viewer {
      id
      friendCount
      pendingFriendRequestCount
      ...FriendsList_viewer @arguments(count: $count)
      ...FriendRequests_incoming @arguments(count: $requestCount)
      ...FriendRequests_outgoing @arguments(count: $requestCount)
    }
  }
`;

type Tab = 'friends' | 'requests';
/** Live refetches keep at most this many rows per list (the API's page size limit). */
const MAX_REFETCH = 100;

export default function FriendsPage() {
  const { viewer } = useRouteQuery<FriendsPageQuery>(Query);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'requests' ? 'requests' : 'friends';
  const [adding, setAdding] = useState(false);

  // Live: refetch the lists with as many rows as are loaded, so 'Load more' pages stay.
  const loaded = useRef({ friends: 0, incoming: 0, outgoing: 0 });
  const refetchNow = useLiveRefetch<FriendsPageQuery>(
    ['FRIENDS'],
    Query,
    () => ({
      count: Math.min(MAX_REFETCH, Math.max(FRIENDS_PAGE_SIZE, loaded.current.friends)),
      requestCount: Math.min(MAX_REFETCH, Math.max(REQUESTS_PAGE_SIZE, loaded.current.incoming, loaded.current.outgoing)),
    }),
    FRIEND_LIST_REFRESH_MS,
  );
  const onFriendsLoaded = useCallback((n: number) => {
    loaded.current.friends = n;
  }, []);
  const onRequestsLoaded = useCallback((incoming: number, outgoing: number) => {
    loaded.current.incoming = incoming;
    loaded.current.outgoing = outgoing;
  }, []);

  const selectTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === 'requests') next.set('tab', 'requests');
    else next.delete('tab');
    setParams(next, { replace: true });
  };

  if (!viewer) return null; // the shell signs out a session the server no longer knows

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Friends
          </Title>
          <Text c="gray.7" mt={4}>
            The people you travel with. Friends are easy to invite to your trips.
          </Text>
        </div>
        <Button
          leftSection={<IconUserPlus size={18} />}
          variant={adding ? 'light' : 'filled'}
          onClick={() => setAdding((open) => !open)}
          aria-expanded={adding}
          aria-controls="add-friend"
        >
          Add Friend
        </Button>
      </Group>

      {adding && (
        <div id="add-friend">
          <AddFriendForm viewerId={viewer.id} onSent={() => setAdding(false)} />
        </div>
      )}

      <Tabs value={tab} onChange={selectTab} keepMounted>
        <Tabs.List>
          <Tabs.Tab value="friends" leftSection={<IconUsers size={16} />}>
            Friends ({viewer.friendCount})
          </Tabs.Tab>
          <Tabs.Tab value="requests" leftSection={<IconUserQuestion size={16} />}>
            Pending Requests ({viewer.pendingFriendRequestCount})
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="friends" pt="lg">
          <FriendsList viewer={viewer} onAddFriend={() => setAdding(true)} onLoaded={onFriendsLoaded} />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="lg">
          <FriendRequests incoming={viewer} outgoing={viewer} viewerId={viewer.id} onLoaded={onRequestsLoaded} onStale={refetchNow} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
