/**
 * The audit log: every administrator action, newest first, searched and filtered on the server.
 * Read-only by design; nothing here (or anywhere in the API) edits an entry.
 */
import { Button, Code, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { AuditTabQuery } from '../../../__generated__/AuditTabQuery.graphql';
import type { AuditTab_query$key } from '../../../__generated__/AuditTab_query.graphql';
import { modalStyles } from '../../../components/modalStyles';
import { AdminTable, EmptyText } from '../kit/AdminTable';
import { ShortId } from '../kit/ShortId';
import { useFilterRefetch } from '../kit/useFilterRefetch';
import { LoadMoreButton } from '../kit/LoadMoreButton';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';
import { readerDateTime } from '../../../components/dateFormat';

const PAGE = ADMIN_PAGE.audit;
const TARGETS = ['user', 'trip', 'expense', 'friendship', 'friend_request', 'checklist', 'notification', 'story', 'guide', 'system'];

const Query = graphql`
  query AuditTabQuery($count: Int!) {
    ...AuditTab_query @arguments(count: $count)
  }
`;

const Fragment = graphql`
  fragment AuditTab_query on Query
  @refetchable(queryName: "AuditTabPaginationQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, targetType: { type: "String" }, search: { type: "String" }) {
    admin {
      auditLog(first: $count, after: $cursor, targetType: $targetType, search: $search) @connection(key: "AuditTab_auditLog") {
        totalCount
        edges {
          node {
            id
            action
            targetType
            targetId
            summary
            actorEmail
            beforeJson
            afterJson
            createdAt
          }
        }
      }
    }
  }
`;

type Entry = NonNullable<NonNullable<ReturnType<typeof useAuditLog>['data']['admin']>['auditLog']['edges'][number]['node']>;

function useAuditLog(key: AuditTab_query$key) {
  return usePaginationFragment(Fragment, key);
}

const pretty = (json: string | null | undefined) => (json ? JSON.stringify(JSON.parse(json), null, 2) : '—');

export default function AuditTab() {
  const root = useAdminQuery<AuditTabQuery>(Query, { count: PAGE });
  const { data, loadNext, hasNext, isLoadingNext, refetch } = useAuditLog(root);
  const [search, setSearch] = useState('');
  const [targetType, setTargetType] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { refetching } = useFilterRefetch(refetch, { search: debounced || null, targetType });
  const [open, setOpen] = useState<Entry | null>(null);

  const log = data.admin?.auditLog;
  const rows = log?.edges.map((e) => e.node) ?? [];
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search the audit log"
          placeholder="Search by administrator, record id or summary"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
        />
        <Select aria-label="Record type" placeholder="All records" clearable data={TARGETS} value={targetType} onChange={setTargetType} w={180} />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {refetching ? 'Searching…' : `${log?.totalCount ?? 0} actions recorded`}
      </Text>
      {rows.length === 0 ? (
        <EmptyText>No administrator actions yet</EmptyText>
      ) : (
        <AdminTable minWidth={640} highlightOnHover headers={['When', 'Administrator', 'Action', 'Record', 'Details']}>
          {rows.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{readerDateTime(e.createdAt)}</Table.Td>
              <Table.Td>{e.actorEmail}</Table.Td>
              <Table.Td>
                <Code>{e.action}</Code>
              </Table.Td>
              <Table.Td>
                {e.targetId ? <ShortId id={e.targetId} /> : '—'} {e.summary}
              </Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="subtle" onClick={() => setOpen(e)}>
                  View
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
      <LoadMoreButton hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.action} styles={modalStyles} size="lg">
        {open && (
          <Stack gap="xs">
            <Text size="sm">
              {open.actorEmail} · {readerDateTime(open.createdAt)}
            </Text>
            {open.summary && <Text size="sm">{open.summary}</Text>}
            <Text fw={600} size="sm">
              Before
            </Text>
            <Code block>{pretty(open.beforeJson)}</Code>
            <Text fw={600} size="sm">
              After
            </Text>
            <Code block>{pretty(open.afterJson)}</Code>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
