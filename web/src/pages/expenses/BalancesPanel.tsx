/** Each person's balance: is owed, owes, or settled up (people who left keep theirs, marked). */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import type { BalancesPanel_ledger$key } from '../../__generated__/BalancesPanel_ledger.graphql';
import { formatMoney } from '../trips/format';

const Fragment = graphql`
  fragment BalancesPanel_ledger on TripLedger {
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
  }
`;

export function BalancesPanel({ ledger, viewerId }: { ledger: BalancesPanel_ledger$key; viewerId: string }) {
  const { balances } = useFragment(Fragment, ledger);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="balances-title">
      <Title order={3} fz="lg" id="balances-title" mb="xs">
        Balances
      </Title>
      <Stack gap={6}>
        {balances.map((b) => (
          <Group key={b.userId} justify="space-between" wrap="nowrap" data-testid="balance">
            <Text>
              {b.name}
              {b.userId === viewerId ? ' (you)' : ''}
              {!b.isMember ? ' (left)' : ''}
            </Text>
            <Text fw={600} c={b.balance.amountCents > 0 ? 'teal.9' : b.balance.amountCents < 0 ? 'red.9' : 'dark.6'}>
              {b.balance.amountCents > 0
                ? `is owed ${formatMoney(b.balance.amount, b.balance.currency)}`
                : b.balance.amountCents < 0
                  ? `owes ${formatMoney(b.balance.amount.replace('-', ''), b.balance.currency)}`
                  : 'settled up'}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
