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
async function readPeople(db: Db, tripId: string): Promise<LedgerPerson[]> {
  // The base currency is read by the statement itself, so it need not wait for the trip's row.
  const base = Prisma.sql`(SELECT currency FROM trips WHERE id = ${tripId}::uuid)`;
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

/** The trip's ledger in two statements (run together), whatever its size. */
export async function readLedger(db: Db, tripId: string): Promise<Ledger> {
  const [people, [trip]] = await Promise.all([
    readPeople(db, tripId),
    // The trip's currency and budget, its totals and its spending per category, in one statement.
    db.$queryRaw<
      {
        currency: string;
        budget: number | null;
        spent: bigint | null;
        count: bigint;
        other: bigint;
        categories: { category: string; spent: string }[] | null;
      }[]
    >(Prisma.sql`
      SELECT t.currency, t.budget_cents AS budget,
        (SELECT SUM(e.base_amount_cents) FILTER (WHERE e.base_currency = t.currency) FROM expenses e WHERE e.trip_id = t.id)::bigint AS spent,
        (SELECT count(*) FROM expenses e WHERE e.trip_id = t.id)::bigint AS count,
        (SELECT count(*) FROM expenses e WHERE e.trip_id = t.id AND e.base_currency IS DISTINCT FROM t.currency)::bigint AS other,
        (SELECT json_agg(json_build_object('category', c.category, 'spent', c.spent::text) ORDER BY c.spent DESC, c.category)
          FROM (SELECT upper(e.category::text) AS category, SUM(e.base_amount_cents)::bigint AS spent
                FROM expenses e WHERE e.trip_id = t.id AND e.base_currency = t.currency GROUP BY e.category) c) AS categories
      FROM trips t WHERE t.id = ${tripId}::uuid`),
  ]);
  if (!trip) throw new Error(`no trip ${tripId}`);
  const balances = new Map(people.map((p) => [p.userId, p.balanceMinor]));
  return {
    tripId,
    baseCurrency: trip.currency,
    budgetMinor: trip.budget,
    people,
    transfers: suggestTransfers(balances),
    totalSpentMinor: Number(trip.spent ?? 0),
    expenseCount: Number(trip.count),
    otherBaseCount: Number(trip.other),
    byCategory: (trip.categories ?? []).map((c) => ({ category: c.category, amountMinor: Number(c.spent) })),
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
