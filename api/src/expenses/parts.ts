import { Prisma } from '../generated/prisma/client.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { ExpenseRow } from './service.js';

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
        // A timestamp column holds UTC wall time; JSON writes it without the zone.
        paidAt: paidAt === null ? null : new Date(`${paidAt}Z`),
      })),
      payers: (payers ?? []).map(([userId, amountCents]) => ({ userId, amountCents })),
    });
  }
  return byExpense;
}
