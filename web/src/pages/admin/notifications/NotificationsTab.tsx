/**
 * 'Notification & Invitation System': four cards, three sub-tabs (Smart Invitations, Legacy
 * Invites, Notifications) searched and filtered on the server, notification details, mark read
 * and delete, and the broadcast.
 */
import { ActionIcon, Badge, Button, Code, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconEye, IconSearch, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { NotificationsTabStatsQuery } from '../../../__generated__/NotificationsTabStatsQuery.graphql';
import type { NotificationsTabListsQuery } from '../../../__generated__/NotificationsTabListsQuery.graphql';
import type { NotificationsTab_invitations$data, NotificationsTab_invitations$key } from '../../../__generated__/NotificationsTab_invitations.graphql';
import type { NotificationsTab_legacy$key } from '../../../__generated__/NotificationsTab_legacy.graphql';
import type { NotificationsTab_notifications$data, NotificationsTab_notifications$key } from '../../../__generated__/NotificationsTab_notifications.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Loading } from '../../../components/Loading';
import { modalStyles } from '../../../components/modalStyles';
import { AdminNotificationMessages as M, INVITATION_STATUS_FILTERS, NOTIFICATION_TYPE_FILTERS } from '../../../platform/domain';
import { AdminTable, EmptyText } from '../kit/AdminTable';
import { ShortId } from '../kit/ShortId';
import { StatCard } from '../kit/StatCard';
import { useAdminAction } from '../kit/useAdminAction';
import { useFilterRefetch } from '../kit/useFilterRefetch';
import { LoadMoreButton } from '../kit/LoadMoreButton';
import { BroadcastModal } from '../people/BroadcastModal';
import { dateOnly, recordId } from '../kit/format';
import { useAdminMarkNotificationRead, useAdminDeleteNotification } from './useAdminNotificationActions';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';
import { readerDateTime } from '../../../components/dateFormat';

const PAGE = ADMIN_PAGE.notifications;

const StatsQuery = graphql`
  query NotificationsTabStatsQuery {
    admin {
      notificationStats {
        totalNotifications
        unreadCount
      }
      invitationAnalytics {
        totalInvitations
        platformUserInvites
        platformUserRate
        pendingInvitations
        pendingMembers
      }
    }
  }
`;

const ListsQuery = graphql`
  query NotificationsTabListsQuery($count: Int!) {
    ...NotificationsTab_invitations @arguments(count: $count)
    ...NotificationsTab_legacy @arguments(count: $count)
    ...NotificationsTab_notifications @arguments(count: $count)
  }
`;

const InvitationsFragment = graphql`
  fragment NotificationsTab_invitations on Query
  @refetchable(queryName: "NotificationsTabInvitationsQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }, status: { type: "String" }) {
    admin {
      tripInvitations(first: $count, after: $cursor, search: $search, status: $status) @connection(key: "NotificationsTab_tripInvitations") {
        totalCount
        edges {
          node {
            id
            invitedAddress
            isPlatformUser
            tripRecordId
            kind
            statusLabel
            createdAt
            expiresAt
          }
        }
      }
    }
  }
`;

const LegacyFragment = graphql`
  fragment NotificationsTab_legacy on Query
  @refetchable(queryName: "NotificationsTabLegacyQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }) {
    admin {
      legacyInvites(first: $count, after: $cursor, search: $search, status: "invited") @connection(key: "NotificationsTab_legacyInvites") {
        totalCount
        edges {
          node {
            id
            email
            tripRecordId
            status
            role
            invitedAt
          }
        }
      }
    }
  }
`;

const NotificationsFragment = graphql`
  fragment NotificationsTab_notifications on Query
  @refetchable(queryName: "NotificationsTabNotificationsQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }, type: { type: "String" }) {
    admin {
      notifications(first: $count, after: $cursor, search: $search, type: $type) @connection(key: "NotificationsTab_notifications") {
        totalCount
        edges {
          node {
            id
            title
            message
            kind
            isRead
            actionUrl
            dataJson
            createdAt
            recipient {
              id
            }
          }
        }
      }
    }
  }
`;

type Invitation = NonNullable<NonNullable<NotificationsTab_invitations$data['admin']>['tripInvitations']['edges'][number]['node']>;
type Notice = NonNullable<NonNullable<NotificationsTab_notifications$data['admin']>['notifications']['edges'][number]['node']>;

const label = (s: string) => s.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const STATUS_COLORS: Record<string, string> = { pending: 'yellow', accepted: 'teal', rejected: 'red', expired: 'gray', cancelled: 'gray', invited: 'yellow' };

export default function NotificationsTab() {
  const [statsKey, setStatsKey] = useState(0);
  const [tab, setTab] = useState<string | null>('invitations');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [broadcasting, setBroadcasting] = useState(false);
  const stats = useAdminQuery<NotificationsTabStatsQuery>(StatsQuery, {}, statsKey).admin;
  const lists = useAdminQuery<NotificationsTabListsQuery>(ListsQuery, { count: PAGE });
  const inv = stats?.invitationAnalytics;
  const ns = stats?.notificationStats;
  const changed = () => setStatsKey((k) => k + 1);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {M.title}
        </Title>
        <Button leftSection={<IconSpeakerphone size={16} />} onClick={() => setBroadcasting(true)}>
          Broadcast
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard
          label="Total Invitations"
          value={(inv?.totalInvitations ?? 0) + (inv?.pendingMembers ?? 0)}
          hint={`${inv?.totalInvitations ?? 0} smart + ${inv?.pendingMembers ?? 0} legacy`}
        />
        <StatCard label="Platform Users" value={inv?.platformUserInvites ?? 0} hint={`${inv?.platformUserRate ?? 0}% of invitees already have an account`} />
        <StatCard label="Pending Invites" value={inv?.pendingInvitations ?? 0} />
        <StatCard label="Notifications" value={ns?.totalNotifications ?? 0} hint={`${ns?.unreadCount ?? 0} unread`} />
      </SimpleGrid>
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search"
          placeholder={tab === 'notifications' ? 'Search title or message' : 'Search by e-mail'}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        {tab === 'invitations' && (
          <Select
            aria-label="Status"
            placeholder="All statuses"
            clearable
            data={INVITATION_STATUS_FILTERS.map((s) => ({ value: s, label: label(s) }))}
            value={status}
            onChange={setStatus}
            w={170}
          />
        )}
        {tab === 'notifications' && (
          <Select
            aria-label="Type"
            placeholder="All types"
            clearable
            data={NOTIFICATION_TYPE_FILTERS.map((s) => ({ value: s, label: label(s) }))}
            value={type}
            onChange={setType}
            w={190}
          />
        )}
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="invitations">Smart Invitations ({inv?.totalInvitations ?? 0})</Tabs.Tab>
          <Tabs.Tab value="legacy">Legacy Invites ({inv?.pendingMembers ?? 0})</Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications ({ns?.totalNotifications ?? 0})</Tabs.Tab>
        </Tabs.List>
        <Suspense fallback={<Loading />}>
          <Tabs.Panel value="invitations" pt="md">
            <InvitationsList root={lists} search={debounced} status={status} />
          </Tabs.Panel>
          <Tabs.Panel value="legacy" pt="md">
            <LegacyList root={lists} search={debounced} />
          </Tabs.Panel>
          <Tabs.Panel value="notifications" pt="md">
            <NotificationsList root={lists} search={debounced} type={type} onChanged={changed} />
          </Tabs.Panel>
        </Suspense>
      </Tabs>
      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="xs">
          System status
        </Text>
        <Stack gap={4}>
          {[
            'Smart user discovery: invitations to existing accounts are linked to them',
            'Dual e-mail plus in-app notifications',
            'Automatic friend requests on invitations',
          ].map((line) => (
            <Group key={line} gap="xs" wrap="nowrap">
              <IconCheck size={16} color="var(--mantine-color-teal-7)" />
              <Text size="sm">{line}</Text>
            </Group>
          ))}
        </Stack>
      </Paper>
      <BroadcastModal opened={broadcasting} onClose={() => setBroadcasting(false)} onSent={changed} />
    </Stack>
  );
}

