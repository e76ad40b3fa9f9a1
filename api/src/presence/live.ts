import { randomUUID } from 'node:crypto';
import { startEvent, type AppDeps, type RequestContext } from '../platform/context.js';
import { requireTripMember, noteViewerMemberships } from '../trips/access.js';
import { watchTrip } from '../trips/live.js';
import { noteTripCompanions } from '../accounts/visibility.js';
import type { TripEvent } from '../trips/liveEvents.js';
import { presenceStore, type PresenceEntry } from './store.js';

/** How many of the people present an event names (the page shows five faces, then "+n"). */
export const PRESENCE_FACES = 8;
/** Changes closer together than this are told as one. */
const DEBOUNCE_MS = 40;

/** Who is on a trip's page: the first few people, in the order they arrived, and how many there are. */
export interface PresenceEvent {
  tripId: string;
  /** The first PRESENCE_FACES people, each once however many tabs they have. */
  userIds: string[];
  count: number;
}

/** The people present on a trip, from the store's entries (a person with two tabs counts once). */
function people(entries: PresenceEntry[]): string[] {
  const first = new Map<string, number>();
  for (const e of entries) first.set(e.userId, Math.min(e.joinedAt, first.get(e.userId) ?? Infinity));
  return [...first].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([userId]) => userId);
}

/** One open page on this instance: its entry in the store and the latest list it has not been sent. */
interface Watcher {
  ctx: RequestContext;
  entry: PresenceEntry;
  /** The list last sent, as a key: an unchanged list is not sent again. */
  sent: string | null;
  pending: PresenceEvent | null;
  wake: (() => void) | null;
  ended: boolean;
}

/**
 * A trip's presence on this instance: every page open here, one heartbeat for all of them, one
 * listener for the trip's signals, and one reading of the list per change (debounced), handed to
 * every page. The work per change is one store read and the list's event, whatever the crowd;
 * the people's cards are read once per event and selection (liveReads.ts) by the field.
 */
class Room {
  readonly watchers = new Set<Watcher>();
  private readonly sources: AsyncIterator<unknown>[];
  private readonly heartbeat: NodeJS.Timeout;
  private timer: NodeJS.Timeout | null = null;
  /** The latest trip event not yet checked against the pages here (someone may have left it). */
  private tripEvent: TripEvent | null = null;
  private computing = false;
  private again = false;
  latest: PresenceEvent | null = null;

  constructor(
    private readonly deps: AppDeps,
    readonly tripId: string,
    private readonly onEmpty: () => void,
  ) {
    const store = presenceStore(deps);
    const ttl = deps.config.presenceTtlMs;
    const signals = deps.pubsub.subscribe('presence', tripId);
    const tripEvents = deps.pubsub.subscribe('trip', tripId);
    this.sources = [signals, tripEvents];
    void (async () => {
      for await (const _signal of signals) this.prompt();
    })().catch((err) => deps.logger.warn({ err }, 'presence prompt stream failed'));
    void (async () => {
      for await (const event of tripEvents) {
        this.tripEvent = event;
        this.prompt();
      }
    })().catch((err) => deps.logger.warn({ err }, 'presence trip stream failed'));
    // One heartbeat for every page open here: an instance that dies stops refreshing its
    // entries, and the first heartbeat elsewhere after they expire removes them and tells everyone.
    this.heartbeat = setInterval(
      () => {
        void (async () => {
          await store.touch(
            tripId,
            [...this.watchers].map((w) => w.entry),
            Date.now() + ttl,
          );
          if ((await store.read(tripId)).purged) this.signal();
        })().catch((err) => deps.logger.warn({ err }, 'presence heartbeat failed'));
      },
      Math.max(250, Math.floor(ttl / 3)),
    );
    this.heartbeat.unref();
  }

  /** Tells every instance (this one too) that the trip's list changed. */
  signal() {
    this.deps.pubsub.publish('presence', this.tripId, { tripId: this.tripId });
  }

