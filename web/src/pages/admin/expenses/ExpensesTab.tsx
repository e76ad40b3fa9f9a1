/** The console's expenses tab ('Expense Management'): expenses, splits and settlements, each with its analytics; edit and delete. */
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Button, Group, Loader, Modal, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { closeButtonProps, modalStyles } from '../../../components/modalStyles';
import { AdminExpenseMessages as M, EXPENSE_CATEGORIES, TRIP_CURRENCIES } from '../../../platform/domain';
import { LoadError, LoadMore, ShortId, StatCard, StatGrid, StatusBadge, adminRequest, dateText, money, useRestAction, useAdminList } from '../trips/adminRest';

interface Total {
  currency: string;
  amount: number;
}

interface ExpenseRow {
  id: string;
  trip_name: string;
  title: string;
  amount: number;
  currency: string;
  category: string;
  expense_date: string;
  notes: string | null;
  payer_name: string;
  status: string;
}

interface ExpenseAnalytics {
  totalExpenses: number;
  totalAmount: Total[];
  pendingExpenses: number;
  availableCategories: string[];
  categoryBreakdown: Record<string, { count: number; total: Total[] }>;
}

const categories = EXPENSE_CATEGORIES.map((c) => c.toLowerCase());
const label = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

function Totals({ totals }: { totals: Total[] }) {
  if (!totals.length) return <>0</>;
  return (
    // One line per currency, smaller than a single figure so long sums fit a phone's card.
    <>
      {totals.map((t) => (
        <Text key={t.currency} span display="block" fz="lg" fw={700} style={{ overflowWrap: 'break-word' }}>
          {money(t.amount, t.currency)}
        </Text>
      ))}
    </>
  );
}

