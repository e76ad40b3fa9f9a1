/** The payments recorded on a trip, newest first; each may be undone (asked first) by whoever the server allows. */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PaymentsList_trip$data, PaymentsList_trip$key } from '../../__generated__/PaymentsList_trip.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../platform/notify';
import { dayIn } from '../../platform/timeZone';
import { formatDay } from '../../components/dateFormat';
import { formatMoney } from '../trips/format';
import { useUndoSettlement } from './useUndoSettlement';

const Fragment = graphql`
  fragment PaymentsList_trip on Trip {
    timeZone
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
  }
`;

type PaymentRow = PaymentsList_trip$data['settlements']['edges'][number]['node'];

/** The day of a payment as it was at the trip's place (its zone), in the reader's words. */
const dayOf = (at: unknown, zone: string | null) => formatDay(dayIn(zone, new Date(String(at))));

export function PaymentsList({ trip }: { trip: PaymentsList_trip$key }) {
  const data = useFragment(Fragment, trip);
  const payments = data.settlements.edges.map((e) => e.node);
  const day = (at: unknown) => dayOf(at, data.timeZone ?? null);
  const [undoing, setUndoing] = useState<PaymentRow | null>(null);
  const [undo, busy] = useUndoSettlement();
  const confirm = async () => {
    if (!undoing) return;
    const outcome = await undo(undoing.id);
    setUndoing(null);
    if (outcome.ok) notify.success('The payment is undone: the balances are as they were before it.', 'Payment undone');
    else notify.error(outcome.message);
  };
  if (payments.length === 0) return <Text c="dark.4">No payments recorded yet.</Text>;
  return (
    <>
      <Stack gap={4}>
        {payments.map((s) => (
          <Group key={s.id} justify="space-between" wrap="wrap" gap={4} data-testid="payment">
            <Text fz="sm" td={s.undoneAt ? 'line-through' : undefined} c={s.undoneAt ? 'dark.4' : undefined}>
              {s.fromName} paid {s.toName} {formatMoney(s.amount.amount, s.amount.currency)} · {day(s.createdAt)}
            </Text>
            {s.undoneAt ? (
              <Text fz="xs" c="dark.4">
                Undone by {s.undoneByName ?? 'someone'} · {day(s.undoneAt)}
              </Text>
            ) : (
              s.viewerCanUndo && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconArrowBackUp size={14} aria-hidden />}
                  onClick={() => setUndoing(s)}
                  aria-label={`Undo the payment of ${formatMoney(s.amount.amount, s.amount.currency)} from ${s.fromName} to ${s.toName}`}
                >
                  Undo
                </Button>
              )
            )}
          </Group>
        ))}
      </Stack>
      <ConfirmDialog
        opened={undoing !== null}
        title="Undo payment?"
        confirmLabel="Undo payment"
        loading={busy}
        onConfirm={() => void confirm()}
        onClose={() => setUndoing(null)}
      >
        {undoing &&
          `${undoing.fromName} paid ${undoing.toName} ${formatMoney(undoing.amount.amount, undoing.amount.currency)}: undone, it stays in the list but no longer counts, and the balances go back to what they were before it.`}
      </ConfirmDialog>
    </>
  );
}
