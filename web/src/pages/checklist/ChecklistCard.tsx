/**
 * One checklist: its title and category, how many items, completed and pending, a progress bar,
 * Edit and Delete ('This will also delete all items.'), its items and '+ Add Item'.
 */
import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ChecklistCard_checklist$key } from '../../__generated__/ChecklistCard_checklist.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ChecklistMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { WaitingList } from '../../platform/offline/WaitingChanges';
import { ChecklistItemRow, type ItemRowData } from './ChecklistItemRow';
import type { ChecklistFormValues } from './useSaveChecklist';
import { useDeleteChecklistItem } from './useDeleteChecklistItem';
import { useToggleChecklistItem } from './useToggleChecklistItem';

const Fragment = graphql`
  fragment ChecklistCard_checklist on Checklist {
    id
    title
    category
    categoryLabel
    itemCount
    completedCount
    pendingCount
    items {
      id
      description
      ...ChecklistItemRow_item
    }
  }
`;

interface Props {
  checklist: ChecklistCard_checklist$key;
  today: string;
  onEdit: (id: string, values: ChecklistFormValues) => void;
  onDelete: (id: string, title: string) => void;
  onAddItem: (checklistId: string) => void;
  onEditItem: (checklistId: string, item: ItemRowData) => void;
}

export function ChecklistCard({ checklist, today, onEdit, onDelete, onAddItem, onEditItem }: Props) {
  const data = useFragment(Fragment, checklist);
  const [toggle] = useToggleChecklistItem();
  const [removeItem, removingItem] = useDeleteChecklistItem();
  const [deleting, setDeleting] = useState<ItemRowData | null>(null);
  const percent = data.itemCount ? Math.round((data.completedCount / data.itemCount) * 100) : 0;
  const headingId = `checklist-${data.id}`;

  const tick = async (itemId: string, isCompleted: boolean) => {
    const description = data.items.find((i) => i.id === itemId)?.description;
    const outcome = await toggle(data.id, itemId, isCompleted, description);
    if (!outcome.ok) notify.error(outcome.message);
  };

  const confirmDeleteItem = async () => {
    if (!deleting) return;
    const outcome = await removeItem(deleting.id);
    setDeleting(null);
    if (!outcome.ok) notify.error(outcome.message);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {data.title}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{data.categoryLabel}</Badge>
              <Text fz="sm" c="dark.4">
                {data.itemCount} {data.itemCount === 1 ? 'item' : 'items'} · {data.completedCount} completed · {data.pendingCount} pending
              </Text>
            </Group>
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => onEdit(data.id, { title: data.title, category: data.category, template: null })}
              aria-label={`Edit ${data.title}`}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              c="red.9"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onDelete(data.id, data.title)}
              aria-label={`Delete ${data.title}`}
            >
              Delete
            </Button>
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Progress value={percent} style={{ flex: 1 }} aria-label={`${data.title}: ${percent}% completed`} color="teal" size="md" />
          <Text fz="sm" fw={600} w={44} ta="right">
            {percent}%
          </Text>
        </Group>
        {data.items.length === 0 ? (
          <Text fz="sm" c="dark.4" ta="center" py="sm">
            {ChecklistMessages.noItems}
          </Text>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={`${data.title} items`}>
            {data.items.map((item) => (
              <ChecklistItemRow key={item.id} item={item} today={today} onToggle={tick} onEdit={(row) => onEditItem(data.id, row)} onDelete={setDeleting} />
            ))}
          </ul>
        )}
        <WaitingList scope={data.id} title="Added offline, waiting for the network" />
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onAddItem(data.id)}
          style={{ alignSelf: 'flex-start' }}
        >
          Add Item
        </Button>
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete item?"
        confirmLabel="Delete item"
        loading={removingItem}
        onConfirm={confirmDeleteItem}
        onClose={() => setDeleting(null)}
      >
        {deleting ? `"${deleting.description}" will be removed from this checklist.` : ''}
      </ConfirmDialog>
    </Paper>
  );
}
