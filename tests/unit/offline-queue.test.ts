import { describe, expect, it, vi } from 'vitest';
import type { Environment } from 'relay-runtime';
import { enqueue, queueSnapshot, startQueue, type QueuedChange } from '../../web/src/platform/offline/queue';

/** A change waiting offline (only what the queue reads). */
const change = (key: string, targetId: string | null, replaces = false): QueuedChange => ({
  key,
  operationName: 'useSaveStoryMutation',
  documentId: null,
  text: null,
  variables: {},
  label: key,
  targetId,
  scope: null,
  replaces,
  createdAt: new Date(0).toISOString(),
});

describe('the offline queue (web/src/platform/offline/queue.ts)', () => {
  it('a change that replaces drops the earlier waiting one of the same thing (a draft saved again), and only that', async () => {
    // No IndexedDB here, and the device offline: everything stays waiting.
    vi.stubGlobal('navigator', { onLine: false });
    const send = vi.fn(() => Promise.reject(new TypeError('offline')));
    startQueue({ userId: 'u1', environment: {} as Environment, send, publish: async () => undefined, report: () => undefined });
    const dropped = vi.fn();
    await enqueue(change('a', 'story-draft:1', true), dropped);
    await enqueue(change('b', 'story-draft:1', true));
    await enqueue(change('c', 'story-draft:2', true));
    await enqueue(change('d', 'item-1'));
    await enqueue(change('e', 'item-1'));
    expect(queueSnapshot().changes.map((c) => c.key)).toEqual(['b', 'c', 'd', 'e']);
    // The replaced change's screen hears it will not be sent.
    expect(dropped).toHaveBeenCalledWith(null);
    expect(send).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
