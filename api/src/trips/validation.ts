import { ValidationError } from '../platform/errors.js';
import { TRIP_CURRENCIES, TripMessages as M } from './messages.js';

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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_BUDGET_CENTS = 1_000_000_000;

/** 'YYYY-MM-DD' (a real calendar day) as a UTC midnight; errors name `field`. */
export function parseIsoDate(value: string | null | undefined, field: 'startDate' | 'endDate'): Date | null {
  if (value == null || value === '') return null;
  if (!ISO_DATE.test(value)) throw new ValidationError(M.invalidDate, field);
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw new ValidationError(M.invalidDate, field);
  return d;
}

/** "1250.5" -> 125050. Exact decimal parsing: money never passes through floating point. */
export function parseMoneyToCents(value: string | number | null | undefined): number | null {
  if (value == null || value === '') return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new ValidationError(M.invalidBudget, 'budget');
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  // Stored as a 32-bit integer of cents: ten million is far beyond any group trip.
  if (cents > MAX_BUDGET_CENTS) throw new ValidationError(M.budgetTooLarge, 'budget');
  return cents;
}

const clean = (v: string | null | undefined, max: number) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t.slice(0, max);
};

/** Create-trip rules in the order of seed 000 §5; a budget of 0 is the same as none. */
export function validateTrip(input: TripInput): TripData {
  const name = (input.name ?? '').trim();
  if (!name) throw new ValidationError(M.nameRequired, 'name');
  if (name.length > 120) throw new ValidationError(M.nameTooLong, 'name');
  const startDate = parseIsoDate(input.startDate, 'startDate');
  const endDate = parseIsoDate(input.endDate, 'endDate');
  if (startDate && endDate && startDate > endDate) throw new ValidationError(M.dateOrder, 'endDate');
  const currency = (input.currency ?? 'USD').trim().toUpperCase();
  if (!(TRIP_CURRENCIES as readonly string[]).includes(currency)) throw new ValidationError(M.invalidCurrency, 'currency');
  const cents = parseMoneyToCents(input.budget);
  const d = input.destination;
  const lat = d?.latitude ?? null;
  const lng = d?.longitude ?? null;
  return {
    name,
    description: clean(input.description, 2000),
    destinationMainText: clean(d?.mainText, 200),
    destinationSecondaryText: clean(d?.secondaryText, 200),
    destinationDescription: clean(d?.description, 400) ?? clean(d?.mainText, 200),
    destinationPlaceId: clean(d?.placeId, 200),
    destinationLat: lat != null && Math.abs(lat) <= 90 ? lat : null,
    destinationLng: lng != null && Math.abs(lng) <= 180 ? lng : null,
    startDate,
    endDate,
    budgetCents: cents && cents > 0 ? cents : null,
    currency,
  };
}
