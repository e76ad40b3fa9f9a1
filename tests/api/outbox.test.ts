import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { DEFAULT_TEST_DATABASE_URL } from '../../api/src/db/index.js';
import { sweepOutbox, withLiveEvents } from '../../api/src/platform/outbox.js';
import { notify } from '../../api/src/notifications/service.js';
import type { ViewerEvent } from '../../api/src/platform/pubsub.js';

/** Live events are written with the change that causes them, and published after it commits. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Records what one user's live channel carries, from now on. */
function listen(userId: string) {
  const got: ViewerEvent[] = [];
  const iterator = t.app.deps.pubsub.subscribe('viewer', userId)[Symbol.asyncIterator]();
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const next = await iterator.next();
      if (next.done) return;
      got.push(next.value);
    }
  })();
  return {
    got,
    stop: () => {
      stopped = true;
      void iterator.return?.();
    },
  };
}

describe('the outbox', () => {
  it('publishes after the commit and keeps nothing once published', async () => {
    const u = await signedInUser(t);
    const l = listen(u.userId);
    await withLiveEvents(t.app.deps, (tx, events) => notify(tx, events, u.userId, { type: 'ANNOUNCEMENT', title: 'Hello', message: 'Hi' }));
    await expect.poll(() => l.got.filter((e) => e.kind === 'notifications')).toHaveLength(1);
    expect(l.got[0]).toMatchObject({ kind: 'notifications', unreadCount: 1 });
    expect(await t.db.prisma.outboxEvent.count()).toBe(0);
    l.stop();
  });

  it('publishes nothing, and keeps nothing, for a change that rolled back', async () => {
    const u = await signedInUser(t);
    const l = listen(u.userId);
    await expect(
      withLiveEvents(t.app.deps, async (tx, events) => {
        await notify(tx, events, u.userId, { type: 'ANNOUNCEMENT', title: 'Never', message: 'Rolled back' });
        throw new Error('the change fails after its event was queued');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.db.prisma.notification.count({ where: { userId: u.userId, title: 'Never' } })).toBe(0);
    expect(await t.db.prisma.outboxEvent.count()).toBe(0);
    // A later event arrives alone: nothing of the rolled-back one was published before it.
    t.app.deps.pubsub.publish('viewer', u.userId, { kind: 'friends' });
    await expect.poll(() => l.got.length).toBe(1);
    expect(l.got).toEqual([{ kind: 'friends' }]);
    l.stop();
  });

  it('delivers events a stopped process committed but never published, once, however many instances sweep', async () => {
    const u = await signedInUser(t);
    const l = listen(u.userId);
    const old = new Date(Date.now() - 60_000);
    await t.db.prisma.outboxEvent.createMany({
      data: [1, 2, 3].map((n) => ({ topic: 'viewer', key: u.userId, payload: { kind: 'trips', tripId: `orphan-${n}` }, createdAt: old })),
    });
    // Two sweeps at once, besides this instance's own sweeper: each row goes to one of them.
    const [a, b] = await Promise.all([sweepOutbox(t.app.deps), sweepOutbox(t.app.deps)]);
    expect(a + b).toBeLessThanOrEqual(3);
    await expect.poll(() => l.got.length).toBe(3);
    expect(l.got.map((e) => (e as { tripId?: string }).tripId)).toEqual(['orphan-1', 'orphan-2', 'orphan-3']);
    expect(await t.db.prisma.outboxEvent.count()).toBe(0);
    l.stop();
  });

  it('leaves recent rows to the process that wrote them', async () => {
    const u = await signedInUser(t);
    await t.db.prisma.outboxEvent.create({ data: { topic: 'viewer', key: u.userId, payload: { kind: 'friends' } } });
    expect(await sweepOutbox(t.app.deps)).toBe(0);
    await t.db.prisma.outboxEvent.deleteMany();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a crash between commit and publish', () => {
  it('loses neither the notification nor its live event: another instance delivers it', async () => {
    const u = await signedInUser(t);
    const [{ db }] = await t.db.prisma.$queryRaw<{ db: string }[]>`SELECT current_database() AS db`;
    const url = new URL(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL);
    url.pathname = `/${db}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/crashAfterCommit.ts', url.toString(), u.userId], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
    expect(signal, output).toBe('SIGKILL');
    // The change committed, and so did its event, which nobody heard.
    expect(await t.db.prisma.notification.count({ where: { userId: u.userId, title: 'Committed before the crash' } })).toBe(1);
    expect(await t.db.prisma.outboxEvent.count({ where: { key: u.userId } })).toBe(1);
    // Another instance, with its background sweeps on, publishes it once it is clearly orphaned.
    const other = await createTestApp({ BACKGROUND_SWEEPS: 'on' }, { db: t.db });
    try {
      const got: ViewerEvent[] = [];
      const iterator = other.app.deps.pubsub.subscribe('viewer', u.userId)[Symbol.asyncIterator]();
      void (async () => {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) got.push(next.value);
      })();
      await expect.poll(() => got, { timeout: 30_000, interval: 200 }).toEqual([expect.objectContaining({ kind: 'notifications', unreadCount: 1 })]);
      expect(await t.db.prisma.outboxEvent.count({ where: { key: u.userId } })).toBe(0);
      await iterator.return?.();
    } finally {
      await other.close();
    }
  }, 60_000);
});