function EditExpense({ expense, onClose, onSaved }: { expense: ExpenseRow; onClose: () => void; onSaved: () => void }) {
  const { act } = useRestAction();
  const [form, setForm] = useState({
    title: expense.title,
    amount: String(expense.amount),
    currency: expense.currency,
    category: expense.category,
    expense_date: expense.expense_date,
    notes: expense.notes ?? '',
    exchange_rate: '',
  });
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) => setForm({ ...form, [key]: e.currentTarget.value });
  const save = async () => {
    setSaving(true);
    const { exchange_rate, ...fields } = form;
    const ok = await act(
      'update expense',
      () => adminRequest(`/admin/expenses/${expense.id}`, { method: 'PUT', body: { ...fields, ...(exchange_rate.trim() ? { exchange_rate } : {}) } }),
      M.expenseUpdated,
    );
    setSaving(false);
    if (ok) onSaved();
  };
  return (
    <Modal opened onClose={onClose} title="Edit Expense" styles={modalStyles} closeButtonProps={closeButtonProps}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput label="Title" required value={form.title} onChange={set('title')} />
          <Group grow>
            <TextInput label="Amount" required type="number" step="0.01" min="0" value={form.amount} onChange={set('amount')} />
            <Select
              label="Currency"
              data={[...TRIP_CURRENCIES]}
              value={form.currency}
              onChange={(v) => setForm({ ...form, currency: v ?? form.currency })}
              allowDeselect={false}
            />
          </Group>
          <Group grow>
            <Select
              label="Category"
              data={categories.map((c) => ({ value: c, label: label(c) }))}
              value={form.category}
              onChange={(v) => setForm({ ...form, category: v ?? form.category })}
              allowDeselect={false}
            />
            <TextInput label="Date" type="date" value={form.expense_date} onChange={set('expense_date')} />
          </Group>
          <TextInput label="Exchange rate (when the currency changes)" placeholder="e.g. 1.08" value={form.exchange_rate} onChange={set('exchange_rate')} />
          <Textarea label="Notes" autosize minRows={2} value={form.notes} onChange={set('notes')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!form.title.trim() || !form.amount.trim()}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ExpenseList() {
  const { act } = useRestAction();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [currency, setCurrency] = useState('all');
  const [paid, setPaid] = useState('all');
  const { list, reload, loadMore } = useAdminList<ExpenseRow, ExpenseAnalytics>('/expenses', { search, category, currency, paid }, (b) => ({
    rows: b.expenses as ExpenseRow[],
    analytics: b.analytics as ExpenseAnalytics,
  }));
  const [editing, setEditing] = useState<ExpenseRow | null>(null);
  const [deleting, setDeleting] = useState<ExpenseRow | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const ok = await act('delete expense', () => adminRequest(`/admin/expenses/${deleting.id}/delete`, { method: 'DELETE' }), M.expenseDeleted);
    setBusy(false);
    setDeleting(null);
    if (ok) reload();
  };
  if (list.state === 'failed') return <LoadError what="expense" message={list.message} onRetry={reload} />;
  const a = list.state === 'ready' ? list.analytics : null;
  const chart = a ? Object.entries(a.categoryBreakdown).map(([c, v]) => ({ category: label(c), Expenses: v.count })) : [];
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
          data={[{ value: 'all', label: 'All categories' }, ...categories.map((c) => ({ value: c, label: label(c) }))]}
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
      {list.state === 'loading' && <Loader aria-label="Loading expenses" />}
      {list.state === 'ready' &&
        (list.rows.length === 0 ? (
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
                  {list.rows.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {e.title}
                        </Text>
                        <ShortId id={e.id} />
                      </Table.Td>
                      <Table.Td>{e.trip_name}</Table.Td>
                      <Table.Td>{money(e.amount, e.currency)}</Table.Td>
                      <Table.Td>{label(e.category)}</Table.Td>
                      <Table.Td>{dateText(e.expense_date)}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={e.status} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="xs" variant="subtle" onClick={() => setEditing(e)} aria-label={`Edit ${e.title}`}>
                            Edit
                          </Button>
                          <Button size="xs" variant="subtle" color="red.9" onClick={() => setDeleting(e)} aria-label={`Delete ${e.title}`}>
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore shown={list.rows.length} total={list.totalCount} more={!!list.nextCursor} loading={list.loadingMore} onMore={loadMore} />
          </>
        ))}
      {editing && (
        <EditExpense
          expense={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        opened={!!deleting}
        title="Delete expense"
        confirmLabel="Delete"
        loading={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      >
        {M.confirmDelete}
      </ConfirmDialog>
    </Stack>
  );
}

interface SplitRow {
  id: string;
  expense_id: string;
  expense_title: string;
  user_name: string;
  amount: number;
  currency: string;
  status: string;
  paid_at: string | null;
}

function SplitList() {
  const [search, setSearch] = useState('');
  const { list, reload, loadMore } = useAdminList<SplitRow, { totalSplits: number; paidSplits: number; paymentRate: number }>(
    '/expenses/splits',
    { search },
    (b) => ({
      rows: b.splits as SplitRow[],
      analytics: b.analytics as { totalSplits: number; paidSplits: number; paymentRate: number },
    }),
  );
  if (list.state === 'failed') return <LoadError what="expense" message={list.message} onRetry={reload} />;
  return (
    <Stack>
      {list.state === 'ready' && (
        <StatGrid>
          <StatCard label="Total splits" value={list.analytics.totalSplits} />
          <StatCard label="Paid" value={list.analytics.paidSplits} />
          <StatCard label="Payment rate" value={`${list.analytics.paymentRate}%`} />
        </StatGrid>
      )}
      <TextInput label="Search" placeholder="Expense or person" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      {list.state === 'loading' && <Loader aria-label="Loading splits" />}
      {list.state === 'ready' &&
        (list.rows.length === 0 ? (
          <Text c="dimmed">{M.noSplits}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Split</Table.Th>
                    <Table.Th>Expense</Table.Th>
                    <Table.Th>Person</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.rows.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <ShortId id={s.id} />
                      </Table.Td>
                      <Table.Td>{s.expense_title}</Table.Td>
                      <Table.Td>{s.user_name}</Table.Td>
                      <Table.Td>{money(s.amount, s.currency)}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={s.paid_at ? 'paid' : 'unpaid'} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore shown={list.rows.length} total={list.totalCount} more={!!list.nextCursor} loading={list.loadingMore} onMore={loadMore} />
          </>
        ))}
    </Stack>
  );
}

interface SettlementRow {
  id: string;
  trip_name: string;
  from_name: string;
  to_name: string;
  amount: number;
  currency: string;
  note: string | null;
  created_at: string;
}

function SettlementList() {
  const [search, setSearch] = useState('');
  type A = { totalSettlements: number; totalAmount: Total[]; completionRate: number };
  const { list, reload, loadMore } = useAdminList<SettlementRow, A>('/expenses/settlements', { search }, (b) => ({
    rows: b.settlements as SettlementRow[],
    analytics: b.analytics as A,
  }));
  if (list.state === 'failed') return <LoadError what="expense" message={list.message} onRetry={reload} />;
  return (
    <Stack>
      {list.state === 'ready' && (
        <StatGrid>
          <StatCard label="Total settlements" value={list.analytics.totalSettlements} />
          <StatCard label="Amount settled" value={<Totals totals={list.analytics.totalAmount} />} hint="Per currency" />
          <StatCard label="Completion rate" value={`${list.analytics.completionRate}%`} hint="Expenses fully paid back" />
        </StatGrid>
      )}
      <TextInput label="Search" placeholder="Trip or note" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      {list.state === 'loading' && <Loader aria-label="Loading settlements" />}
      {list.state === 'ready' &&
        (list.rows.length === 0 ? (
          <Text c="dimmed">{M.noSettlements}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Settlement</Table.Th>
                    <Table.Th>Trip</Table.Th>
                    <Table.Th>From</Table.Th>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Date</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.rows.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <ShortId id={s.id} />
                      </Table.Td>
                      <Table.Td>{s.trip_name}</Table.Td>
                      <Table.Td>{s.from_name}</Table.Td>
                      <Table.Td>{s.to_name}</Table.Td>
                      <Table.Td>{money(s.amount, s.currency)}</Table.Td>
                      <Table.Td>{dateText(s.created_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore shown={list.rows.length} total={list.totalCount} more={!!list.nextCursor} loading={list.loadingMore} onMore={loadMore} />
          </>
        ))}
    </Stack>
  );
}

export default function ExpensesTab() {
  return (
    <Stack>
      <Title order={2}>Expense Management</Title>
      <Tabs defaultValue="expenses" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="expenses">Expenses</Tabs.Tab>
          <Tabs.Tab value="splits">Splits</Tabs.Tab>
          <Tabs.Tab value="settlements">Settlements</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="expenses" pt="md">
          <ExpenseList />
        </Tabs.Panel>
        <Tabs.Panel value="splits" pt="md">
          <SplitList />
        </Tabs.Panel>
        <Tabs.Panel value="settlements" pt="md">
          <SettlementList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
