/**
 * The one rule for a typed amount of money, shared by the server's services and the web's forms
 * (browser-safe). Amounts are kept as PostgreSQL `integer` minor units (api/prisma/schema/money.prisma),
 * so an amount must fit one in its own currency and, once converted at the typed rate, in the
 * trip's currency too: 20,000,000 USD at 2 would be 4,000,000,000 euro cents, past the column.
 */
import { convertMoney, formatMoneyDecimal, parseMoney } from './money.js';

/** The largest value an `integer` money column holds (2^31 - 1 minor units). */
export const MONEY_COLUMN_MAX = 2_147_483_647;

export type AmountProblem = 'format' | 'tooManyDecimals' | 'notPositive' | 'tooLarge' | 'tooLargeInBase';

export type AmountCheck = { ok: true; amountMinor: number; baseAmountMinor: number } | { ok: false; problem: AmountProblem };

/** Where the amount is also kept converted: the trip's currency and the rate to it (null: the same currency). */
export interface AmountBase {
  currency: string;
  rate: bigint | null;
}

/**
 * A positive decimal amount of `currency` (at most its exponent's decimals) that fits the column,
 * and whose value in `base` (when given) fits it too.
 */
export function checkAmount(text: string, currency: string, base?: AmountBase): AmountCheck {
  const parsed = parseMoney(text, currency, MONEY_COLUMN_MAX);
  if (!parsed.ok) return parsed;
  if (parsed.amountMinor <= 0) return { ok: false, problem: 'notPositive' };
  const baseAmountMinor =
    base && base.rate !== null && base.currency !== currency ? convertMoney(parsed.amountMinor, currency, base.currency, base.rate) : parsed.amountMinor;
  if (baseAmountMinor > MONEY_COLUMN_MAX) return { ok: false, problem: 'tooLargeInBase' };
  return { ok: true, amountMinor: parsed.amountMinor, baseAmountMinor };
}

/** The largest amount a column takes, as decimal text of `currency` ("21474836.47" for USD). */
export const largestAmount = (currency: string) => formatMoneyDecimal(MONEY_COLUMN_MAX, currency);
