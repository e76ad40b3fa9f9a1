import { TripMessages } from '../../platform/domain';
import { checkBudget } from '../../platform/rules';

/**
 * The trip form's budget by the shared rule (api/src/trips/budgetRule.ts) in the chosen
 * currency: blank is none (0 minor units), else the minor units or the server's message.
 */
export function tripBudget(value: number | string, currency: string): { ok: true; amountMinor: number } | { ok: false; message: string } {
  const text = String(value).trim();
  return text === '' ? { ok: true, amountMinor: 0 } : checkBudget(text, currency, TripMessages.invalidBudget);
}
