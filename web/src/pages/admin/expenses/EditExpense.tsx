/** The expense edit form: its change goes through Relay, and the answer updates the row in place. */
import { useForm } from '@mantine/form';
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { closeButtonProps, modalStyles } from '../../../components/modalStyles';
import { AdminExpenseMessages as M, EXPENSE_CATEGORIES, TRIP_CURRENCIES } from '../../../platform/domain';
import { focusFirstError } from '../../../platform/form/ruleForm';
import { adminFormErrors } from '../kit/adminFormErrors';
import { useAdminAction } from '../kit/useAdminAction';
import { useAdminUpdateExpense } from './useAdminExpenseActions';
import type { ExpenseRow } from './ExpenseList';
import { categoryText } from './Totals';

const categories = EXPENSE_CATEGORIES.map((c) => c.toLowerCase());

export function EditExpense({ expense, onClose, onSaved }: { expense: ExpenseRow; onClose: () => void; onSaved: () => void }) {
  const { run } = useAdminAction();
  const [update, saving] = useAdminUpdateExpense();
  // The expense rules are the expenses service's, run by the server; its refusals land on their fields.
  const form = useForm({
    initialValues: {
      title: expense.title,
      amount: expense.amount,
      currency: expense.currency,
      category: expense.category,
      expenseDate: expense.expenseDate ?? '',
      notes: expense.notes ?? '',
      exchangeRate: '',
    },
  });
  const values = form.values;
  const save = async ({ exchangeRate, ...fields }: typeof values) => {
    const input = { expenseId: expense.id, ...fields, ...(exchangeRate.trim() ? { exchangeRate } : {}) };
    const outcome = await run('update expense', update({ input }), M.expenseUpdated);
    if (outcome.ok) return onSaved();
    const errors = adminFormErrors(outcome, Object.keys(values) as (keyof typeof values)[]);
    form.setErrors(errors);
    focusFirstError(form)(errors);
  };
  return (
    <Modal opened onClose={onClose} title="Edit Expense" styles={modalStyles} closeButtonProps={closeButtonProps}>
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack>
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <Group grow align="flex-start">
            <TextInput label="Amount" required type="number" step="0.01" min="0" {...form.getInputProps('amount')} />
            <Select
              label="Currency"
              data={[...TRIP_CURRENCIES]}
              {...form.getInputProps('currency')}
              onChange={(v) => form.setFieldValue('currency', v ?? values.currency)}
              allowDeselect={false}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Category"
              data={categories.map((c) => ({ value: c, label: categoryText(c) }))}
              {...form.getInputProps('category')}
              onChange={(v) => form.setFieldValue('category', v ?? values.category)}
              allowDeselect={false}
            />
            <TextInput label="Date" type="date" {...form.getInputProps('expenseDate')} />
          </Group>
          <TextInput label="Exchange rate (when the currency changes)" placeholder="e.g. 1.08" {...form.getInputProps('exchangeRate')} />
          <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!values.title.trim() || !values.amount.trim()}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
