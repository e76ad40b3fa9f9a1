/**
 * Trip timing by calendar date. Pure functions on 'YYYY-MM-DD' strings, shared by
 * the API and the web app, so both put a trip in the same tab and say the same about it.
 */
export type TripTiming = 'UPCOMING' | 'CURRENT' | 'PAST';

const DAY_MS = 86_400_000;
const toDay = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS;

// Today's date in a zone is a platform fact (platform/dates.ts); re-exported for the trip rules' users.
export { todayIso } from '../platform/dates.js';

/** Upcoming if it starts after today; past if it ended before today; else current. Undated trips count as upcoming. */
export function tripTiming(start: string | null, end: string | null, today: string): TripTiming {
  if (start && start > today) return 'UPCOMING';
  if (end && end < today) return 'PAST';
  if (!start) return 'UPCOMING';
  return 'CURRENT';
}

/** Days between two dates (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round(toDay(to) - toDay(from));
}

/** Inclusive of both ends: a trip from the 1st to the 3rd lasts 3 days. */
export function durationDays(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

export interface TripProgress {
  percent: number;
  label: string;
}

/** The progress bar of a trip card. */
export function tripProgress(start: string | null, end: string | null, today: string): TripProgress {
  if (!start || !end) return { percent: 0, label: 'No dates set' };
  if (today < start) {
    const n = daysBetween(today, start);
    return { percent: 0, label: `Trip starts in ${n} ${n === 1 ? 'day' : 'days'}` };
  }
  if (today > end) return { percent: 100, label: 'Trip completed' };
  const total = durationDays(start, end);
  const elapsed = daysBetween(start, today) + 1;
  const left = daysBetween(today, end);
  return { percent: Math.round((elapsed / total) * 100), label: `${left} ${left === 1 ? 'day' : 'days'} left` };
}

/** 'Starts in n day(s)' on the dashboard's upcoming list. */
export function startsInLabel(start: string, today: string): string {
  const n = daysBetween(today, start);
  return `Starts in ${n} ${n === 1 ? 'day' : 'days'}`;
}
