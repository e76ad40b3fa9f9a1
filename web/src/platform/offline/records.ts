/**
 * The Relay store kept on the device, so a trip opened once reads again without a network. A
 * debounced snapshot of the store's records (`getSource().toJSON()`, pending changes' optimistic
 * records included) is merged into the user's saved records: a record the store has let go
 * (garbage collected when its screen closed) stays saved, so every trip opened stays readable.
 * A new environment opened offline starts from the saved records before its first query
 * (relayLoader waits for `recordsReady`); one opened online starts empty, as before. While offline the store's garbage collection is held, and a route's load
 * tops the store up from the saved records first.
 */
import type { Environment } from 'relay-runtime';
import type { MutableRecordSource, RecordMap } from 'relay-runtime/lib/store/RelayStoreTypes';
import { isOnline, onNetworkChange } from './network';
import { readValue, recordsKey, writeValue } from './storage';

/** Saved records beyond this many start again from the store's own (old trips make way). */
const MAX_SAVED_RECORDS = 50_000;
const SNAPSHOT_DELAY_MS = 800;

interface Persisted {
  environment: Environment;
  userId: string;
  restored: Promise<void>;
  timer?: ReturnType<typeof setTimeout>;
  gcHold?: { dispose(): void } | null;
  /** The account signed out (or another signed in): nothing more is written for it. */
  stopped?: boolean;
}

const persisted = new WeakMap<Environment, Persisted>();

/** Puts the saved records into the store (it never overwrites a field it holds). */
async function topUp(environment: Environment, userId: string): Promise<void> {
  const saved = await readValue<RecordMap>(recordsKey(userId));
  if (!saved) return;
  // The store's own source is mutable (RelayModernStore); its type shows only the reading side.
  const source = environment.getStore().getSource() as unknown as MutableRecordSource;
  for (const [id, record] of Object.entries(saved)) {
    if (!record) continue;
    const held = source.get(id);
    // A record the store holds keeps its fields and gains the saved ones it lacks: the root
    // record, say, which a new store starts with, empty.
    if (!held) source.set(id, record);
    else source.set(id, { ...record, ...held } as typeof held);
  }
}

/**
 * The saved records with the store's laid over them, field by field: a record both hold (the
 * root, a trip read by two screens) keeps the fields an earlier page saved and takes the store's
 * newer values, so opening one screen after a reload never forgets what another screen saved.
 */
export function mergeRecords(saved: RecordMap, current: RecordMap): RecordMap {
  if (Object.keys(saved).length + Object.keys(current).length > MAX_SAVED_RECORDS) return current;
  const merged: RecordMap = { ...saved };
  for (const [id, record] of Object.entries(current)) {
    const before = merged[id];
    merged[id] = record && before ? ({ ...before, ...record } as typeof record) : record;
  }
  return merged;
}

async function snapshot(state: Persisted): Promise<void> {
  if (state.stopped) return;
  const current = state.environment.getStore().getSource().toJSON();
  const saved = (await readValue<RecordMap>(recordsKey(state.userId))) ?? {};
  if (state.stopped) return;
  await writeValue(recordsKey(state.userId), mergeRecords(saved, current));
}

function schedule(state: Persisted) {
  clearTimeout(state.timer);
  state.timer = setTimeout(() => void snapshot(state), SNAPSHOT_DELAY_MS);
}

/**
 * Keeps `environment`'s records for `userId`: restores them now, saves them after each change
 * to the store. Call once per environment; `storeChanged` is to be called on each store notify.
 */
export function persistRecords(environment: Environment, userId: string): { storeChanged: () => void } {
  // Online, a page starts from the network as it always did: screens that read the store first
  // (store-or-network) would otherwise show what was saved at an earlier visit and never ask.
  // Offline, the saved records are all there is.
  const restored = isOnline() ? Promise.resolve() : topUp(environment, userId).catch(() => undefined);
  const state: Persisted = { environment, userId, restored };
  persisted.set(environment, state);
  const holdWhileOffline = () => {
    if (!isOnline() && !state.gcHold) state.gcHold = environment.getStore().holdGC();
    else if (isOnline() && state.gcHold) {
      state.gcHold.dispose();
      state.gcHold = null;
    }
  };
  holdWhileOffline();
  onNetworkChange(holdWhileOffline);
  window.addEventListener('pagehide', () => {
    clearTimeout(state.timer);
    void snapshot(state);
  });
  return { storeChanged: () => schedule(state) };
}

/** Resolves once the environment holds its saved records (at once for one not persisted). */
export async function recordsReady(environment: Environment): Promise<void> {
  const state = persisted.get(environment);
  if (!state) return;
  await state.restored;
  // Offline, a screen may need records the store has let go since: bring them back first.
  if (!isOnline()) await topUp(environment, state.userId).catch(() => undefined);
}

/** Stops saving `environment`'s records (its account signed out). */
export function stopPersisting(environment: Environment): void {
  const state = persisted.get(environment);
  if (!state) return;
  state.stopped = true;
  clearTimeout(state.timer);
  state.gcHold?.dispose();
  state.gcHold = null;
}

/** Writes the snapshot now (tests and sign-out ordering). */
export async function flushRecords(environment: Environment): Promise<void> {
  const state = persisted.get(environment);
  if (!state) return;
  clearTimeout(state.timer);
  await snapshot(state);
}
