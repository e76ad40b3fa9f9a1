/**
 * The rules of recorded payments, shared by the server and the expenses page (browser-safe): what
 * a payer owes, when a payment is more than that, who may undo one, and how long an identical
 * payment counts as a likely double submission.
 */

/** An identical payment (same payer, payee, amount and currency) within this many seconds needs confirming. */
export const DUPLICATE_PAYMENT_SECONDS = 120;

/** What someone owes, from their balance (negative: owes), in minor units; 0 when they owe nothing. */
export const owedBy = (balanceMinor: number) => Math.max(0, -balanceMinor);

/** True when a payment is more than its payer owes (asked before it is recorded). */
export const isOverpayment = (amountMinor: number, payerBalanceMinor: number) => amountMinor > owedBy(payerBalanceMinor);

/** Who may undo a payment: whoever recorded it, either person it names, or the trip's owner. */
export function mayUndoPayment(
  viewerId: string,
  payment: { createdById: string | null; fromUserId: string; toUserId: string },
  viewerOwnsTrip: boolean,
): boolean {
  return viewerOwnsTrip || [payment.createdById, payment.fromUserId, payment.toUserId].includes(viewerId);
}
