/**
 * Changes made without a network, kept until it returns. A mutation a screen marks as possible
 * offline (useOutcomeMutation's `offline`) is, when the device is offline or its request cannot
 * reach the server, put in this queue (IndexedDB, per user: `queue:<user id>`) with its document
 * id, variables and the idempotency key it was (or would have been) sent with; its optimistic
 * change stays on screen, marked "Waiting". The queue is sent in order, each change with the SAME
 * key (the server answers a repeated key once: api/src/server/idempotency.ts), when the browser
 * comes back online and whenever the app starts. Each answer goes into the Relay store; a
 * refusal is shown as a notice, a conflict (an itinerary item changed meanwhile) as a choice.
 *
 * Where the browser has Background Sync, queuing a change also registers a sync, and the service
 * worker sends the queue when the connection returns even if no tab is open (workerReplay.ts).
 * A page and the worker send only while holding the queue's Web Lock; the worker's answers wait
 * in `answered:<user id>` and a page takes them in first thing under the lock (at start, and when
 * the worker says so on its BroadcastChannel), as if it had sent them itself.
 */
import { useSyncExternalStore } from 'react';
import type { Environment, GraphQLResponse } from 'relay-runtime';
import { QUEUE_CHANNEL, SYNC_TAG, withQueueLock, type QueueMessage } from './coordination';
import { isNetworkFailure, isOnline, onNetworkChange } from './network';
import type { QueuedChange } from './request';
import {
  answeredKey,
  deleteValue,
  queueKey,
  readValue,
  REPLAY_CREDENTIAL_KEY,
  updateValue,
  writeValue,
  type AnsweredChange,
  type ReplayCredential,
} from './storage';

export type { QueuedChange };

/** A queued edit the server refused because someone else changed the thing meanwhile. */
export interface QueuedConflict {
  change: QueuedChange;
  /** The mutation's answer (its conflict error, with the current version). */
  response: GraphQLResponse;
}

/** Sends one change (environment.ts: the session's token, refreshed once if refused). */
export type SendChange = (change: QueuedChange) => Promise<GraphQLResponse>;
/** The session's access token, for the service worker to send the queue with (null: signed out). */
export type CurrentToken = () => { accessToken: string; expiresAt: number } | null;

interface QueueState {
  userId: string | null;
  changes: QueuedChange[];
  conflicts: QueuedConflict[];
}

let state: QueueState = { userId: null, changes: [], conflicts: [] };
const listeners = new Set<() => void>();
let environment: Environment | null = null;
let send: SendChange | null = null;
let replaying: Promise<void> | null = null;
/** The change on its way to the server now (a later one that replaces cannot take it back). */
let sendingKey: string | null = null;
/** In-page callbacks of changes queued in this page (their optimistic update to undo, their answer to settle). */
const settlers = new Map<string, (response: GraphQLResponse | null) => void>();
/** Answers the store takes (mutation documents by operation name: offline/documents.ts). */
let publish: ((change: QueuedChange, response: GraphQLResponse) => Promise<void>) | null = null;
let report: ((saved: number, refused: string[]) => void) | null = null;
let currentToken: CurrentToken | null = null;

