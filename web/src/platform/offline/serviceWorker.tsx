/**
 * Registers the service worker (built by vite-plugin-pwa, see web/vite.config.ts) and offers a
 * waiting new build as "Reload to update": the worker of a new build installs beside the running
 * one and takes over only when the reader accepts, then every tab reloads on the new build, so
 * one page never mixes two builds' chunks. Loaded by main.tsx after the page's `load` event, in
 * a chunk of its own (workbox-window stays out of the first paint).
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Workbox } from 'workbox-window';

const UPDATE_NOTICE = 'sw-update';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  const offerUpdate = () => {
    notifications.show({
      id: UPDATE_NOTICE,
      color: 'blue',
      title: 'A new version of Tripcrew is ready',
      autoClose: false,
      closeButtonProps: { 'aria-label': 'Dismiss notice' },
      message: (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">Reload to use it.</Text>
          <Button
            size="xs"
            onClick={() => {
              // The new worker takes control; `controlling` reloads this tab on it.
              wb.addEventListener('controlling', () => window.location.reload());
              wb.messageSkipWaiting();
            }}
          >
            Reload to update
          </Button>
        </Group>
      ),
    });
  };
  wb.addEventListener('waiting', offerUpdate);
  wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
  // A tab left open for long learns of a new build when it comes back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  });
}
