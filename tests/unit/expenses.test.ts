import { describe, expect, it } from 'vitest';
import { convertMoney, formatRate, parseRate } from '../../api/src/platform/money.js';
import { greedy, suggestTransfers, type Transfer } from '../../api/src/expenses/settle.js';
import { validateExpense } from '../../api/src/expenses/validation.js';
import { ExpenseMessages as M } from '../../api/src/expenses/messages.js';
import { ValidationError } from '../../api/src/platform/errors.js';
import { emptyForm, presetsFor, toInput } from '../../web/src/pages/expenses/expenseForm.js';

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
    // The fastest of five runs: on a busy machine a single run may be preempted, which is not its cost.
    let plan = suggestTransfers(fifteen);
    let fastest = Infinity;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      plan = suggestTransfers(fifteen);
      fastest = Math.min(fastest, performance.now() - started);
    }
    expect(fastest).toBeLessThan(50);
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

/** A random receipt among `people`: lines, tax and tip, and what they add up to. */
function receiptOf(rand: () => number, people: string[]) {
  const text = (m: number) => (m / 100).toFixed(2);
  const lines = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => {
    const sharing = people.filter(() => rand() < 0.6);
    return { amountMinor: 1 + Math.floor(rand() * 100_000), people: sharing.length ? sharing : [people[0]!] };
  });
  const tax = Math.floor(rand() * 5_000);
  const tip = rand() < 0.5 ? 0 : Math.floor(rand() * 5_000);
  return {
    lines,
    items: lines.map((l, k) => ({ description: `Line ${k + 1}`, amount: text(l.amountMinor), participants: l.people })),
    tax: text(tax),
    tip: tip ? text(tip) : undefined,
    totalMinor: lines.reduce((a, l) => a + l.amountMinor, 0) + tax + tip,
  };
}

const members = ['a0', 'b1', 'c2', 'd3', 'e4', 'f5', 'g6', 'h7', 'i8', 'j9', 'k10', 'l11'];
const trip = { baseCurrency: 'USD', memberIds: new Set(members) };

