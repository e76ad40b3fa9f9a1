/**
 * The budget form (seed 001 §2): one amount (a number, step 0.01, at least 0) and a currency of
 * the trip list. A wrong amount says 'Please enter a valid budget amount' on its field; a
 * failure to save says 'Failed to set budget. Please try again.'. Used on the trip page and on
 * /dashboard/budget-test.
 */
import { Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { TRIP_CURRENCIES } from '../../platform/domain';
import { budgetDecimals } from '../../platform/rules';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { parseBudgetAmount } from './budget';
import { useSetTripBudget } from './useSetTripBudget';
import { FormActions } from '../../components/FormActions';

export interface BudgetModalProps {
  opened: boolean;
  onClose: () => void;
  tripId: string;
  tripName: string;
  /** The budget as it stands (decimal text), or null when none is set. */
  amount: string | null;
  currency: string;
}

/** The smallest amount `currency` writes ("0.01" for USD, "1" for JPY), as the number field's step. */
const stepOf = (currency: string) => (budgetDecimals(currency) === 0 ? '1' : `0.${'1'.padStart(budgetDecimals(currency), '0')}`);

function BudgetForm({ tripId, tripName, amount, currency, onClose }: Omit<BudgetModalProps, 'opened'>) {
  const [set, saving] = useSetTripBudget();
  const [value, setValue] = useState(amount ?? '');
  const [code, setCode] = useState(currency);
  const [errors, setErrors] = useState<{ amount?: string; currency?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = parseBudgetAmount(value, code);
    if (!parsed.ok) {
      setErrors({ amount: parsed.message });
      document.getElementById('budget-amount')?.focus();
      return;
    }
    setErrors({});
    const outcome = await set(tripId, parsed.amount, code);
    if (outcome.ok) {
      notify.success(`The budget of "${tripName}" is saved.`, 'Budget set');
      onClose();
      return;
    }
    const shown = formErrors(outcome, ['amount', 'currency']);
    setErrors(shown.fields);
    if (shown.notice) notify.error(shown.notice);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          id="budget-amount"
          type="number"
          inputMode="decimal"
          step={stepOf(code)}
          min={0}
          label="Total budget"
          placeholder="0.00"
          required
          withAsterisk
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
          error={errors.amount}
          data-autofocus
        />
        <NativeSelect
          id="budget-currency"
          label="Currency"
          data={[...TRIP_CURRENCIES]}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setErrors((current) => ({ ...current, currency: undefined }));
          }}
          error={errors.currency}
        />
        <FormActions onCancel={onClose} saving={saving} submitLabel="Save Budget" mt="sm" gap="sm" />
      </Stack>
    </form>
  );
}

export function BudgetModal({ opened, onClose, ...form }: BudgetModalProps) {
  return (
    <Modal styles={modalStyles} closeButtonProps={closeButtonProps} opened={opened} onClose={onClose} title="Trip Budget" radius="lg" size="sm">
      {opened && <BudgetForm {...form} onClose={onClose} />}
    </Modal>
  );
}
