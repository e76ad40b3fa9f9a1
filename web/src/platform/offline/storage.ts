/**
 * What the app keeps on the device for reading and writing offline, in IndexedDB through
 * idb-keyval: per signed-in user, the Relay records (`records:<user id>`, records.ts), the
 * changes waiting for the network (`queue:<user id>`, queue.ts), the answers the service worker
 * got for some of them while no page was open (`answered:<user id>`, workerReplay.ts), and, only
 * while changes wait, the access token the worker sends them with (`replay-credential`). Signing
 * out removes all of it, and the service worker's caches that hold the account's pictures
 * (clearAccountData). Used by the pages and by the service worker alike.
 */
import { clear, createStore, del, get, promisifyRequest, set, update, type UseStore } from 'idb-keyval';
import type { QueuedChange } from './request';

export const OFFLINE_DB = 'tripcrew-offline';
let db: UseStore | null = null;
/** The one object store (opened on first use: IndexedDB may be missing, e.g. a private window). */
export function offlineDb(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  db ??= createStore(OFFLINE_DB, 'keyval');
  return db;
}

export const recordsKey = (userId: string) => `records:${userId}`;
export const queueKey = (userId: string) => `queue:${userId}`;
export const answeredKey = (userId: string) => `answered:${userId}`;

/**
 * What the service worker needs to send the waiting changes of `userId` with no page open: the
 * session's access token (15 minutes, api/src/accounts/tokens.ts) and when it expires. Never the
 * refresh token: see queue.ts (keepCredential) for why.
 */
export interface ReplayCredential {
  userId: string;
  accessToken: string;
  /** Unix seconds. */
  expiresAt: number;
}
export const REPLAY_CREDENTIAL_KEY = 'replay-credential';

/** A waiting change the service worker sent, with the server's answer, for the next page to take in. */
export interface AnsweredChange {
  change: QueuedChange;
  response: { data?: unknown; errors?: unknown[] };
}

export async function readValue<T>(key: string): Promise<T | undefined> {
  const store = offlineDb();
  if (!store) return undefined;
  try {
    return await get<T>(key, store);
  } catch (error) {
    console.warn('Could not read offline data', error);
    return undefined;
  }
}

export async function writeValue(key: string, value: unknown): Promise<void> {
  const store = offlineDb();
  if (!store) return;
  try {
    await set(key, value, store);
  } catch (error) {
    console.warn('Could not keep offline data', error);
  }
}

export async function updateValue<T>(key: string, updater: (old: T | undefined) => T): Promise<void> {
  const store = offlineDb();
  if (!store) return;
  await update<T>(key, updater, store);
}

/**
 * A change answered: out of the queue and into the answers, in one transaction, so a page that
 * opens meanwhile finds it in exactly one of the two (never sent again, never lost).
 */
export async function moveToAnswered(userId: string, answered: AnsweredChange): Promise<void> {
  const store = offlineDb();
  if (!store) return;
  const [queued, answers] = [queueKey(userId), answeredKey(userId)];
  await store('readwrite', async (objects) => {
    const [waiting, done] = await Promise.all([promisifyRequest(objects.get(queued)), promisifyRequest(objects.get(answers))]);
    objects.put(
      ((waiting as QueuedChange[] | undefined) ?? []).filter((c) => c.key !== answered.change.key),
      queued,
    );
    objects.put([...((done as AnsweredChange[] | undefined) ?? []), answered], answers);
    return promisifyRequest(objects.transaction);
  });
}

export async function deleteValue(key: string): Promise<void> {
  const store = offlineDb();
  if (store) await del(key, store).catch(() => undefined);
}

/** The service worker's caches of an account's content (web/vite.config.ts runtimeCaching). */
const ACCOUNT_CACHES = ['photo-thumbnails', 'map-tiles'];

/** Sign-out: nothing the account read or wrote stays on the device. */
export async function clearAccountData(): Promise<void> {
  const store = offlineDb();
  await Promise.all([
    store ? clear(store).catch((error: unknown) => console.warn('Could not clear offline data', error)) : undefined,
    typeof caches === 'undefined' ? undefined : Promise.all(ACCOUNT_CACHES.map((name) => caches.delete(name))).catch(() => undefined),
  ]);
}
