/**
 * The one rule for a trip's budget, used by the server (trip create/edit, setTripBudget) and by
 * the web's trip and budget forms (browser-safe). A budget is decimal text in its currency's
 * major unit, with no more decimals than the currency has (ISO 4217: USD 2, JPY 0, KWD 3), up
 * to BUDGET_MAX_MINOR minor units: ten million dollars, a billion yen, a million dinars.
 */
import { z } from 'zod';
import { currencyExponent, formatMoneyDecimal, parseMoney } from '../platform/money.js';

/** The largest budget kept, in minor units of its own currency (well inside the integer column). */
export const BUDGET_MAX_MINOR = 1_000_000_000;

/** The largest budget of `currency` for people: "10,000,000" (USD), "1,000,000,000" (JPY). */
export function largestBudget(currency: string): string {
  const major = formatMoneyDecimal(BUDGET_MAX_MINOR, currency).replace(/\.0+$/, '');
  const [whole, fraction] = major.split('.');
  return whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (fraction ? `.${fraction}` : '');
}

/** The too-large message, naming the currency's own maximum. */
export const budgetTooLarge = (currency: string) => `Budget must be at most ${largestBudget(currency)}.`;

/**
 * A budget amount (text, or a JSON number from REST) of `currency` as integer minor units.
 * Blank is not a budget here: the trip form treats it as none before it asks, the budget form
 * refuses it. `invalid` is the door's own wording for text that is not an amount (the trip form
 * and the budget form word it differently, both from the spec).
 */
export function budgetAmount(currency: string, invalid: string) {
  return z.union([z.string(), z.number()], { error: invalid }).transform((value, ctx) => {
    const parsed = parseMoney(String(value).trim(), currency, BUDGET_MAX_MINOR);
    if (parsed.ok) return parsed.amountMinor;
    ctx.addIssue({ code: 'custom', message: parsed.problem === 'tooLarge' ? budgetTooLarge(currency) : invalid });
    return z.NEVER;
  });
}

/** Checks one amount with `budgetAmount`: the minor units, or the message to show on the field. */
export function checkBudget(value: string | number, currency: string, invalid: string): { ok: true; amountMinor: number } | { ok: false; message: string } {
  const result = budgetAmount(currency, invalid).safeParse(value);
  return result.success ? { ok: true, amountMinor: result.data } : { ok: false, message: result.error.issues[0]?.message ?? invalid };
}

/** Decimals a budget of `currency` may carry (the form's step). */
export const budgetDecimals = (currency: string) => currencyExponent(currency);
