/**
 * 'Friends & Social Analytics': the figures, and two sub-tabs searched on the server:
 * Friendships (remove, after asking) and Requests (approve or reject, for pending ones only).
 */
import { ActionIcon, Badge, Group, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { FriendsTabStatsQuery } from '../../../__generated__/FriendsTabStatsQuery.graphql';
import type { FriendsTabListsQuery } from '../../../__generated__/FriendsTabListsQuery.graphql';
import type { FriendsTab_friendships$data, FriendsTab_friendships$key } from '../../../__generated__/FriendsTab_friendships.graphql';
import type { FriendsTab_requests$data, FriendsTab_requests$key } from '../../../__generated__/FriendsTab_requests.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Loading } from '../../../components/Loading';
import { AdminFriendMessages as M, displayName } from '../../../platform/domain';
import { AdminTable, EmptyText } from '../kit/AdminTable';
import { ShortId } from '../kit/ShortId';
import { StatCard } from '../kit/StatCard';
import { useAdminAction } from '../kit/useAdminAction';
import { useFilterRefetch } from '../kit/useFilterRefetch';
import { LoadMoreButton } from '../kit/LoadMoreButton';
import { dateOnly, recordId } from '../kit/format';
import { useAdminRemoveFriendship, useAdminApproveFriendRequest, useAdminRejectFriendRequest } from './useAdminFriendActions';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';

const PAGE = ADMIN_PAGE.friends;

const StatsQuery = graphql`
  query FriendsTabStatsQuery {
    admin {
      friendAnalytics {
        totalFriendships
        activeUsers
        avgFriendsPerUser
        friendsWithTrips
        socialEngagementRate
        totalRequests
        pendingRequests
        acceptanceRate
      }
    }
  }
`;

const ListsQuery = graphql`
  query FriendsTabListsQuery($count: Int!) {
    ...FriendsTab_friendships @arguments(count: $count)
    ...FriendsTab_requests @arguments(count: $count)
  }
`;

const FriendshipsFragment = graphql`
  fragment FriendsTab_friendships on Query
  @refetchable(queryName: "FriendsTabFriendshipsQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }) {
    admin {
      friendships(first: $count, after: $cursor, search: $search) @connection(key: "FriendsTab_friendships") {
        totalCount
        edges {
          node {
            id
            friendsSince
            firstTrip {
              name
            }
            user {
              id
              firstName
              lastName
            }
            friend {
              id
              firstName
              lastName
            }
          }
        }
      }
    }
  }
`;

const RequestsFragment = graphql`
  fragment FriendsTab_requests on Query
  @refetchable(queryName: "FriendsTabRequestsQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }, status: { type: "String" }) {
    admin {
      friendRequests(first: $count, after: $cursor, search: $search, status: $status) @connection(key: "FriendsTab_friendRequests") {
        totalCount
        edges {
          node {
            id
            status
            message
            createdAt
            from {
              id
              firstName
              lastName
            }
            to {
              id
              firstName
              lastName
            }
          }
        }
      }
    }
  }
`;

type Friendship = NonNullable<NonNullable<FriendsTab_friendships$data['admin']>['friendships']['edges'][number]['node']>;
type Request = NonNullable<NonNullable<FriendsTab_requests$data['admin']>['friendRequests']['edges'][number]['node']>;
type Person = { readonly id: string; readonly firstName: string; readonly lastName: string } | null | undefined;

const name = (p: Person) => (p ? displayName(p, '') : 'Deleted user');
const STATUS_COLORS: Record<string, string> = { PENDING: 'yellow', ACCEPTED: 'teal', REJECTED: 'red', CANCELLED: 'gray' };

function PersonCell({ p }: { p: Person }) {
  return (
    <div>
      <Text size="sm">{name(p)}</Text>
      {p && <ShortId id={recordId(p.id)} />}
    </div>
  );
}

export default function FriendsTab() {
  const [statsKey, setStatsKey] = useState(0);
  const [tab, setTab] = useState<string | null>('friendships');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const a = useAdminQuery<FriendsTabStatsQuery>(StatsQuery, {}, statsKey).admin?.friendAnalytics;
  const lists = useAdminQuery<FriendsTabListsQuery>(ListsQuery, { count: PAGE });
  const changed = () => setStatsKey((k) => k + 1);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {M.title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard label="Friendships" value={a?.totalFriendships ?? 0} hint={`${a?.friendsWithTrips ?? 0} made on trips`} />
        <StatCard
          label="Users With Friends"
          value={a?.activeUsers ?? 0}
          hint={`${a?.socialEngagementRate ?? 0}% of users · ${a?.avgFriendsPerUser ?? 0} friends each`}
        />
        <StatCard label="Friend Requests" value={a?.totalRequests ?? 0} hint={`${a?.acceptanceRate ?? 0}% accepted`} />
        <StatCard label="Pending Requests" value={a?.pendingRequests ?? 0} />
      </SimpleGrid>
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search by name"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        {tab === 'requests' && (
          <Select
            aria-label="Request status"
            placeholder="All statuses"
            clearable
            data={[
              { value: 'pending', label: 'Pending' },
              { value: 'accepted', label: 'Accepted' },
              { value: 'rejected', label: 'Rejected' },
              { value: 'cancelled', label: 'Cancelled' },
            ]}
            value={status}
            onChange={setStatus}
            w={170}
          />
        )}
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="friendships">Friendships ({a?.totalFriendships ?? 0})</Tabs.Tab>
          <Tabs.Tab value="requests">Requests ({a?.totalRequests ?? 0})</Tabs.Tab>
        </Tabs.List>
        <Suspense fallback={<Loading />}>
          <Tabs.Panel value="friendships" pt="md">
            <FriendshipsList root={lists} search={debounced} onChanged={changed} />
          </Tabs.Panel>
          <Tabs.Panel value="requests" pt="md">
            <RequestsList root={lists} search={debounced} status={status} onChanged={changed} />
          </Tabs.Panel>
        </Suspense>
      </Tabs>
    </Stack>
  );
}

