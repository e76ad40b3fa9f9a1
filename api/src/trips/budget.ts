import { z } from 'zod';
import type { RequestContext } from '../platform/context.js';
import { ValidationError, type FieldError } from '../platform/errors.js';
import { withLiveEvents } from '../platform/outbox.js';
import { requireTripMember } from './access.js';
import { BudgetMessages as M, TRIP_CURRENCIES } from './messages.js';
import { keepCurrencyWithExpenses, tripChanged } from './service.js';
import { checkBudget } from './budgetRule.js';

/** The budget form's fields, for both doors: decimal text (or a JSON number from REST), and a code of the trip list. */
const BudgetFields = {
  amount: z.union([z.string(), z.number()], { error: M.invalidAmount }),
  currency: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(TRIP_CURRENCIES, { error: M.invalidCurrency })),
};

/**
 * An amount of at least 0 with no more decimals than its currency has, and a listed currency;
 * both problems at once when both are wrong (the amount then read as dollars would be).
 */
function validateBudget(input: BudgetInput): { amountCents: number; currency: (typeof TRIP_CURRENCIES)[number] } {
  const errors: FieldError[] = [];
  const currency = BudgetFields.currency.safeParse(input.currency);
  const amount = BudgetFields.amount.safeParse(input.amount);
  let amountCents = 0;
  if (!amount.success) errors.push({ field: 'amount', message: M.invalidAmount });
  else {
    const checked = checkBudget(amount.data, currency.success ? currency.data : 'USD', M.invalidAmount);
    if (checked.ok) amountCents = checked.amountMinor;
    else errors.push({ field: 'amount', message: checked.message });
  }
  if (!currency.success) errors.push({ field: 'currency', message: M.invalidCurrency });
  if (errors.length || !currency.success) throw new ValidationError(errors[0]!.message, errors[0]!.field, errors);
  return { amountCents, currency: currency.data };
}

export interface BudgetInput {
  amount?: unknown;
  currency?: unknown;
}

/**
 * Sets the trip's one budget (Trip.budgetCents in Trip.currency); any member may, as any member
 * plans the trip. As on the trip form, a budget of 0 is the same as none.
 */
export async function setTripBudget(ctx: RequestContext, tripId: string, input: BudgetInput) {
  await requireTripMember(ctx, tripId);
  const { amountCents, currency } = validateBudget(input);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    // The budget's currency is the trip's: the same rule as the trip form.
    await keepCurrencyWithExpenses(tx, tripId, currency);
    const trip = await tx.trip.update({
      where: { id: tripId },
      data: { budgetCents: amountCents > 0 ? amountCents : null, currency },
      select: { id: true, budgetCents: true, currency: true },
    });
    await tripChanged(tx, events, tripId, 'UPDATED');
    return trip;
  });
}
