/** The expense edit form: its change goes through Relay, and the answer updates the row in place. */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { closeButtonProps, modalStyles } from '../../../components/modalStyles';
import { AdminExpenseMessages as M, EXPENSE_CATEGORIES, TRIP_CURRENCIES } from '../../../platform/domain';
import { adminFormErrors } from '../kit/adminFormErrors';
import { useAdminAction } from '../kit/useAdminAction';
import { useAdminUpdateExpense } from './useAdminExpenseActions';
import type { ExpenseRow } from './ExpenseList';
import { categoryText } from './Totals';

const categories = EXPENSE_CATEGORIES.map((c) => c.toLowerCase());

export function EditExpense({ expense, onClose, onSaved }: { expense: ExpenseRow; onClose: () => void; onSaved: () => void }) {
  const { run } = useAdminAction();
  const [update, saving] = useAdminUpdateExpense();
  const [form, setForm] = useState({
    title: expense.title,
    amount: expense.amount,
    currency: expense.currency,
    category: expense.category,
    expenseDate: expense.expenseDate ?? '',
    notes: expense.notes ?? '',
    exchangeRate: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) => setForm({ ...form, [key]: e.currentTarget.value });
  const save = async () => {
    const { exchangeRate, ...fields } = form;
    const input = { expenseId: expense.id, ...fields, ...(exchangeRate.trim() ? { exchangeRate } : {}) };
    const outcome = await run('update expense', update({ input }), M.expenseUpdated);
    if (outcome.ok) onSaved();
    else setErrors(adminFormErrors(outcome, Object.keys(form) as (keyof typeof form)[]));
  };
  return (
    <Modal opened onClose={onClose} title="Edit Expense" styles={modalStyles} closeButtonProps={closeButtonProps}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput label="Title" required value={form.title} onChange={set('title')} error={errors.title} />
          <Group grow align="flex-start">
            <TextInput label="Amount" required type="number" step="0.01" min="0" value={form.amount} onChange={set('amount')} error={errors.amount} />
            <Select
              label="Currency"
              data={[...TRIP_CURRENCIES]}
              value={form.currency}
              onChange={(v) => setForm({ ...form, currency: v ?? form.currency })}
              allowDeselect={false}
              error={errors.currency}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Category"
              data={categories.map((c) => ({ value: c, label: categoryText(c) }))}
              value={form.category}
              onChange={(v) => setForm({ ...form, category: v ?? form.category })}
              allowDeselect={false}
              error={errors.category}
            />
            <TextInput label="Date" type="date" value={form.expenseDate} onChange={set('expenseDate')} error={errors.expenseDate} />
          </Group>
          <TextInput
            label="Exchange rate (when the currency changes)"
            placeholder="e.g. 1.08"
            value={form.exchangeRate}
            onChange={set('exchangeRate')}
            error={errors.exchangeRate}
          />
          <Textarea label="Notes" autosize minRows={2} value={form.notes} onChange={set('notes')} error={errors.notes} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!form.title.trim() || !form.amount.trim()}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
