/** 'Record payment': who paid whom and how much, in the trip's currency (prefilled from a suggestion). */
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { ExpenseMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
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
  draft: PaymentDraft | null;
  onClose: () => void;
}

function PaymentForm({ tripId, currency, people, draft, onClose }: Props & { draft: PaymentDraft }) {
  const [record, saving] = useRecordSettlement();
  const [v, setV] = useState(draft);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const options = people.map((p) => ({ value: p.id, label: p.name }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const outcome = await record({ tripId, fromUserId: v.fromUserId, toUserId: v.toUserId, amount: v.amount.trim(), currency });
    if (outcome.ok) {
      notify.success('The payment is recorded.', 'Payment recorded');
      onClose();
    } else if (outcome.refused && outcome.fieldErrors?.length) setErrors(Object.fromEntries(outcome.fieldErrors.map((e) => [e.field, e.message])));
    else notify.error(ExpenseMessages.settleFailed);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Record payment">
      <Stack gap="sm">
        <NativeSelect
          label="From"
          data={options}
          value={v.fromUserId}
          onChange={(e) => setV({ ...v, fromUserId: e.currentTarget.value })}
          error={errors.fromUserId}
        />
        <NativeSelect label="To" data={options} value={v.toUserId} onChange={(e) => setV({ ...v, toUserId: e.currentTarget.value })} error={errors.toUserId} />
        <TextInput
          label={`Amount (${currency})`}
          inputMode="decimal"
          value={v.amount}
          onChange={(e) => setV({ ...v, amount: e.currentTarget.value })}
          error={errors.amount ?? errors.currency}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Record payment
          </Button>
        </Group>
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
