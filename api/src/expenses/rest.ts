import { z } from 'zod';
import { assertSelfOrAdmin, route } from '../rest/kit.js';
import { ValidationError } from '../platform/errors.js';
import { isoDate } from '../platform/dates.js';
import { formatMoneyDecimal } from '../platform/money.js';
import { ExpenseMessages as M } from './messages.js';
import { addExpense, deleteExpense, expensesForExport, tripExpenses, tripLedger, updateExpense } from './service.js';
import { recordSettlement, undoSettlement } from './payments.js';
import type { ExpenseListRow } from './parts.js';
import { csvLine } from '../platform/formats/csv.js';
import { csvHeader, expenseCsvLine, exportFileName } from './csv.js';
import { localOf } from '../itinerary/timeZones.js';
import type { ExpenseInput } from './validation.js';
import { displayName } from '../accounts/accountFields.js';

/** Money crosses the wire as a decimal number in the currency's units. */
const decimal = (minor: number, currency: string) => Number(formatMoneyDecimal(minor, currency));

function splitJson(e: ExpenseListRow, s: ExpenseListRow['splits'][number]) {
  return {
    id: s.id,
    expense_id: e.id,
    user_id: s.userId,
    amount: decimal(s.amountCents, e.currency),
    percentage: s.percentage,
    status: s.status.toLowerCase(),
    paid_at: s.paidAt?.toISOString() ?? null,
  };
}

export function expenseJson(e: ExpenseListRow) {
  return {
    id: e.id,
    trip_id: e.tripId,
    title: e.title,
    amount: decimal(e.amountCents, e.currency),
    currency: e.currency,
    category: e.category.toLowerCase(),
    paid_by: e.paidById,
    payer_name: displayName(e.paidBy, ''),
    expense_date: isoDate(e.expenseDate),
    notes: e.notes,
    split_type: e.splitType.toLowerCase(),
    exchange_rate: e.exchangeRate ? Number(e.exchangeRate.toFixed()) : null,
    base_amount: e.baseAmountCents != null && e.baseCurrency ? decimal(e.baseAmountCents, e.baseCurrency) : null,
    base_currency: e.baseCurrency,
    itinerary_item_id: e.itineraryItemId,
    suggested_program_id: e.suggestedProgramId ?? null,
    paid_at: e.paidAt?.toISOString() ?? null,
    created_at: e.createdAt.toISOString(),
    payers: e.payers.map((p) => ({ user_id: p.userId, amount: decimal(p.amountCents, e.currency) })),
    items:
      (e.items as { description: string; amountMinor: number; participants: string[] }[] | null)?.map((i) => ({
        description: i.description,
        amount: decimal(i.amountMinor, e.currency),
        participants: i.participants,
      })) ?? null,
    tax: e.taxCents == null ? null : decimal(e.taxCents, e.currency),
    tip: e.tipCents == null ? null : decimal(e.tipCents, e.currency),
    splits: e.splits.map((s) => splitJson(e, s)),
  };
}

const anyValue = z.unknown().optional();
const SaveBody = z.object({
  id: z.string().optional(),
  trip_id: z.string().optional(),
  title: anyValue,
  amount: anyValue,
  currency: anyValue,
  category: anyValue,
  paid_by: anyValue,
  expense_date: anyValue,
  notes: anyValue,
  split_type: anyValue,
  participants: z.array(z.string(), { error: 'participants must be a list of user ids.' }).optional(),
  // [{user_id, amount}] or [{user_id, percentage}], or an object {user_id: amount}.
  custom_splits: z
    .union([
      z.array(z.object({ user_id: z.string(), amount: anyValue, percentage: anyValue }), { error: 'custom_splits must be a list of {user_id, amount}.' }),
      z.record(z.string(), z.unknown()),
    ])
    .optional()
    .nullable(),
  exchange_rate: anyValue,
  itinerary_item_id: anyValue,
  suggested_program_id: anyValue,
  // Several payers: [{user_id, amount}] adding up to the amount.
  payers: z.array(z.object({ user_id: z.string(), amount: anyValue }), { error: 'payers must be a list of {user_id, amount}.' }).optional(),
  // An itemised split: [{description, amount, participants: [user_id]}], with tax and tip.
  items: z
    .array(z.object({ description: anyValue, amount: anyValue, participants: z.array(z.string()).optional() }), {
      error: 'items must be a list of {description, amount, participants}.',
    })
    .optional(),
  tax: anyValue,
  tip: anyValue,
});
type SaveBody = z.infer<typeof SaveBody>;

function fromRest(body: SaveBody): ExpenseInput {
  const raw = body.custom_splits;
  const splits = Array.isArray(raw)
    ? raw.map((s) => ({ userId: s.user_id, amount: s.amount, percentage: s.percentage }))
    : Object.entries(raw ?? {}).map(([userId, v]) => (body.split_type === 'percentage' ? { userId, percentage: v } : { userId, amount: v }));
  return {
    title: body.title,
    amount: body.amount,
    currency: body.currency,
    category: body.category,
    paidById: body.paid_by,
    expenseDate: body.expense_date,
    notes: body.notes,
    splitType: body.split_type,
    participants: body.participants ?? splits.map((s) => s.userId),
    splits,
    exchangeRate: body.exchange_rate,
    itineraryItemId: body.itinerary_item_id,
    suggestedProgramId: body.suggested_program_id,
    payers: (body.payers ?? []).map((p) => ({ userId: p.user_id, amount: p.amount })),
    items: body.items,
    tax: body.tax,
    tip: body.tip,
  };
}

