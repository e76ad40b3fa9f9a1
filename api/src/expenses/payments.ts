import { Prisma } from '../generated/prisma/client.js';
import { requireViewer, type RequestContext } from '../platform/context.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { formatMoney } from '../platform/money.js';
import { withLiveEvents, type LiveEvents, type Tx } from '../platform/outbox.js';
import { notify } from '../notifications/service.js';
import { requireTripMember } from '../trips/access.js';
import { readLedger } from './ledger.js';
import { ExpenseMessages as M, fill } from './messages.js';
import { DUPLICATE_PAYMENT_SECONDS, isOverpayment, mayUndoPayment, owedBy, paymentProblems } from './paymentRules.js';
import { ledgerChanged, tripOf } from './service.js';

export interface SettlementInput {
  fromUserId?: unknown;
  toUserId?: unknown;
  amount?: unknown;
  currency?: unknown;
  note?: unknown;
  /** The member confirmed a payment larger than the payer owes. */
  allowOverpayment?: unknown;
  /** The member confirmed recording the same payment again within DUPLICATE_PAYMENT_SECONDS. */
  allowDuplicate?: unknown;
}

/**
 * Holds the trip's row against every other payment (and against expense writers, who hold it
 * shared) until the transaction ends, so two payments of one trip are checked one after the
 * other: the second sees the first. Taken before `tripOf`'s shared hold, never after (no upgrade).
 */
async function holdTripForPayment(tx: Tx, tripId: string) {
  await tx.$queryRaw(Prisma.sql`SELECT id FROM trips WHERE id = ${tripId}::uuid FOR NO KEY UPDATE`);
}

/** Tells the two people a payment names (but whoever acted) what happened, in the change's transaction. */
async function tellNamed(
  tx: Tx,
  events: LiveEvents,
  viewerId: string,
  s: { id: string; tripId: string; fromUserId: string; toUserId: string },
  title: string,
  message: (userId: string) => string,
) {
  for (const userId of new Set([s.fromUserId, s.toUserId])) {
    if (userId === viewerId) continue;
    await notify(tx, events, userId, {
      type: 'EXPENSE_SPLIT',
      title,
      message: message(userId),
      actionUrl: `/dashboard/expenses?trip=${s.tripId}`,
      data: { tripId: s.tripId, settlementId: s.id },
    });
  }
}

/**
 * 'Record payment': one member paid another back, in the trip's currency; any member may record
 * it. Either side may also be someone who has left the trip with a balance still open. More than
 * the payer owes needs `allowOverpayment`; the same payment again within a short while needs
 * `allowDuplicate` (two identical submissions at once record one).
 */
export async function recordSettlement(ctx: RequestContext, tripId: string, input: SettlementInput) {
  const viewer = requireViewer(ctx);
  await requireTripMember(ctx, tripId);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await holdTripForPayment(tx, tripId);
    const trip = await tripOf(tx, tripId);
    const ledger = await readLedger(tx, tripId);
    const from = typeof input.fromUserId === 'string' ? input.fromUserId : '';
    const to = typeof input.toUserId === 'string' ? input.toUserId : '';
    const currency = typeof input.currency === 'string' && input.currency.trim() ? input.currency.trim().toUpperCase() : trip.baseCurrency;
    // Someone who left the trip still owing (or owed) keeps a balance, and the suggested payments
    // name them: a payment to or from them is taken, or the trip could never settle to zero.
    const settleable = new Set(trip.memberIds);
    for (const p of ledger.people) if (p.balanceMinor !== 0) settleable.add(p.userId);
    const text =
      typeof input.amount === 'number' && Number.isFinite(input.amount) ? String(input.amount) : typeof input.amount === 'string' ? input.amount : '';
    const { problems, amount } = paymentProblems({ fromUserId: from, toUserId: to, amount: text, currency }, { baseCurrency: trip.baseCurrency, settleable });
    if (problems.length || !amount.ok) throw new ValidationError(problems[0]!.message, problems[0]!.field, problems);
    const amountMinor = amount.amountMinor;
    const payer = ledger.people.find((p) => p.userId === from);
    const balance = payer?.balanceMinor ?? 0;
    if (isOverpayment(amountMinor, balance) && input.allowOverpayment !== true) {
      const message = fill(M.overpayment, {
        name: payer?.name ?? trip.names.get(from) ?? 'The payer',
        debt: formatMoney(owedBy(balance), currency),
        amount: formatMoney(amountMinor, currency),
      });
      throw new ValidationError(message, 'amount');
    }
    if (input.allowDuplicate !== true) {
      const since = new Date(Date.now() - DUPLICATE_PAYMENT_SECONDS * 1000);
      const twin = await tx.settlement.findFirst({
        where: { tripId, fromUserId: from, toUserId: to, amountCents: amountMinor, currency, undoneAt: null, createdAt: { gte: since } },
        select: { id: true },
      });
      if (twin) {
        const name = (id: string) => ledger.people.find((p) => p.userId === id)?.name ?? trip.names.get(id) ?? 'someone';
        const minutes = Math.round(DUPLICATE_PAYMENT_SECONDS / 60);
        throw new ConflictError(fill(M.duplicatePayment, { amount: formatMoney(amountMinor, currency), from: name(from), to: name(to), minutes }), 'amount');
      }
    }
    const note = typeof input.note === 'string' && input.note.trim() ? input.note.trim().slice(0, 500) : null;
    const settlement = await tx.settlement.create({
      data: { tripId, fromUserId: from, toUserId: to, amountCents: amountMinor, currency, note, createdById: viewer.id },
    });
    const money = formatMoney(settlement.amountCents, currency);
    await tellNamed(tx, events, viewer.id, settlement, 'Payment recorded', (userId) =>
      userId === to ? `A payment of ${money} to you was recorded.` : `A payment of ${money} from you was recorded.`,
    );
    await ledgerChanged(tx, events, ctx, tripId, []);
    return settlement;
  });
}

