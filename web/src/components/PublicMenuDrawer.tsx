import { Divider, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './Logo';

/**
 * The public header's menu on narrow screens. Its own chunk (see PublicHeader): a drawer brings
 * focus trapping, scroll locking and transitions that a first page view does not need.
 */
export default function PublicMenuDrawer({ opened, onClose, links, actions }: { opened: boolean; onClose: () => void; links: ReactNode; actions: ReactNode }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="80%" title={<Logo />} hiddenFrom="md">
      <Stack component="nav" aria-label="Main" gap="md">
        {links}
        <Divider />
        {actions}
      </Stack>
    </Drawer>
  );
}
