/** The fewest payments that settle everyone, each with 'Record payment' (the form opens filled in). */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import type { SettleUpPanel_ledger$key } from '../../__generated__/SettleUpPanel_ledger.graphql';
import { formatMoney } from '../trips/format';
import type { PaymentDraft } from './RecordPaymentModal';
import { RecordPaymentModal } from './expenseModals';

const Fragment = graphql`
  fragment SettleUpPanel_ledger on TripLedger {
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
`;

export function SettleUpPanel({ ledger, onRecord }: { ledger: SettleUpPanel_ledger$key; onRecord: (draft: PaymentDraft) => void }) {
  const { suggestedTransfers } = useFragment(Fragment, ledger);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="settle-title">
      <Title order={3} fz="lg" id="settle-title" mb="xs">
        Settle up
      </Title>
      {suggestedTransfers.length === 0 ? (
        <Text c="dark.4">Everyone is settled up.</Text>
      ) : (
        <Stack gap={6}>
          {suggestedTransfers.map((x) => (
            <Group key={`${x.fromUserId}-${x.toUserId}`} justify="space-between" wrap="wrap" gap="xs" data-testid="transfer">
              <Text>
                {x.fromName} pays {x.toName} <b>{formatMoney(x.amount.amount, x.amount.currency)}</b>
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                // The payment form's code comes as the pointer or the keyboard nears the button.
                {...RecordPaymentModal.preloadOn}
                onClick={() => onRecord({ fromUserId: x.fromUserId, toUserId: x.toUserId, amount: x.amount.amount })}
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
  );
}
