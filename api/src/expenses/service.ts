import { Prisma } from '../generated/prisma/client.js';
import { checkSuggestedProgram } from '../rewards/service.js';
import { requireViewer, type RequestContext } from '../platform/context.js';
import { NotFoundError, ValidationError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { formatMoney, formatRate } from '../platform/money.js';
import { sharedRead } from '../platform/liveReads.js';
import { withLiveEvents, type LiveEvents, type Tx } from '../platform/outbox.js';
import { notify } from '../notifications/service.js';
import { requireTripMember } from '../trips/access.js';
import { holdTripForMoney } from '../trips/service.js';
import { describeChanges, type ExpenseSnapshot } from './history.js';
import { followSplitStatuses, readLedger, type Ledger } from './ledger.js';
import { expensePartsOfTrip, type ExpenseListRow } from './parts.js';
import { ExpenseMessages as M } from './messages.js';
import { validateExpense, type ExpenseData, type ExpenseInput } from './validation.js';

export const EXPENSE_INCLUDE = {
  splits: { orderBy: { userId: 'asc' } },
  paidBy: { select: { id: true, firstName: true, lastName: true } },
  payers: { orderBy: { userId: 'asc' } },
} as const satisfies Prisma.ExpenseInclude;
export type ExpenseRow = Prisma.ExpenseGetPayload<{ include: typeof EXPENSE_INCLUDE }>;

/** A trip's money: balances, suggested transfers and totals; members only. */
export async function tripLedger(ctx: RequestContext, tripId: string): Promise<Ledger> {
  await requireTripMember(ctx, tripId);
  // The whole trip's ledger, the same for every member: a live event reads it once for all.
  return sharedRead(ctx, `ledger:${tripId}`, () => readLedger(ctx.deps.db.prisma, tripId));
}

/** Every expense of a trip (newest day first) with its shares, and its settlements; members only. */
export async function tripExpenses(ctx: RequestContext, tripId: string) {
  await requireTripMember(ctx, tripId);
  const prisma = ctx.deps.db.prisma;
  // The expenses' own columns through Prisma (every column, typed as Prisma types it); their
  // shares, payers and payer names in one compact statement beside (parts.ts says why).
  const [rows, parts, settlements] = await Promise.all([
    prisma.expense.findMany({ where: { tripId }, orderBy: [{ expenseDate: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }] }),
    expensePartsOfTrip(prisma, tripId),
    prisma.settlement.findMany({ where: { tripId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  ]);
  // An expense added between the two reads has no parts yet: it is left for the next read.
  const expenses: ExpenseListRow[] = rows.flatMap((e) => {
    const p = parts.get(e.id);
    return p ? [{ ...e, ...p }] : [];
  });
  return { expenses, settlements };
}

/** The expense's trip once the viewer may change it: 401 signed out, 404 no such expense, 403 not on its trip. */
async function requireExpenseMember(ctx: RequestContext, expenseId: string) {
  requireViewer(ctx);
  if (!isUuid(expenseId)) throw new NotFoundError(M.notFound);
  const expense = await ctx.deps.db.prisma.expense.findUnique({ where: { id: expenseId }, include: EXPENSE_INCLUDE });
  if (!expense) throw new NotFoundError(M.notFound);
  await requireTripMember(ctx, expense.tripId);
  return expense;
}

/**
 * What the rules need of the trip, read inside the change's transaction with the trip's row held
 * (`holdTripForMoney`), so its currency stays the trip's until the change commits.
 */
export async function tripOf(tx: Tx, tripId: string) {
  const { currency, members } = await holdTripForMoney(tx, tripId);
  const names = new Map(members.map((m) => [m.userId, m.name]));
  return { baseCurrency: currency, memberIds: new Set(names.keys()), names };
}

function rowData(data: ExpenseData) {
  return {
    title: data.title,
    amountCents: data.amountMinor,
    currency: data.currency,
    category: data.category,
    paidById: data.paidById,
    expenseDate: data.expenseDate,
    notes: data.notes,
    splitType: data.splitType,
    exchangeRate: data.rate === null ? null : new Prisma.Decimal(formatRate(data.rate)),
    baseAmountCents: data.baseAmountMinor,
    baseCurrency: data.baseCurrency,
    items: data.items ? (data.items as unknown as Prisma.InputJsonArray) : Prisma.DbNull,
    taxCents: data.taxMinor,
    tipCents: data.tipMinor,
    suggestedProgramId: data.suggestedProgramId,
    paidAt: null,
  };
}

function payerRows(data: ExpenseData) {
  return data.payers.map((p) => ({ userId: p.userId, amountCents: p.amountMinor, baseAmountCents: p.baseAmountMinor }));
}

function splitRows(data: ExpenseData) {
  // With one payer their own share is paid by paying; with several, statuses follow the balances.
  const single = data.payers.length === 1;
  return data.shares.map((s) => ({
    userId: s.userId,
    amountCents: s.amountMinor,
    baseAmountCents: s.baseAmountMinor,
    percentage: s.percentage,
    status: single && s.userId === data.paidById ? ('PAID' as const) : ('PENDING' as const),
    paidAt: single && s.userId === data.paidById ? new Date() : null,
  }));
}

/** The expense may link to this item: it is on the trip and has no other expense. */
async function checkItem(tx: Tx, tripId: string, itemId: string | null, expenseId?: string) {
  if (!itemId) return;
  const item = await tx.itineraryItem.findUnique({ where: { id: itemId }, select: { tripId: true, expense: { select: { id: true } } } });
  if (!item || item.tripId !== tripId) throw new ValidationError(M.itemNotOnTrip, 'itineraryItemId');
  if (item.expense && item.expense.id !== expenseId) throw new ValidationError(M.itemHasExpense, 'itineraryItemId');
}

/**
 * Two members linking the same item at once both pass `checkItem`; the database's one expense per
 * item then refuses the second, which is told what the check would have told it.
 */
async function linkingItem<T>(itemId: string | null, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (itemId && (err as { code?: string }).code === 'P2002') throw new ValidationError(M.itemHasExpense, 'itineraryItemId');
    throw err;
  }
}

/** After any change: statuses follow the balances, and every member hears of it. */
export async function ledgerChanged(tx: Tx, events: LiveEvents, ctx: RequestContext, tripId: string, itemIds: (string | null)[]) {
  const ledger = await readLedger(tx, tripId);
  await followSplitStatuses(tx, tripId, ledger.people);
  events.tripTopic('expenses', { tripId, actorId: ctx.viewer!.id });
  for (const itemId of new Set(itemIds)) if (itemId) events.tripTopic('itinerary', { kind: 'UPDATED', tripId, itemId, actorId: ctx.viewer!.id });
}

const snapshot = (e: ExpenseRow): ExpenseSnapshot => ({
  title: e.title,
  amountMinor: e.amountCents,
  currency: e.currency,
  exchangeRate: e.exchangeRate
    ? e.exchangeRate
        .toFixed()
        .replace(/(\.\d*?)0+$/, '$1')
        .replace(/\.$/, '')
    : null,
  category: e.category,
  paidById: e.paidById,
  payers: e.payers,
  expenseDate: e.expenseDate,
  notes: e.notes,
  splitType: e.splitType,
  shares: e.splits,
  items: (e.items as unknown as ExpenseSnapshot['items']) ?? null,
  taxMinor: e.taxCents,
  tipMinor: e.tipCents,
  itineraryItemId: e.itineraryItemId,
});

/** Everyone an expense names: its payers and its participants. */
const involved = (e: { payers: { userId: string }[]; splits: { userId: string }[] }) => [...e.payers, ...e.splits].map((x) => x.userId);

/** Tells each member an expense names (but whoever made the change) what happened to it, in the change's transaction. */
async function tellInvolved(
  tx: Tx,
  events: LiveEvents,
  viewerId: string,
  trip: { memberIds: ReadonlySet<string> },
  people: string[],
  tripId: string,
  note: {
    title: string;
    message: string;
    expenseId: string;
  },
) {
  for (const userId of new Set(people)) {
    if (userId === viewerId || !trip.memberIds.has(userId)) continue;
    await notify(tx, events, userId, {
      type: 'EXPENSE_SPLIT',
      title: note.title,
      message: note.message,
      actionUrl: `/dashboard/expenses?trip=${tripId}`,
      data: { tripId, expenseId: note.expenseId },
    });
  }
}

/** Adds an expense; any member may. The participants (but the one adding it) are notified. */
export async function addExpense(ctx: RequestContext, tripId: string, input: ExpenseInput): Promise<ExpenseRow> {
  const viewer = requireViewer(ctx);
  await requireTripMember(ctx, tripId);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const trip = await tripOf(tx, tripId);
    const data = validateExpense(input, trip);
    checkSuggestedProgram(data.suggestedProgramId);
    await checkItem(tx, tripId, data.itineraryItemId);
    const expense = await linkingItem(
      data.itineraryItemId,
      tx.expense.create({
        data: {
          ...rowData(data),
          tripId,
          itineraryItemId: data.itineraryItemId,
          createdById: viewer.id,
          splits: { createMany: { data: splitRows(data) } },
          payers: { createMany: { data: payerRows(data) } },
        },
        include: EXPENSE_INCLUDE,
      }),
    );
    await tx.expenseChange.create({ data: { tripId, expenseId: expense.id, actorId: viewer.id, action: 'CREATED', title: data.title } });
    const actor = trip.names.get(viewer.id) || 'A member';
    for (const share of data.shares) {
      if (share.userId === viewer.id) continue;
      await notify(tx, events, share.userId, {
        type: 'EXPENSE_SPLIT',
        title: 'New shared expense',
        message: `${actor} added "${data.title}" (${formatMoney(data.amountMinor, data.currency)}): your share is ${formatMoney(share.amountMinor, data.currency)}.`,
        actionUrl: `/dashboard/expenses?trip=${tripId}`,
        data: { tripId, expenseId: expense.id },
      });
    }
    await ledgerChanged(tx, events, ctx, tripId, [data.itineraryItemId]);
    return expense;
  });
}

/**
 * Replaces an expense's fields and shares; any member may. The change is kept in its history.
 * `within` runs in the change's transaction (an administrator's edit records itself there).
 */
export async function updateExpense(
  ctx: RequestContext,
  expenseId: string,
  input: ExpenseInput,
  within?: (tx: Tx, before: ExpenseRow, after: ExpenseRow) => Promise<void>,
): Promise<ExpenseRow> {
  const viewer = requireViewer(ctx);
  const before = await requireExpenseMember(ctx, expenseId);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const trip = await tripOf(tx, before.tripId);
    const data = validateExpense(input, trip);
    checkSuggestedProgram(data.suggestedProgramId);
    await checkItem(tx, before.tripId, data.itineraryItemId, expenseId);
    await tx.expenseSplit.deleteMany({ where: { expenseId } });
    await tx.expensePayer.deleteMany({ where: { expenseId } });
    const expense = await linkingItem(
      data.itineraryItemId,
      tx.expense.update({
        where: { id: expenseId },
        data: {
          ...rowData(data),
          itineraryItemId: data.itineraryItemId,
          splits: { createMany: { data: splitRows(data) } },
          payers: { createMany: { data: payerRows(data) } },
        },
        include: EXPENSE_INCLUDE,
      }),
    );
    const changes = describeChanges(snapshot(before), snapshot(expense), trip.names);
    await tx.expenseChange.create({
      data: {
        tripId: before.tripId,
        expenseId,
        actorId: viewer.id,
        action: 'UPDATED',
        title: data.title,
        changes: changes as unknown as Prisma.InputJsonArray,
      },
    });
    if (changes.length) {
      const actor = trip.names.get(viewer.id) || 'A member';
      const share = (e: ExpenseRow, userId: string) => e.splits.find((x) => x.userId === userId);
      for (const userId of new Set([...involved(before), ...involved(expense)])) {
        if (userId === viewer.id || !trip.memberIds.has(userId)) continue;
        const mine = share(expense, userId);
        await notify(tx, events, userId, {
          type: 'EXPENSE_SPLIT',
          title: 'Shared expense edited',
          message: `${actor} edited "${data.title}" (${changes.map((c) => c.field.toLowerCase()).join(', ')}): ${
            mine ? `your share is ${formatMoney(mine.amountCents, expense.currency)}` : 'you no longer share it'
          }.`,
          actionUrl: `/dashboard/expenses?trip=${before.tripId}`,
          data: { tripId: before.tripId, expenseId },
        });
      }
    }
    await ledgerChanged(tx, events, ctx, before.tripId, [before.itineraryItemId, data.itineraryItemId]);
    await within?.(tx, before, expense);
    return expense;
  });
}