function InvitationsList({ root, search, status }: { root: NotificationsTab_invitations$key; search: string; status: string | null }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(InvitationsFragment, root);
  const { refetching } = useFilterRefetch(refetch, { search: search || null, status });
  const rows = data.admin?.tripInvitations.edges.map((e) => e.node).filter((n): n is Invitation => n !== null) ?? [];
  if (rows.length === 0) return <EmptyText>{search || status ? M.noFilteredInvitations : M.noInvitations}</EmptyText>;
  return (
    <Stack gap="sm" style={{ opacity: refetching ? 0.6 : 1 }}>
      <AdminTable minWidth={760} headers={['Invited email', 'Trip', 'Type', 'Status', 'Created', 'Expires']}>
        {rows.map((i) => (
          <Table.Tr key={i.id}>
            <Table.Td>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {i.invitedAddress}
              </Text>
              {i.isPlatformUser && (
                <Badge size="xs" variant="light" color="blue">
                  {M.platformUser}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <ShortId id={i.tripRecordId} />
            </Table.Td>
            <Table.Td>{label(i.kind)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_COLORS[i.statusLabel] ?? 'gray'}>
                {i.statusLabel}
              </Badge>
            </Table.Td>
            <Table.Td>{dateOnly(i.createdAt)}</Table.Td>
            <Table.Td>{dateOnly(i.expiresAt)}</Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <LoadMoreButton hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
    </Stack>
  );
}

function LegacyList({ root, search }: { root: NotificationsTab_legacy$key; search: string }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(LegacyFragment, root);
  const { refetching } = useFilterRefetch(refetch, { search: search || null });
  const rows = data.admin?.legacyInvites.edges.map((e) => e.node).filter((n) => n !== null) ?? [];
  if (rows.length === 0) return <EmptyText>{M.noLegacy}</EmptyText>;
  return (
    <Stack gap="sm" style={{ opacity: refetching ? 0.6 : 1 }}>
      <AdminTable minWidth={640} headers={['Email', 'Trip', 'Status', 'Role', 'Invited']}>
        {rows.map((m) => (
          <Table.Tr key={m.id}>
            <Table.Td style={{ wordBreak: 'break-all' }}>{m.email}</Table.Td>
            <Table.Td>
              <ShortId id={m.tripRecordId} />
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_COLORS[m.status] ?? 'gray'}>
                {m.status}
              </Badge>
            </Table.Td>
            <Table.Td>{label(m.role)}</Table.Td>
            <Table.Td>{dateOnly(m.invitedAt)}</Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <LoadMoreButton hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
    </Stack>
  );
}

function NotificationsList({
  root,
  search,
  type,
  onChanged,
}: {
  root: NotificationsTab_notifications$key;
  search: string;
  type: string | null;
  onChanged: () => void;
}) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(NotificationsFragment, root);
  const { refetching, reload } = useFilterRefetch(refetch, { search: search || null, type });
  const [viewing, setViewing] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<Notice | null>(null);
  const { run, pending } = useAdminAction();
  const [markRead] = useAdminMarkNotificationRead();
  const [remove] = useAdminDeleteNotification();
  const rows = data.admin?.notifications.edges.map((e) => e.node).filter((n): n is Notice => n !== null) ?? [];

  const read = async (n: Notice) => {
    if ((await run(M.markReadAction, markRead({ input: { id: n.id } }), M.markedRead)).ok) onChanged();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    if ((await run(M.deleteAction, remove({ input: { id: deleting.id } }), M.deleted)).ok) {
      setDeleting(null);
      setViewing(null);
      reload();
      onChanged();
    }
  };

  return (
    <Stack gap="sm" style={{ opacity: refetching ? 0.6 : 1 }}>
      {rows.length === 0 ? (
        <EmptyText>{M.noNotifications}</EmptyText>
      ) : (
        <AdminTable minWidth={780} headers={['Notification', 'User', 'Type', 'Status', 'Created', 'Actions']}>
          {rows.map((n) => (
            <Table.Tr key={n.id}>
              <Table.Td maw={320}>
                <Text size="sm" fw={500}>
                  {n.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {n.message}
                </Text>
              </Table.Td>
              <Table.Td>{n.recipient ? <ShortId id={recordId(n.recipient.id)} /> : '—'}</Table.Td>
              <Table.Td>{label(n.kind)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={n.isRead ? 'gray' : 'blue'}>
                  {n.isRead ? 'Read' : 'Unread'}
                </Badge>
              </Table.Td>
              <Table.Td>{dateOnly(n.createdAt)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`View details of ${n.title}`} onClick={() => setViewing(n)}>
                    <IconEye size={18} />
                  </ActionIcon>
                  {!n.isRead && (
                    <ActionIcon
                      variant="subtle"
                      color="teal"
                      aria-label={`Mark ${n.title} as read`}
                      loading={pending === M.markReadAction}
                      onClick={() => void read(n)}
                    >
                      <IconCheck size={18} />
                    </ActionIcon>
                  )}
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${n.title}`} onClick={() => setDeleting(n)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
      <LoadMoreButton hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title="Notification Details" styles={modalStyles} size="lg">
        {viewing && (
          <Stack gap="xs">
            <Text fw={600}>{viewing.title}</Text>
            <Text size="sm">{viewing.message}</Text>
            <Text size="sm">
              Type: {label(viewing.kind)} · {viewing.isRead ? 'Read' : 'Unread'} · {readerDateTime(viewing.createdAt)}
            </Text>
            {viewing.recipient && (
              <Text size="sm">
                User: <Code>{recordId(viewing.recipient.id)}</Code>
              </Text>
            )}
            {viewing.actionUrl && <Text size="sm">Action URL: {viewing.actionUrl}</Text>}
            {viewing.dataJson && viewing.dataJson !== '{}' && <Code block>{JSON.stringify(JSON.parse(viewing.dataJson), null, 2)}</Code>}
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete notification"
        confirmLabel="Delete"
        loading={pending === M.deleteAction}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">{M.deleteConfirm}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
