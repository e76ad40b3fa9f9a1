import { ValidationError, type FieldError } from '../platform/errors.js';
import { calendarDate } from '../platform/calendarDate.js';
import { checkBudget } from './budgetRule.js';
import { TRIP_CURRENCIES, TRIP_LIMITS, TripMessages as M } from './messages.js';

export { TRIP_LIMITS };

export interface DestinationInput {
  mainText: string;
  secondaryText?: string | null;
  description?: string | null;
  placeId?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface TripInput {
  name?: string | null;
  description?: string | null;
  destination?: DestinationInput | null;
  startDate?: string | null;
  endDate?: string | null;
  /** Decimal string or number in major units ("1250.50"); stored as integer cents. */
  budget?: string | number | null;
  currency?: string | null;
}

export interface TripData {
  name: string;
  description: string | null;
  destinationMainText: string | null;
  destinationSecondaryText: string | null;
  destinationDescription: string | null;
  destinationPlaceId: string | null;
  destinationLat: number | null;
  destinationLng: number | null;
  startDate: Date | null;
  endDate: Date | null;
  budgetCents: number | null;
  currency: string;
}

/** 'YYYY-MM-DD' (a real calendar day) as a UTC midnight; errors name `field`. */
export function parseIsoDate(value: string | null | undefined, field: 'startDate' | 'endDate'): Date | null {
  if (value == null || value === '') return null;
  const d = calendarDate(value);
  if (!d) throw new ValidationError(M.invalidDate, field);
  return d;
}

/** "1250.5" -> 125050 in the currency's minor units, by the one budget rule (budgetRule.ts); blank is none. */
export function parseMoneyToCents(value: string | number | null | undefined, currency = 'USD'): number | null {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return null;
  const checked = checkBudget(value, currency, M.invalidBudget);
  if (!checked.ok) throw new ValidationError(checked.message, 'budget');
  return checked.amountMinor;
}

/**
 * Create and edit rules, each field checked on its own so that every problem is reported at
 * once (a form shows them all); the first, in the order of the form, leads. A budget of 0 is
 * the same as none.
 */
export function validateTrip(input: TripInput): TripData {
  const errors: FieldError[] = [];
  const attempt = <T>(field: string, check: () => T): T | null => {
    try {
      return check();
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      errors.push({ field: err.field ?? field, message: err.message });
      return null;
    }
  };
  const text = (field: string, value: string | null | undefined, max: number, message: string) =>
    attempt(field, () => {
      const t = (value ?? '').trim();
      if (t.length > max) throw new ValidationError(message, field);
      return t === '' ? null : t;
    });

  const name = (input.name ?? '').trim();
  if (!name) errors.push({ field: 'name', message: M.nameRequired });
  else if (name.length > TRIP_LIMITS.name) errors.push({ field: 'name', message: M.nameTooLong });
  const d = input.destination;
  const mainText = text('destination.mainText', d?.mainText, TRIP_LIMITS.destinationText, M.destinationTooLong);
  const secondaryText = text('destination.secondaryText', d?.secondaryText, TRIP_LIMITS.destinationText, M.destinationTooLong);
  const destinationDescription = text('destination.description', d?.description, TRIP_LIMITS.destinationDescription, M.destinationDescriptionTooLong);
  const placeId = text('destination.placeId', d?.placeId, TRIP_LIMITS.placeId, M.destinationTooLong);
  const lat = d?.latitude ?? null;
  const lng = d?.longitude ?? null;
  if ((lat != null && !(Math.abs(lat) <= 90)) || (lng != null && !(Math.abs(lng) <= 180))) {
    errors.push({ field: 'destination', message: M.invalidCoordinates });
  }
  const startDate = attempt('startDate', () => parseIsoDate(input.startDate, 'startDate'));
  const endDate = attempt('endDate', () => parseIsoDate(input.endDate, 'endDate'));
  if (startDate && endDate && startDate > endDate) errors.push({ field: 'endDate', message: M.dateOrder });
  const currency = (input.currency ?? 'USD').trim().toUpperCase();
  const knownCurrency = (TRIP_CURRENCIES as readonly string[]).includes(currency);
  const cents = attempt('budget', () => parseMoneyToCents(input.budget, knownCurrency ? currency : 'USD'));
  if (!knownCurrency) errors.push({ field: 'currency', message: M.invalidCurrency });
  const description = text('description', input.description, TRIP_LIMITS.description, M.descriptionTooLong);

  if (errors.length) throw new ValidationError(errors[0]!.message, errors[0]!.field, errors);
  return {
    name,
    description,
    destinationMainText: mainText,
    destinationSecondaryText: secondaryText,
    destinationDescription: destinationDescription ?? mainText,
    destinationPlaceId: placeId,
    destinationLat: lat,
    destinationLng: lng,
    startDate,
    endDate,
    budgetCents: cents && cents > 0 ? cents : null,
    currency,
  };
}
