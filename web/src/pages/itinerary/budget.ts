/** The budget form's check (seed 001 §5): the shared budget rule (api/src/trips/budgetRule.ts), as the server applies it. */
import { BudgetMessages, formatMoneyDecimal } from '../../platform/domain';
import { checkBudget } from '../../platform/rules';

/**
 * The amount as the decimal text setTripBudget takes ("1250.50": money never travels as a
 * float), or the message to show on the field. A blank amount is refused, as on the server.
 */
export function parseBudgetAmount(raw: string, currency: string): { ok: true; amount: string } | { ok: false; message: string } {
  const checked = checkBudget(raw, currency, BudgetMessages.invalidAmount);
  return checked.ok ? { ok: true, amount: formatMoneyDecimal(checked.amountMinor, currency) } : checked;
}
