import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalShares, itemisedShares, oddUnitStart, participantOrder } from '../../api/src/expenses/splitRules.js';
import { validateExpense } from '../../api/src/expenses/validation.js';
import { emptyForm, newLine, receiptPreview, toInput, type ExpenseFormValues } from '../../web/src/pages/expenses/expenseForm.js';

const MEMBERS = ['a0', 'b1', 'c2', 'd3', 'e4', 'f5', 'g6', 'h7'];
const trip = { baseCurrency: 'USD', memberIds: new Set(MEMBERS) };

/** A group of 1-8 members (in the rules' order) and who paid (a member, sharing or not). */
const group = fc
  .tuple(fc.subarray(MEMBERS, { minLength: 1 }), fc.constantFrom(...MEMBERS))
  .map(([people, payer]) => ({ people: participantOrder(people), payer }));

describe("an equal split's odd cents (splitRules.ts)", () => {
  it('adds up exactly, no share more than one minor unit from another, the payer first for the odd unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), group, (amount, { people, payer }) => {
        const shares = equalShares(amount, people, payer);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        const odd = amount % people.length;
        const floor = Math.floor(amount / people.length);
        // The odd units go to the payer (when sharing) and then to the next people after them, in id order.
        const start = oddUnitStart(people, payer);
        people.forEach((_, i) => expect(shares[i]).toBe(floor + ((i - start + people.length) % people.length < odd ? 1 : 0)));
        if (people.includes(payer) && odd === 1) people.forEach((id, i) => id !== payer && expect(shares[i]).toBe(floor));
      }),
      { numRuns: 2000 },
    );
  });

  it('30 dinners of 10.00 three ways, the three paying in turn: everyone pays exactly 100.00 (it was 100.20 / 99.90 / 99.90)', () => {
    const people = ['a0', 'b1', 'c2'];
    const total = new Map(people.map((id) => [id, 0]));
    for (let i = 0; i < 30; i++) equalShares(1000, people, people[i % 3]!).forEach((s, k) => total.set(people[k]!, total.get(people[k]!)! + s));
    expect([...total.values()]).toEqual([10000, 10000, 10000]);
  });

  it('over N expenses of a group paying in turn, the odd units one person bears differ from another by at most the odd units of one expense (1 for 10.00 three ways), and the ledger balances', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 1_000_000 }), group, (n, amount, { people }) => {
        const odd = new Map(people.map((id) => [id, 0]));
        const balance = new Map(people.map((id) => [id, 0]));
        const floor = Math.floor(amount / people.length);
        for (let i = 0; i < n; i++) {
          const payer = people[i % people.length]!;
          const shares = equalShares(amount, people, payer);
          balance.set(payer, balance.get(payer)! + amount);
          shares.forEach((s, k) => {
            odd.set(people[k]!, odd.get(people[k]!)! + s - floor);
            balance.set(people[k]!, balance.get(people[k]!)! - s);
          });
        }
        const units = [...odd.values()];
        expect(Math.max(...units) - Math.min(...units)).toBeLessThanOrEqual(amount % people.length);
        expect([...balance.values()].reduce((a, b) => a + b, 0)).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('the server gives the odd cent of an equal split to the payer, whoever has the lowest id', () => {
    const data = validateExpense({ title: 'Taxi', amount: '10.00', paidById: 'c2', expenseDate: '2030-01-01', participants: ['a0', 'b1', 'c2'] }, trip);
    expect(data.shares.map((s) => [s.userId, s.amountMinor])).toEqual([
      ['a0', 333],
      ['b1', 333],
      ['c2', 334],
    ]);
  });
});

describe('the web form and the API agree (one rule module)', () => {
  const people = MEMBERS.map((id) => ({ id, name: id }));
  /** A receipt of 1-6 lines, each shared by some members, with a tax and a tip, and who paid. */
  const receipt = fc.record({
    lines: fc.array(fc.record({ cents: fc.integer({ min: 1, max: 500_000 }), people: fc.subarray(MEMBERS, { minLength: 1 }) }), { minLength: 1, maxLength: 6 }),
    tax: fc.integer({ min: 0, max: 10_000 }),
    tip: fc.integer({ min: 0, max: 10_000 }),
    payer: fc.constantFrom(...MEMBERS),
    split: fc.option(fc.constantFrom(...MEMBERS), { nil: null }),
  });
  const money = (cents: number) => (cents / 100).toFixed(2);

  it("an itemised receipt's preview in the form is what the server stores, for one payer or several", () => {
    fc.assert(
      fc.property(receipt, ({ lines, tax, tip, payer, split }) => {
        const form: ExpenseFormValues = {
          ...emptyForm(people, payer, 'USD', '2030-01-01'),
          title: 'Dinner',
          splitType: 'ITEMISED',
          items: lines.map((l) => ({ ...newLine(l.people), description: 'Line', amount: money(l.cents) })),
          tax: money(tax),
          tip: money(tip),
        };
        const preview = receiptPreview(form)!;
        const total = lines.reduce((a, l) => a + l.cents, 0) + tax + tip;
        // Several payers: the payer and someone else, halves (the larger half decides who is first for the odd cents).
        if (split && split !== payer) form.payers = { [payer]: money(Math.ceil(total / 2)), [split]: money(Math.floor(total / 2)) };
        const previewWithPayers = receiptPreview(form)!;
        const input = toInput(form, 'USD');
        const stored = validateExpense({ ...input, paidById: input.paidBy, splits: input.splits }, trip);
        expect(preview.totalMinor).toBe(total);
        expect(new Map(stored.shares.map((s) => [s.userId, s.amountMinor]))).toEqual(previewWithPayers.shares);
        expect([...previewWithPayers.shares.values()].reduce((a, b) => a + b, 0)).toBe(total);
      }),
      { numRuns: 300 },
    );
  });

  it('both import the same functions (no copy of the rule in the web app)', async () => {
    const web = await import('../../web/src/platform/domain.js');
    expect(web.itemisedShares).toBe(itemisedShares);
    expect(web.equalShares).toBe(equalShares);
  });
});
