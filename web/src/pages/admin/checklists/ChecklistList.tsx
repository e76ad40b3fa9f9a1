/** The checklists sub-tab: figures, the category chart, search and category filter, the table; rename and delete through Relay. */
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import type { ChecklistListQuery } from '../../../__generated__/ChecklistListQuery.graphql';
import type { ChecklistList_query$key } from '../../../__generated__/ChecklistList_query.graphql';
import type { ChecklistList_checklist$data, ChecklistList_checklist$key } from '../../../__generated__/ChecklistList_checklist.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { AdminChecklistMessages as M } from '../../../platform/domain';
import { useAdminAction } from '../kit/useAdminAction';
import { recordId } from '../kit/format';
import { useAdminDeleteChecklist } from './useAdminChecklistActions';
import { ListLoader, LoadMore, ShortId, StatCard, StatGrid, dateText, filterValue, useListFilters } from '../trips/adminList';
import { CATEGORY_OPTIONS, EditChecklist } from './EditChecklist';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';

const PAGE = ADMIN_PAGE.lists;

const Query = graphql`
  query ChecklistListQuery($count: Int!) {
    ...ChecklistList_query @arguments(count: $count)
  }
`;

const Fragment = graphql`
  fragment ChecklistList_query on Query
  @refetchable(queryName: "ChecklistListPaginationQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }, category: { type: "String" }) {
    admin {
      checklistAnalytics {
        totalChecklists
        categories
        categoryBreakdown {
          category
          label
          count
        }
      }
      checklists(first: $count, after: $cursor, search: $search, category: $category) @connection(key: "ChecklistList_checklists") {
        totalCount
        edges {
          node {
            id
            ...ChecklistList_checklist
          }
        }
      }
    }
  }
`;

/** What a row and the edit form read of a checklist; the rename's payload answers the same. */
export const ChecklistRowFragment = graphql`
  fragment ChecklistList_checklist on AdminChecklist {
    id
    title
    category
    categoryLabel
    tripName
    creatorName
    itemCount
    createdAt
  }
`;

export type ChecklistRow = ChecklistList_checklist$data;

function ChecklistTableRow({
  checklist: ref,
  onEdit,
  onDelete,
}: {
  checklist: ChecklistList_checklist$key;
  onEdit: (c: ChecklistRow) => void;
  onDelete: (c: ChecklistRow) => void;
}) {
  const c = useFragment(ChecklistRowFragment, ref);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {c.title}
        </Text>
        <ShortId id={recordId(c.id)} />
      </Table.Td>
      <Table.Td>{c.categoryLabel}</Table.Td>
      <Table.Td>{c.tripName}</Table.Td>
      <Table.Td>{c.itemCount}</Table.Td>
      <Table.Td>{c.creatorName}</Table.Td>
      <Table.Td>{dateText(c.createdAt)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="subtle" onClick={() => onEdit(c)} aria-label={`Edit ${c.title}`}>
            Edit
          </Button>
          <Button size="xs" variant="subtle" color="red.9" onClick={() => onDelete(c)} aria-label={`Delete ${c.title}`}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function ChecklistList() {
  const root = useAdminQuery<ChecklistListQuery>(Query, { count: PAGE });
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(Fragment, root as ChecklistList_query$key);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const { refetching, reload } = useListFilters(refetch, { search: filterValue(search), category: filterValue(category) });
  const { run, pending } = useAdminAction();
  const [remove] = useAdminDeleteChecklist();
  const [editing, setEditing] = useState<ChecklistRow | null>(null);
  const [deleting, setDeleting] = useState<ChecklistRow | null>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await run('delete checklist', remove({ input: { checklistId: deleting.id } }), M.checklistDeleted);
    setDeleting(null);
    // The row left the store with the answer; the figures are counted again.
    if (outcome.ok) reload();
  };
  const a = data.admin?.checklistAnalytics;
  const list = data.admin?.checklists;
  // A deleted row's edge stays in the connection until the next read, its node gone (@deleteRecord).
  const rows = (list?.edges ?? []).filter((e) => (e.node as typeof e.node | null) !== null);
  const chart = (a?.categoryBreakdown ?? []).map((c) => ({ category: c.label, Checklists: c.count }));
  return (
    <Stack>
      {a && (
        <StatGrid>
          <StatCard label="Total checklists" value={a.totalChecklists} />
          <StatCard label="Categories in use" value={a.categories} />
        </StatGrid>
      )}
      {chart.length > 0 && (
        <Paper withBorder p="md" radius="md" style={{ minWidth: 0, overflow: 'hidden' }}>
          <Text fw={600} mb="sm">
            Category breakdown
          </Text>
          <BarChart h={200} data={chart} dataKey="category" series={[{ name: 'Checklists', color: 'indigo.7' }]} tickLine="y" />
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Search" placeholder="Title or trip" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        <Select
          label="Category"
          data={[{ value: 'all', label: 'All categories' }, ...CATEGORY_OPTIONS]}
          value={category}
          onChange={(v) => setCategory(v ?? 'all')}
          allowDeselect={false}
        />
      </SimpleGrid>
      {refetching && <ListLoader label="Loading checklists" />}
      {rows.length === 0 ? (
        <Text c="dimmed">{M.noChecklists}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Checklist</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Trip</Table.Th>
                  <Table.Th>Items</Table.Th>
                  <Table.Th>Created by</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ node }) => (
                  <ChecklistTableRow key={node.id} checklist={node} onEdit={setEditing} onDelete={setDeleting} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMore shown={rows.length} total={list?.totalCount ?? 0} more={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
        </>
      )}
      {editing && <EditChecklist checklist={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), reload())} />}
      <ConfirmDialog
        opened={!!deleting}
        title="Delete checklist"
        confirmLabel="Delete"
        loading={pending === 'delete checklist'}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {M.confirmDelete}
      </ConfirmDialog>
    </Stack>
  );
}