describe('splits', () => {
  it('over 5,000 random expenses (equal, percentage, custom, itemised): shares sum exactly to the amount, base shares to the base amount, and balances to zero', () => {
    const rand = mulberry32(2026);
    const balance = new Map<string, number>();
    const currencies = ['USD', 'EUR', 'INR', 'MXN'];
    for (let i = 0; i < 5000; i++) {
      const people = members.filter(() => rand() < 0.5);
      if (!people.length) people.push('a0');
      let amountMinor = 1 + Math.floor(rand() * 1_000_000);
      const currency = currencies[Math.floor(rand() * currencies.length)]!;
      const kind = ['EQUAL', 'PERCENTAGE', 'CUSTOM', 'ITEMISED'][i % 4]!;
      let splits: { userId: string; amount?: string; percentage?: string }[] = [];
      // A receipt of one to six lines, each shared by its own people, with tax and tip.
      const receipt = kind === 'ITEMISED' ? receiptOf(rand, people) : null;
      if (receipt) amountMinor = receipt.totalMinor;
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
          ...(receipt ? { items: receipt.items, tax: receipt.tax, tip: receipt.tip } : {}),
        },
        trip,
      );
      if (receipt) {
        // Nobody pays less than their own lines, and the tax and tip are spread over the people with lines.
        const own = new Map<string, number>();
        for (const line of receipt.lines) line.people.forEach((u) => own.set(u, (own.get(u) ?? 0) + line.amountMinor / line.people.length));
        for (const sh of data.shares) expect(sh.amountMinor).toBeGreaterThanOrEqual(Math.floor(own.get(sh.userId)!));
        expect(new Set(data.shares.map((sh) => sh.userId))).toEqual(new Set(own.keys()));
      }
      expect(data.payers.reduce((a, p) => a + p.amountMinor, 0)).toBe(data.amountMinor);
      expect(data.payers.reduce((a, p) => a + p.baseAmountMinor, 0)).toBe(data.baseAmountMinor);
      expect(data.shares.reduce((a, s) => a + s.amountMinor, 0)).toBe(data.amountMinor);
      expect(data.shares.reduce((a, s) => a + s.baseAmountMinor, 0)).toBe(data.baseAmountMinor);
      for (const p of data.payers) balance.set(p.userId, (balance.get(p.userId) ?? 0) + p.baseAmountMinor);
      for (const s of data.shares) balance.set(s.userId, (balance.get(s.userId) ?? 0) - s.baseAmountMinor);
    }
    expect([...balance.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('gives the extra cent by a stable rule (the payer first): the same split always gives it to the same people', () => {
    const input = { title: 'Taxi', amount: '100', paidById: 'c2', expenseDate: '2030-01-01', participants: ['c2', 'a0', 'b1'] };
    const first = validateExpense(input, trip).shares;
    expect(first.map((s) => [s.userId, s.amountMinor])).toEqual([
      ['a0', 3333],
      ['b1', 3333],
      ['c2', 3334],
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

  it('itemises a receipt: each line to its own people, tax and tip in proportion, exact by largest remainder', () => {
    const input = {
      title: 'Dinner',
      amount: '66.00',
      paidById: 'a0',
      expenseDate: '2030-01-01',
      splitType: 'itemised',
      items: [
        { description: 'Pizza', amount: '30.00', participants: ['a0', 'b1', 'c2'] },
        { description: 'Wine', amount: '20.00', participants: ['a0', 'b1'] },
        { description: 'Salad', amount: '10.00', participants: ['c2'] },
      ],
      tax: '4.00',
      tip: '2.00',
    };
    const data = validateExpense(input, trip);
    expect(data.splitType).toBe('ITEMISED');
    // Subtotals 20, 20, 20: the 6.00 of tax and tip split evenly.
    expect(data.shares.map((s) => [s.userId, s.amountMinor])).toEqual([
      ['a0', 2200],
      ['b1', 2200],
      ['c2', 2200],
    ]);
    expect(data.items).toEqual([
      { description: 'Pizza', amountMinor: 3000, participants: ['a0', 'b1', 'c2'] },
      { description: 'Wine', amountMinor: 2000, participants: ['a0', 'b1'] },
      { description: 'Salad', amountMinor: 1000, participants: ['c2'] },
    ]);
    expect([data.taxMinor, data.tipMinor]).toEqual([400, 200]);
    // Uneven lines: 10.00 split three ways (3.34, 3.33, 3.33), 1.00 of tax by 3.34 : 3.33 : 13.33.
    const uneven = validateExpense(
      {
        ...input,
        amount: '21.00',
        items: [
          { description: 'Bread', amount: '10.00', participants: ['c2', 'b1', 'a0'] },
          { description: 'Steak', amount: '10.00', participants: ['c2'] },
        ],
        tax: '1.00',
        tip: '',
      },
      trip,
    );
    expect(uneven.shares.map((s) => s.amountMinor)).toEqual([351, 350, 1399]);
    expect(uneven.shares.reduce((a, s) => a + s.amountMinor, 0)).toBe(2100);
  });

  it('refuses a bad receipt with a message naming the line, and a total that does not match', () => {
    const refused = (input: Record<string, unknown>) => {
      try {
        validateExpense({ title: 'x', paidById: 'a0', expenseDate: '2030-01-01', splitType: 'ITEMISED', ...input }, trip);
      } catch (e) {
        return (e as ValidationError).fieldErrors;
      }
      throw new Error('accepted');
    };
    expect(refused({ amount: '10', items: [] })).toEqual([{ field: 'items', message: M.itemsRequired }]);
    expect(refused({ amount: '10', items: [{ description: 'Tea', amount: '0', participants: ['a0'] }] })).toEqual([
      { field: 'items', message: 'Line 1: Please enter a valid amount' },
    ]);
    expect(
      refused({
        amount: '10',
        items: [
          { description: 'Tea', amount: '5', participants: ['a0'] },
          { description: 'Cake', amount: '5', participants: [] },
        ],
      }),
    ).toEqual([{ field: 'items', message: 'Line 2: please choose who shares it.' }]);
    expect(refused({ amount: '10', items: [{ description: 'Tea', amount: '10', participants: ['zz'] }] })).toEqual([
      { field: 'items', message: 'Line 1: everyone sharing it must be a member of this trip.' },
    ]);
    expect(refused({ amount: '10', items: [{ description: '', amount: '10', participants: ['a0'] }], tax: '-1', tip: 'x' })).toEqual([
      { field: 'items', message: 'Line 1: please describe it.' },
      { field: 'tax', message: M.invalidTax },
      { field: 'tip', message: M.invalidTip },
    ]);
    expect(refused({ amount: '12.00', items: [{ description: 'Tea', amount: '10', participants: ['a0'] }], tax: '1' })).toEqual([
      { field: 'items', message: 'The lines, tax and tip add up to less than the amount: 1.00 USD more is needed.' },
    ]);
    expect(refused({ amount: '10.00', items: [{ description: 'Tea', amount: '10', participants: ['a0'] }], tip: '0.50' })).toEqual([
      { field: 'items', message: 'The lines, tax and tip add up to more than the amount: 0.50 USD too much.' },
    ]);
  });
});

describe("the form's presets", () => {
  const people = [
    { id: 'a0', name: 'Ana' },
    { id: 'b1', name: 'Bruno' },
    { id: 'c2', name: 'Clara' },
  ];
  /** The form as the server would take it: its shares per person, in minor units. */
  const sharesOf = (v: ReturnType<typeof emptyForm>) => {
    const input = toInput(v, 'USD');
    const data = validateExpense({ ...input, paidById: input.paidBy, splits: input.splits }, trip);
    return Object.fromEntries(data.shares.map((s) => [s.userId, s.amountMinor]));
  };

  it('offers equal, 60/40 and 70/30 when two people share, and pays all for each person; each gives shares the server accepts', () => {
    const three = { ...emptyForm(people, 'a0', 'USD', '2030-01-01'), title: 'Taxi', amount: '50.00' };
    expect(presetsFor(people, three).map((p) => p.label)).toEqual(['Split equally', 'Ana pays all', 'Bruno pays all', 'Clara pays all']);
    const two = { ...three, participants: ['a0', 'b1'] };
    const presets = presetsFor(people, two);
    expect(presets.map((p) => p.label)).toEqual(['Split equally', '60/40', '70/30', 'Ana pays all', 'Bruno pays all', 'Clara pays all']);
    const apply = (label: string) => presets.find((p) => p.label === label)!.apply(two);
    expect(sharesOf(apply('60/40'))).toEqual({ a0: 3000, b1: 2000 });
    expect(sharesOf(apply('70/30'))).toEqual({ a0: 3500, b1: 1500 });
    expect(sharesOf(apply('Clara pays all'))).toEqual({ c2: 5000 });
    expect(sharesOf(apply('Split equally'))).toEqual({ a0: 1667, b1: 1667, c2: 1666 });
  });
});
