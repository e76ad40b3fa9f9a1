/**
 * The confirmation every destructive action asks for (never window.confirm): a title, the
 * consequence in words, Cancel (focused first, so Enter does not destroy by accident) and the
 * action. While the action runs the dialog cannot be dismissed.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { closeButtonProps, modalStyles } from './modalStyles';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Dark red by default: white text on it reads at AA contrast. */
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra buttons between Cancel and the action. */
  extra?: ReactNode;
}

export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  color = 'red.9',
  loading = false,
  onConfirm,
  onClose,
  extra,
}: ConfirmDialogProps) {
  return (
    <Modal
      styles={modalStyles}
      closeButtonProps={closeButtonProps}
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={title}
      centered
      radius="lg"
      size="md"
    >
      {typeof children === 'string' ? <Text fz="sm">{children}</Text> : children}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
          {cancelLabel}
        </Button>
        {extra}
        <Button color={color} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
