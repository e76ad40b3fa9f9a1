/**
 * The one rule for a calendar date typed as YYYY-MM-DD, shared by every server door and the web's
 * forms (browser-safe: no Node APIs). A date is a real day of the proleptic Gregorian calendar in
 * years 1 to 9999: a month 01-12 and a day that month has (29 February only in leap years), so
 * `2026-13-45`, `2026-00-10`, `0000-01-01` and `2024-02-30` are refused before any database sees them.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Years a date may carry (PostgreSQL has no year 0, and four digits end at 9999). */
export const CALENDAR_YEARS = { min: 1, max: 9999 } as const;

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in `month` (1-12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for YYYY-MM-DD text naming a real day in years 1-9999. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < CALENDAR_YEARS.min || year > CALENDAR_YEARS.max || month < 1 || month > 12) return false;
  return day >= 1 && day <= daysInMonth(year, month);
}

/**
 * The day as the UTC midnight a DATE column takes, or null when it is not a calendar date.
 * (Built with setUTCFullYear so years below 100 are not read as 19xx.)
 */
export function calendarDate(value: unknown): Date | null {
  if (!isCalendarDate(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d;
}
