/**
 * Changes made offline that wait for the network (queue.ts), where they belong: a "Waiting"
 * mark beside a thing changed offline, and the list of what was added offline under its
 * checklist or trip, until the server has it.
 */
import { Badge, List, Text } from '@mantine/core';
import { useIsWaiting, useOfflineQueue } from './queue';

/** "Waiting" beside a thing with a change kept offline. */
export function WaitingBadge({ id }: { id: string }) {
  if (!useIsWaiting(id)) return null;
  return (
    <Badge size="sm" variant="light" color="orange" c="orange.9" data-testid="waiting-badge">
      Waiting
    </Badge>
  );
}

/** The changes of `scope` (a checklist, a trip) made offline, not tied to a thing on screen yet. */
export function WaitingList({ scope, title }: { scope: string; title: string }) {
  const { changes } = useOfflineQueue();
  const waiting = changes.filter((c) => c.scope === scope && !c.targetId);
  if (waiting.length === 0) return null;
  return (
    <div aria-label={title} role="region">
      <Text fz="sm" fw={600}>
        {title}
      </Text>
      <List size="sm" spacing={4}>
        {waiting.map((c) => (
          <List.Item key={c.key}>
            {c.label}{' '}
            <Badge size="sm" variant="light" color="orange" c="orange.9">
              Waiting
            </Badge>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
