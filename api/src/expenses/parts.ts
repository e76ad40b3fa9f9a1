import { Prisma } from '../generated/prisma/client.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { ExpenseRow } from './service.js';
import { readTimestamp } from '../platform/sql.js';
import { displayName } from '../accounts/accountFields.js';

type Split = Pick<ExpenseRow['splits'][number], 'id' | 'userId' | 'amountCents' | 'percentage' | 'status' | 'paidAt'>;
type Payer = Pick<ExpenseRow['payers'][number], 'userId' | 'amountCents'>;

/** What a whole-trip list needs of an expense besides its own columns: its payer's name, its shares and its payers. */
export interface ExpenseParts {
  paidBy: ExpenseRow['paidBy'];
  splits: Split[];
  payers: Payer[];
}

/** An expense as the whole-trip list hands it over: its columns (as Prisma reads them) and its parts. */
export type ExpenseListRow = Omit<ExpenseRow, keyof ExpenseParts> & ExpenseParts;

/**
 * The parts of every expense of a trip, in one statement that answers one JSON value: a trip with
 * thousands of expenses has tens of thousands of shares, and Prisma's mapping of them as nested
 * rows cost several times what building and decoding compact arrays does (both drivers decode one
 * value; no per-row mapping). Shares and payers come in user order, as EXPENSE_INCLUDE has them.
 */
export async function expensePartsOfTrip(db: PrismaClient, tripId: string): Promise<Map<string, ExpenseParts>> {
  type SplitCells = [id: string, userId: string, amountCents: number, percentage: number | null, status: string, paidAt: string | null];
  type Cells = [id: string, paidById: string, firstName: string, lastName: string, splits: SplitCells[] | null, payers: [string, number][] | null];
  const [row] = await db.$queryRaw<{ parts: Cells[] | null }[]>(Prisma.sql`
    SELECT json_agg(json_build_array(e.id, u.id, u.first_name, u.last_name,
      (SELECT json_agg(json_build_array(s.id, s.user_id, s.amount_cents, s.percentage, s.status, s.paid_at) ORDER BY s.user_id)
         FROM expense_splits s WHERE s.expense_id = e.id),
      (SELECT json_agg(json_build_array(p.user_id, p.amount_cents) ORDER BY p.user_id) FROM expense_payers p WHERE p.expense_id = e.id))) AS parts
    FROM expenses e JOIN users u ON u.id = e.paid_by_id WHERE e.trip_id = ${tripId}::uuid`);
  const byExpense = new Map<string, ExpenseParts>();
  for (const [id, paidById, firstName, lastName, splits, payers] of row?.parts ?? []) {
    byExpense.set(id, {
      paidBy: { id: paidById, firstName, lastName },
      splits: (splits ?? []).map(([splitId, userId, amountCents, percentage, status, paidAt]) => ({
        id: splitId,
        userId,
        amountCents,
        percentage,
        status: status.toUpperCase() as Split['status'],
        paidAt: readTimestamp(paidAt),
      })),
      payers: (payers ?? []).map(([userId, amountCents]) => ({ userId, amountCents })),
    });
  }
  return byExpense;
}

/** A share as GraphQL's `Expense.splits` shows it: the participant's name and the expense's currencies beside it. */
export interface ShareView {
  userId: string;
  name: string;
  amountCents: number;
  baseAmountCents: number;
  currency: string;
  baseCurrency: string | null;
  percentage: number | null;
  status: Split['status'];
  paidAt: Date | null;
}

/** A payer as GraphQL's `Expense.payers` shows it. */
export interface PayerView {
  userId: string;
  name: string;
  amountCents: number;
  currency: string;
}

/** What a page of expenses shows besides their own columns: who paid (by name), the shares and the payers. */
export interface ExpenseShown {
  payerName: string;
  splits: ShareView[];
  payers: PayerView[];
}