const SettleBody = z.object({
  from_user_id: z.string({ error: 'from_user_id is required.' }),
  to_user_id: z.string({ error: 'to_user_id is required.' }),
  amount: anyValue,
  currency: anyValue,
  trip_id: z.string({ error: 'trip_id is required.' }),
  note: anyValue,
  allow_overpayment: anyValue,
  allow_duplicate: anyValue,
});

/** A payment as both rows answer it (an undone one says who undid it, and when). */
function settlementJson(s: {
  id: string;
  tripId: string;
  fromUserId: string;
  toUserId: string;
  amountCents: number;
  currency: string;
  note: string | null;
  createdById: string | null;
  createdAt: Date;
  undoneAt: Date | null;
  undoneById: string | null;
}) {
  return {
    id: s.id,
    trip_id: s.tripId,
    from_user_id: s.fromUserId,
    to_user_id: s.toUserId,
    amount: decimal(s.amountCents, s.currency),
    currency: s.currency,
    note: s.note,
    created_by: s.createdById,
    created_at: s.createdAt.toISOString(),
    undone_at: s.undoneAt?.toISOString() ?? null,
    undone_by: s.undoneById,
  };
}

/** The export as a stream: the header, then each page of expenses as it is read. */
function csvStream(pages: () => AsyncGenerator<Parameters<typeof expenseCsvLine>[0][]>, header: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source = pages();
  return new ReadableStream({
    start(controller) {
      // A byte-order mark, so spreadsheet programs read the names' accents right.
      controller.enqueue(encoder.encode('\uFEFF' + csvLine(header)));
    },
    async pull(controller) {
      try {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(expenseCsvLine).join('')));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}

export const expenseRoutes = [
  route({
    method: 'GET',
    path: '/user-expenses/:userId',
    access: 'signedIn',
    handle: async (ctx, { params, query }) => {
      assertSelfOrAdmin(ctx, params.userId!);
      if (!query.tripId) throw new ValidationError(M.tripIdRequired, 'tripId');
      const [{ expenses, settlements }, ledger] = await Promise.all([tripExpenses(ctx, query.tripId), tripLedger(ctx, query.tripId)]);
      const base = ledger.baseCurrency;
      const rows = expenses.map(expenseJson);
      return {
        expenses: rows,
        // The same share objects again (the answer lists them both ways): built once, written twice.
        splits: rows.flatMap((e) => e.splits),
        settlements: settlements.map(settlementJson),
        profiles: Object.fromEntries(ledger.people.map((p) => [p.userId, { id: p.userId, name: p.name, is_member: p.isMember }])),
        base_currency: base,
        balances: ledger.people.map((p) => ({ user_id: p.userId, amount: decimal(p.balanceMinor, base), currency: base })),
        suggested_settlements: ledger.transfers.map((x) => ({
          from_user_id: x.fromUserId,
          to_user_id: x.toUserId,
          amount: decimal(x.amountMinor, base),
          currency: base,
        })),
        total_spent: decimal(ledger.totalSpentMinor, base),
      };
    },
  }),
  route({
    method: 'POST',
    path: '/save-expense',
    access: 'signedIn',
    body: SaveBody,
    // With an id, an edit of that expense (its trip is the expense's own).
    handle: async (ctx, { body }) => {
      const input = fromRest(body);
      if (body.id) return { expense: expenseJson(await updateExpense(ctx, body.id, input)) };
      if (!body.trip_id) throw new ValidationError('trip_id is required.', 'trip_id');
      return { expense: expenseJson(await addExpense(ctx, body.trip_id, input)) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/delete-expense/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      const deleted = await deleteExpense(ctx, params.id!);
      return { success: true, id: deleted.id, trip_id: deleted.tripId };
    },
  }),
  route({
    method: 'POST',
    path: '/settle-expense',
    access: 'signedIn',
    body: SettleBody,
    handle: async (ctx, { body }) => {
      const s = await recordSettlement(ctx, body.trip_id, {
        fromUserId: body.from_user_id,
        toUserId: body.to_user_id,
        amount: body.amount,
        currency: body.currency,
        note: body.note,
        allowOverpayment: body.allow_overpayment,
        allowDuplicate: body.allow_duplicate,
      });
      return { settlement: settlementJson(s) };
    },
  }),
  route({
    method: 'POST',
    path: '/undo-settlement/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ settlement: settlementJson(await undoSettlement(ctx, params.id!)) }),
  }),
  route({
    method: 'GET',
    path: '/trip-expenses/:tripId/export.csv',
    access: 'signedIn',
    // Members only (403 otherwise), checked before the first byte is sent.
    handle: async (ctx, { params }) => {
      const { tripName, timeZone, pages } = await expensesForExport(ctx, params.tripId!);
      // Dated by today at the trip's place, the zone its expense dates are days in.
      const file = exportFileName(tripName ?? 'trip', timeZone ? localOf(Date.now(), timeZone).date : new Date().toISOString().slice(0, 10));
      return new Response(csvStream(pages, csvHeader(timeZone)), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${file}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  }),
];
