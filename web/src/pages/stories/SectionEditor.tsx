import { Button, Chip, CloseButton, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ImagePicker } from './ImagePicker';
import { RichTextBody } from './RichTextBody';
import { MONTHS } from '../../platform/domain';
import { emptyItem, type EditorItem, type EditorSection } from './editorModel';

const KIND = { PLACES: 'Places', FAVORITES: 'Favorites', TEXT: 'Text', BEST_TIME: 'Best time' } as const;

/** One section of the editor: its title, a remove control, and its items or its rich-text body. */
export function SectionEditor({
  section,
  index,
  onChange,
  onRemove,
}: {
  section: EditorSection;
  index: number;
  onChange: (s: EditorSection) => void;
  onRemove: () => void;
}) {
  const name = section.title || `Section ${index + 1}`;
  const setItem = (key: string, patch: Partial<EditorItem>) =>
    onChange({ ...section, items: section.items.map((i) => (i.key === key ? { ...i, ...patch } : i)) });
  return (
    <Paper withBorder p="md" component="fieldset" aria-label={`Section ${index + 1}: ${name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {KIND[section.type]}
          </Text>
          <CloseButton aria-label={`Remove section ${name}`} onClick={onRemove} />
        </Group>
        <TextInput
          label={section.type === 'TEXT' ? 'Heading' : 'Section title'}
          value={section.title}
          onChange={(e) => onChange({ ...section, title: e.currentTarget.value })}
        />
        {section.type === 'BEST_TIME' ? (
          <Stack gap="xs">
            <Chip.Group
              multiple
              value={section.months}
              // Kept in calendar order, however they were picked.
              onChange={(picked) => onChange({ ...section, months: MONTHS.filter((m) => picked.includes(m)) })}
            >
              <Group gap={6} role="group" aria-label={`${name} months`}>
                {MONTHS.map((m) => (
                  <Chip key={m} value={m} size="xs">
                    {m}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Textarea
              label="Note"
              autosize
              minRows={2}
              value={section.note}
              onChange={(e) => onChange({ ...section, note: e.currentTarget.value })}
              aria-label={`${name} note`}
            />
          </Stack>
        ) : section.type === 'TEXT' ? (
          <RichTextBody label={`${name} text`} value={section.body} onChange={(body) => onChange({ ...section, body })} />
        ) : (
          <Stack gap="sm">
            {section.items.map((item, i) => (
              <Paper key={item.key} withBorder p="sm" bg="gray.0">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-end">
                    <TextInput
                      label="Name"
                      value={item.name}
                      onChange={(e) => setItem(item.key, { name: e.currentTarget.value })}
                      style={{ flex: 1 }}
                      aria-label={`${name} item ${i + 1} name`}
                    />
                    <CloseButton
                      aria-label={`Remove item ${i + 1} of ${name}`}
                      onClick={() => onChange({ ...section, items: section.items.filter((x) => x.key !== item.key) })}
                    />
                  </Group>
                  <Textarea
                    label="Note"
                    autosize
                    minRows={1}
                    value={item.note}
                    onChange={(e) => setItem(item.key, { note: e.currentTarget.value })}
                    aria-label={`${name} item ${i + 1} note`}
                  />
                  {section.type === 'PLACES' && (
                    <ImagePicker label="Add image" value={item.imageUrl} onChange={(imageUrl) => setItem(item.key, { imageUrl })} />
                  )}
                </Stack>
              </Paper>
            ))}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange({ ...section, items: [...section.items, emptyItem()] })}
              style={{ alignSelf: 'flex-start' }}
            >
              Add item
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
