import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../platform/context.js';
import { liveEvents, type LiveVerdict } from '../notifications/live.js';
import { requireTripMember, tripWatchStatus } from '../trips/access.js';
import { presenceStore, type PresenceEntry } from './store.js';

/** Who is on a trip's page: user ids, each once, in the order they arrived. */
export interface PresenceEvent {
  tripId: string;
  userIds: string[];
}

/** A prompt to read the list again: someone arrived or left, or the trip's members changed. */
type Tick = { kind: 'tick' };

/** The people present on a trip, from the store's entries (a person with two tabs counts once). */
function people(entries: PresenceEntry[]): string[] {
  const first = new Map<string, number>();
  for (const e of entries) first.set(e.userId, Math.min(e.joinedAt, first.get(e.userId) ?? Infinity));
  return [...first].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([userId]) => userId);
}

/**
 * The viewer's presence on a trip's page for as long as the subscription lasts, and the list of
 * who is there: first the current list, then a new one whenever someone arrives or leaves, on any
 * instance. Membership is checked again at every prompt; someone removed from the trip is
 * dropped from the list and their subscription ends.
 *
 * The entry is refreshed every third of PRESENCE_TTL_MS; an instance that dies stops refreshing
 * its entries, and the first heartbeat elsewhere after they expire removes them and tells
 * everyone.
 */
export async function tripPresence(ctx: RequestContext, tripId: string): Promise<AsyncIterableIterator<PresenceEvent>> {
  await requireTripMember(ctx, tripId);
  const { deps } = ctx;
  const store = presenceStore(deps);
  const ttl = deps.config.presenceTtlMs;
  const entry: PresenceEntry = { joinedAt: Date.now(), userId: ctx.viewer!.id, connectionId: randomUUID() };
  const signal = () => deps.pubsub.publish('presence', tripId, { tripId });

  // Listen first, then arrive: no arrival or departure can fall between the two.
  const sources = [deps.pubsub.subscribe('presence', tripId), deps.pubsub.subscribe('trip', tripId)];
  let pending = true; // the first event: the current list
  let wake: (() => void) | null = null;
  let ended = false;
  const prompt = () => {
    pending = true;
    wake?.();
  };
  for (const source of sources) {
    void (async () => {
      for await (const _signal of source) prompt();
    })().catch((err) => deps.logger.warn({ err }, 'presence prompt stream failed'));
  }

  await store.touch(tripId, entry, Date.now() + ttl);
  signal();

  const heartbeat = setInterval(
    () => {
      void (async () => {
        await store.touch(tripId, entry, Date.now() + ttl);
        // Reading removes entries that expired (an instance that died): everyone is told.
        if ((await store.read(tripId)).purged) signal();
      })().catch((err) => deps.logger.warn({ err }, 'presence heartbeat failed'));
    },
    Math.max(250, Math.floor(ttl / 3)),
  );
  heartbeat.unref();

  const ticks: AsyncIterableIterator<Tick> = {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      while (!pending && !ended) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      pending = false;
      return ended ? { done: true, value: undefined } : { done: false, value: { kind: 'tick' } };
    },
    async return() {
      if (!ended) {
        ended = true;
        wake?.();
        clearInterval(heartbeat);
        await Promise.all(sources.map((s) => s.return?.()));
        await store.leave(tripId, entry).catch((err) => deps.logger.warn({ err }, 'presence leave failed; the entry will expire'));
        signal();
      }
      return { done: true, value: undefined };
    },
  };

  let last: string | null = null;
  const events = liveEvents<Tick | PresenceEvent>(ctx, ticks, async (): Promise<LiveVerdict<PresenceEvent>> => {
    if ((await tripWatchStatus(ctx, tripId)) !== 'watching') return 'end';
    const { entries, purged } = await store.read(tripId);
    if (purged) signal();
    const userIds = people(entries);
    const key = userIds.join(',');
    if (key === last) return 'skip';
    last = key;
    return { deliver: { tripId, userIds } };
  });
  return events as AsyncIterableIterator<PresenceEvent>;
}
