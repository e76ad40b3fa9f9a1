import { Prisma } from '../generated/prisma/client.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Tx } from '../platform/outbox.js';
import { suggestTransfers, type Transfer } from './settle.js';
import { onTripStatus } from '../trips/memberStatusSql.js';
import { displayName } from '../accounts/accountFields.js';

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
 * The trip's ledger in one statement, whatever its size: every member and everyone the trip's
 * money names, with their balance in the base currency (what they paid, alone or with others,
 * less their shares, plus what they paid back, less what they were paid back), and beside them
 * the trip's currency, budget, totals and spending per category. Each share's base amount was
 * apportioned from its expense's, so the balances sum to exactly zero.
 *
 * Every move of the trip is read with its currency and summed per person, and only then are
 * those in another base currency left out. Filtering the expenses by the trip's currency first
 * made the planner expect almost none of them (it cannot know the currency before it runs) and
 * probe the shares one expense at a time, which took twice as long as reading them all.
 */
export async function readLedger(db: Db, tripId: string): Promise<Ledger> {
  type PersonCells = [id: string, firstName: string | null, lastName: string | null, member: boolean, balance: string];
  const [trip] = await db.$queryRaw<
    {
      currency: string;
      budget: number | null;
      spent: bigint | null;
      count: bigint;
      other: bigint;
      categories: { category: string; spent: string }[] | null;
      people: PersonCells[] | null;
    }[]
  >(Prisma.sql`
    WITH moves AS (
      -- Payers and shares summed per person and currency first: the lines below are a few dozen,
      -- not one per share (tens of thousands on a big trip).
      SELECT p.user_id, e.base_currency AS currency, SUM(p.base_amount_cents)::bigint AS n FROM expense_payers p JOIN expenses e ON e.id = p.expense_id
        WHERE e.trip_id = ${tripId}::uuid GROUP BY p.user_id, e.base_currency
      UNION ALL
      SELECT s.user_id, e.base_currency, -SUM(s.base_amount_cents)::bigint FROM expense_splits s JOIN expenses e ON e.id = s.expense_id
        WHERE e.trip_id = ${tripId}::uuid GROUP BY s.user_id, e.base_currency
      UNION ALL
      SELECT from_user_id, currency, amount_cents::bigint FROM settlements WHERE trip_id = ${tripId}::uuid AND undone_at IS NULL
      UNION ALL
      SELECT to_user_id, currency, -amount_cents::bigint FROM settlements WHERE trip_id = ${tripId}::uuid AND undone_at IS NULL
      UNION ALL
      -- Members have a line even with no money moved (no currency: it never counts).
      SELECT user_id, NULL, 0 FROM trip_members WHERE trip_id = ${tripId}::uuid AND ${onTripStatus('status')}
    ), sums AS (
      SELECT user_id, COALESCE(SUM(n) FILTER (WHERE currency = (SELECT currency FROM trips WHERE id = ${tripId}::uuid)), 0) AS balance
      FROM moves GROUP BY user_id
      -- Someone named only by money in another currency is left out, as that money is.
      HAVING bool_or(currency IS NULL OR currency = (SELECT currency FROM trips WHERE id = ${tripId}::uuid))
    ), spending AS (
      SELECT e.category, e.base_currency, SUM(e.base_amount_cents)::bigint AS spent, count(*) AS n
      FROM expenses e WHERE e.trip_id = ${tripId}::uuid GROUP BY e.category, e.base_currency
    )
    SELECT t.currency, t.budget_cents AS budget,
      (SELECT SUM(c.spent) FROM spending c WHERE c.base_currency = t.currency)::bigint AS spent,
      (SELECT COALESCE(SUM(c.n), 0) FROM spending c)::bigint AS count,
      (SELECT COALESCE(SUM(c.n), 0) FROM spending c WHERE c.base_currency IS DISTINCT FROM t.currency)::bigint AS other,
      (SELECT json_agg(json_build_object('category', upper(c.category::text), 'spent', c.spent::text) ORDER BY c.spent DESC, upper(c.category::text))
        FROM spending c WHERE c.base_currency = t.currency) AS categories,
      (SELECT json_agg(json_build_array(u.id, u.first_name, u.last_name,
          EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = t.id AND m.user_id = u.id AND ${onTripStatus('m.status')}),
          sums.balance::text) ORDER BY u.first_name, u.last_name, u.id)
        -- The people by primary key (= ANY of an array): a plain join had the planner hash every
        -- account of the database to find the dozen this trip names.
        FROM sums JOIN users u ON u.id = sums.user_id AND u.id = ANY(ARRAY(SELECT user_id FROM sums))) AS people
    FROM trips t WHERE t.id = ${tripId}::uuid`);
  if (!trip) throw new Error(`no trip ${tripId}`);
  const people: LedgerPerson[] = (trip.people ?? []).map(([userId, firstName, lastName, isMember, balance]) => ({
    userId,
    name: displayName({ firstName, lastName }, 'Unknown'),
    isMember,
    // Text, so that no JSON number stands between the database's sum and the exact integer.
    balanceMinor: Number(balance),
  }));
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
