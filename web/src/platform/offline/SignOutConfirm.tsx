/**
 * Signing out clears the device (storage.ts), the changes still waiting for the network with
 * it: with any waiting, the reader is asked first ("3 changes have not been saved. Sign out
 * anyway?"); with none, signing out goes ahead at once.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { queueSnapshot, useOfflineQueue } from './queue';

export const unsavedText = (n: number) => (n === 1 ? '1 change has not been saved.' : `${n} changes have not been saved.`);

/** Wraps `signOut`: returns what Sign Out calls and the question it may show. */
export function useConfirmedSignOut(signOut: () => void): [() => void, ReactNode] {
  const [asking, setAsking] = useState(false);
  const { changes } = useOfflineQueue();
  const request = () => (queueSnapshot().changes.length > 0 ? setAsking(true) : signOut());
  const question = (
    <Modal opened={asking && changes.length > 0} onClose={() => setAsking(false)} title="Sign out with changes waiting?" centered>
      <Stack gap="sm">
        <Text fz="sm">
          {unsavedText(changes.length)} Sign out anyway? They are kept on this device only and are lost when you sign out; back online, they are saved on their
          own.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
            Stay signed in
          </Button>
          <Button
            color="red"
            onClick={() => {
              setAsking(false);
              signOut();
            }}
          >
            Sign out anyway
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return [request, question];
}
