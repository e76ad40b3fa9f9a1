import { randomUUID } from 'node:crypto';
import { displayName } from '../accounts/users.js';
import { startEvent, type AppDeps, type RequestContext } from '../platform/context.js';
import { liveRead } from '../platform/liveReads.js';
import { shareResultsAs } from '../platform/liveShare.js';
import { requireTripMember } from '../trips/access.js';
import { watchTrip } from '../trips/live.js';
import type { TripEvent } from '../trips/liveEvents.js';
import { presenceStore, type PresenceEntry } from './store.js';

/** How many of the people present an event names (the page shows five faces, then "+n"). */
export const PRESENCE_FACES = 8;
/** A change is told this long after it, so that changes close together are told as one. */
const DEBOUNCE_MS = 40;

/**
 * The least time between two lists of one trip on an instance: 40 ms, or half a millisecond per
 * page open on it, at most a second. Each list goes to every page, so a crowd arriving would
 * cost the square of its size in messages; this way the lists sent each second stay about the
 * same however large the crowd, while a change after a quiet spell is still told at once.
 */
export function presenceSpacingMs(pages: number): number {
  return Math.min(1000, Math.max(DEBOUNCE_MS, Math.ceil(pages / 2)));
}

/** Someone on a trip's page as every member sees them: public fields only. */
export interface PresenceFace {
  userId: string;
  displayName: string;
  avatarUrl: string | null;
}

/**
 * Who is on a trip's page: the first few people, in the order they arrived, and how many there
 * are. One object per change, handed to every page on the instance: nothing in it depends on who
 * hears it, so their results are shared (server/liveResults.ts keys them by this object).
 */
export interface PresenceEvent {
  tripId: string;
  /** The first PRESENCE_FACES people, each once however many tabs they have. */
  faces: PresenceFace[];
  count: number;
}

/** The faces of `userIds`, in that order: one statement (an account deleted since is left out). */
async function readFaces(deps: AppDeps, userIds: string[]): Promise<PresenceFace[]> {
  const users = await liveRead(deps, () =>
    deps.db.prisma.user.findMany({
      where: { id: { in: userIds }, deletedAt: null },
      select: { id: true, firstName: true, lastName: true, avatarUrl: true },
    }),
  );
  const byId = new Map(users.map((u) => [u.id, u]));
  return userIds.flatMap((id) => {
    const u = byId.get(id);
    return u ? [{ userId: u.id, displayName: displayName(u), avatarUrl: u.avatarUrl }] : [];
  });
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
  /** The list last sent: an unchanged list is not sent again. */
  sent: PresenceEvent | null;
  pending: PresenceEvent | null;
  wake: (() => void) | null;
  ended: boolean;
}

/**
 * A trip's presence on this instance: every page open here, one heartbeat for all of them, one
 * listener for the trip's signals, and one reading of the list per change (debounced), handed to
 * every page. The work per change is one store read, one read of the faces when the people
 * named changed, and one result executed and serialised for every page that sent the same
 * document, whatever the crowd; what grows with it is the socket writes alone.
 */
class Room {
  readonly watchers = new Set<Watcher>();
  private readonly sources: AsyncIterator<unknown>[];
  private readonly heartbeat: NodeJS.Timeout;
  private timer: NodeJS.Timeout | null = null;
  /** The latest trip event not yet checked against the pages here (someone may have left it). */
  private tripEvent: TripEvent | null = null;
  private computing = false;
  private lastComputedAt = 0;
  private again = false;
  /** The current list: a new object only when the people named or their count changed. */
  latest: PresenceEvent | null = null;
  /** Who `latest` names, as a key. */
  private named = '';

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

  /** Reads the list again soon: changes within DEBOUNCE_MS, or before the spacing since the last reading is over, make one. */
  prompt() {
    if (this.timer) return;
    const wait = Math.max(DEBOUNCE_MS, this.lastComputedAt + presenceSpacingMs(this.watchers.size) - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.lastComputedAt = Date.now();
      void this.compute();
    }, wait);
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
      const named = everyone.slice(0, PRESENCE_FACES);
      const namedKey = named.join(',');
      if (!this.latest || namedKey !== this.named) {
        // The faces are read once per change of the people named, for every page here.
        this.latest = { tripId: this.tripId, faces: await readFaces(this.deps, named), count: everyone.length };
        this.named = namedKey;
      } else if (this.latest.count !== everyone.length) {
        this.latest = { ...this.latest, count: everyone.length };
      }
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
    if (!this.latest || w.ended || w.sent === this.latest) return;
    w.sent = this.latest;
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
      // Every page of the trip on this instance sees the list alike: one result for all who sent
      // the same document (platform/liveShare.ts), unless it asks for accounts (graphql.ts).
      startEvent(ctx);
      shareResultsAs(ctx, `presence|${tripId}`);
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