function FriendshipsList({ root, search, onChanged }: { root: FriendsTab_friendships$key; search: string; onChanged: () => void }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(FriendshipsFragment, root);
  const { refetching, reload } = useFilterRefetch(refetch, { search: search || null });
  const [removing, setRemoving] = useState<Friendship | null>(null);
  const { run, pending } = useAdminAction();
  const [remove] = useAdminRemoveFriendship();
  const rows = data.admin?.friendships.edges.map((e) => e.node).filter((n): n is Friendship => n !== null) ?? [];

  const confirm = async () => {
    if (!removing) return;
    if ((await run(M.removeAction, remove({ input: { id: removing.id } }), M.removed)).ok) {
      setRemoving(null);
      reload();
      onChanged();
    }
  };

  return (
    <Stack gap="sm" style={{ opacity: refetching ? 0.6 : 1 }}>
      {rows.length === 0 ? (
        <EmptyText>{M.noFriendships}</EmptyText>
      ) : (
        <AdminTable minWidth={640} headers={['User', 'Friend', 'Friends since', 'First trip', 'Actions']}>
          {rows.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td>
                <PersonCell p={f.user} />
              </Table.Td>
              <Table.Td>
                <PersonCell p={f.friend} />
              </Table.Td>
              <Table.Td>{dateOnly(f.friendsSince)}</Table.Td>
              <Table.Td>{f.firstTrip?.name ?? '—'}</Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove friendship of ${name(f.user)} and ${name(f.friend)}`}
                  onClick={() => setRemoving(f)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
      <LoadMoreButton hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove friendship"
        confirmLabel="Remove"
        loading={pending === M.removeAction}
        onConfirm={() => void confirm()}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm">{M.removeConfirm}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function RequestsList({ root, search, status, onChanged }: { root: FriendsTab_requests$key; search: string; status: string | null; onChanged: () => void }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(RequestsFragment, root);
  const { refetching } = useFilterRefetch(refetch, { search: search || null, status });
  const { run, pending } = useAdminAction();
  const [approve] = useAdminApproveFriendRequest();
  const [reject] = useAdminRejectFriendRequest();
  const rows = data.admin?.friendRequests.edges.map((e) => e.node).filter((n): n is Request => n !== null) ?? [];

  const act = async (r: Request, yes: boolean) => {
    const outcome = yes
      ? await run(M.approveAction, approve({ input: { id: r.id } }), M.approved)
      : await run(M.rejectAction, reject({ input: { id: r.id } }), M.rejected);
    if (outcome.ok) onChanged();
  };

  return (
    <Stack gap="sm" style={{ opacity: refetching ? 0.6 : 1 }}>
      {rows.length === 0 ? (
        <EmptyText>{M.noRequests}</EmptyText>
      ) : (
        <AdminTable minWidth={720} headers={['From', 'To', 'Message', 'Status', 'Sent', 'Actions']}>
          {rows.map((r) => {
            const who = `${name(r.from)} to ${name(r.to)}`;
            return (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <PersonCell p={r.from} />
                </Table.Td>
                <Table.Td>
                  <PersonCell p={r.to} />
                </Table.Td>
                <Table.Td maw={240}>
                  <Text size="sm" lineClamp={2}>
                    {r.message || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[r.status] ?? 'gray'}>
                    {r.status.toLowerCase()}
                  </Badge>
                </Table.Td>
                <Table.Td>{dateOnly(r.createdAt)}</Table.Td>
                <Table.Td>
                  {r.status === 'PENDING' ? (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="teal"
                        aria-label={`Approve request from ${who}`}
                        loading={pending === M.approveAction}
                        onClick={() => void act(r, true)}
                      >
                        <IconCheck size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Reject request from ${who}`}
                        loading={pending === M.rejectAction}
                        onClick={() => void act(r, false)}
                      >
                        <IconX size={18} />
                      </ActionIcon>
                    </Group>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </AdminTable>
      )}
      <LoadMoreButton hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
    </Stack>
  );
}
