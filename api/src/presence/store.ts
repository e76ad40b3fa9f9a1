import type { Redis } from 'ioredis';
import type { AppDeps } from '../platform/context.js';
import { closeRedisClient, createRedisClient } from '../platform/pubsub.js';

/**
 * Who has a trip's page open: one entry per open subscription (a person with two tabs has two),
 * each with an expiry that the subscription's heartbeat pushes forward. An entry whose instance
 * died is not refreshed any more and drops out once it expires, whoever reads next.
 *
 * An entry is "<joined at ms>|<user id>|<connection id>", so readers can order people by when
 * they arrived without a second structure.
 */
export interface PresenceEntry {
  joinedAt: number;
  userId: string;
  connectionId: string;
}

export interface PresenceStore {
  /** Adds the entries, or moves their expiry to `expiresAt` (ms since the epoch): one command for a trip's heartbeat. */
  touch(tripId: string, entries: PresenceEntry[], expiresAt: number): Promise<void>;
  leave(tripId: string, entry: PresenceEntry): Promise<void>;
  /** The live entries, expired ones removed first; `purged` tells whether any were. */
  read(tripId: string): Promise<{ entries: PresenceEntry[]; purged: boolean }>;
  /** Removes this instance's entries (a clean shutdown) and says which trips had any. */
  close(): Promise<string[]>;
}

const encode = (e: PresenceEntry) => `${e.joinedAt}|${e.userId}|${e.connectionId}`;
function decode(member: string): PresenceEntry | null {
  const [joinedAt, userId, connectionId] = member.split('|');
  return userId && connectionId && Number.isFinite(Number(joinedAt)) ? { joinedAt: Number(joinedAt), userId, connectionId } : null;
}

/** This instance's entries only: all there is without Redis, and the fallback while Redis is away. */
function memoryStore(): PresenceStore {
  const trips = new Map<string, Map<string, number>>();
  return {
    async touch(tripId, touched, expiresAt) {
      let entries = trips.get(tripId);
      if (!entries) trips.set(tripId, (entries = new Map()));
      for (const entry of touched) entries.set(encode(entry), expiresAt);
    },
    async leave(tripId, entry) {
      const entries = trips.get(tripId);
      entries?.delete(encode(entry));
      if (entries && !entries.size) trips.delete(tripId);
    },
    async read(tripId) {
      const entries = trips.get(tripId) ?? new Map<string, number>();
      const now = Date.now();
      let purged = false;
      for (const [member, expiresAt] of entries) {
        if (expiresAt > now) continue;
        entries.delete(member);
        purged = true;
      }
      return { entries: [...entries.keys()].map(decode).filter((e) => e !== null), purged };
    },
    async close() {
      const tripIds = [...trips.keys()];
      trips.clear();
      return tripIds;
    },
  };
}

const key = (tripId: string) => `presence:trip:${tripId}`;

/**
 * Entries in a Redis sorted set per trip, scored by expiry, so every instance sees everyone and
 * removing the expired is one command. The set itself expires when nobody refreshes it. While
 * Redis cannot answer, each call falls back to this instance's own entries (kept in memory
 * alongside), so presence narrows to one instance rather than failing.
 */
function redisStore(redis: Redis, ttlMs: number, logger: AppDeps['logger']): PresenceStore {
  // The same entries as Redis holds for this instance: the fallback, and what to remove at shutdown.
  const local = memoryStore();
  const mine = new Map<string, Set<string>>();
  let closed = false;
  let warned = false;
  const fallback = (err: unknown) => {
    if (!warned) logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'Redis cannot keep presence; showing this instance only');
    warned = true;
  };
  const recovered = () => {
    if (warned) logger.info('Redis keeps presence again');
    warned = false;
  };
  return {
    async touch(tripId, entries, expiresAt) {
      await local.touch(tripId, entries, expiresAt);
      if (closed || !entries.length) return;
      if (!mine.has(tripId)) mine.set(tripId, new Set());
      const members = entries.map(encode);
      for (const member of members) mine.get(tripId)!.add(member);
      try {
        await redis
          .multi()
          .zadd(key(tripId), ...members.flatMap((member) => [expiresAt, member]))
          .pexpire(key(tripId), ttlMs * 2)
          .exec();
        recovered();
      } catch (err) {
        fallback(err);
      }
    },
    async leave(tripId, entry) {
      await local.leave(tripId, entry);
      mine.get(tripId)?.delete(encode(entry));
      if (!mine.get(tripId)?.size) mine.delete(tripId);
      if (closed) return;
      try {
        await redis.zrem(key(tripId), encode(entry));
      } catch (err) {
        fallback(err);
      }
    },
    async read(tripId) {
      if (closed) return local.read(tripId);
      try {
        const result = await redis.multi().zremrangebyscore(key(tripId), '-inf', Date.now()).zrange(key(tripId), 0, -1).exec();
        if (!result || result.some(([err]) => err)) throw result?.find(([err]) => err)?.[0] ?? new Error('presence read failed');
        recovered();
        const purged = Number(result[0][1]) > 0;
        const members = result[1][1] as string[];
        return { entries: members.map(decode).filter((e) => e !== null), purged };
      } catch (err) {
        fallback(err);
        return local.read(tripId);
      }
    },
    async close() {
      closed = true;
      const tripIds = [...mine.keys()];
      if (redis.status === 'ready') {
        const removal = redis.multi();
        for (const [tripId, members] of mine) removal.zrem(key(tripId), ...members);
        await removal.exec().catch((err) => logger.warn({ err }, 'presence entries left to expire'));
      }
      mine.clear();
      await local.close();
      await closeRedisClient(redis);
      return tripIds;
    },
  };
}

const stores = new WeakMap<AppDeps, PresenceStore>();

/** The running app's presence store, made on first use (Redis when REDIS_URL is set). */
export function presenceStore(deps: AppDeps): PresenceStore {
  let store = stores.get(deps);
  if (!store) {
    const { redisUrl, presenceTtlMs } = deps.config;
    if (redisUrl) {
      // As for rate limits: commands wait for the first connection attempt (a second at most),
      // so the first page opened after a start is already shared; from then on a disconnected
      // client refuses at once and the memory fallback answers.
      const redis = createRedisClient(redisUrl, deps.logger, 'presence', { commandTimeout: 1000, enableOfflineQueue: true });
      const failFast = () => void (redis.options.enableOfflineQueue = false);
      redis.once('ready', failFast).once('error', failFast);
      store = redisStore(redis, presenceTtlMs, deps.logger);
    } else {
      store = memoryStore();
    }
    stores.set(deps, store);
  }
  return store;
}

/**
 * Closes the app's presence store, if it made one (server/app.ts, after the sockets and before
 * the pub/sub): whoever this instance still counted as present leaves, and their trips are told.
 */
export async function closePresence(deps: AppDeps): Promise<void> {
  const store = stores.get(deps);
  if (!store) return;
  for (const tripId of await store.close()) deps.pubsub.publish('presence', tripId, { tripId });
}