function setState(next: Partial<QueueState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const queueSnapshot = () => state;

/** The waiting changes and conflicts, for screens. */
export function useOfflineQueue(): QueueState {
  return useSyncExternalStore(subscribeQueue, queueSnapshot, queueSnapshot);
}

/** Starts the queue of `userId`: reads what waits from an earlier visit and sends it when online. */
export function startQueue(options: {
  userId: string;
  environment: Environment;
  send: SendChange;
  publish: (change: QueuedChange, response: GraphQLResponse) => Promise<void>;
  report: (saved: number, refused: string[]) => void;
  token?: CurrentToken;
}): void {
  environment = options.environment;
  send = options.send;
  publish = options.publish;
  report = options.report;
  currentToken = options.token ?? null;
  setState({ userId: options.userId, changes: [], conflicts: [] });
  void readValue<QueuedChange[]>(queueKey(options.userId)).then((saved) => {
    if (state.userId !== options.userId) return;
    // Changes queued in this page meanwhile stay after the saved ones, in order.
    const known = new Set((saved ?? []).map((c) => c.key));
    setState({ changes: [...(saved ?? []), ...state.changes.filter((c) => !known.has(c.key))] });
    // Offline it only takes in what the worker sent since the last visit; online it sends too.
    void replayQueue();
    if (state.changes.length > 0 && !isOnline()) void keepCredential().then(askForBackgroundSync);
  });
}

/** Whether this browser can wake the service worker to send the queue (Background Sync). */
const canSyncInBackground = () => typeof navigator !== 'undefined' && !!navigator.serviceWorker && typeof window !== 'undefined' && 'SyncManager' in window;

/**
 * The access token beside the queue, for the service worker (which cannot read localStorage):
 * kept only while changes wait, rewritten when the session's token is renewed, deleted with the
 * queue's last change and on sign-out. Only the access token: it lives 15 minutes, so a device
 * left with it holds a credential that soon expires by itself. The refresh token (30 days,
 * rotating, a reused one refused) stays with the pages: a worker that rotated it would race an
 * open page's own refresh and could end the session, and a copy of it is a month-long key.
 * Hence a change left longer than the token lives is sent on the next open, not by the worker.
 */
async function keepCredential(): Promise<void> {
  // Without Background Sync no worker sends: no token is copied.
  if (!canSyncInBackground()) return;
  const userId = state.userId;
  const token = currentToken?.();
  if (!userId || !token || state.changes.length === 0) return;
  await writeValue(REPLAY_CREDENTIAL_KEY, { userId, accessToken: token.accessToken, expiresAt: token.expiresAt } satisfies ReplayCredential);
}

/** The session's token changed (refreshed): the worker's copy follows while changes wait. */
export function sessionTokenChanged(): void {
  if (state.changes.length > 0) void keepCredential();
}

/** Asks the browser to wake the service worker when the connection returns (where it can). */
function askForBackgroundSync(): void {
  if (!canSyncInBackground()) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG))
    .catch((error: unknown) => console.warn('Background sync not registered', error));
}

/** Signed out: the queue is the next account's (its saved copy is cleared with the rest). */
export function stopQueue(): void {
  environment = null;
  send = null;
  currentToken = null;
  settlers.clear();
  setState({ userId: null, changes: [], conflicts: [] });
}

export const queuedEnvironment = () => environment;

/** Keeps a change to send later; `settle` runs with its answer (null: dropped unsent). */
export async function enqueue(change: QueuedChange, settle?: (response: GraphQLResponse | null) => void): Promise<void> {
  const userId = state.userId;
  if (!userId) throw new Error('No signed-in user to queue the change for');
  if (settle) settlers.set(change.key, settle);
  // A change that replaces: the earlier ones of its thing go unsent (not the one being sent now).
  const replaced = (c: QueuedChange) => !!(change.replaces && c.replaces) && c.targetId === change.targetId && c.key !== sendingKey;
  for (const old of state.changes.filter(replaced)) {
    settlers.get(old.key)?.(null);
    settlers.delete(old.key);
  }
  setState({ changes: [...state.changes.filter((c) => !replaced(c)), change] });
  await updateValue<QueuedChange[]>(queueKey(userId), (old) => [...(old ?? []).filter((c) => c.key !== change.key && !replaced(c)), change]);
  await keepCredential();
  askForBackgroundSync();
}

async function remove(userId: string, key: string) {
  setState({ changes: state.changes.filter((c) => c.key !== key) });
  await updateValue<QueuedChange[]>(queueKey(userId), (old) => (old ?? []).filter((c) => c.key !== key));
}

/** The root field's typed result, if the answer is one (`__typename` of the union). */
function resultTypeOf(response: GraphQLResponse): { type: string; message: string | null } | null {
  const data = (response as { data?: Record<string, unknown> | null }).data;
  const root = data ? Object.values(data)[0] : null;
  if (!root || typeof root !== 'object') return null;
  const r = root as { __typename?: string; message?: string };
  return { type: r.__typename ?? '', message: r.message ?? null };
}

interface Tally {
  saved: number;
  refused: string[];
}