/**
 * Undoes a recorded payment: its recorder, either person it names, the trip's owner or an
 * administrator may. The payment stays in the history (who undid it, when) and stops counting, so
 * the balances are what they were before it; shares of whoever owes again turn pending.
 * 404 unknown, 403 anyone else, 409 already undone.
 */
export async function undoSettlement(ctx: RequestContext, settlementId: string) {
  const viewer = requireViewer(ctx);
  if (!isUuid(settlementId)) throw new NotFoundError(M.paymentNotFound);
  const found = await ctx.deps.db.prisma.settlement.findUnique({
    where: { id: settlementId },
    select: { tripId: true, trip: { select: { ownerId: true } } },
  });
  if (!found) throw new NotFoundError(M.paymentNotFound);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await holdTripForPayment(tx, found.tripId);
    const s = await tx.settlement.findUniqueOrThrow({ where: { id: settlementId } });
    if (!viewer.isAdmin && !mayUndoPayment(viewer.id, s, found.trip.ownerId === viewer.id)) throw new ForbiddenError(M.undoNotAllowed);
    const now = new Date();
    const { count } = await tx.settlement.updateMany({ where: { id: settlementId, undoneAt: null }, data: { undoneAt: now, undoneById: viewer.id } });
    if (count === 0) throw new ConflictError(M.alreadyUndone);
    const trip = await tripOf(tx, s.tripId);
    await reopenShares(tx, s.tripId);
    const money = formatMoney(s.amountCents, s.currency);
    const actor = trip.names.get(viewer.id) || 'A member';
    await tellNamed(tx, events, viewer.id, s, 'Payment undone', (userId) =>
      userId === s.toUserId ? `${actor} undid a payment of ${money} to you.` : `${actor} undid a payment of ${money} from you.`,
    );
    await ledgerChanged(tx, events, ctx, s.tripId, []);
    return tx.settlement.findUniqueOrThrow({ where: { id: settlementId } });
  });
}

/**
 * After an undo, whoever owes again has unpaid shares: their shares of others' expenses (not
 * those they paid themselves) turn pending, and those expenses are no longer paid.
 */
async function reopenShares(tx: Tx, tripId: string) {
  const owing = (await readLedger(tx, tripId)).people.filter((p) => p.balanceMinor < 0).map((p) => p.userId);
  if (!owing.length) return;
  await tx.$executeRaw(Prisma.sql`
    UPDATE expense_splits s SET status = 'pending', paid_at = NULL, updated_at = now()
    FROM expenses e WHERE e.id = s.expense_id AND e.trip_id = ${tripId}::uuid AND s.status <> 'pending'
      AND s.user_id = ANY(${owing}::uuid[])
      AND NOT EXISTS (SELECT 1 FROM expense_payers p WHERE p.expense_id = e.id AND p.user_id = s.user_id)`);
  await tx.$executeRaw(Prisma.sql`
    UPDATE expenses e SET paid_at = NULL
    WHERE e.trip_id = ${tripId}::uuid AND e.paid_at IS NOT NULL
      AND EXISTS (SELECT 1 FROM expense_splits s WHERE s.expense_id = e.id AND s.status = 'pending')`);
}