/** Deletes an expense; any member may. Its history stays. `within` runs in the same transaction. */
export async function deleteExpense(
  ctx: RequestContext,
  expenseId: string,
  within?: (tx: Tx, expense: ExpenseRow) => Promise<void>,
): Promise<{ id: string; tripId: string }> {
  const viewer = requireViewer(ctx);
  const expense = await requireExpenseMember(ctx, expenseId);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await tx.expense.delete({ where: { id: expenseId } });
    await tx.expenseChange.create({ data: { tripId: expense.tripId, expenseId, actorId: viewer.id, action: 'DELETED', title: expense.title } });
    const trip = await tripOf(tx, expense.tripId);
    const actor = trip.names.get(viewer.id) || 'A member';
    await tellInvolved(tx, events, viewer.id, trip, involved(expense), expense.tripId, {
      title: 'Shared expense deleted',
      message: `${actor} deleted "${expense.title}" (${formatMoney(expense.amountCents, expense.currency)}): the balances are recalculated.`,
      expenseId,
    });
    await ledgerChanged(tx, events, ctx, expense.tripId, [expense.itineraryItemId]);
    await within?.(tx, expense);
    return { id: expenseId, tripId: expense.tripId };
  });
}

/** Members and the history of a trip's expenses (newest first); members only. */
export async function expenseHistory(ctx: RequestContext, tripId: string, take = 100) {
  await requireTripMember(ctx, tripId);
  return ctx.deps.db.prisma.expenseChange.findMany({
    where: { tripId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    include: { actor: { select: { firstName: true, lastName: true } } },
  });
}

/** Expenses read per statement while a CSV export streams. */
const EXPORT_PAGE = 500;
const person = { select: { firstName: true, lastName: true } } as const;
export const EXPORT_INCLUDE = {
  splits: { orderBy: { userId: 'asc' }, include: { user: person } },
  payers: { orderBy: { userId: 'asc' }, include: { user: person } },
  paidBy: person,
} as const satisfies Prisma.ExpenseInclude;
export type ExportRow = Prisma.ExpenseGetPayload<{ include: typeof EXPORT_INCLUDE }>;

/**
 * A trip's expenses for a CSV export; members only (checked before anything is read). `pages`
 * reads them a page at a time (keyset on the list's order), so a long trip streams in constant memory.
 */
export async function expensesForExport(ctx: RequestContext, tripId: string) {
  await requireTripMember(ctx, tripId);
  const prisma = ctx.deps.db.prisma;
  const trip = await prisma.trip.findUniqueOrThrow({ where: { id: tripId }, select: { name: true, timeZone: true } });
  async function* pages(): AsyncGenerator<ExportRow[]> {
    let cursor: string | undefined;
    for (;;) {
      const rows = await prisma.expense.findMany({
        where: { tripId },
        include: EXPORT_INCLUDE,
        orderBy: [{ expenseDate: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
        take: EXPORT_PAGE,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      });
      if (rows.length) yield rows;
      if (rows.length < EXPORT_PAGE) return;
      cursor = rows[rows.length - 1]!.id;
    }
  }
  return { tripName: trip.name, timeZone: trip.timeZone, pages };
}
