import { describe, expect, it } from 'vitest';
import { convertMoney, formatRate, parseRate } from '../../api/src/platform/money.js';
import { greedy, suggestTransfers, type Transfer } from '../../api/src/expenses/settle.js';
import { validateExpense } from '../../api/src/expenses/validation.js';
import { ExpenseMessages as M } from '../../api/src/expenses/messages.js';
import { ValidationError } from '../../api/src/platform/errors.js';

/** A small seeded generator, so a failure names a case that can be replayed. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random balances of `n` people summing to zero. */
function balancesOf(rand: () => number, n: number, spread = 10_000): Map<string, number> {
  const values = Array.from({ length: n - 1 }, () => Math.floor(rand() * spread * 2) - spread);
  // Some people even out exactly against others, so groups that sum to zero do occur.
  if (n > 3 && rand() < 0.5) values[1] = -values[0]!;
  values.push(-values.reduce((a, b) => a + b, 0));
  return new Map(values.map((v, i) => [`u${String(i).padStart(2, '0')}`, v]));
}

function settle(balances: Map<string, number>, transfers: Transfer[]) {
  const left = new Map(balances);
  for (const x of transfers) {
    expect(x.amountMinor).toBeGreaterThan(0);
    left.set(x.fromUserId, left.get(x.fromUserId)! + x.amountMinor);
    left.set(x.toUserId, left.get(x.toUserId)! - x.amountMinor);
  }
  return [...left.values()];
}

/** The fewest transfers by exhaustive search: settle the first open balance against each opposite one in turn. */
function bruteForceMinimum(values: number[]): number {
  const v = values.filter((x) => x !== 0);
  const search = (start: number): number => {
    while (start < v.length && v[start] === 0) start++;
    if (start === v.length) return 0;
    let best = Infinity;
    for (let j = start + 1; j < v.length; j++) {
      if (v[j]! * v[start]! >= 0) continue;
      v[j]! += v[start]!;
      best = Math.min(best, 1 + search(start + 1));
      v[j]! -= v[start]!;
    }
    return best;
  };
  return search(0);
}