/** An answer to a waiting change, sent by this page or by the service worker: shown as it says. */
async function settleAnswer(change: QueuedChange, response: GraphQLResponse, tally: Tally): Promise<void> {
  const result = resultTypeOf(response);
  if (result?.type.endsWith('ConflictError') && result.type !== 'ConflictError') {
    setState({ conflicts: [...state.conflicts, { change, response }] });
  } else if (result && /Error$/.test(result.type)) {
    tally.refused.push(`${change.label}: ${result.message ?? 'refused'}`);
  } else if ((response as { errors?: unknown[] }).errors?.length && !(response as { data?: unknown }).data) {
    tally.refused.push(change.label);
  } else tally.saved++;
  const settle = settlers.get(change.key);
  settlers.delete(change.key);
  if (settle) settle(response);
  else await publish?.(change, response).catch((error: unknown) => console.warn('Could not show a saved change', error));
}

/** Takes in the answers the service worker got (and removes them from the device). */
async function takeWorkerAnswers(userId: string, tally: Tally): Promise<void> {
  const answers = (await readValue<AnsweredChange[]>(answeredKey(userId))) ?? [];
  if (answers.length === 0) return;
  const keys = new Set(answers.map((a) => a.change.key));
  setState({ changes: state.changes.filter((c) => !keys.has(c.key)) });
  for (const { change, response } of answers) {
    if (state.userId !== userId) return;
    await settleAnswer(change, response as GraphQLResponse, tally);
  }
  await updateValue<AnsweredChange[]>(answeredKey(userId), (old) => (old ?? []).filter((a) => !keys.has(a.change.key)));
}

/**
 * Under the queue's lock: takes in what the service worker sent, then, online, sends the
 * waiting changes in order; stops at the first that cannot reach the server.
 */
export function replayQueue(): Promise<void> {
  replaying ??= withQueueLock(async () => {
    const userId = state.userId;
    if (!userId) return;
    const tally: Tally = { saved: 0, refused: [] };
    await takeWorkerAnswers(userId, tally);
    while (isOnline() && state.userId === userId && send && state.changes.length > 0) {
      const change = state.changes[0]!;
      let response: GraphQLResponse;
      try {
        sendingKey = change.key;
        response = await send(change);
      } catch (error) {
        sendingKey = null;
        if (isNetworkFailure(error)) break;
        // An answer that is no GraphQL result (the server failed): it is dropped, not retried forever.
        console.warn('A waiting change failed', error);
        tally.refused.push(change.label);
        await remove(userId, change.key);
        settlers.get(change.key)?.(null);
        settlers.delete(change.key);
        continue;
      }
      await remove(userId, change.key);
      sendingKey = null;
      await settleAnswer(change, response, tally);
    }
    if (state.userId === userId && state.changes.length === 0) await deleteValue(REPLAY_CREDENTIAL_KEY);
    if (tally.saved || tally.refused.length) report?.(tally.saved, tally.refused);
  }).finally(() => {
    replaying = null;
  });
  return replaying;
}

/** A conflict met online (the screen's own edit): shown like one met replaying the queue. */
export function reportConflict(change: QueuedChange, response: GraphQLResponse): void {
  setState({ conflicts: [...state.conflicts, { change, response }] });
}

/** A conflict the user has decided (keep mine: sent again; keep theirs: the answer already shows it). */
export function resolveConflict(key: string): void {
  setState({ conflicts: state.conflicts.filter((c) => c.change.key !== key) });
}

/** Whether `id` has a change waiting. */
export function useIsWaiting(id: string | null | undefined): boolean {
  const { changes } = useOfflineQueue();
  return !!id && changes.some((c) => c.targetId === id);
}

if (typeof window !== 'undefined') {
  onNetworkChange(() => {
    if (isOnline() && state.changes.length > 0) void replayQueue();
  });
  // The service worker answered changes (maybe this page's own): take them in.
  if (typeof BroadcastChannel !== 'undefined') {
    new BroadcastChannel(QUEUE_CHANNEL).addEventListener('message', (event: MessageEvent<QueueMessage>) => {
      if (event.data?.type === 'answered' && event.data.userId === state.userId) void replayQueue();
    });
  }
}
