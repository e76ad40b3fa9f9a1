import { describe, expect, it } from 'vitest';
import { Limiter, liveLimit, perEvent } from '../../api/src/platform/liveReads.js';
import type { AppDeps } from '../../api/src/platform/context.js';

const deps = (databasePoolSize: number) => ({ config: { databasePoolSize } }) as unknown as AppDeps;

describe('live reads', () => {
  it('reads once per event and key, however many subscribers ask; a failed read is tried again', async () => {
    const d = deps(10);
    const event = { kind: 'UPDATED' };
    let reads = 0;
    const load = async () => ++reads;
    const answers = await Promise.all(Array.from({ length: 50 }, () => perEvent(d, event, 'item', load)));
    expect(new Set(answers)).toEqual(new Set([1]));
    expect(await perEvent(d, { kind: 'UPDATED' }, 'item', load)).toBe(2); // another event
    expect(await perEvent(d, event, 'actor', load)).toBe(3); // another key
    await expect(perEvent(d, event, 'flaky', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await perEvent(d, event, 'flaky', load)).toBe(4);
  });

  it('runs at most its bound at once, the rest in arrival order', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 5 }, (_, i) =>
      limiter.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      }),
    );
    await expect.poll(() => releases.length).toBe(2);
    expect(limiter.queued).toBe(3);
    while (order.length < 5 || releases.length) {
      releases.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(tasks);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('leaves at least half the database pool to requests', () => {
    expect(liveLimit(deps(10), 'events').max).toBe(2);
    expect(liveLimit(deps(10), 'starts').max).toBe(2);
    expect(liveLimit(deps(2), 'events').max).toBe(1);
  });
});
