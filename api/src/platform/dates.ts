const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * YYYY-MM-DD of a UTC-midnight date, as the REST payloads carry it. Written from the date's parts:
 * a page of trips formats a few dates per trip, and `toISOString()` builds the whole timestamp
 * first, about five times slower. Years outside 1000–9999 (and invalid dates) take that path.
 */
export function isoDate(d: Date | null | undefined): string | null {
  if (!d) return null;
  const year = d.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return d.toISOString().slice(0, 10);
  return `${year}-${twoDigits(d.getUTCMonth() + 1)}-${twoDigits(d.getUTCDate())}`;
}

/** A client-supplied IANA time zone if the runtime knows it, else UTC (never throws on bad input). */
export function parseTimeZone(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one,
 * and the API asks for "today" once per trip of a list. Zones are few (and validated first).
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today as YYYY-MM-DD in the given (or the runtime's) time zone. */
export function todayIso(now = new Date(), timeZone?: string): string {
  const key = timeZone ?? '';
  let format = dayFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(key, format);
  }
  return format.format(now);
}

/**
 * Today's calendar date in `timeZone`, as the UTC midnight a DATE column compares with (Prisma
 * hands DATE columns over as UTC midnights).
 */
export function todayIn(timeZone: string, now = new Date()): Date {
  return new Date(`${todayIso(now, timeZone)}T00:00:00.000Z`);
}
