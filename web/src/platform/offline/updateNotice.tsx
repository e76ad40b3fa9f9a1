/** The "Reload to update" notice for a waiting new build (serviceWorker.ts). */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

export function offerUpdate(reload: () => void): void {
  notifications.show({
    id: 'sw-update',
    color: 'blue',
    title: 'A new version of Tripcrew is ready',
    autoClose: false,
    closeButtonProps: { 'aria-label': 'Dismiss notice' },
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">Reload to use it.</Text>
        <Button size="xs" onClick={reload}>
          Reload to update
        </Button>
      </Group>
    ),
  });
}
