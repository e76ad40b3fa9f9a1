/**
 * The guide editor's building blocks: a list of texts and a list of rows, each with add and
 * remove buttons (no JSON for anyone to type), and a price in whole units with its currency.
 */
import { ActionIcon, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TRIP_CURRENCIES } from '../../../platform/domain';
import type { GuideFormValues } from './guideForm';

export type GuideForm = UseFormReturnType<GuideFormValues>;

/** The value at a dotted path of the form ("content.tips"). */
const at = (form: GuideForm, path: string): unknown[] =>
  (path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], form.values) as unknown[] | undefined) ?? [];

/** A list's name and how full it is: 'Tips (3/10)'. */
function ListHeading({ label, count, max }: { label: string; count: number; max: number }) {
  return (
    <Text size="sm" fw={600}>
      {label}{' '}
      <Text span size="xs" c="dimmed">
        ({count}/{max})
      </Text>
    </Text>
  );
}

/** Adds a row to a list, until it holds its most. */
function AddButton({ itemLabel, full, onAdd }: { itemLabel: string; full: boolean; onAdd: () => void }) {
  return (
    <Button variant="light" size="compact-sm" w="fit-content" leftSection={<IconPlus size={14} aria-hidden />} disabled={full} onClick={onAdd}>
      Add {itemLabel.toLowerCase()}
    </Button>
  );
}

/** A list of short texts (tags, tips, a plan's days): one input a row. */
export function TextList({
  form,
  path,
  label,
  itemLabel,
  max,
  multiline,
}: {
  form: GuideForm;
  path: string;
  label: string;
  itemLabel: string;
  max: number;
  multiline?: boolean;
}) {
  const items = at(form, path);
  const Input = multiline ? Textarea : TextInput;
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <ListHeading label={label} count={items.length} max={max} />
      {items.map((_, i) => (
        <Group key={i} gap={6} align="flex-start" wrap="nowrap">
          <Input
            {...form.getInputProps(`${path}.${i}`)}
            aria-label={`${itemLabel} ${i + 1}`}
            placeholder={itemLabel}
            style={{ flex: 1, minWidth: 0 }}
            {...(multiline ? { autosize: true, minRows: 1 } : {})}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove ${itemLabel.toLowerCase()} ${i + 1}`}
            onClick={() => form.removeListItem(path, i)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <AddButton itemLabel={itemLabel} full={items.length >= max} onAdd={() => form.insertListItem(path, '')} />
    </Stack>
  );
}

/** A list of rows of several fields (hotels, tours, plans): each row framed, with its own Remove. */
export function RowList<T>({
  form,
  path,
  label,
  itemLabel,
  max,
  blank,
  children,
}: {
  form: GuideForm;
  path: string;
  label: string;
  itemLabel: string;
  max: number;
  blank: () => T;
  children: (base: string, index: number) => ReactNode;
}) {
  const items = at(form, path);
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <ListHeading label={label} count={items.length} max={max} />
      {items.map((_, i) => (
        <Paper key={i} withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {itemLabel} {i + 1}
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={`Remove ${itemLabel.toLowerCase()} ${i + 1}`}
                onClick={() => form.removeListItem(path, i)}
              >
                Remove
              </Button>
            </Group>
            {children(`${path}.${i}`, i)}
          </Stack>
        </Paper>
      ))}
      <AddButton itemLabel={itemLabel} full={items.length >= max} onAdd={() => form.insertListItem(path, blank())} />
    </Stack>
  );
}

/** A price typed in whole units (the form keeps them; the editor sends minor units). */
export function PriceField({ form, path, label }: { form: GuideForm; path: string; label: string }) {
  return (
    <Group gap={6} align="flex-start" wrap="nowrap">
      <NumberInput {...form.getInputProps(`${path}.amount`)} label={label} min={0} decimalScale={2} thousandSeparator="," style={{ flex: 1, minWidth: 0 }} />
      <Select
        {...form.getInputProps(`${path}.currency`)}
        label="Currency"
        data={[...TRIP_CURRENCIES]}
        allowDeselect={false}
        w={96}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
