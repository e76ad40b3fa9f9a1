import type { Prisma } from '../generated/prisma/client.js';
import type { AppDeps } from './context.js';
import type { PubSubTopics, ViewerEvent } from './pubsub.js';

export type Tx = Prisma.TransactionClient;

/** The topics a change announces through the outbox (presence and ended sessions go out directly). */
type OutboxTopic = Exclude<keyof PubSubTopics, 'presence' | 'sessions'>;

/** Topics of one trip whose payload names the trip (`tripId`): routed by it. */
type TripTopic = { [T in OutboxTopic]: PubSubTopics[T][1] extends { tripId: string } ? T : never }[OutboxTopic];

/** One stored event: its topic, the key it is routed by, and its payload, typed from PubSubTopics. */
type OutboxRow = { [T in OutboxTopic]: { topic: T; key: PubSubTopics[T][0]; payload: PubSubTopics[T][1] } }[OutboxTopic];

/**
 * The live events a change announces, collected while its transaction runs. They are stored in
 * the outbox with the change (so a crash after the commit cannot lose them) and published once
 * it has committed (so nobody hears of a change that was rolled back).
 */
export class LiveEvents {
  readonly rows: OutboxRow[] = [];

  /** Any topic's event (topics are declared by their domains: LiveTopics in pubsub.ts). */
  add<T extends OutboxTopic>(topic: T, key: PubSubTopics[T][0], payload: PubSubTopics[T][1]): this {
    this.rows.push({ topic, key, payload } as OutboxRow);
    return this;
  }

  /** Something of these users changed (their trips, friends, invitations, notifications). */
  viewer(userIds: Iterable<string>, event: ViewerEvent): this {
    for (const key of new Set(userIds)) this.rows.push({ topic: 'viewer', key, payload: event });
    return this;
  }

  /** An event of a trip's topic (itinerary, checklist, photos, expenses...), routed by its trip. */
  tripTopic<T extends TripTopic>(topic: T, event: PubSubTopics[T][1] & { tripId: string }): this {
    return this.add(topic, event.tripId as PubSubTopics[T][0], event);
  }
}

/**
 * Runs `work` in one transaction with a `LiveEvents` to fill, writes the events in that same
 * transaction, and publishes them after the commit. What `work` returns is returned.
 */
export async function withLiveEvents<T>(
  deps: AppDeps,
  work: (tx: Tx, events: LiveEvents) => Promise<T>,
  options?: { timeout?: number; maxWait?: number },
): Promise<T> {
  const events = new LiveEvents();
  let ids: bigint[] = [];
  // Stamped by this process's clock, the one the sweeper compares with.
  const createdAt = new Date();
  const result = await deps.db.prisma.$transaction(async (tx) => {
    const value = await work(tx, events);
    if (events.rows.length) {
      const written = await tx.outboxEvent.createManyAndReturn({
        data: events.rows.map((r) => ({ topic: r.topic, key: r.key, payload: r.payload as unknown as Prisma.InputJsonObject, createdAt })),
        select: { id: true },
      });
      ids = written.map((w) => w.id);
    }
    return value;
  }, options);
  if (ids.length) {
    publish(deps, events.rows);
    // Delivered: the rows are only kept for a crash between the commit and this line.
    await deps.db.prisma.outboxEvent
      .deleteMany({ where: { id: { in: ids } } })
      .catch((err) => deps.logger.warn({ err }, 'outbox cleanup failed; the sweeper will retry'));
  }
  return result;
}

function publish(deps: AppDeps, rows: OutboxRow[]) {
  // Every row was typed by its topic when it was added; the union cannot say so to the compiler.
  for (const row of rows) deps.pubsub.publish(row.topic as 'trip', row.key, row.payload as PubSubTopics['trip'][1]);
}

/** Rows older than this were left by a process that stopped between commit and publish. */
export const OUTBOX_ORPHAN_AGE_MS = 5_000;
const SWEEP_EVERY_MS = 5_000;
const SWEEP_BATCH = 200;

/**
 * Publishes events a crashed process committed but never published. Every instance sweeps;
 * `SKIP LOCKED` gives each orphan to one of them. At least once: an event may, rarely, arrive
 * twice, which is harmless because each one only tells clients what to read again.
 */
export async function sweepOutbox(deps: AppDeps, olderThanMs = OUTBOX_ORPHAN_AGE_MS): Promise<number> {
  return deps.db.prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: bigint; topic: string; key: string; payload: unknown }[]>`
      SELECT id, topic, key, payload FROM outbox_events
      WHERE created_at < ${new Date(Date.now() - olderThanMs)}
      ORDER BY id LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED`;
    if (!rows.length) return 0;
    publish(deps, rows as OutboxRow[]);
    await tx.outboxEvent.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    return rows.length;
  });
}

/** Starts the periodic sweep (first run at once); returns its stop function. */
export function startOutboxSweeper(deps: AppDeps): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const n = await sweepOutbox(deps);
      if (n) deps.logger.info({ delivered: n }, 'outbox: delivered events left by a stopped process');
    } catch (err) {
      deps.logger.warn({ err }, 'outbox sweep failed; will retry');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
