/**
 * 'Add Checklist' and 'Edit Checklist': a title, a category (Packing List by default) and, when
 * adding, a starter template for the kind of trip, whose items are listed before it is chosen.
 */
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import type { ChecklistCategory, ChecklistTemplateKind } from '../../__generated__/useSaveChecklistAddMutation.graphql';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import {
  CHECKLIST_CATEGORIES,
  CHECKLIST_LIMITS,
  CHECKLIST_TEMPLATES,
  CHECKLIST_TEMPLATE_KINDS,
  ChecklistMessages,
  DEFAULT_CHECKLIST_CATEGORY,
} from '../../platform/domain';
import { formErrors } from '../../platform/formErrors';
import { notify } from '../../platform/notify';
import { useSaveChecklist, type ChecklistFormValues } from './useSaveChecklist';

const FIELDS = ['title', 'category', 'template'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: ChecklistFormValues = { title: '', category: DEFAULT_CHECKLIST_CATEGORY, template: null };

interface Props {
  opened: boolean;
  tripId: string;
  connection: string;
  /** The checklist being edited; null to add one. */
  editing: { id: string; values: ChecklistFormValues } | null;
  onClose: () => void;
}

export function ChecklistFormModal({ opened, tripId, connection, editing, onClose }: Props) {
  const [values, setValues] = useState<ChecklistFormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [save, saving] = useSaveChecklist(connection);

  useEffect(() => {
    if (!opened) return;
    setValues(editing?.values ?? EMPTY);
    setErrors({});
  }, [opened, editing]);

  const template = values.template ? CHECKLIST_TEMPLATES[values.template] : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (values.title.trim().length > CHECKLIST_LIMITS.title) return setErrors({ title: ChecklistMessages.titleTooLong });
    const outcome = await save(tripId, editing?.id ?? null, { ...values, title: values.title.trim() });
    if (outcome.ok) return onClose();
    const shown = formErrors(outcome, FIELDS);
    setErrors(shown.fields);
    if (shown.notice) notify.error(shown.notice);
  };

  const pickTemplate = (kind: string) => {
    const next = (kind || null) as ChecklistTemplateKind | null;
    // A template brings its own category, unless one was already chosen.
    setValues((v) => ({ ...v, template: next, category: next && v.category === DEFAULT_CHECKLIST_CATEGORY ? CHECKLIST_TEMPLATES[next].category : v.category }));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit Checklist' : 'Add Checklist'}
      styles={modalStyles}
      closeButtonProps={closeButtonProps}
      centered
      radius="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {!editing && (
            <NativeSelect
              label="Start from a template"
              description="Starter items for the kind of trip; edit them freely afterwards."
              value={values.template ?? ''}
              onChange={(e) => pickTemplate(e.currentTarget.value)}
              data={[{ value: '', label: 'Empty checklist' }, ...CHECKLIST_TEMPLATE_KINDS.map((k) => ({ value: k, label: CHECKLIST_TEMPLATES[k].label }))]}
              error={errors.template}
            />
          )}
          {template && (
            <Text fz="xs" c="dark.4" data-testid="template-preview">
              {template.items.length} items: {template.items.slice(0, 6).join(', ')}…
            </Text>
          )}
          <TextInput
            label="Title"
            placeholder={template?.title ?? CHECKLIST_CATEGORIES.find((c) => c.value === values.category)?.label}
            description="Leave empty to use the template's or the category's name."
            value={values.title}
            onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
            error={errors.title}
            maxLength={CHECKLIST_LIMITS.title + 20}
          />
          <NativeSelect
            label="Category"
            required
            value={values.category}
            onChange={(e) => setValues({ ...values, category: e.currentTarget.value as ChecklistCategory })}
            data={CHECKLIST_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
            error={errors.category}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Save Checklist' : 'Add Checklist'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
