/**
 * 'Add Item' and 'Edit Item': a description (required), an assignee among the trip's members
 * (or nobody) and an optional due date. Problems show on their fields, the server's included.
 */
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { CHECKLIST_LIMITS, ChecklistMessages, isCalendarDate } from '../../platform/domain';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import type { ItemRowData } from './ChecklistItemRow';
import { useSaveChecklistItem } from './useSaveChecklistItem';

const FIELDS = ['description', 'assignedToId', 'dueDate'] as const;
type Field = (typeof FIELDS)[number];
interface Values {
  description: string;
  assignedToId: string;
  dueDate: string;
}
const EMPTY: Values = { description: '', assignedToId: '', dueDate: '' };

export interface Member {
  id: string;
  name: string;
}

interface Props {
  opened: boolean;
  checklistId: string | null;
  /** The item being edited; null to add one. */
  editing: ItemRowData | null;
  members: readonly Member[];
  onClose: () => void;
}

export function ChecklistItemFormModal({ opened, checklistId, editing, members, onClose }: Props) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [save, saving] = useSaveChecklistItem();

  useEffect(() => {
    if (!opened) return;
    setValues(editing ? { description: editing.description, assignedToId: editing.assigneeId ?? '', dueDate: editing.dueDate ?? '' } : EMPTY);
    setErrors({});
  }, [opened, editing]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!checklistId) return;
    const description = values.description.trim();
    // The server's rules, checked here first so the field says so at once.
    if (!description) return setErrors({ description: ChecklistMessages.descriptionRequired });
    if (description.length > CHECKLIST_LIMITS.description) return setErrors({ description: ChecklistMessages.descriptionTooLong });
    if (values.dueDate && !isCalendarDate(values.dueDate)) return setErrors({ dueDate: ChecklistMessages.invalidDate });
    const outcome = await save(checklistId, editing?.id ?? null, {
      description,
      assignedToId: values.assignedToId || null,
      dueDate: values.dueDate || null,
    });
    if (outcome.ok) return onClose();
    const shown = formErrors(outcome, FIELDS);
    setErrors(shown.fields);
    if (shown.notice) notify.error(shown.notice);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit Item' : 'Add Item'}
      styles={modalStyles}
      closeButtonProps={closeButtonProps}
      centered
      radius="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Description"
            required
            data-autofocus
            placeholder="e.g. Sunscreen"
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
            error={errors.description}
          />
          <NativeSelect
            label="Assigned to"
            value={values.assignedToId}
            onChange={(e) => setValues({ ...values, assignedToId: e.currentTarget.value })}
            data={[{ value: '', label: 'Nobody' }, ...members.map((m) => ({ value: m.id, label: m.name }))]}
            error={errors.assignedToId}
          />
          <TextInput
            type="date"
            label="Due date"
            description="Optional"
            value={values.dueDate}
            onChange={(e) => setValues({ ...values, dueDate: e.currentTarget.value })}
            error={errors.dueDate}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Save Item' : 'Add Item'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
