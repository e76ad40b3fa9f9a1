/**
 * 'Add Checklist' and 'Edit Checklist': a title, a category (Packing List by default) and, when
 * adding, a starter template for the kind of trip, whose items are listed before it is chosen.
 * The server's own rule (checklists/validation.ts) checks the form before it is sent.
 */
import { NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { ChecklistTemplateKind } from '../../__generated__/useSaveChecklistAddMutation.graphql';
import { FormModal } from '../../components/FormModal';
import { CHECKLIST_CATEGORIES, CHECKLIST_LIMITS, CHECKLIST_TEMPLATES, CHECKLIST_TEMPLATE_KINDS, DEFAULT_CHECKLIST_CATEGORY } from '../../platform/domain';
import { useRuleForm } from '../../platform/form/useRuleForm';
import { problemsOf, validateChecklist } from '../../platform/rules';
import { useSaveChecklist, type ChecklistFormValues } from './useSaveChecklist';
import { FormActions } from '../../components/FormActions';

const FIELDS = ['title', 'category', 'template'] as const;
const EMPTY: ChecklistFormValues = { title: '', category: DEFAULT_CHECKLIST_CATEGORY, template: null };

interface Props {
  opened: boolean;
  tripId: string;
  connection: string;
  /** The checklist being edited; null to add one. */
  editing: { id: string; values: ChecklistFormValues } | null;
  onClose: () => void;
}

export function ChecklistFormModal({ opened, onClose, editing, ...rest }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title={editing ? 'Edit Checklist' : 'Add Checklist'}>
      <ChecklistForm editing={editing} onClose={onClose} {...rest} />
    </FormModal>
  );
}

function ChecklistForm({ tripId, connection, editing, onClose }: Omit<Props, 'opened'>) {
  const { form, onSubmit } = useRuleForm<ChecklistFormValues, (typeof FIELDS)[number]>({
    initialValues: editing?.values ?? EMPTY,
    problems: (v) => problemsOf(validateChecklist, v),
    fields: FIELDS,
  });
  const [save, saving] = useSaveChecklist(connection);
  const values = form.values;
  const template = values.template ? CHECKLIST_TEMPLATES[values.template] : null;

  const pickTemplate = (kind: string) => {
    const next = (kind || null) as ChecklistTemplateKind | null;
    // A template brings its own category, unless one was already chosen.
    form.setValues({ template: next, category: next && values.category === DEFAULT_CHECKLIST_CATEGORY ? CHECKLIST_TEMPLATES[next].category : values.category });
  };

  return (
    <form onSubmit={onSubmit((v) => save(tripId, editing?.id ?? null, { ...v, title: v.title.trim() }), onClose)} noValidate>
      <Stack gap="md">
        {!editing && (
          <NativeSelect
            label="Start from a template"
            description="Starter items for the kind of trip; edit them freely afterwards."
            value={values.template ?? ''}
            onChange={(e) => pickTemplate(e.currentTarget.value)}
            data={[{ value: '', label: 'Empty checklist' }, ...CHECKLIST_TEMPLATE_KINDS.map((k) => ({ value: k, label: CHECKLIST_TEMPLATES[k].label }))]}
            error={form.errors.template}
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
          {...form.getInputProps('title')}
          maxLength={CHECKLIST_LIMITS.title + 20}
        />
        <NativeSelect
          label="Category"
          required
          {...form.getInputProps('category')}
          data={CHECKLIST_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
        />
        <FormActions onCancel={onClose} saving={saving} submitLabel={editing ? 'Save Checklist' : 'Add Checklist'} gap="sm" />
      </Stack>
    </form>
  );
}
