/**
 * What a page and the service worker agree on to share the queue of waiting changes: a Web
 * Lock held by whichever sends (so both never send the same change at once: the idempotency
 * key makes a repeat harmless, but a repeat is still not sent), the Background Sync tag a page
 * registers when it queues a change, and the channel the worker tells open pages on.
 */
export const QUEUE_LOCK = 'tripcrew-queue';
export const SYNC_TAG = 'tripcrew-queue';
export const QUEUE_CHANNEL = 'tripcrew-queue';

/** Runs `send` holding the queue's lock (at once where the browser has no Web Locks). */
export function withQueueLock<T>(send: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock is released when `send` settles; its result is the request's.
  return locks ? (locks.request(QUEUE_LOCK, send) as Promise<unknown> as Promise<T>) : send();
}

/** The message the worker posts on QUEUE_CHANNEL after it has answered changes. */
export interface QueueMessage {
  type: 'answered';
  userId: string;
}
