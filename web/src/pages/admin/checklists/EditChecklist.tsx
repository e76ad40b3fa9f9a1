/** The checklist rename form: its change goes through Relay, and the answer updates the row in place. */
import { useForm } from '@mantine/form';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { closeButtonProps, modalStyles } from '../../../components/modalStyles';
import { AdminChecklistMessages as M, CHECKLIST_CATEGORIES } from '../../../platform/domain';
import { focusFirstError, ruleErrors } from '../../../platform/form/ruleForm';
import { problemsOf, validateChecklist } from '../../../platform/rules';
import { adminFormErrors } from '../kit/adminFormErrors';
import { useAdminAction } from '../kit/useAdminAction';
import { useAdminUpdateChecklist } from './useAdminChecklistActions';
import type { ChecklistRow } from './ChecklistList';

export const CATEGORY_OPTIONS = CHECKLIST_CATEGORIES.map((c) => ({ value: c.value.toLowerCase(), label: c.label }));

const FIELDS = ['title', 'category'] as const;

export function EditChecklist({ checklist, onClose, onSaved }: { checklist: ChecklistRow; onClose: () => void; onSaved: () => void }) {
  const { run } = useAdminAction();
  const [update, saving] = useAdminUpdateChecklist();
  // The checklists' own rule (checklists/validation.ts), the one the server runs.
  const form = useForm({
    initialValues: { title: checklist.title, category: checklist.category },
    validate: ruleErrors((v) => problemsOf(validateChecklist, { title: v.title, category: v.category.toUpperCase(), template: null }), FIELDS),
  });
  const title = form.values.title.trim();
  // An edit proceeds only with a title that is given and new (the console's own rule, checked again by its service).
  const canSave = title !== '' && title !== checklist.title;
  const save = async ({ category }: typeof form.values) => {
    if (!canSave) return;
    const outcome = await run('update checklist', update({ input: { checklistId: checklist.id, title, category } }), M.checklistUpdated);
    if (outcome.ok) onSaved();
    else form.setErrors(adminFormErrors(outcome, FIELDS));
  };
  return (
    <Modal opened onClose={onClose} title="Edit Checklist" styles={modalStyles} closeButtonProps={closeButtonProps}>
      <form onSubmit={form.onSubmit(save, focusFirstError(form))} noValidate>
        <Stack>
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <Select
            label="Category"
            data={CATEGORY_OPTIONS}
            {...form.getInputProps('category')}
            onChange={(v) => form.setFieldValue('category', v ?? form.values.category)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!canSave}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
