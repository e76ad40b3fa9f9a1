import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { closeButtonProps, modalStyles } from './modalStyles';

/**
 * An add/edit dialog whose form is mounted afresh on each opening, so it starts from the thing
 * as it is now (the checklist and checklist-item modals).
 */
export function FormModal({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} styles={modalStyles} closeButtonProps={closeButtonProps} centered radius="lg">
      {opened && children}
    </Modal>
  );
}
