/** The expenses sub-tab: figures, the category chart, search and filters, the table; edit and delete through Relay. */
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import type { ExpenseListQuery } from '../../../__generated__/ExpenseListQuery.graphql';
import type { ExpenseList_query$key } from '../../../__generated__/ExpenseList_query.graphql';
import type { ExpenseList_expense$data, ExpenseList_expense$key } from '../../../__generated__/ExpenseList_expense.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { AdminExpenseMessages as M, EXPENSE_CATEGORIES, TRIP_CURRENCIES } from '../../../platform/domain';
import { useAdminAction } from '../kit/useAdminAction';
import { recordId } from '../kit/format';
import { useAdminDeleteExpense } from './useAdminExpenseActions';
import { ListLoader, LoadMore, ShortId, StatCard, StatGrid, StatusBadge, dateText, filterValue, money, useListFilters } from '../trips/adminList';
import { EditExpense } from './EditExpense';
import { Totals, categoryText } from './Totals';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';

const PAGE = ADMIN_PAGE.lists;

const Query = graphql`
  query ExpenseListQuery($count: Int!) {
    ...ExpenseList_query @arguments(count: $count)
  }
`;

const Fragment = graphql`
  fragment ExpenseList_query on Query
  @refetchable(queryName: "ExpenseListPaginationQuery")
  @argumentDefinitions(
    count: { type: "Int!" }
    cursor: { type: "String" }
    search: { type: "String" }
    category: { type: "String" }
    currency: { type: "String" }
    paid: { type: "String" }
  ) {
    admin {
      expenseAnalytics {
        totalExpenses
        totalAmount {
          currency
          amount
        }
        pendingExpenses
        availableCategories
        categoryBreakdown {
          category
          count
        }
      }
      expenses(first: $count, after: $cursor, search: $search, category: $category, currency: $currency, paid: $paid) @connection(key: "ExpenseList_expenses") {
        totalCount
        edges {
          node {
            id
            ...ExpenseList_expense
          }
        }
      }
    }
  }
`;

/** What a row and the edit form read of an expense; the edit's payload answers the same. */
export const ExpenseRowFragment = graphql`
  fragment ExpenseList_expense on AdminExpense {
    id
    title
    tripName
    amount
    currency
    category
    expenseDate
    notes
    status
  }
`;

export type ExpenseRow = ExpenseList_expense$data;

const categories = EXPENSE_CATEGORIES.map((c) => c.toLowerCase());

function ExpenseTableRow({
  expense: ref,
  onEdit,
  onDelete,
}: {
  expense: ExpenseList_expense$key;
  onEdit: (e: ExpenseRow) => void;
  onDelete: (e: ExpenseRow) => void;
}) {
  const e = useFragment(ExpenseRowFragment, ref);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {e.title}
        </Text>
        <ShortId id={recordId(e.id)} />
      </Table.Td>
      <Table.Td>{e.tripName}</Table.Td>
      <Table.Td>{money(e.amount, e.currency)}</Table.Td>
      <Table.Td>{categoryText(e.category)}</Table.Td>
      <Table.Td>{dateText(e.expenseDate)}</Table.Td>
      <Table.Td>
        <StatusBadge status={e.status} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="subtle" onClick={() => onEdit(e)} aria-label={`Edit ${e.title}`}>
            Edit
          </Button>
          <Button size="xs" variant="subtle" color="red.9" onClick={() => onDelete(e)} aria-label={`Delete ${e.title}`}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function ExpenseList() {
  const root = useAdminQuery<ExpenseListQuery>(Query, { count: PAGE });
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(Fragment, root as ExpenseList_query$key);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [currency, setCurrency] = useState('all');
  const [paid, setPaid] = useState('all');
  const { refetching, reload } = useListFilters(refetch, {
    search: filterValue(search),
    category: filterValue(category),
    currency: filterValue(currency),
    paid: filterValue(paid),
  });
  const { run, pending } = useAdminAction();
  const [remove] = useAdminDeleteExpense();
  const [editing, setEditing] = useState<ExpenseRow | null>(null);
  const [deleting, setDeleting] = useState<ExpenseRow | null>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await run('delete expense', remove({ input: { expenseId: deleting.id } }), M.expenseDeleted);
    setDeleting(null);
    // The row left the store with the answer; the figures are counted again.
    if (outcome.ok) reload();
  };
  const a = data.admin?.expenseAnalytics;
  const list = data.admin?.expenses;
  // A deleted row's edge stays in the connection until the next read, its node gone (@deleteRecord).
  const rows = (list?.edges ?? []).filter((e) => (e.node as typeof e.node | null) !== null);
  const chart = (a?.categoryBreakdown ?? []).map((c) => ({ category: categoryText(c.category), Expenses: c.count }));
  return (
    <Stack>
      {a && (
        <StatGrid cols={{ base: 2, md: 4 }}>
          <StatCard label="Total expenses" value={a.totalExpenses} />
          <StatCard label="Total amount" value={<Totals totals={a.totalAmount} />} hint="Per currency" />
          <StatCard label="Pending" value={a.pendingExpenses} hint="Not yet paid" />
          <StatCard label="Categories" value={a.availableCategories.length} />
        </StatGrid>
      )}
      {chart.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Text fw={600} mb="sm">
            Category breakdown
          </Text>
          <BarChart h={220} data={chart} dataKey="category" series={[{ name: 'Expenses', color: 'teal.7' }]} tickLine="y" />
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <TextInput label="Search" placeholder="Title, notes or trip" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        <Select
          label="Category"
          data={[{ value: 'all', label: 'All categories' }, ...categories.map((c) => ({ value: c, label: categoryText(c) }))]}
          value={category}
          onChange={(v) => setCategory(v ?? 'all')}
          allowDeselect={false}
          miw={140}
        />
        <Select
          label="Currency"
          data={[{ value: 'all', label: 'All currencies' }, ...TRIP_CURRENCIES]}
          value={currency}
          onChange={(v) => setCurrency(v ?? 'all')}
          allowDeselect={false}
          miw={120}
        />
        <Select
          label="Status"
          data={[
            { value: 'all', label: 'All' },
            { value: 'paid', label: 'Paid' },
            { value: 'unpaid', label: 'Unpaid' },
          ]}
          value={paid}
          onChange={(v) => setPaid(v ?? 'all')}
          allowDeselect={false}
          miw={110}
        />
      </SimpleGrid>
      {refetching && <ListLoader label="Loading expenses" />}
      {rows.length === 0 ? (
        <Text c="dimmed">{M.noExpenses}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Expense</Table.Th>
                  <Table.Th>Trip</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ node }) => (
                  <ExpenseTableRow key={node.id} expense={node} onEdit={setEditing} onDelete={setDeleting} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMore shown={rows.length} total={list?.totalCount ?? 0} more={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
        </>
      )}
      {editing && <EditExpense expense={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), reload())} />}
      <ConfirmDialog
        opened={!!deleting}
        title="Delete expense"
        confirmLabel="Delete"
        loading={pending === 'delete expense'}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {M.confirmDelete}
      </ConfirmDialog>
    </Stack>
  );
}