  /** Reads the list again soon: changes closer than DEBOUNCE_MS make one reading. */
  prompt() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.compute();
    }, DEBOUNCE_MS);
    this.timer.unref();
  }

  private async compute() {
    if (this.computing) return void (this.again = true);
    this.computing = true;
    try {
      const event = this.tripEvent;
      this.tripEvent = null;
      if (event) {
        // Membership changed, perhaps: each page checks itself against the event's audience,
        // read once for every subscriber of the trip on this instance (trips/live.ts).
        for (const w of [...this.watchers]) {
          startEvent(w.ctx);
          if (event.kind === 'DELETED' || (await watchTrip(w.ctx, this.tripId, event)) !== 'watching') this.end(w);
        }
      }
      if (!this.watchers.size) return;
      const { entries, purged } = await presenceStore(this.deps).read(this.tripId);
      if (purged) this.signal();
      const everyone = people(entries);
      this.latest = { tripId: this.tripId, userIds: everyone.slice(0, PRESENCE_FACES), count: everyone.length };
      for (const w of this.watchers) this.offer(w);
    } catch (err) {
      this.deps.logger.warn({ err }, 'presence list read failed');
    } finally {
      this.computing = false;
      if (this.again) {
        this.again = false;
        this.prompt();
      }
    }
  }

  /** Hands the latest list to a page, unless it has that list already. */
  offer(w: Watcher) {
    if (!this.latest || w.ended) return;
    const key = `${this.latest.count}|${this.latest.userIds.join(',')}`;
    if (key === w.sent) return;
    w.sent = key;
    w.pending = this.latest;
    w.wake?.();
  }

  add(w: Watcher) {
    this.watchers.add(w);
  }

  /** Ends a page's presence: its entry leaves the store and everyone is told. */
  end(w: Watcher) {
    if (w.ended) return;
    w.ended = true;
    w.wake?.();
    this.watchers.delete(w);
    void presenceStore(this.deps)
      .leave(this.tripId, w.entry)
      .catch((err) => this.deps.logger.warn({ err }, 'presence leave failed; the entry will expire'))
      .then(() => this.signal());
    if (!this.watchers.size) this.close();
  }

  private close() {
    clearInterval(this.heartbeat);
    if (this.timer) clearTimeout(this.timer);
    for (const source of this.sources) void source.return?.();
    this.onEmpty();
  }
}

const rooms = new WeakMap<AppDeps, Map<string, Room>>();

function roomOf(deps: AppDeps, tripId: string): Room {
  let own = rooms.get(deps);
  if (!own) rooms.set(deps, (own = new Map()));
  let room = own.get(tripId);
  if (!room) {
    const made: Room = new Room(deps, tripId, () => own.get(tripId) === made && own.delete(tripId));
    own.set(tripId, (room = made));
  }
  return room;
}

/**
 * The viewer's presence on a trip's page for as long as the subscription lasts, and who is
 * there: first the current list, then a new one whenever it changes, on any instance. Someone
 * removed from the trip is dropped from the list and their subscription ends (checked at the
 * trip's events, against the audience they read once per instance).
 */
export async function tripPresence(ctx: RequestContext, tripId: string): Promise<AsyncIterableIterator<PresenceEvent>> {
  await requireTripMember(ctx, tripId);
  const { deps } = ctx;
  const room = roomOf(deps, tripId);
  const w: Watcher = {
    ctx,
    entry: { joinedAt: Date.now(), userId: ctx.viewer!.id, connectionId: randomUUID() },
    sent: null,
    pending: null,
    wake: null,
    ended: false,
  };
  // Listen first (the room), then arrive: no arrival or departure can fall between the two.
  room.add(w);
  await presenceStore(deps).touch(tripId, [w.entry], Date.now() + deps.config.presenceTtlMs);
  room.signal();
  room.prompt();

  const iterator: AsyncIterableIterator<PresenceEvent> = {
    [Symbol.asyncIterator]() {
      return iterator;
    },
    async next() {
      while (!w.pending && !w.ended) await new Promise<void>((resolve) => (w.wake = resolve));
      w.wake = null;
      if (w.ended) return { done: true, value: undefined };
      const event = w.pending!;
      w.pending = null;
      // The list's fields resolve with fresh memos; the people named share the trip with the
      // viewer (each was a member when they arrived, and leaves when removed).
      startEvent(ctx);
      noteViewerMemberships(ctx, [tripId]);
      noteTripCompanions(ctx, event.userIds);
      return { done: false, value: event };
    },
    async return() {
      room.end(w);
      return { done: true, value: undefined };
    },
    async throw(err: unknown) {
      room.end(w);
      throw err;
    },
  };
  return iterator;
}
