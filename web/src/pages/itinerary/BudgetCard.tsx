/** The trip's budget on its page, with 'Set Budget' opening the budget form (any member may). */
import { Button, Group, Paper, Progress, Text, Title } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { BudgetCard_trip$key } from '../../__generated__/BudgetCard_trip.graphql';
import { formatMoney } from '../trips/format';
import { BudgetModal } from './itineraryModals';

const Fragment = graphql`
  fragment BudgetCard_trip on Trip {
    id
    name
    currency
    budget {
      amount
      amountCents
      currency
    }
    ledger {
      totalSpent {
        amount
        amountCents
        currency
      }
    }
  }
`;

export function BudgetCard({ trip }: { trip: BudgetCard_trip$key }) {
  const data = useFragment(Fragment, trip);
  const [open, setOpen] = useState(false);
  // Spending against the budget, when the budget is in the currency the spending is kept in.
  const spent = data.ledger.totalSpent;
  const share =
    data.budget && data.budget.currency === spent.currency && data.budget.amountCents > 0 ? (spent.amountCents * 100) / data.budget.amountCents : null;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="budget-title" className="tc-no-print">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} mb={4}>
            <IconWallet size={18} aria-hidden />
            <Title order={2} fz="lg" id="budget-title">
              Budget
            </Title>
          </Group>
          <Text fw={700} fz="xl">
            {data.budget ? `${formatMoney(data.budget.amount, data.budget.currency)} ${data.budget.currency}` : 'No budget set'}
          </Text>
          <Text fz="sm" c="dark.4">
            Spent {formatMoney(data.ledger.totalSpent.amount, data.ledger.totalSpent.currency)}
            {data.budget ? ` of ${formatMoney(data.budget.amount, data.budget.currency)}` : ''}
            {share !== null ? ` (${Math.round(share)}%)` : ''}
          </Text>
          {share !== null && (
            <Progress mt={6} w={220} maw="100%" value={Math.min(100, share)} color={share > 100 ? 'red.8' : 'teal.8'} aria-label="Budget spent" />
          )}
        </div>
        <Button size="xs" variant="light" onClick={() => setOpen(true)} {...BudgetModal.preloadOn}>
          Set Budget
        </Button>
      </Group>
      <BudgetModal
        opened={open}
        onClose={() => setOpen(false)}
        tripId={data.id}
        tripName={data.name}
        amount={data.budget?.amount ?? null}
        currency={data.budget?.currency ?? data.currency}
      />
    </Paper>
  );
}
