/**
 * 'Record payment': who paid whom and how much, in the trip's currency (prefilled from a
 * suggestion). More than the payer owes, or the same payment again moments after it was recorded,
 * is asked once more in the dialog before it is sent with the server's confirmation flag. The
 * server's payment rule (paymentRules.ts) checks it first; refusals show on their fields.
 */
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { formatMoneyDecimal, isOverpayment, owedBy, paymentProblems } from '../../platform/domain';
import { formatMoney } from '../trips/format';
import { focusFirstError, ruleErrors, showRefusal } from '../../platform/form/ruleForm';
import { notify } from '../../platform/notify';
import { wasQueued } from '../../platform/relay/useOutcomeMutation';
import type { Person } from './expenseForm';
import { useRecordSettlement } from './useRecordSettlement';
import { FormActions } from '../../components/FormActions';

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
  /** Whether it shows (a draft is given): lazyModal loads its code when first true. */
  opened: boolean;
  onClose: () => void;
}

/** What the dialog asks before sending: nothing, an overpayment (with the debt), or a repeat of a payment just recorded. */
type Asking = null | { kind: 'overpayment'; debt: string; amount: string; name: string } | { kind: 'duplicate'; message: string };

const FIELDS = ['fromUserId', 'toUserId', 'amount'] as const;
/** The server's currency problem is the amount's (the form has no currency of its own). */
const fieldOf = (field: string) => (field === 'currency' ? 'amount' : (FIELDS as readonly string[]).includes(field) ? field : null);

function PaymentForm({ tripId, currency, people, balances, draft, onClose }: Props & { draft: PaymentDraft }) {
  const [record, saving] = useRecordSettlement();
  const settleable = useMemo(() => new Set(people.map((p) => p.id)), [people]);
  // The server's payment rule (paymentRules.ts) over what is typed, before it is sent.
  const form = useForm<PaymentDraft>({
    initialValues: draft,
    validate: ruleErrors((p) => paymentProblems({ ...p, amount: p.amount.trim(), currency }, { baseCurrency: currency, settleable }).problems, fieldOf),
    // Any change asks again: a confirmation was for the payment as it was.
    onValuesChange: () => {
      setAsking(null);
      setConfirmed({ overpayment: false, duplicate: false });
    },
  });
  const v = form.values;
  const [asking, setAsking] = useState<Asking>(null);
  const [confirmed, setConfirmed] = useState({ overpayment: false, duplicate: false });
  const options = people.map((p) => ({ value: p.id, label: p.name }));
  const send = async (allow: { overpayment: boolean; duplicate: boolean }) => {
    if (saving) return;
    const amountMinor = paymentProblems({ ...v, amount: v.amount.trim(), currency }, { baseCurrency: currency, settleable }).amount;
    const balance = balances.get(v.fromUserId) ?? 0;
    if (!allow.overpayment && amountMinor.ok && isOverpayment(amountMinor.amountMinor, balance)) {
      const show = (minor: number) => formatMoney(formatMoneyDecimal(minor, currency), currency);
      const name = people.find((p) => p.id === v.fromUserId)?.name ?? 'The payer';
      setAsking({ kind: 'overpayment', debt: show(owedBy(balance)), amount: show(amountMinor.amountMinor), name });
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
    } else if (outcome.duplicate) setAsking({ kind: 'duplicate', message: outcome.message });
    else {
      const notice = showRefusal(form, outcome, fieldOf);
      if (notice) notify.error(notice);
    }
  };
  const submit = () => {
    setAsking(null);
    void send(confirmed);
  };
  const confirm = () => {
    const next = asking?.kind === 'overpayment' ? { ...confirmed, overpayment: true } : { ...confirmed, duplicate: true };
    setAsking(null);
    void send(next);
  };
  return (
    <form onSubmit={form.onSubmit(submit, focusFirstError(form))} noValidate aria-label="Record payment">
      <Stack gap="sm">
        <NativeSelect label="From" data={options} {...form.getInputProps('fromUserId')} />
        <NativeSelect label="To" data={options} {...form.getInputProps('toUserId')} />
        <TextInput label={`Amount (${currency})`} inputMode="decimal" {...form.getInputProps('amount')} data-autofocus />
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
          <FormActions onCancel={onClose} saving={saving} submitLabel="Record payment" gap="sm" mt="sm" />
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
      opened={props.opened && props.draft !== null}
      onClose={props.onClose}
      title="Record payment"
      radius="lg"
      size="sm"
    >
      {props.draft && <PaymentForm {...props} draft={props.draft} />}
    </Modal>
  );
}
