/**
 * One item: its checkbox (ticked optimistically), description, '(Assigned to {name})', its due
 * day (red once overdue), Edit and Delete (asked first).
 */
import { ActionIcon, Badge, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { graphql, useFragment } from 'react-relay';
import type { ChecklistItemRow_item$key } from '../../__generated__/ChecklistItemRow_item.graphql';
import { formatDateRange } from '../../components/dateFormat';
import { WaitingBadge } from '../../platform/offline/WaitingChanges';
import { isOverdue } from './phase';

const Fragment = graphql`
  fragment ChecklistItemRow_item on ChecklistItem {
    id
    description
    isCompleted
    dueDate
    assigneeName
    assignee {
      id
    }
  }
`;

export interface ItemRowData {
  id: string;
  description: string;
  isCompleted: boolean;
  dueDate: string | null;
  assigneeId: string | null;
}

interface Props {
  item: ChecklistItemRow_item$key;
  today: string;
  onToggle: (id: string, isCompleted: boolean) => void;
  onEdit: (item: ItemRowData) => void;
  onDelete: (item: ItemRowData) => void;
}

export function ChecklistItemRow({ item, today, onToggle, onEdit, onDelete }: Props) {
  const data = useFragment(Fragment, item);
  const overdue = isOverdue(data.dueDate, data.isCompleted, today);
  const row: ItemRowData = {
    id: data.id,
    description: data.description,
    isCompleted: data.isCompleted,
    dueDate: data.dueDate ?? null,
    assigneeId: data.assignee?.id ?? null,
  };
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      py={6}
      data-testid="checklist-item"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
        <Checkbox mt={2} checked={data.isCompleted} onChange={(e) => onToggle(data.id, e.currentTarget.checked)} aria-label={data.description} />
        <div style={{ minWidth: 0 }}>
          <Text fz="sm" td={data.isCompleted ? 'line-through' : undefined} c={data.isCompleted ? 'dark.3' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {data.description}
          </Text>
          <Group gap={6} wrap="wrap">
            {data.assigneeName && (
              <Text fz="xs" c="dark.4">
                (Assigned to {data.assigneeName})
              </Text>
            )}
            {data.dueDate && (
              <Badge size="sm" variant="light" color={overdue ? 'red' : 'gray'} c={overdue ? 'red.9' : 'dark.5'}>
                {overdue ? 'Overdue · ' : 'Due '}
                {formatDateRange(data.dueDate, data.dueDate)}
              </Badge>
            )}
            <WaitingBadge id={data.id} />
          </Group>
        </div>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Edit item" withArrow>
          <ActionIcon variant="subtle" color="gray.8" aria-label={`Edit ${data.description}`} onClick={() => onEdit(row)}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete item" withArrow>
          <ActionIcon variant="subtle" color="red.9" aria-label={`Delete ${data.description}`} onClick={() => onDelete(row)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
