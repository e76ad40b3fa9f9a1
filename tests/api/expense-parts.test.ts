import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_INCLUDE } from '../../api/src/expenses/service.js';
import { expensePartsOfTrip, expensesShown } from '../../api/src/expenses/parts.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

/**
 * parts.ts reads an expense's shares, payers and names in one raw statement each (for speed);
 * Prisma's nested reads are the reference. Both must give the same answer on the same data.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tripWithExpenses() {
  const [a, b, c] = [await signedInUser(t), await signedInUser(t, { first_name: 'Bea' }), await signedInUser(t, { first_name: 'Cy' })];
  const trip = await createTrip(t, a.token);
  const prisma = t.db.prisma;
  await prisma.tripMember.createMany({
    data: [b, c].map((u) => ({ tripId: trip.uuid, userId: u.userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const })),
  });
  // One without a last name, to read back as the name alone.
  await prisma.user.update({ where: { id: c.userId }, data: { lastName: '' } });
  const ids = [a, b, c].map((u) => u.userId);
  const paidAt = new Date('2030-01-02T03:04:05.678Z');
  type Split = [userId: string, amountCents: number, percentage: number | null, status: 'PAID' | 'PENDING'];
  type Made = { amount: number; currency: string; base: string | null; payers: [string, number][]; splits: Split[] };
  const made: Made[] = [
    // Equal, one payer (their own share paid), in the trip's currency.
    {
      amount: 1000,
      currency: 'USD',
      base: 'USD',
      payers: [[ids[0]!, 1000]],
      splits: ids.map((u, i) => [u, [334, 333, 333][i]!, null, i === 0 ? 'PAID' : 'PENDING'] as Split),
    },
    // Percentage, another currency, two payers.
    {
      amount: 5000,
      currency: 'EUR',
      base: 'USD',
      payers: [
        [ids[1]!, 3000],
        [ids[2]!, 2000],
      ],
      splits: [
        [ids[0]!, 2500, 50, 'PENDING'],
        [ids[1]!, 2500, 50, 'PAID'],
      ],
    },
    // An expense with no shares at all (what a half-written row would look like).
    { amount: 700, currency: 'USD', base: null, payers: [], splits: [] },
  ];
  for (const [k, e] of made.entries()) {
    await prisma.expense.create({
      data: {
        tripId: trip.uuid,
        title: `Expense ${k}`,
        amountCents: e.amount,
        currency: e.currency,
        baseCurrency: e.base,
        baseAmountCents: e.amount,
        paidById: ids[k]!,
        expenseDate: new Date(`2030-01-0${k + 1}`),
        splits: {
          create: e.splits.map(([userId, amountCents, percentage, status]) => ({
            userId,
            amountCents,
            baseAmountCents: amountCents + 1,
            percentage,
            status,
            paidAt: status === 'PAID' ? paidAt : null,
          })),
        },
        payers: { create: e.payers.map(([userId, amountCents]) => ({ userId, amountCents, baseAmountCents: amountCents })) },
      },
    });
  }
  return trip.uuid;
}

describe("parts.ts's raw statements against Prisma's reads of the same rows", () => {
  it('expensePartsOfTrip gives each expense the payer, shares and payers Prisma reads with EXPENSE_INCLUDE', async () => {
    const tripId = await tripWithExpenses();
    const rows = await t.db.prisma.expense.findMany({ where: { tripId }, include: EXPENSE_INCLUDE });
    const parts = await expensePartsOfTrip(t.db.prisma, tripId);
    expect(parts.size).toBe(rows.length);
    for (const e of rows) {
      expect(parts.get(e.id)).toEqual({
        paidBy: e.paidBy,
        splits: e.splits.map((s) => ({ id: s.id, userId: s.userId, amountCents: s.amountCents, percentage: s.percentage, status: s.status, paidAt: s.paidAt })),
        payers: e.payers.map((p) => ({ userId: p.userId, amountCents: p.amountCents })),
      });
    }
  });

  it('expensesShown gives each expense of a page its names, shares and payers as Prisma reads them', async () => {
    const tripId = await tripWithExpenses();
    const person = { select: { firstName: true, lastName: true } } as const;
    const rows = await t.db.prisma.expense.findMany({
      where: { tripId },
      include: {
        paidBy: person,
        splits: { orderBy: { userId: 'asc' }, include: { user: person } },
        payers: { orderBy: { userId: 'asc' }, include: { user: person } },
      },
    });
    const name = (u: { firstName: string; lastName: string | null }) => `${u.firstName} ${u.lastName ?? ''}`.trim() || 'Unknown';
    // A page of two of them: only those are answered.
    const page = rows.slice(0, 2);
    const shown = await expensesShown(
      t.db.prisma,
      page.map((e) => e.id),
    );
    expect([...shown.keys()].sort()).toEqual(page.map((e) => e.id).sort());
    for (const e of page) {
      expect(shown.get(e.id)).toEqual({
        payerName: name(e.paidBy),
        splits: e.splits.map((s) => ({
          userId: s.userId,
          name: name(s.user),
          amountCents: s.amountCents,
          baseAmountCents: s.baseAmountCents,
          currency: e.currency,
          baseCurrency: e.baseCurrency,
          percentage: s.percentage,
          status: s.status,
          paidAt: s.paidAt,
        })),
        payers: e.payers.map((p) => ({ userId: p.userId, name: name(p.user), amountCents: p.amountCents, currency: e.currency })),
      });
    }
    expect((await expensesShown(t.db.prisma, [])).size).toBe(0);
  });
});
