/**
 * Changes made without a network, kept until it returns. A mutation a screen marks as possible
 * offline (useOutcomeMutation's `offline`) is, when the device is offline or its request cannot
 * reach the server, put in this queue (IndexedDB, per user: `queue:<user id>`) with its document
 * id, variables and the idempotency key it was (or would have been) sent with; its optimistic
 * change stays on screen, marked "Waiting". The queue is sent in order, each change with the SAME
 * key (the server answers a repeated key once: api/src/server/idempotency.ts), when the browser
 * comes back online and whenever the app starts. Each answer goes into the Relay store; a
 * refusal is shown as a notice, a conflict (an itinerary item changed meanwhile) as a choice.
 */
import { useSyncExternalStore } from 'react';
import type { Environment, GraphQLResponse, Variables } from 'relay-runtime';
import { isNetworkFailure, isOnline, onNetworkChange } from './network';
import { queueKey, readValue, updateValue } from './storage';

export interface QueuedChange {
  /** The Idempotency-Key it is sent with, every time. */
  key: string;
  operationName: string;
  documentId: string | null;
  /** The document's text when it has no persisted id (development builds). */
  text: string | null;
  variables: Variables;
  /** Shown while it waits, e.g. "Add expense “Taxi”". */
  label: string;
  /** What it changes (an item's id), so the screen can mark that thing "Waiting". */
  targetId: string | null;
  /** Where it shows among waiting changes (a checklist's or a trip's id). */
  scope: string | null;
  /** A later change of the same `targetId` takes this one's place (a story draft saved again). */
  replaces?: boolean;
  createdAt: string;
}

/** A queued edit the server refused because someone else changed the thing meanwhile. */
export interface QueuedConflict {
  change: QueuedChange;
  /** The mutation's answer (its conflict error, with the current version). */
  response: GraphQLResponse;
}

/** Sends one change (environment.ts: the session's token, refreshed once if refused). */
export type SendChange = (change: QueuedChange) => Promise<GraphQLResponse>;

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
/** In-page callbacks of changes queued in this page (their optimistic update to undo, their answer to settle). */
const settlers = new Map<string, (response: GraphQLResponse | null) => void>();
/** Answers the store takes (mutation documents by operation name: offline/documents.ts). */
let publish: ((change: QueuedChange, response: GraphQLResponse) => Promise<void>) | null = null;
let report: ((saved: number, refused: string[]) => void) | null = null;

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
}): void {
  environment = options.environment;
  send = options.send;
  publish = options.publish;
  report = options.report;
  setState({ userId: options.userId, changes: [], conflicts: [] });
  void readValue<QueuedChange[]>(queueKey(options.userId)).then((saved) => {
    if (state.userId !== options.userId) return;
    // Changes queued in this page meanwhile stay after the saved ones, in order.
    const known = new Set((saved ?? []).map((c) => c.key));
    setState({ changes: [...(saved ?? []), ...state.changes.filter((c) => !known.has(c.key))] });
    if (isOnline()) void replayQueue();
  });
}

/** Signed out: the queue is the next account's (its saved copy is cleared with the rest). */
export function stopQueue(): void {
  environment = null;
  send = null;
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
  const sending = replaying ? state.changes[0]?.key : undefined;
  const replaced = (c: QueuedChange) => !!(change.replaces && c.replaces) && c.targetId === change.targetId && c.key !== sending;
  for (const old of state.changes.filter(replaced)) {
    settlers.get(old.key)?.(null);
    settlers.delete(old.key);
  }
  setState({ changes: [...state.changes.filter((c) => !replaced(c)), change] });
  await updateValue<QueuedChange[]>(queueKey(userId), (old) => [...(old ?? []).filter((c) => c.key !== change.key && !replaced(c)), change]);
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

/** Sends the waiting changes in order; stops at the first that cannot reach the server. */
export function replayQueue(): Promise<void> {
  replaying ??= (async () => {
    const userId = state.userId;
    let saved = 0;
    const refused: string[] = [];
    while (state.userId === userId && userId && send && state.changes.length > 0) {
      const change = state.changes[0]!;
      let response: GraphQLResponse;
      try {
        response = await send(change);
      } catch (error) {
        if (isNetworkFailure(error)) break;
        // An answer that is no GraphQL result (the server failed): it is dropped, not retried forever.
        console.warn('A waiting change failed', error);
        refused.push(change.label);
        await remove(userId, change.key);
        settlers.get(change.key)?.(null);
        settlers.delete(change.key);
        continue;
      }
      await remove(userId, change.key);
      const result = resultTypeOf(response);
      if (result?.type.endsWith('ConflictError') && result.type !== 'ConflictError') {
        setState({ conflicts: [...state.conflicts, { change, response }] });
      } else if (result && /Error$/.test(result.type)) {
        refused.push(`${change.label}: ${result.message ?? 'refused'}`);
      } else if ((response as { errors?: unknown[] }).errors?.length && !(response as { data?: unknown }).data) {
        refused.push(change.label);
      } else saved++;
      const settle = settlers.get(change.key);
      settlers.delete(change.key);
      if (settle) settle(response);
      else await publish?.(change, response).catch((error: unknown) => console.warn('Could not show a saved change', error));
    }
    if (saved || refused.length) report?.(saved, refused);
  })().finally(() => {
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
}
