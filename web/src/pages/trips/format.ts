/** Display helpers of the trips screens (durations, money, destinations); dates in components/dateFormat. */
import { durationDays } from '../../platform/domain';

/** "5 days" (inclusive of both ends), or null without both dates. */
export function durationLabel(start: string | null | undefined, end: string | null | undefined): string | null {
  if (!start || !end) return null;
  const n = durationDays(start, end);
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/** "$1,250.50" from the API's decimal text and currency code. */
export function formatMoney(amount: string, currency: string): string {
  const value = Number(amount);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/**
 * Who a pending invitation is for: the account's name, else the typed-in address. The API hides
 * the address of an account someone else invited, so the name comes first; the last fallback
 * only covers a profile the viewer may not load.
 */
export function inviteeLabel(i: { readonly invitedEmail?: string | null; readonly invitedUser?: { readonly displayName: string } | null }): string {
  return i.invitedUser?.displayName ?? i.invitedEmail ?? 'Invited traveler';
}

interface DestinationLike {
  readonly mainText?: string | null;
  readonly secondaryText?: string | null;
  readonly description?: string | null;
}

/** "Lisbon, Lisbon, Portugal" or whatever the trip has. */
export function destinationText(d: DestinationLike | null | undefined): string | null {
  if (!d) return null;
  return d.description || [d.mainText, d.secondaryText].filter(Boolean).join(', ') || null;
}
