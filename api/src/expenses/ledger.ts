import { Prisma } from '../generated/prisma/client.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Tx } from '../platform/outbox.js';
import { suggestTransfers, type Transfer } from './settle.js';

/** Someone a trip's ledger names: a member, or someone who was one when the money moved. */
export interface LedgerPerson {
  userId: string;
  name: string;
  isMember: boolean;
  /** Positive: is owed; negative: owes. Minor units of the base currency. */
  balanceMinor: number;
}

/** A trip's money as it stands: balances, the transfers that settle them, totals. */
export interface Ledger {
  tripId: string;
  baseCurrency: string;
  budgetMinor: number | null;
  people: LedgerPerson[];
  transfers: Transfer[];
  /** Everything spent, in the base currency. */
  totalSpentMinor: number;
  expenseCount: number;
  /** Expenses entered while the trip had another base currency: not in the balances. */
  otherBaseCount: number;
  /** Spending per category in the base currency, largest first. */
  byCategory: { category: string; amountMinor: number }[];
}

type Db = PrismaClient | Tx;

/**
 * One statement: every member and everyone the trip's money names, with their balance in the
 * base currency (what they paid, alone or with others, less their shares, plus what they paid back, less what they
 * were paid back). Each share's base amount was apportioned from its expense's, so the balances
 * sum to exactly zero.
 */
async function readPeople(db: Db, tripId: string, base: string): Promise<LedgerPerson[]> {
  const rows = await db.$queryRaw<{ id: string; first_name: string | null; last_name: string | null; member: boolean; balance: bigint }[]>(Prisma.sql`
    WITH moves AS (
      SELECT p.user_id, p.base_amount_cents::bigint AS n FROM expense_payers p JOIN expenses e ON e.id = p.expense_id
        WHERE e.trip_id = ${tripId}::uuid AND e.base_currency = ${base}
      UNION ALL
      SELECT s.user_id, -s.base_amount_cents::bigint FROM expense_splits s JOIN expenses e ON e.id = s.expense_id
        WHERE e.trip_id = ${tripId}::uuid AND e.base_currency = ${base}
      UNION ALL
      SELECT from_user_id, amount_cents::bigint FROM settlements WHERE trip_id = ${tripId}::uuid AND currency = ${base}
      UNION ALL
      SELECT to_user_id, -amount_cents::bigint FROM settlements WHERE trip_id = ${tripId}::uuid AND currency = ${base}
      UNION ALL
      SELECT user_id, 0 FROM trip_members WHERE trip_id = ${tripId}::uuid AND status IN ('owner', 'accepted')
    )
    SELECT u.id, u.first_name, u.last_name,
      EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = ${tripId}::uuid AND m.user_id = u.id AND m.status IN ('owner', 'accepted')) AS member,
      SUM(moves.n)::bigint AS balance
    FROM moves JOIN users u ON u.id = moves.user_id
    GROUP BY u.id ORDER BY u.first_name, u.last_name, u.id`);
  return rows.map((r) => ({
    userId: r.id,
    name: [r.first_name, r.last_name].filter(Boolean).join(' ') || 'Unknown',
    isMember: r.member,
    balanceMinor: Number(r.balance),
  }));
}

/** The trip's ledger in four statements, whatever its size. */
export async function readLedger(db: Db, tripId: string): Promise<Ledger> {
  const trip = await db.trip.findUniqueOrThrow({ where: { id: tripId }, select: { currency: true, budgetCents: true } });
  const base = trip.currency;
  const [people, [totals], categories] = await Promise.all([
    readPeople(db, tripId, base),
    db.$queryRaw<{ spent: bigint | null; count: bigint; other: bigint }[]>(Prisma.sql`
      SELECT SUM(base_amount_cents) FILTER (WHERE base_currency = ${base})::bigint AS spent, count(*)::bigint AS count,
        count(*) FILTER (WHERE base_currency IS DISTINCT FROM ${base})::bigint AS other
      FROM expenses WHERE trip_id = ${tripId}::uuid`),
    db.$queryRaw<{ category: string; spent: bigint }[]>(Prisma.sql`
      SELECT upper(category::text) AS category, SUM(base_amount_cents)::bigint AS spent
      FROM expenses WHERE trip_id = ${tripId}::uuid AND base_currency = ${base}
      GROUP BY category ORDER BY spent DESC, category`),
  ]);
  const balances = new Map(people.map((p) => [p.userId, p.balanceMinor]));
  return {
    tripId,
    baseCurrency: base,
    budgetMinor: trip.budgetCents,
    people,
    transfers: suggestTransfers(balances),
    totalSpentMinor: Number(totals?.spent ?? 0),
    expenseCount: Number(totals?.count ?? 0),
    otherBaseCount: Number(totals?.other ?? 0),
    byCategory: categories.map((c) => ({ category: c.category, amountMinor: Number(c.spent) })),
  };
}

/**
 * Split statuses follow the balances: whoever owes nothing any more has paid every share they
 * owed on others' expenses (PAID, with `paidAt`), and an expense is paid once all its shares are.
 */
export async function followSplitStatuses(tx: Tx, tripId: string, people: readonly LedgerPerson[], now = new Date()): Promise<void> {
  const even = people.filter((p) => p.balanceMinor >= 0).map((p) => p.userId);
  if (even.length) {
    await tx.$executeRaw(Prisma.sql`
      UPDATE expense_splits s SET status = 'paid', paid_at = ${now}, updated_at = ${now}
      FROM expenses e WHERE e.id = s.expense_id AND e.trip_id = ${tripId}::uuid AND s.status = 'pending' AND s.user_id = ANY(${even}::uuid[])`);
  }
  await tx.$executeRaw(Prisma.sql`
    UPDATE expenses e SET paid_at = ${now}
    WHERE e.trip_id = ${tripId}::uuid AND e.paid_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM expense_splits s WHERE s.expense_id = e.id AND s.status = 'pending')`);
}
