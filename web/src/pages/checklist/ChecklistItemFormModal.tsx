/**
 * 'Add Item' and 'Edit Item': a description (required), an assignee among the trip's members
 * (or nobody) and an optional due date. The server's own rule (checklists/validation.ts) checks
 * the form before it is sent; problems show on their fields, the server's included.
 */
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { FormModal } from '../../components/FormModal';
import { useRuleForm } from '../../platform/form/useRuleForm';
import { problemsOf, validateChecklistItem } from '../../platform/rules';
import type { ItemRowData } from './ChecklistItemRow';
import { useSaveChecklistItem } from './useSaveChecklistItem';
import { FormActions } from '../../components/FormActions';

const FIELDS = ['description', 'assignedToId', 'dueDate'] as const;
interface Values {
  description: string;
  assignedToId: string;
  dueDate: string;
}
const EMPTY: Values = { description: '', assignedToId: '', dueDate: '' };

/** The item as the server's rule reads it; whether the assignee is on the trip is the server's check. */
const ruleInput = (v: Values) => ({ description: v.description, assignedToId: null, dueDate: v.dueDate || null });

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

export function ChecklistItemFormModal({ opened, onClose, editing, ...rest }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title={editing ? 'Edit Item' : 'Add Item'}>
      <ItemForm editing={editing} onClose={onClose} {...rest} />
    </FormModal>
  );
}

function ItemForm({ checklistId, editing, members, onClose }: Omit<Props, 'opened'>) {
  const { form, onSubmit } = useRuleForm<Values, (typeof FIELDS)[number]>({
    initialValues: editing ? { description: editing.description, assignedToId: editing.assigneeId ?? '', dueDate: editing.dueDate ?? '' } : EMPTY,
    problems: (v) => problemsOf(validateChecklistItem, ruleInput(v)),
    fields: FIELDS,
  });
  const [save, saving] = useSaveChecklistItem();
  const send = (v: Values) =>
    checklistId
      ? save(checklistId, editing?.id ?? null, { description: v.description.trim(), assignedToId: v.assignedToId || null, dueDate: v.dueDate || null })
      : null;

  return (
    <form onSubmit={onSubmit(send, onClose)} noValidate>
      <Stack gap="md">
        <TextInput label="Description" required data-autofocus placeholder="e.g. Sunscreen" {...form.getInputProps('description')} />
        <NativeSelect
          label="Assigned to"
          {...form.getInputProps('assignedToId')}
          data={[{ value: '', label: 'Nobody' }, ...members.map((m) => ({ value: m.id, label: m.name }))]}
        />
        <TextInput type="date" label="Due date" description="Optional" {...form.getInputProps('dueDate')} />
        <FormActions onCancel={onClose} saving={saving} submitLabel={editing ? 'Save Item' : 'Add Item'} gap="sm" />
      </Stack>
    </form>
  );
}
