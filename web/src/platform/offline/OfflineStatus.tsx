/**
 * The signed-in shell's honest status: a small banner while offline (trips opened before read
 * from the device, changes kept until the connection returns, with their count), the count of
 * changes still being sent once back online, and the choice a conflict asks for: an edit made
 * from an older copy of an item that someone else changed (keep mine, keep theirs) or deleted.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import type { GraphQLResponse } from 'relay-runtime';
import { isOnline, onNetworkChange } from './network';
import { enqueue, replayQueue, resolveConflict, useOfflineQueue, type QueuedConflict } from './queue';
import { newRequestKey } from '../relay/environment';

const useOnline = () => useSyncExternalStore(onNetworkChange, isOnline, () => true);

const changesText = (n: number) => (n === 1 ? '1 change waiting' : `${n} changes waiting`);

/** The item as it is now, from a conflict answer (`current`: null when deleted). */
function currentOf(response: GraphQLResponse): { title?: string; revision?: number } | null {
  const data = (response as { data?: Record<string, { current?: { title?: string; revision?: number } | null }> | null }).data;
  const root = data ? Object.values(data)[0] : null;
  return root?.current ?? null;
}

function ConflictChoice({ conflict }: { conflict: QueuedConflict }) {
  const current = currentOf(conflict.response);
  const mine = () => {
    // Sent again as a new change naming the revision seen now (it waits if offline again).
    const input = (conflict.change.variables.input ?? {}) as Record<string, unknown>;
    void enqueue({
      ...conflict.change,
      key: newRequestKey(),
      createdAt: new Date().toISOString(),
      variables: { ...conflict.change.variables, input: { ...input, expectedRevision: current?.revision ?? null } },
    }).then(() => {
      resolveConflict(conflict.change.key);
      if (isOnline()) void replayQueue();
    });
  };
  return (
    <Modal
      opened
      onClose={() => resolveConflict(conflict.change.key)}
      title={current ? 'Changed by someone else meanwhile' : 'Deleted by someone else meanwhile'}
      centered
    >
      <Stack gap="sm">
        <Text fz="sm">
          Your change: <strong>{conflict.change.label}</strong>
        </Text>
        {current ? (
          <>
            <Text fz="sm">
              Someone else saved this item while your change was on its way{current.title ? <> (it is now “{current.title}”)</> : null}. Keep your version or
              theirs?
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => resolveConflict(conflict.change.key)}>
                Keep theirs
              </Button>
              <Button onClick={mine}>Keep mine</Button>
            </Group>
          </>
        ) : (
          <>
            <Text fz="sm">The item was deleted, so your change could not be saved.</Text>
            <Group justify="flex-end">
              <Button onClick={() => resolveConflict(conflict.change.key)}>OK</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

export function OfflineStatus() {
  const online = useOnline();
  const { changes, conflicts } = useOfflineQueue();
  return (
    <>
      {!online && (
        <Alert variant="light" color="gray" icon={<IconCloudOff size={18} aria-hidden />} mb="md" role="status" p="xs" data-testid="offline-banner">
          <Text fz="sm">
            You are offline: trips you have opened can still be read, and changes are kept on this device.
            {changes.length > 0 && <strong> {changesText(changes.length)}.</strong>} Uploads and invitations need the connection.
          </Text>
        </Alert>
      )}
      {online && changes.length > 0 && (
        <Alert variant="light" color="blue" icon={<IconRefresh size={18} aria-hidden />} mb="md" role="status" p="xs" data-testid="offline-banner">
          <Text fz="sm">Saving the changes made offline: {changesText(changes.length)}.</Text>
        </Alert>
      )}
      {conflicts[0] && <ConflictChoice key={conflicts[0].change.key} conflict={conflicts[0]} />}
    </>
  );
}
