/**
 * One trip's money: summary cards, balances, the fewest payments that settle up (each with
 * 'Record payment'), spending by category, the expenses (add, edit, delete), the payments
 * recorded and the history of changes. Live: other members' changes arrive without a reload.
 */
import { Badge, Button, ColorSwatch, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { IconDownload, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { ExpensesWorkspacePaginationQuery } from '../../__generated__/ExpensesWorkspacePaginationQuery.graphql';
import type { ExpensesWorkspace_trip$data, ExpensesWorkspace_trip$key } from '../../__generated__/ExpensesWorkspace_trip.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ExpenseMessages, formatMoneyDecimal } from '../../platform/domain';
import { sessionStore } from '../../platform/session';
import { notify } from '../../platform/notify';
import { formatMoney } from '../trips/format';
import { CATEGORY_LABELS, emptyForm, newLine, type Category, type ExpenseFormValues, type Person } from './expenseForm';
import { tripIdOf } from '../trips/ids';
import { ExpenseFormModal } from './ExpenseFormModal';
import { RecordPaymentModal, type PaymentDraft } from './RecordPaymentModal';
import { PaymentsList } from './PaymentsList';
import { useDeleteExpense } from './useDeleteExpense';
import { useExpensesLive } from './useExpensesLive';

const Fragment = graphql`
  fragment ExpensesWorkspace_trip on Trip
  @refetchable(queryName: "ExpensesWorkspacePaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    id
    name
    startDate
    endDate
    currency
    members {
      status
      user {
        id
        displayName
      }
    }
    ledger {
      baseCurrency
      totalSpent {
        amount
        amountCents
        currency
      }
      budget {
        amount
        amountCents
        currency
      }
      averagePerPerson {
        amount
        currency
      }
      youOwe {
        amount
        amountCents
        currency
      }
      youAreOwed {
        amount
        amountCents
        currency
      }
      expenseCount
      otherBaseCount
      byCategory {
        category
        amount {
          amount
          amountCents
          currency
        }
      }
      balances {
        userId
        name
        isMember
        balance {
          amount
          amountCents
          currency
        }
      }
      suggestedTransfers {
        fromUserId
        fromName
        toUserId
        toName
        amount {
          amount
          currency
        }
      }
    }
    expenses(first: $count, after: $cursor) @connection(key: "ExpensesWorkspace_expenses") {
      edges {
        node {
          id
          title
          amount {
            amount
            currency
          }
          baseAmount {
            amount
            currency
          }
          exchangeRate
          category
          splitType
          paidById
          payerName
          expenseDate
          notes
          isPaid
          itineraryItemId
          items {
            description
            amount {
              amount
            }
            participantIds
          }
          tax {
            amount
          }
          tip {
            amount
          }
          payers {
            userId
            name
            amount {
              amount
            }
          }
          splits {
            userId
            name
            amount {
              amount
            }
            percentage
            status
          }
        }
      }
    }
    settlements(first: 20) {
      edges {
        node {
          id
          fromName
          toName
          amount {
            amount
            currency
          }
          createdAt
          undoneAt
          undoneByName
          viewerCanUndo
        }
      }
    }
    expenseHistory(first: 20) {
      edges {
        node {
          id
          action
          title
          actorName
          createdAt
          changes {
            field
            from
            to
          }
        }
      }
    }
  }
`;

type Expense = NonNullable<ExpensesWorkspace_trip$data['expenses']['edges'][number]['node']>;
const money = (m: { amount: string; currency: string }) => formatMoney(m.amount, m.currency);

/** The form's values for editing an expense as it stands. */
function valuesOf(e: Expense): ExpenseFormValues {
  const shares: Record<string, string> = {};
  for (const s of e.splits) shares[s.userId] = e.splitType === 'PERCENTAGE' ? String(s.percentage ?? '') : s.amount.amount;
  return {
    title: e.title,
    amount: e.amount.amount,
    currency: e.amount.currency,
    exchangeRate: e.exchangeRate ?? '',
    category: e.category as Category,
    paidBy: e.paidById,
    expenseDate: String(e.expenseDate),
    notes: e.notes ?? '',
    splitType: e.splitType as ExpenseFormValues['splitType'],
    participants: e.splits.map((s) => s.userId),
    shares,
    itineraryItemId: e.itineraryItemId ?? null,
    payers: e.payers.length > 1 ? Object.fromEntries(e.payers.map((p) => [p.userId, p.amount.amount])) : null,
    items: e.items?.length
      ? e.items.map((i) => ({ ...newLine([...i.participantIds]), description: i.description, amount: i.amount.amount }))
      : [newLine(e.splits.map((s) => s.userId))],
    tax: e.tax && e.tax.amount !== formatMoneyDecimal(0, e.amount.currency) ? e.tax.amount : '',
    tip: e.tip && e.tip.amount !== formatMoneyDecimal(0, e.amount.currency) ? e.tip.amount : '',
  };
}

/** A colour per category, the same on the chart and its legend. */
const CATEGORY_COLORS: Record<Category, string> = {
  FOOD: 'orange.6',
  TRANSPORT: 'blue.6',
  ACCOMMODATION: 'grape.6',
  ENTERTAINMENT: 'pink.6',
  SHOPPING: 'yellow.5',
  ACTIVITIES: 'teal.6',
  OTHER: 'gray.6',
};

/** The file a download names itself in its Content-Disposition, or the fallback. */
function fileNameOf(disposition: string | null, fallback: string) {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

function SummaryCard({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Paper withBorder p="md">
      <Text fz="sm" c="dark.4">
        {label}
      </Text>
      <Text fw={700} fz="xl" c={tone}>
        {value}
      </Text>
    </Paper>
  );
}

export interface ExpensesWorkspaceProps {
  trip: ExpensesWorkspace_trip$key;
  viewerId: string;
  today: string;
  /** Average budget over the viewer's trips in this trip's currency, or null without any. */
  averagePerTrip: string | null;
  /** Open the add form at once (from an itinerary item's add-expense button). */
  startWith: Partial<ExpenseFormValues> | null;
  onStarted: () => void;
}

export function ExpensesWorkspace({ trip, viewerId, today, averagePerTrip, startWith, onStarted }: ExpensesWorkspaceProps) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<ExpensesWorkspacePaginationQuery, ExpensesWorkspace_trip$key>(Fragment, trip);
  useExpensesLive(data.id);
  const ledger = data.ledger;
  const base = ledger.baseCurrency;
  const people: Person[] = useMemo(
    () => data.members.filter((m) => m.status !== 'INVITED').map((m) => ({ id: m.user.id, name: m.user.displayName })),
    [data.members],
  );
  // A payment may also go to or from someone who left with a balance still open (the suggestions name them).
  const payable: Person[] = useMemo(
    () => [
      ...people,
      ...ledger.balances
        .filter((b) => !b.isMember && b.balance.amountCents !== 0 && !people.some((p) => p.id === b.userId))
        .map((b) => ({ id: b.userId, name: `${b.name} (left)` })),
    ],
    [people, ledger.balances],
  );
  // Each person's balance in minor units: the payment form asks before more than the payer owes.
  const balances = useMemo(() => new Map(ledger.balances.map((b) => [b.userId, b.balance.amountCents])), [ledger.balances]);
  const expenses = data.expenses.edges.map((e) => e.node).filter((n): n is Expense => n != null);
  const [form, setForm] = useState<{ values: ExpenseFormValues; id: string | null } | null>(null);
  const [payment, setPayment] = useState<PaymentDraft | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const [remove, removing] = useDeleteExpense();
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (!startWith) return;
    setForm({ values: { ...emptyForm(people, viewerId, base, today), ...startWith }, id: null });
    onStarted();
  }, [startWith, people, viewerId, base, today, onStarted]);

  // The server writes the CSV (every expense, however many pages the screen has read); the
  // request carries the session's token, so the file is fetched and then handed to the browser.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const token = await sessionStore.accessToken();
      const res = await fetch(`/api/backend/trip-expenses/${tripIdOf(data.id)}/export.csv`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
      });
      if (!res.ok) {
        // The refusal's own message (e.g. no longer on the trip), as the other REST calls show it.
        const body = (await res.json().catch(() => ({}))) as { error?: unknown };
        notify.error(typeof body.error === 'string' && body.error ? body.error : 'The export failed. Please try again.');
        return;
      }
      const blob = await res.blob();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = fileNameOf(res.headers.get('content-disposition'), `expenses-${today}.csv`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    } catch {
      notify.error('The export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await remove(deleting.id);
    if (outcome.ok) notify.success(`"${deleting.title}" is deleted.`, 'Expense deleted');
    else notify.error(ExpenseMessages.deleteFailed);
    setDeleting(null);
  };

  const spentShare = ledger.budget && ledger.budget.amountCents > 0 ? Math.min(100, (ledger.totalSpent.amountCents / ledger.budget.amountCents) * 100) : null;
  const categoryTotal = ledger.byCategory.reduce((a, c) => a + c.amount.amountCents, 0);
  const percentOf = (cents: number) => (categoryTotal > 0 ? Math.round((cents * 100) / categoryTotal) : 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} fz="xl">
            {data.name}
          </Title>
          <Text fz="sm" c="dark.4">
            {[
              data.startDate && data.endDate ? `${data.startDate} – ${data.endDate}` : null,
              `Balances in ${base}`,
              `${ledger.expenseCount} ${ledger.expenseCount === 1 ? 'expense' : 'expenses'}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={ledger.expenseCount === 0}
          >
            Export CSV
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setForm({ values: emptyForm(people, viewerId, base, today), id: null })}>
            Add Expense
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" aria-label="Summary">
        <SummaryCard label="Total budget" value={ledger.budget ? money(ledger.budget) : 'No budget'} />
        <SummaryCard label="Average per trip" value={averagePerTrip ?? '—'} />
        <SummaryCard label="Average per person" value={money(ledger.averagePerPerson)} />
        <SummaryCard label="You Are Owed" value={money(ledger.youAreOwed)} tone={ledger.youAreOwed.amountCents > 0 ? 'teal.9' : undefined} />
        <SummaryCard label="You Owe" value={money(ledger.youOwe)} tone={ledger.youOwe.amountCents > 0 ? 'red.9' : undefined} />
      </SimpleGrid>

      <Paper withBorder p="md">
        <Group justify="space-between">
          <Text fw={600}>Spent {money(ledger.totalSpent)}</Text>
          {ledger.budget && <Text fz="sm">of {money(ledger.budget)} budget</Text>}
        </Group>
        {spentShare !== null && <Progress mt={6} value={spentShare} color={spentShare >= 100 ? 'red.8' : 'teal.8'} aria-label="Budget spent" />}
        {ledger.otherBaseCount > 0 && (
          <Text fz="xs" c="dark.4" mt={4}>
            {ledger.otherBaseCount} expense(s) entered in another trip currency are not in these balances.
          </Text>
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" component="section" aria-labelledby="balances-title">
          <Title order={3} fz="lg" id="balances-title" mb="xs">
            Balances
          </Title>
          <Stack gap={6}>
            {ledger.balances.map((b) => (
              <Group key={b.userId} justify="space-between" wrap="nowrap" data-testid="balance">
                <Text>
                  {b.name}
                  {b.userId === viewerId ? ' (you)' : ''}
                  {!b.isMember ? ' (left)' : ''}
                </Text>
                <Text fw={600} c={b.balance.amountCents > 0 ? 'teal.9' : b.balance.amountCents < 0 ? 'red.9' : 'dark.6'}>
                  {b.balance.amountCents > 0
                    ? `is owed ${money(b.balance)}`
                    : b.balance.amountCents < 0
                      ? `owes ${formatMoney(b.balance.amount.replace('-', ''), b.balance.currency)}`
                      : 'settled up'}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="settle-title">
          <Title order={3} fz="lg" id="settle-title" mb="xs">
            Settle up
          </Title>
          {ledger.suggestedTransfers.length === 0 ? (
            <Text c="dark.4">Everyone is settled up.</Text>
          ) : (
            <Stack gap={6}>
              {ledger.suggestedTransfers.map((x) => (
                <Group key={`${x.fromUserId}-${x.toUserId}`} justify="space-between" wrap="wrap" gap="xs" data-testid="transfer">
                  <Text>
                    {x.fromName} pays {x.toName} <b>{money(x.amount)}</b>
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => setPayment({ fromUserId: x.fromUserId, toUserId: x.toUserId, amount: x.amount.amount })}
                  >
                    Record payment
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          <Text fz="xs" c="dark.4" mt="xs">
            The fewest payments that settle everyone.
          </Text>
        </Paper>
      </SimpleGrid>

      {ledger.byCategory.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="category-title">
          <Title order={3} fz="lg" id="category-title" mb="xs">
            By category
          </Title>
          <Group align="center" gap="lg" wrap="wrap" justify="center">
            {/* The chart is a picture of the legend beside it (inert: out of the tab order and the accessibility tree); the legend is what is read. */}
            <div inert data-testid="category-chart">
              <DonutChart
                size={168}
                thickness={26}
                paddingAngle={1}
                data={ledger.byCategory.map((c) => ({
                  name: CATEGORY_LABELS[c.category as Category],
                  value: c.amount.amountCents,
                  color: CATEGORY_COLORS[c.category as Category],
                }))}
                valueFormatter={(cents) => formatMoney(formatMoneyDecimal(cents, base), base)}
                tooltipDataSource="segment"
                // The legend beside it is what keyboards and screen readers use: the chart takes no focus.
                accessibilityLayer={false}
                chartLabel={formatMoney(ledger.totalSpent.amount, base)}
              />
            </div>
            <Stack
              gap={6}
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0, flex: '1 1 220px', minWidth: 0 }}
              aria-label="Spending by category"
            >
              {ledger.byCategory.map((c) => (
                <Group key={c.category} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={8} wrap="nowrap">
                    <ColorSwatch color={`var(--mantine-color-${CATEGORY_COLORS[c.category as Category].replace('.', '-')})`} size={14} aria-hidden />
                    <Text fz="sm">{CATEGORY_LABELS[c.category as Category]}</Text>
                  </Group>
                  <Text fz="sm">
                    <b>{money(c.amount)}</b>{' '}
                    <Text span c="dark.4" fz="sm">
                      ({percentOf(c.amount.amountCents)}%)
                    </Text>
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        </Paper>
      )}

      <section aria-labelledby="expenses-title">
        <Title order={3} fz="lg" id="expenses-title" mb="xs">
          All expenses
        </Title>
        {expenses.length === 0 ? (
          <Paper withBorder p="lg">
            <Text c="dark.4">No expenses yet. Add the first one to start sharing costs.</Text>
          </Paper>
        ) : (
          <Stack gap="xs">
            {expenses.map((e) => (
              <Paper key={e.id} withBorder p="sm" component="article" aria-label={e.title}>
                <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                  <div style={{ minWidth: 0, flex: '1 1 200px' }}>
                    <Group gap={6}>
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {e.title}
                      </Text>
                      <Badge variant="light" size="sm">
                        {CATEGORY_LABELS[e.category as Category]}
                      </Badge>
                      <Badge variant="light" size="sm" color={e.isPaid ? 'teal' : 'yellow'} c={e.isPaid ? 'teal.9' : 'dark.8'}>
                        {e.isPaid ? 'Paid' : 'Pending'}
                      </Badge>
                    </Group>
                    <Text fz="sm" c="dark.4">
                      {String(e.expenseDate)} · paid by{' '}
                      {e.payers.length > 1 ? e.payers.map((p) => `${p.name} (${formatMoney(p.amount.amount, e.amount.currency)})`).join(' and ') : e.payerName}{' '}
                      · {e.splitType.toLowerCase()} split
                    </Text>
                    <Text fz="xs" c="dark.4">
                      {e.splits.map((s) => `${s.name} ${formatMoney(s.amount.amount, e.amount.currency)}`).join(', ')}
                    </Text>
                  </div>
                  <Stack gap={0} align="flex-end">
                    <Text fw={700}>{money(e.amount)}</Text>
                    {e.baseAmount && e.baseAmount.currency !== e.amount.currency && (
                      <Text fz="xs" c="dark.4">
                        ≈ {money(e.baseAmount)} at {e.exchangeRate}
                      </Text>
                    )}
                    <Group gap={4}>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconEdit size={14} aria-hidden />}
                        aria-label={`Edit ${e.title}`}
                        onClick={() => setForm({ values: valuesOf(e), id: e.id })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        c="red.9"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        aria-label={`Delete ${e.title}`}
                        onClick={() => setDeleting(e)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            ))}
            {hasNext && (
              <Button variant="default" onClick={() => loadNext(50)} loading={isLoadingNext}>
                Show more expenses
              </Button>
            )}
          </Stack>
        )}
      </section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" component="section" aria-labelledby="payments-title">
          <Title order={3} fz="lg" id="payments-title" mb="xs">
            Payments
          </Title>
          <PaymentsList payments={data.settlements.edges.map((e) => e.node)} />
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="history-title">
          <Title order={3} fz="lg" id="history-title" mb="xs">
            History
          </Title>
          {data.expenseHistory.edges.length === 0 ? (
            <Text c="dark.4">No changes yet.</Text>
          ) : (
            <Stack gap={4}>
              {data.expenseHistory.edges.map(({ node: h }) => (
                <div key={h.id}>
                  <Text fz="sm">
                    {h.actorName} {h.action.toLowerCase()} “{h.title}” · {new Date(String(h.createdAt)).toLocaleString()}
                  </Text>
                  {h.changes.map((c) => (
                    <Text key={c.field} fz="xs" c="dark.4" pl="sm">
                      {c.field}: {c.from ?? '—'} → {c.to ?? '—'}
                    </Text>
                  ))}
                </div>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>

      {form && (
        <ExpenseFormModal opened onClose={() => setForm(null)} tripId={data.id} baseCurrency={base} people={people} initial={form.values} expenseId={form.id} />
      )}
      <RecordPaymentModal tripId={data.id} currency={base} people={payable} balances={balances} draft={payment} onClose={() => setPayment(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete expense?"
        confirmLabel="Delete"
        loading={removing}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        “{deleting?.title}” and its shares will be removed and the balances recalculated. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}

export function ExpensesWorkspaceSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading expenses">
      <Skeleton h={40} w="50%" />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={72} />
        ))}
      </SimpleGrid>
      <Skeleton h={160} />
      <Skeleton h={240} />
    </Stack>
  );
}
