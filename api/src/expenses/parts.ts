import { Prisma } from '../generated/prisma/client.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { ExpenseRow } from './service.js';
import { utcTimestamp } from '../platform/dates.js';

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
        paidAt: utcTimestamp(paidAt),
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

const personName = (first: string | null, last: string | null) => (first === null ? 'Unknown' : `${first} ${last ?? ''}`.trim() || 'Unknown');

/**
 * The shares, payers and names of the expenses `ids` (a page of them), in one statement answering
 * one JSON value, as `expensePartsOfTrip` reads a whole trip: Prisma's nested reading of the same
 * (a lateral join per share for its user and another for its expense's currency, each row mapped
 * apart) cost several times the statement itself on a page of fifty.
 */
export async function expensesShown(db: PrismaClient, ids: readonly string[]): Promise<Map<string, ExpenseShown>> {
  type ShareCells = [
    userId: string,
    first: string | null,
    last: string | null,
    amount: number,
    base: number,
    percentage: number | null,
    status: string,
    paidAt: string | null,
  ];
  type PayerCells = [userId: string, first: string | null, last: string | null, amount: number];
  type Cells = [
    id: string,
    currency: string,
    baseCurrency: string | null,
    first: string | null,
    last: string | null,
    shares: ShareCells[] | null,
    payers: PayerCells[] | null,
  ];
  const byExpense = new Map<string, ExpenseShown>();
  if (!ids.length) return byExpense;
  const [row] = await db.$queryRaw<{ parts: Cells[] | null }[]>(Prisma.sql`
    SELECT json_agg(json_build_array(e.id, e.currency, e.base_currency, pb.first_name, pb.last_name,
      (SELECT json_agg(json_build_array(s.user_id, u.first_name, u.last_name, s.amount_cents, s.base_amount_cents, s.percentage, s.status, s.paid_at) ORDER BY s.user_id)
         FROM expense_splits s LEFT JOIN users u ON u.id = s.user_id WHERE s.expense_id = e.id),
      (SELECT json_agg(json_build_array(p.user_id, u.first_name, u.last_name, p.amount_cents) ORDER BY p.user_id)
         FROM expense_payers p LEFT JOIN users u ON u.id = p.user_id WHERE p.expense_id = e.id))) AS parts
    FROM expenses e LEFT JOIN users pb ON pb.id = e.paid_by_id WHERE e.id = ANY(${ids}::uuid[])`);
  for (const [id, currency, baseCurrency, first, last, shares, payers] of row?.parts ?? []) {
    byExpense.set(id, {
      payerName: personName(first, last),
      splits: (shares ?? []).map(([userId, sFirst, sLast, amountCents, baseAmountCents, percentage, status, paidAt]) => ({
        userId,
        name: personName(sFirst, sLast),
        amountCents,
        baseAmountCents,
        currency,
        baseCurrency,
        percentage,
        status: status.toUpperCase() as Split['status'],
        paidAt: utcTimestamp(paidAt),
      })),
      payers: (payers ?? []).map(([userId, pFirst, pLast, amountCents]) => ({ userId, name: personName(pFirst, pLast), amountCents, currency })),
    });
  }
  return byExpense;
}
