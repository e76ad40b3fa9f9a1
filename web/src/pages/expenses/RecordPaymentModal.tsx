/**
 * 'Record payment': who paid whom and how much, in the trip's currency (prefilled from a
 * suggestion). More than the payer owes, or the same payment again moments after it was recorded,
 * is asked once more in the dialog before it is sent with the server's confirmation flag.
 */
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { checkAmount, ExpenseMessages, fill, formatMoneyDecimal, isOverpayment, largestAmount, owedBy } from '../../platform/domain';
import { formatMoney } from '../trips/format';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { wasQueued } from '../../platform/relay/useOutcomeMutation';
import type { Person } from './expenseForm';
import { useRecordSettlement } from './useRecordSettlement';

export interface PaymentDraft {
  fromUserId: string;
  toUserId: string;
  amount: string;
}

interface Props {
  tripId: string;
  currency: string;
  people: Person[];
  /** Each person's balance in minor units of `currency` (negative: owes). */
  balances: ReadonlyMap<string, number>;
  draft: PaymentDraft | null;
  onClose: () => void;
}

/** What the dialog asks before sending: nothing, an overpayment (with the debt), or a repeat of a payment just recorded. */
type Asking = null | { kind: 'overpayment'; debt: string; amount: string; name: string } | { kind: 'duplicate'; message: string };

function PaymentForm({ tripId, currency, people, balances, draft, onClose }: Props & { draft: PaymentDraft }) {
  const [record, saving] = useRecordSettlement();
  const [v, setV] = useState(draft);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [asking, setAsking] = useState<Asking>(null);
  const [confirmed, setConfirmed] = useState({ overpayment: false, duplicate: false });
  const options = people.map((p) => ({ value: p.id, label: p.name }));
  const edit = (patch: Partial<PaymentDraft>) => {
    setV({ ...v, ...patch });
    setAsking(null);
    setConfirmed({ overpayment: false, duplicate: false });
  };
  const send = async (allow: { overpayment: boolean; duplicate: boolean }) => {
    if (saving) return;
    // The shared amount rule first, as the server applies it.
    const amount = checkAmount(v.amount.trim(), currency);
    if (!amount.ok) {
      const max = `${largestAmount(currency)} ${currency}`;
      setErrors({ amount: amount.problem === 'tooLarge' ? fill(ExpenseMessages.tooLarge, { max }) : ExpenseMessages.invalidAmount });
      return;
    }
    const balance = balances.get(v.fromUserId) ?? 0;
    if (!allow.overpayment && isOverpayment(amount.amountMinor, balance)) {
      const show = (minor: number) => formatMoney(formatMoneyDecimal(minor, currency), currency);
      const name = people.find((p) => p.id === v.fromUserId)?.name ?? 'The payer';
      setAsking({ kind: 'overpayment', debt: show(owedBy(balance)), amount: show(amount.amountMinor), name });
      return;
    }
    setConfirmed(allow);
    const outcome = await record({
      tripId,
      fromUserId: v.fromUserId,
      toUserId: v.toUserId,
      amount: v.amount.trim(),
      currency,
      allowOverpayment: allow.overpayment,
      allowDuplicate: allow.duplicate,
    });
    if (outcome.ok && wasQueued(outcome)) {
      notify.info('The payment is kept on this device and will be recorded when you are back online.', 'Waiting for the network');
      onClose();
    } else if (outcome.ok) {
      notify.success('The payment is recorded.', 'Payment recorded');
      onClose();
    } else if (!outcome.ok && outcome.duplicate) setAsking({ kind: 'duplicate', message: outcome.message });
    else {
      const shown = formErrors(outcome, ['fromUserId', 'toUserId', 'amount', 'currency']);
      setErrors(shown.fields);
      if (shown.notice) notify.error(shown.notice);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsking(null);
    void send(confirmed);
  };
  const confirm = () => {
    const next = asking?.kind === 'overpayment' ? { ...confirmed, overpayment: true } : { ...confirmed, duplicate: true };
    setAsking(null);
    void send(next);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Record payment">
      <Stack gap="sm">
        <NativeSelect
          label="From"
          data={options}
          value={v.fromUserId}
          onChange={(e) => edit({ fromUserId: e.currentTarget.value })}
          error={errors.fromUserId}
        />
        <NativeSelect label="To" data={options} value={v.toUserId} onChange={(e) => edit({ toUserId: e.currentTarget.value })} error={errors.toUserId} />
        <TextInput
          label={`Amount (${currency})`}
          inputMode="decimal"
          value={v.amount}
          onChange={(e) => edit({ amount: e.currentTarget.value })}
          error={errors.amount ?? errors.currency}
          data-autofocus
        />
        {asking ? (
          <Alert color="yellow" title={asking.kind === 'overpayment' ? 'More than is owed' : 'Already recorded?'} role="alertdialog" aria-live="assertive">
            <Stack gap="xs">
              <Text fz="sm">
                {asking.kind === 'overpayment'
                  ? `${asking.name} owes ${asking.debt}. Record a payment of ${asking.amount} anyway? The difference will be owed back.`
                  : asking.message}
              </Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setAsking(null)} disabled={saving}>
                  Change it
                </Button>
                <Button color="yellow.9" onClick={confirm} loading={saving} data-autofocus>
                  {asking.kind === 'overpayment' ? `Record ${asking.amount}` : 'Record it again'}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Record payment
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

export function RecordPaymentModal(props: Props) {
  return (
    <Modal
      styles={modalStyles}
      closeButtonProps={closeButtonProps}
      opened={props.draft !== null}
      onClose={props.onClose}
      title="Record payment"
      radius="lg"
      size="sm"
    >
      {props.draft && <PaymentForm {...props} draft={props.draft} />}
    </Modal>
  );
}