/**
 * The shares, payers and names of the expenses `ids` (a page of them), in one statement answering
 * one JSON value, as `expensePartsOfTrip` reads a whole trip: Prisma's nested reading of the same
 * (a lateral join per share for its user and another for its expense's currency, each row mapped
 * apart) cost several times the statement itself on a page of fifty.
 *
 * The names come beside the page as a dictionary: each person the page names (payer, sharer) is
 * read once, by primary key (= ANY of an array). Joining users into every expense's shares and
 * payers instead made the statement grow with the accounts in the database: with the bench's
 * 10,000 accounts it took about ten times as long as with a dozen (95 ms against 8 on PGlite).
 * Shares and payers are read once each, their user ids kept beside them.
 */
export async function expensesShown(db: PrismaClient, ids: readonly string[]): Promise<Map<string, ExpenseShown>> {
  type ShareCells = [userId: string, amount: number, base: number, percentage: number | null, status: string, paidAt: string | null];
  type PayerCells = [userId: string, amount: number];
  type Cells = [id: string, currency: string, baseCurrency: string | null, paidById: string, shares: ShareCells[] | null, payers: PayerCells[] | null];
  type PersonCells = [id: string, first: string | null, last: string | null];
  const byExpense = new Map<string, ExpenseShown>();
  if (!ids.length) return byExpense;
  const [row] = await db.$queryRaw<{ parts: Cells[] | null; people: PersonCells[] | null }[]>(Prisma.sql`
    WITH parts AS MATERIALIZED (
      SELECT e.id, e.currency, e.base_currency, e.paid_by_id, sh.shares, sh.ids AS share_ids, py.payers, py.ids AS payer_ids
      FROM expenses e
      CROSS JOIN LATERAL (
        SELECT json_agg(json_build_array(s.user_id, s.amount_cents, s.base_amount_cents, s.percentage, s.status, s.paid_at) ORDER BY s.user_id) AS shares,
          array_agg(s.user_id) AS ids
        FROM expense_splits s WHERE s.expense_id = e.id) sh
      CROSS JOIN LATERAL (
        SELECT json_agg(json_build_array(p.user_id, p.amount_cents) ORDER BY p.user_id) AS payers, array_agg(p.user_id) AS ids
        FROM expense_payers p WHERE p.expense_id = e.id) py
      WHERE e.id = ANY(${ids}::uuid[])
    )
    SELECT
      (SELECT json_agg(json_build_array(id, currency, base_currency, paid_by_id, shares, payers)) FROM parts) AS parts,
      -- By primary key (= ANY of an array), so only the people named are read, however many accounts there are.
      (SELECT json_agg(json_build_array(u.id, u.first_name, u.last_name)) FROM users u
        WHERE u.id = ANY(ARRAY(SELECT DISTINCT x FROM parts CROSS JOIN LATERAL unnest(share_ids || payer_ids || paid_by_id) AS x))) AS people`);
  // One name per person, shared by every share and payer of theirs on the page.
  const names = new Map<string, string>();
  for (const [id, first, last] of row?.people ?? []) names.set(id, displayName({ firstName: first, lastName: last }, 'Unknown'));
  const nameOf = (id: string) => names.get(id) ?? 'Unknown';
  for (const [id, currency, baseCurrency, paidById, shares, payers] of row?.parts ?? []) {
    byExpense.set(id, {
      payerName: nameOf(paidById),
      splits: (shares ?? []).map(([userId, amountCents, baseAmountCents, percentage, status, paidAt]) => ({
        userId,
        name: nameOf(userId),
        amountCents,
        baseAmountCents,
        currency,
        baseCurrency,
        percentage,
        status: status.toUpperCase() as Split['status'],
        paidAt: readTimestamp(paidAt),
      })),
      payers: (payers ?? []).map(([userId, amountCents]) => ({ userId, name: nameOf(userId), amountCents, currency })),
    });
  }
  return byExpense;
}
