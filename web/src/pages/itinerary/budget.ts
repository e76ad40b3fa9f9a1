/** The budget form's check (seed 001 §5): a number of at least 0, cents at most, under the trip maximum. */
import { BudgetMessages } from '../../platform/domain';

/** The largest budget the server keeps, in major units (BudgetMessages.tooLarge names it). */
export const MAX_BUDGET = 10_000_000;

const DECIMAL = /^\d+(\.\d{1,2})?$/;

/**
 * The amount as the decimal text setTripBudget takes ("1250.50": money never travels as a
 * float), or the message to show on the field.
 */
export function parseBudgetAmount(raw: string): { ok: true; amount: string } | { ok: false; message: string } {
  const text = raw.trim();
  if (!DECIMAL.test(text)) return { ok: false, message: BudgetMessages.invalidAmount };
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return { ok: false, message: BudgetMessages.invalidAmount };
  if (value > MAX_BUDGET) return { ok: false, message: BudgetMessages.tooLarge };
  return { ok: true, amount: value.toFixed(2) };
}
