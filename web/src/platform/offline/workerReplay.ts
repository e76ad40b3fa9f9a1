/**
 * The service worker's half of the offline queue (web/src/sw.ts runs it on Background Sync's
 * `sync` event): it sends the changes a closed tab left waiting, in order, each with its own
 * Idempotency-Key and the very request a page would send (request.ts), holding the queue's lock
 * (coordination.ts) so an open page never sends one at the same time. Each answer moves the
 * change from the queue to `answered:<user id>` (storage.ts); the next page takes the answers in
 * (queue.ts: the store, "saved", a conflict's choice) and open pages are told at once.
 *
 * It cannot refresh the session: it holds only the access token a page left with the queue. An
 * expired token, or one the server refuses, leaves the rest waiting for the next open, whose
 * page refreshes the session and sends it. A change the network cannot carry yet makes the
 * sync fail, so the browser tries again later.
 */
import { withQueueLock } from './coordination';
import { isUnauthenticated, postGraphQL, queuedChangeRequestInit, type QueuedChange } from './request';
import type { AnsweredChange, ReplayCredential } from './storage';

/** What the replay reads and writes: IndexedDB and fetch in the worker, fakes in tests. */
export interface ReplayDevice {
  credential(): Promise<ReplayCredential | undefined>;
  queue(userId: string): Promise<QueuedChange[] | undefined>;
  answer(userId: string, answered: AnsweredChange): Promise<void>;
  fetch: typeof fetch;
  timeZone: string;
  /** Unix milliseconds. */
  now(): number;
}

/** `sent`: the queue is empty; `left`: changes wait for the next open (why); `answered`: how many were sent. */
export interface ReplayResult {
  status: 'sent' | 'left';
  reason?: 'no credential' | 'token expired' | 'token refused' | 'no answer';
  userId: string | null;
  answered: number;
}

/** A token this close to its expiry is not used: it could expire on the way. */
const EXPIRY_MARGIN_MS = 10_000;

export function replayWaitingChanges(device: ReplayDevice): Promise<ReplayResult> {
  return withQueueLock(async () => {
    const credential = await device.credential();
    if (!credential) return { status: 'left', reason: 'no credential', userId: null, answered: 0 };
    const { userId } = credential;
    let answered = 0;
    const left = (reason: ReplayResult['reason']): ReplayResult => ({ status: 'left', reason, userId, answered });
    // Read inside the lock: what a page sent meanwhile is no longer there.
    for (const change of (await device.queue(userId)) ?? []) {
      if (credential.expiresAt * 1000 - device.now() < EXPIRY_MARGIN_MS) return left('token expired');
      // A network failure rejects here: the sync fails and the browser retries it later.
      const { status, payload } = await postGraphQL(queuedChangeRequestInit(change, credential.accessToken, device.timeZone), device.fetch);
      if (isUnauthenticated(status, payload)) return left('token refused');
      // No GraphQL answer (the server failed): the next page decides, as it would have.
      if (!payload) return left('no answer');
      await device.answer(userId, { change, response: payload });
      answered++;
    }
    return { status: 'sent', userId, answered };
  });
}
