import type { PrismaClient } from '../src/generated/prisma/client.js';

/**
 * The expenses screen's bench data: `trip` gets members up to `members` (new users beside
 * `users`) and `count` expenses, each paid by one member and split equally between three to all
 * of them (shares exact to the cent), with one payment recorded per member.
 */
export async function seedExpenses(prisma: PrismaClient, tripId: string, users: string[], members: number, count: number): Promise<string[]> {
  const stamp = Date.now();
  const extra = Array.from({ length: Math.max(0, members - users.length) }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `bench.money${i}.${stamp}@example.com`,
    passwordHash: 'x',
    emailVerifiedAt: new Date(),
    firstName: `Payer${i}`,
    lastName: 'Bench',
  }));
  if (extra.length) {
    await prisma.user.createMany({ data: extra });
    await prisma.tripMember.createMany({ data: extra.map((u) => ({ tripId, userId: u.id, status: 'ACCEPTED' as const, role: 'MEMBER' as const })) });
  }
  const people = [...users.slice(0, members), ...extra.map((u) => u.id)];
  const expenses = [];
  const payers = [];
  const splits: { expenseId: string; userId: string; amountCents: number; baseAmountCents: number; status: 'PAID' | 'PENDING' }[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    const amount = 1000 + ((i * 7919) % 90_000);
    const payer = people[i % people.length]!;
    const who = people.slice(0, 3 + (i % (people.length - 2)));
    const share = Math.floor(amount / who.length);
    const shares = who.map((_, k) => share + (k < amount - share * who.length ? 1 : 0));
    expenses.push({
      id,
      tripId,
      title: `Expense ${i}`,
      amountCents: amount,
      currency: 'USD',
      baseAmountCents: amount,
      baseCurrency: 'USD',
      category: (['FOOD', 'TRANSPORT', 'ACCOMMODATION', 'ACTIVITIES', 'OTHER'] as const)[i % 5],
      paidById: payer,
      expenseDate: new Date(Date.UTC(2026, 0, 1 + (i % 30))),
      splitType: 'EQUAL' as const,
      createdById: payer,
    });
    payers.push({ expenseId: id, userId: payer, amountCents: amount, baseAmountCents: amount });
    who.forEach((userId, k) =>
      splits.push({
        expenseId: id,
        userId,
        amountCents: shares[k]!,
        baseAmountCents: shares[k]!,
        status: userId === payer ? ('PAID' as const) : ('PENDING' as const),
      }),
    );
  }
  for (let i = 0; i < expenses.length; i += 500) await prisma.expense.createMany({ data: expenses.slice(i, i + 500) });
  for (let i = 0; i < payers.length; i += 1000) await prisma.expensePayer.createMany({ data: payers.slice(i, i + 1000) });
  for (let i = 0; i < splits.length; i += 2000) await prisma.expenseSplit.createMany({ data: splits.slice(i, i + 2000) });
  await prisma.settlement.createMany({
    data: people.slice(1).map((from) => ({ tripId, fromUserId: from, toUserId: people[0]!, amountCents: 100, currency: 'USD' })),
  });
  return people;
}

/** The expenses screen over GraphQL, as the web app asks for it (ledger, first page, payments, history). */
export const expensesScreenQuery = (tripId: string) => `{ node(id: "${tripId}") { ... on Trip { id name currency
  members { status user { id displayName } }
  ledger { baseCurrency totalSpent { amount amountCents currency } budget { amount amountCents currency } averagePerPerson { amount currency }
    youOwe { amount amountCents currency } youAreOwed { amount amountCents currency } expenseCount otherBaseCount
    byCategory { category amount { amount amountCents currency } }
    balances { userId name isMember balance { amount amountCents currency } }
    suggestedTransfers { fromUserId fromName toUserId toName amount { amount currency } } }
  expenses(first: 50) { edges { cursor node { id title amount { amount currency } baseAmount { amount currency } exchangeRate category splitType
    paidById payerName expenseDate notes isPaid itineraryItemId payers { userId name amount { amount } }
    items { description amount { amount } participantIds } tax { amount } tip { amount }
    splits { userId name amount { amount } percentage status } } } pageInfo { hasNextPage endCursor } }
  settlements(first: 20) { edges { node { id fromName toName amount { amount currency } createdAt } } }
  expenseHistory(first: 20) { edges { node { id action title actorName createdAt changes { field from to } } } } } } }`;

/**
 * What that screen shows in one statement: the balances (the ledger's sum) and the first page of
 * expenses with their payers and shares. $1 is the trip.
 */
export const EXPENSES_SCREEN_SQL = `SELECT
  (SELECT json_agg(b) FROM (SELECT user_id, SUM(n) AS n FROM (
      SELECT p.user_id, p.base_amount_cents AS n FROM expense_payers p JOIN expenses e ON e.id = p.expense_id WHERE e.trip_id = $1::uuid
      UNION ALL SELECT s.user_id, -s.base_amount_cents FROM expense_splits s JOIN expenses e ON e.id = s.expense_id WHERE e.trip_id = $1::uuid
      UNION ALL SELECT from_user_id, amount_cents FROM settlements WHERE trip_id = $1::uuid
      UNION ALL SELECT to_user_id, -amount_cents FROM settlements WHERE trip_id = $1::uuid) m GROUP BY user_id) b) AS balances,
  (SELECT json_agg(x) FROM (SELECT e.id, e.title, e.amount_cents, e.currency, e.category, e.expense_date,
      (SELECT json_agg(json_build_object('user_id', s.user_id, 'amount', s.amount_cents, 'status', s.status)) FROM expense_splits s WHERE s.expense_id = e.id) AS splits,
      (SELECT json_agg(json_build_object('user_id', p.user_id, 'amount', p.amount_cents)) FROM expense_payers p WHERE p.expense_id = e.id) AS payers
    FROM expenses e WHERE e.trip_id = $1::uuid ORDER BY e.expense_date DESC, e.created_at DESC, e.id DESC LIMIT 50) x) AS expenses`;

/** The REST row's data (every expense with its shares, and the balances) in one statement. */
export const EXPENSES_ALL_SQL = EXPENSES_SCREEN_SQL.replace(' LIMIT 50', '');
