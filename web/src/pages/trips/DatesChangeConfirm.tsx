/**
 * The one confirmation before a trip's dates change (the trip form's edit, a dates poll's "Use
 * these dates"): the new dates in words and the plan items they leave out (trips/datesChange.ts on
 * the server lists them), or that every item stays within them. Nothing changes until confirmed.
 */
import { List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { dayLabel } from '../../components/dateFormat';

export interface ItemOutside {
  readonly id: string;
  readonly title: string;
  readonly activityDate: string;
}

export interface DatesChangeConfirmProps {
  opened: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** "12 Jun – 17 Jun 2027": the dates the trip would run. */
  rangeText: string;
  items: readonly ItemOutside[];
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What else the change does ("The poll closes."). */
  note?: ReactNode;
}

export function DatesChangeConfirm({ opened, title, confirmLabel, cancelLabel, rangeText, items, loading, onConfirm, onClose, note }: DatesChangeConfirmProps) {
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      color="lagoon.8"
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Stack gap="xs">
        <Text>
          The trip will run {rangeText}. {note}
        </Text>
        {items.length > 0 ? (
          <>
            <Text fw={600}>These plan items fall outside the new dates:</Text>
            <List size="sm" aria-label="Plan items outside the new dates">
              {items.map((i) => (
                <List.Item key={i.id}>
                  {i.title} ({dayLabel(i.activityDate)})
                </List.Item>
              ))}
            </List>
            <Text fz="sm" c="dark.4">
              They stay on the plan, outside the trip, until you move or delete them.
            </Text>
          </>
        ) : (
          <Text fz="sm">Every plan item stays within them.</Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
