/**
 * One trip's money: summary cards, balances, the fewest payments that settle up (each with
 * 'Record payment'), spending by category, the expenses (add, edit, delete), the payments
 * recorded and the history of changes. Live: other members' changes arrive without a reload.
 * Each section is its own component with its own fragment; this one holds what they share:
 * the people, the open form, the payment being recorded and the expense being deleted.
 */
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ExpensesWorkspace_trip$key } from '../../__generated__/ExpensesWorkspace_trip.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ExpenseMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { dayIn } from '../../platform/timeZone';
import { BalancesPanel } from './BalancesPanel';
import { CategoryPanel } from './CategoryPanel';
import { emptyForm, type ExpenseFormValues, type PayerHint, type Person } from './expenseForm';
import { ExpenseFormModal, RecordPaymentModal } from './expenseModals';
import { ExpenseHistory } from './ExpenseHistory';
import { WaitingList } from '../../platform/offline/WaitingChanges';
import { ExpenseList } from './ExpenseList';
import { ExportCsvButton } from './ExportCsvButton';
import { LedgerSummary } from './LedgerSummary';
import { PaymentsList } from './PaymentsList';
import type { PaymentDraft } from './RecordPaymentModal';
import { SettleUpPanel } from './SettleUpPanel';
import { TripRewardsCard } from '../rewards/TripRewardsCard';
import { useDeleteExpense } from './useDeleteExpense';
import { useExpensesLive } from './useExpensesLive';

const Fragment = graphql`
  fragment ExpensesWorkspace_trip on Trip {
    id
    name
    startDate
    endDate
    timeZone
    members {
      status
      user {
        id
        displayName
      }
    }
    ledger {
      baseCurrency
      expenseCount
      balances {
        userId
        name
        isMember
        balance {
          amountCents
        }
      }
      ...LedgerSummary_ledger
      ...BalancesPanel_ledger
      ...SettleUpPanel_ledger
      ...CategoryPanel_ledger
    }
    ...ExpenseList_trip
    ...PaymentsList_trip
    ...ExpenseHistory_trip
    ...TripRewardsCard_trip
    rewards {
      suggestions {
        expenseCategory
        userId
        userName
        programId
        programName
      }
    }
  }
`;

export interface ExpensesWorkspaceProps {
  trip: ExpensesWorkspace_trip$key;
  viewerId: string;
  /** The reader's own day, for a trip that has no zone yet. */
  today: string;
  /** Average budget over the viewer's trips in this trip's currency, or null without any. */
  averagePerTrip: string | null;
  /** Open the add form at once (from an itinerary item's add-expense button). */
  startWith: Partial<ExpenseFormValues> | null;
  onStarted: () => void;
}

export function ExpensesWorkspace({ trip, viewerId, today: readerToday, averagePerTrip, startWith, onStarted }: ExpensesWorkspaceProps) {
  const data = useFragment(Fragment, trip);
  // Money dates are days in the trip's zone: a new expense starts on today there.
  const today = data.timeZone ? dayIn(data.timeZone) : readerToday;
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
  // "Who should book what" per expense category: the add form pre-selects that payer.
  const payerHints: PayerHint[] = useMemo(
    () =>
      data.rewards.suggestions
        .filter((s) => s.expenseCategory)
        .map((s) => ({ expenseCategory: s.expenseCategory!, userId: s.userId, userName: s.userName, programId: s.programId, programName: s.programName })),
    [data.rewards.suggestions],
  );
  const [form, setForm] = useState<{ values: ExpenseFormValues; id: string | null } | null>(null);
  const [payment, setPayment] = useState<PaymentDraft | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const [remove, removing] = useDeleteExpense();

  useEffect(() => {
    if (!startWith) return;
    setForm({ values: { ...emptyForm(people, viewerId, base, today), ...startWith }, id: null });
    onStarted();
  }, [startWith, people, viewerId, base, today, onStarted]);

  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await remove(deleting.id);
    if (outcome.ok) notify.success(`"${deleting.title}" is deleted.`, 'Expense deleted');
    else notify.error(ExpenseMessages.deleteFailed);
    setDeleting(null);
  };

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
          <ExportCsvButton tripId={data.id} today={today} disabled={ledger.expenseCount === 0} />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setForm({ values: emptyForm(people, viewerId, base, today), id: null })}
            {...ExpenseFormModal.preloadOn}
          >
            Add Expense
          </Button>
        </Group>
      </Group>

      <LedgerSummary ledger={ledger} averagePerTrip={averagePerTrip} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <BalancesPanel ledger={ledger} viewerId={viewerId} />
        <SettleUpPanel ledger={ledger} onRecord={setPayment} />
      </SimpleGrid>

      <CategoryPanel ledger={ledger} />

      <WaitingList scope={data.id} title="Expenses and payments made offline, waiting for the network" />
      <TripRewardsCard trip={data} />

      <ExpenseList trip={data} onEdit={(values, id) => setForm({ values, id })} onDelete={setDeleting} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" component="section" aria-labelledby="payments-title">
          <Title order={3} fz="lg" id="payments-title" mb="xs">
            Payments
          </Title>
          <PaymentsList trip={data} />
        </Paper>
        <ExpenseHistory trip={data} />
      </SimpleGrid>

      {form && (
        <ExpenseFormModal
          opened
          onClose={() => setForm(null)}
          tripId={data.id}
          baseCurrency={base}
          people={people}
          initial={form.values}
          expenseId={form.id}
          timeZone={data.timeZone ?? null}
          payerHints={payerHints}
        />
      )}
      <RecordPaymentModal
        tripId={data.id}
        currency={base}
        people={payable}
        balances={balances}
        draft={payment}
        opened={payment !== null}
        onClose={() => setPayment(null)}
      />
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
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading expenses">
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
