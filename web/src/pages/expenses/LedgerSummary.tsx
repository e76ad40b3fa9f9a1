/** The trip's money at a glance: five summary cards, then what is spent against the budget. */
import { Group, Paper, Progress, SimpleGrid, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import type { LedgerSummary_ledger$key } from '../../__generated__/LedgerSummary_ledger.graphql';
import { formatMoney } from '../trips/format';

const Fragment = graphql`
  fragment LedgerSummary_ledger on TripLedger {
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
    otherBaseCount
  }
`;

const money = (m: { amount: string; currency: string }) => formatMoney(m.amount, m.currency);

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

export function LedgerSummary({ ledger, averagePerTrip }: { ledger: LedgerSummary_ledger$key; averagePerTrip: string | null }) {
  const l = useFragment(Fragment, ledger);
  const spentShare = l.budget && l.budget.amountCents > 0 ? Math.min(100, (l.totalSpent.amountCents / l.budget.amountCents) * 100) : null;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" role="group" aria-label="Summary">
        <SummaryCard label="Total budget" value={l.budget ? money(l.budget) : 'No budget'} />
        <SummaryCard label="Average per trip" value={averagePerTrip ?? '—'} />
        <SummaryCard label="Average per person" value={money(l.averagePerPerson)} />
        <SummaryCard label="You Are Owed" value={money(l.youAreOwed)} tone={l.youAreOwed.amountCents > 0 ? 'teal.9' : undefined} />
        <SummaryCard label="You Owe" value={money(l.youOwe)} tone={l.youOwe.amountCents > 0 ? 'red.9' : undefined} />
      </SimpleGrid>

      <Paper withBorder p="md">
        <Group justify="space-between">
          <Text fw={600}>Spent {money(l.totalSpent)}</Text>
          {l.budget && <Text fz="sm">of {money(l.budget)} budget</Text>}
        </Group>
        {spentShare !== null && <Progress mt={6} value={spentShare} color={spentShare >= 100 ? 'red.8' : 'teal.8'} aria-label="Budget spent" />}
        {l.otherBaseCount > 0 && (
          <Text fz="xs" c="dark.4" mt={4}>
            {l.otherBaseCount} expense(s) entered in another trip currency are not in these balances.
          </Text>
        )}
      </Paper>
    </>
  );
}
