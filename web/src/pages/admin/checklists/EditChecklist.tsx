/** The checklist rename form: its change goes through Relay, and the answer updates the row in place. */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { closeButtonProps, modalStyles } from '../../../components/modalStyles';
import { AdminChecklistMessages as M, CHECKLIST_CATEGORIES } from '../../../platform/domain';
import { adminFormErrors } from '../kit/adminFormErrors';
import { useAdminAction } from '../kit/useAdminAction';
import { useAdminUpdateChecklist } from './useAdminChecklistActions';
import type { ChecklistRow } from './ChecklistList';

export const CATEGORY_OPTIONS = CHECKLIST_CATEGORIES.map((c) => ({ value: c.value.toLowerCase(), label: c.label }));

export function EditChecklist({ checklist, onClose, onSaved }: { checklist: ChecklistRow; onClose: () => void; onSaved: () => void }) {
  const { run } = useAdminAction();
  const [update, saving] = useAdminUpdateChecklist();
  const [title, setTitle] = useState(checklist.title);
  const [category, setCategory] = useState(checklist.category);
  const [errors, setErrors] = useState<Partial<Record<'title' | 'category', string>>>({});
  // An edit proceeds only with a title that is given and new.
  const canSave = title.trim() !== '' && title.trim() !== checklist.title;
  const save = async () => {
    if (!canSave) return;
    const outcome = await run('update checklist', update({ input: { checklistId: checklist.id, title: title.trim(), category } }), M.checklistUpdated);
    if (outcome.ok) onSaved();
    else setErrors(adminFormErrors(outcome, ['title', 'category']));
  };
  return (
    <Modal opened onClose={onClose} title="Edit Checklist" styles={modalStyles} closeButtonProps={closeButtonProps}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} />
          <Select
            label="Category"
            data={CATEGORY_OPTIONS}
            value={category}
            onChange={(v) => setCategory(v ?? category)}
            allowDeselect={false}
            error={errors.category}
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
