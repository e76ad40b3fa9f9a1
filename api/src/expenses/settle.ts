import { EXACT_SETTLE_MAX } from './messages.js';

/** A payment that settles part of a trip's balances, in minor units of its base currency. */
export interface Transfer {
  fromUserId: string;
  toUserId: string;
  amountMinor: number;
}

/**
 * The fewest payments that bring every balance (positive: is owed; summing to zero) to zero.
 * With n people off zero, a plan needs n - g payments where g is how many groups they can be
 * split into that each sum to zero, so the exact search finds the most such groups (a dynamic
 * programme over subsets: 2^15 states at most, a few milliseconds). Beyond EXACT_SETTLE_MAX people it falls back
 * to the greedy plan (largest debtor pays largest creditor), at most n - 1 payments.
 */
export function suggestTransfers(balances: ReadonlyMap<string, number>): Transfer[] {
  const people = [...balances].filter(([, b]) => b !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (people.length > EXACT_SETTLE_MAX) return greedy(people);
  const n = people.length;
  const size = 1 << n;
  const sum = new Float64Array(size);
  const best = new Int16Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    sum[mask] = sum[mask & (mask - 1)]! + people[low]![1];
    let most = 0;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) most = Math.max(most, best[mask ^ (1 << i)]!);
    best[mask] = most + (sum[mask] === 0 ? 1 : 0);
  }
  // Walk back through the programme: the order people were added closes a group each time the
  // running sum reaches zero.
  const order: number[] = [];
  for (let mask = size - 1; mask;) {
    const closes = sum[mask] === 0 ? 1 : 0;
    let pick = -1;
    for (let i = 0; i < n && pick < 0; i++) if (mask & (1 << i) && best[mask ^ (1 << i)]! + closes === best[mask]) pick = i;
    order.push(pick);
    mask ^= 1 << pick;
  }
  order.reverse();
  const transfers: Transfer[] = [];
  let group: [string, number][] = [];
  let running = 0;
  for (const i of order) {
    group.push(people[i]!);
    running += people[i]![1];
    if (running === 0) {
      transfers.push(...greedy(group));
      group = [];
    }
  }
  return transfers;
}

/** Largest debtor pays largest creditor until all are even: at most n - 1 payments. */
export function greedy(people: readonly (readonly [string, number])[]): Transfer[] {
  const debtors = people.filter(([, b]) => b < 0).map(([id, b]) => ({ id, left: -b }));
  const creditors = people.filter(([, b]) => b > 0).map(([id, b]) => ({ id, left: b }));
  const byLeft = (a: { id: string; left: number }, b: { id: string; left: number }) => b.left - a.left || (a.id < b.id ? -1 : 1);
  const transfers: Transfer[] = [];
  while (debtors.length && creditors.length) {
    debtors.sort(byLeft);
    creditors.sort(byLeft);
    const d = debtors[0]!;
    const c = creditors[0]!;
    const amount = Math.min(d.left, c.left);
    transfers.push({ fromUserId: d.id, toUserId: c.id, amountMinor: amount });
    d.left -= amount;
    c.left -= amount;
    if (!d.left) debtors.shift();
    if (!c.left) creditors.shift();
  }
  return transfers;
}