describe('suggested transfers', () => {
  it('settle every balance to zero, and no shorter plan exists (brute force over 400 random groups of up to 8)', () => {
    const rand = mulberry32(11);
    for (let round = 0; round < 400; round++) {
      const balances = balancesOf(rand, 2 + Math.floor(rand() * 7), rand() < 0.5 ? 20 : 10_000);
      const plan = suggestTransfers(balances);
      expect(settle(balances, plan).every((b) => b === 0)).toBe(true);
      expect(plan.length).toBe(bruteForceMinimum([...balances.values()]));
    }
  });

  it('finds the plan that splits into even groups where greedy would not', () => {
    // Greedy pairs the largest first (c pays b 7, then c pays d 1...) and needs 4; b and e are even
    // on their own, and a, c, d settle in two.
    const balances = new Map([
      ['a', 2],
      ['b', 7],
      ['c', -8],
      ['d', 6],
      ['e', -7],
    ]);
    const plan = suggestTransfers(balances);
    expect(plan).toHaveLength(3);
    expect(greedy([...balances])).toHaveLength(4);
  });

  it('is exact for 15 people well under 50 ms, and greedy (n - 1 at most) beyond', () => {
    const rand = mulberry32(5);
    const fifteen = balancesOf(rand, 15);
    const started = performance.now();
    const plan = suggestTransfers(fifteen);
    expect(performance.now() - started).toBeLessThan(50);
    expect(settle(fifteen, plan).every((b) => b === 0)).toBe(true);
    const forty = balancesOf(rand, 40);
    const big = suggestTransfers(forty);
    expect(settle(forty, big).every((b) => b === 0)).toBe(true);
    expect(big.length).toBeLessThanOrEqual(39);
  });

  it('suggests nothing when everyone is even', () => {
    expect(
      suggestTransfers(
        new Map([
          ['a', 0],
          ['b', 0],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('exchange rates', () => {
  it('convert in integers, rounding half away from zero', () => {
    const rate = parseRate('1.0825')!;
    expect(formatRate(rate)).toBe('1.0825');
    expect(convertMoney(1000, 'EUR', 'USD', rate)).toBe(1083); // 10.825 -> 10.83
    expect(convertMoney(1000, 'USD', 'JPY', parseRate('150')!)).toBe(1500);
    expect(convertMoney(100000, 'INR', 'USD', parseRate('0.012')!)).toBe(1200);
    expect(parseRate('0')).toBeNull();
    expect(parseRate('-1')).toBeNull();
    expect(parseRate('1e3')).toBeNull();
  });
});

/** Random amounts for `who` adding up to `amountMinor`, as decimal text. */
function payersOf(amountMinor: number, who: string[]) {
  const first = Math.floor(amountMinor / 3);
  const parts = who.map((_, k) => (k === 0 ? amountMinor - first * (who.length - 1) : first));
  return who.map((userId, k) => ({ userId, amount: (parts[k]! / 100).toFixed(2) }));
}

const members = ['a0', 'b1', 'c2', 'd3', 'e4', 'f5', 'g6', 'h7', 'i8', 'j9', 'k10', 'l11'];
const trip = { baseCurrency: 'USD', memberIds: new Set(members) };

describe('splits', () => {
  it('over 5,000 random expenses: shares sum exactly to the amount, base shares to the base amount, and balances to zero', () => {
    const rand = mulberry32(2026);
    const balance = new Map<string, number>();
    const currencies = ['USD', 'EUR', 'INR', 'MXN'];
    for (let i = 0; i < 5000; i++) {
      const people = members.filter(() => rand() < 0.5);
      if (!people.length) people.push('a0');
      const amountMinor = 1 + Math.floor(rand() * 1_000_000);
      const currency = currencies[Math.floor(rand() * currencies.length)]!;
      const kind = ['EQUAL', 'PERCENTAGE', 'CUSTOM'][i % 3]!;
      let splits: { userId: string; amount?: string; percentage?: string }[] = [];
      if (kind === 'PERCENTAGE') {
        const weights = people.map(() => 1 + Math.floor(rand() * 100));
        const total = weights.reduce((a, b) => a + b, 0);
        const bps = weights.map((w) => Math.floor((w * 10000) / total));
        bps[0]! += 10000 - bps.reduce((a, b) => a + b, 0);
        splits = people.map((userId, k) => ({ userId, percentage: (bps[k]! / 100).toFixed(2) }));
      } else if (kind === 'CUSTOM') {
        const cuts = people.map(() => Math.floor(rand() * 1000));
        const total = cuts.reduce((a, b) => a + b, 0) || 1;
        const parts = cuts.map((c) => Math.floor((c * amountMinor) / total));
        parts[0]! += amountMinor - parts.reduce((a, b) => a + b, 0);
        splits = people.map((userId, k) => ({ userId, amount: (parts[k]! / 100).toFixed(2) }));
      }
      const data = validateExpense(
        {
          title: 'x',
          amount: (amountMinor / 100).toFixed(2),
          currency,
          paidById: members[Math.floor(rand() * members.length)],
          expenseDate: '2030-01-01',
          splitType: kind,
          participants: people,
          splits,
          exchangeRate: currency === 'USD' ? undefined : (0.01 + rand() * 2).toFixed(6),
          // Every fifth expense paid by two or three people.
          payers: i % 5 === 0 ? payersOf(amountMinor, members.slice(0, 2 + (i % 2))) : undefined,
        },
        trip,
      );
      expect(data.payers.reduce((a, p) => a + p.amountMinor, 0)).toBe(data.amountMinor);
      expect(data.payers.reduce((a, p) => a + p.baseAmountMinor, 0)).toBe(data.baseAmountMinor);
      expect(data.shares.reduce((a, s) => a + s.amountMinor, 0)).toBe(data.amountMinor);
      expect(data.shares.reduce((a, s) => a + s.baseAmountMinor, 0)).toBe(data.baseAmountMinor);
      for (const p of data.payers) balance.set(p.userId, (balance.get(p.userId) ?? 0) + p.baseAmountMinor);
      for (const s of data.shares) balance.set(s.userId, (balance.get(s.userId) ?? 0) - s.baseAmountMinor);
    }
    expect([...balance.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('gives the extra cent by a stable rule: the same split always gives it to the same people', () => {
    const input = { title: 'Taxi', amount: '100', paidById: 'c2', expenseDate: '2030-01-01', participants: ['c2', 'a0', 'b1'] };
    const first = validateExpense(input, trip).shares;
    expect(first.map((s) => [s.userId, s.amountMinor])).toEqual([
      ['a0', 3334],
      ['b1', 3333],
      ['c2', 3333],
    ]);
    expect(validateExpense({ ...input, participants: ['b1', 'c2', 'a0'] }, trip).shares).toEqual(first);
  });

  it('reports every rule broken at once, in the words users read', () => {
    const refused = (input: Record<string, unknown>) => {
      try {
        validateExpense(input, trip);
      } catch (e) {
        return (e as ValidationError).fieldErrors;
      }
      throw new Error('accepted');
    };
    expect(refused({ amount: '0', participants: [] })).toEqual([
      { field: 'title', message: M.titleRequired },
      { field: 'amount', message: M.invalidAmount },
      { field: 'paidById', message: M.paidByRequired },
      { field: 'expenseDate', message: M.dateRequired },
      { field: 'participants', message: M.participantsRequired },
    ]);
    const base = { title: 'x', amount: '100.00', paidById: 'a0', expenseDate: '2030-01-01', participants: ['a0', 'b1'] };
    expect(
      refused({
        ...base,
        splitType: 'CUSTOM',
        splits: [
          { userId: 'a0', amount: '50' },
          { userId: 'b1', amount: '40' },
        ],
      }),
    ).toEqual([{ field: 'splits', message: 'The splits add up to less than the amount: 10.00 USD more is needed.' }]);
    expect(
      refused({
        ...base,
        splitType: 'CUSTOM',
        splits: [
          { userId: 'a0', amount: '60' },
          { userId: 'b1', amount: '40.02' },
        ],
      }),
    ).toEqual([{ field: 'splits', message: 'The splits add up to more than the amount: 0.02 USD too much.' }]);
    expect(
      refused({
        ...base,
        splitType: 'PERCENTAGE',
        splits: [
          { userId: 'a0', percentage: '60' },
          { userId: 'b1', percentage: '30' },
        ],
      }),
    ).toEqual([{ field: 'splits', message: 'Percentages must add up to 100% (they add up to 90%).' }]);
    expect(refused({ ...base, paidById: 'zz', participants: ['a0', 'zz'], itineraryItemId: 'nope', currency: 'EUR' })).toEqual([
      { field: 'paidById', message: M.payerNotMember },
      { field: 'participants', message: M.participantNotMember },
      { field: 'exchangeRate', message: 'Please enter the exchange rate from EUR to USD.' },
      { field: 'itineraryItemId', message: M.invalidItineraryItem },
    ]);
    expect(refused({ ...base, amount: '12.345' })).toEqual([{ field: 'amount', message: M.invalidAmount }]);
  });

  it('takes several payers adding up to the amount, the largest as the one who paid', () => {
    const base = { title: 'Dinner', amount: '100.00', expenseDate: '2030-01-01', participants: ['a0', 'b1', 'c2'] };
    const data = validateExpense(
      {
        ...base,
        payers: [
          { userId: 'b1', amount: '60' },
          { userId: 'a0', amount: '40' },
        ],
      },
      trip,
    );
    expect(data.payers.map((p) => [p.userId, p.amountMinor])).toEqual([
      ['a0', 4000],
      ['b1', 6000],
    ]);
    expect(data.paidById).toBe('b1');
    expect(() =>
      validateExpense(
        {
          ...base,
          payers: [
            { userId: 'a0', amount: '60' },
            { userId: 'b1', amount: '30' },
          ],
        },
        trip,
      ),
    ).toThrow("The payers' amounts add up to less than the amount: 10.00 USD more is needed.");
    expect(() => validateExpense({ ...base, payers: [{ userId: 'zz', amount: '100' }] }, trip)).toThrow(M.payerNotMember);
  });

  it('accepts custom splits within 0.01 of the amount and brings them to it exactly', () => {
    const data = validateExpense(
      {
        title: 'x',
        amount: '100.00',
        paidById: 'a0',
        expenseDate: '2030-01-01',
        participants: ['a0', 'b1', 'c2'],
        splitType: 'CUSTOM',
        splits: [
          { userId: 'a0', amount: '33.33' },
          { userId: 'b1', amount: '33.33' },
          { userId: 'c2', amount: '33.33' },
        ],
      },
      trip,
    );
    expect(data.shares.map((s) => s.amountMinor)).toEqual([3334, 3333, 3333]);
  });
});
