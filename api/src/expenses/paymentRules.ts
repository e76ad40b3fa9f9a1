/**
 * The rules of recorded payments, shared by the server and the expenses page (browser-safe): what
 * a payer owes, when a payment is more than that, who may undo one, and how long an identical
 * payment counts as a likely double submission.
 */
import { checkAmount, largestAmount, type AmountCheck } from '../platform/amountRule.js';
import { ExpenseMessages as M, fill } from './messages.js';

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

/** A payment as typed: who paid whom, the amount as decimal text, and its currency. */
export interface PaymentFields {
  fromUserId: string;
  toUserId: string;
  amount: string;
  currency: string;
}

/**
 * Every field at fault in a payment, in the form's order: both people must be settleable (on the
 * trip, or gone with a balance open) and differ, the amount positive and within its column, in
 * the trip's currency. `amount` is the amount rule's answer (its minor units when it passed).
 */
export function paymentProblems(p: PaymentFields, trip: { baseCurrency: string; settleable: ReadonlySet<string> }) {
  const problems: { field: string; message: string }[] = [];
  const { settleable, baseCurrency } = trip;
  if (!settleable.has(p.fromUserId) || !settleable.has(p.toUserId))
    problems.push({ field: !settleable.has(p.fromUserId) ? 'fromUserId' : 'toUserId', message: M.settleNotMember });
  else if (p.fromUserId === p.toUserId) problems.push({ field: 'toUserId', message: M.settleSameMember });
  const amount: AmountCheck = checkAmount(p.amount, baseCurrency);
  if (!amount.ok)
    problems.push({
      field: 'amount',
      message: amount.problem === 'tooLarge' ? fill(M.tooLarge, { max: `${largestAmount(baseCurrency)} ${baseCurrency}` }) : M.invalidAmount,
    });
  if (p.currency !== baseCurrency) problems.push({ field: 'currency', message: fill(M.settleCurrency, { base: baseCurrency }) });
  return { problems, amount };
}
