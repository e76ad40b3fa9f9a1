/**
 * What the app keeps on the device for reading and writing offline, in IndexedDB through
 * idb-keyval: per signed-in user, the Relay records (`records:<user id>`, records.ts) and the
 * changes waiting for the network (`queue:<user id>`, queue.ts). Signing out removes all of it,
 * and the service worker's caches that hold the account's pictures (clearAccountData).
 */
import { clear, createStore, del, get, set, update, type UseStore } from 'idb-keyval';

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
