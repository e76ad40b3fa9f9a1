import { describe, expect, it } from 'vitest';
import { PixelBudget } from '../../api/src/photos/decodeBudget.js';

/** A decode that runs until the test lets it finish, and says when it has started. */
function decode(budget: PixelBudget, pixels: number) {
  let finish!: () => void;
  let started = false;
  const done = budget.run(pixels, () => {
    started = true;
    return new Promise<void>((resolve) => (finish = resolve));
  });
  return { done, finish: () => finish(), started: () => started };
}
/** Lets every promise callback queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the decode pixel budget', () => {
  it('queues decodes that do not fit, in arrival order, and never holds more than the budget', async () => {
    const budget = new PixelBudget(100);
    const a = decode(budget, 60);
    const b = decode(budget, 60);
    const c = decode(budget, 30);
    await settle();
    expect([a.started(), b.started(), c.started()]).toEqual([true, false, false]);
    expect(budget.inFlight).toBe(60);
    a.finish();
    await a.done;
    await settle();
    // b goes first (arrival order), and c fits beside it.
    expect([b.started(), c.started()]).toEqual([true, true]);
    expect(budget.inFlight).toBe(90);
    b.finish();
    c.finish();
    await Promise.all([b.done, c.done]);
    expect(budget.inFlight).toBe(0);
    expect(budget.peak).toBe(90);
  });

  it('runs a picture bigger than the budget alone, and gives the budget back when a decode fails', async () => {
    const budget = new PixelBudget(100);
    const huge = decode(budget, 250);
    const small = decode(budget, 1);
    await settle();
    expect([huge.started(), small.started()]).toEqual([true, false]);
    huge.finish();
    await huge.done;
    await settle();
    expect(small.started()).toBe(true);
    small.finish();
    await small.done;
    await expect(budget.run(10, () => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(budget.inFlight).toBe(0);
    expect(budget.peak).toBe(100);
  });
});
