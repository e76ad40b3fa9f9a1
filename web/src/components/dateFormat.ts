import { readerLocale, readerNow } from '../platform/renderFacts';
import { clientTimeZone } from '../platform/timeZone';

/** Calendar dates (YYYY-MM-DD) for display, read as UTC so no time zone shifts a day. */
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "May 1 – 5, 2026" style ranges; "Dates not set" without dates. */
export function formatDateRange(start: string | null | undefined, end: string | null | undefined): string {
  if (!start && !end) return 'Dates not set';
  if (start && !end) return `From ${dayYearFormat.format(asDate(start))}`;
  if (!start && end) return `Until ${dayYearFormat.format(asDate(end))}`;
  const a = asDate(start!);
  const b = asDate(end!);
  if (start === end) return dayYearFormat.format(a);
  if (a.getUTCFullYear() === b.getUTCFullYear()) return `${dayFormat.format(a)} – ${dayYearFormat.format(b)}`;
  return `${dayYearFormat.format(a)} – ${dayYearFormat.format(b)}`;
}

/** "Sat 12 Jun": one day of a plan, with its weekday. */
export const dayLabel = (iso: string) => asDate(iso).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const STEPS: [unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago an instant was, in its largest whole unit: "3 hours ago", "yesterday", "now". */
export function timeAgo(instant: string, now = readerNow()): string {
  const seconds = Math.round((new Date(instant).getTime() - now) / 1000);
  for (const [unit, size] of STEPS) if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  return relative.format(0, 'second');
}

/** Formats in the reader's zone (clientTimeZone: the server's render uses the one the page was rendered for). */
const zoned = new Map<string, Intl.DateTimeFormat>();
function inReaderZone(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = clientTimeZone();
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = zoned.get(key);
  if (!format) zoned.set(key, (format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return format;
}
const localDay = { format: (at: Date) => inReaderZone({ month: 'short', day: 'numeric' }).format(at) };
const localDayYear = { format: (at: Date) => inReaderZone({ month: 'short', day: 'numeric', year: 'numeric' }).format(at) };

/** "Mar 3, 2025, 4:05 PM": an instant with its time, in the reader's zone. */
export const formatInstant = (value: string | Date) =>
  inReaderZone({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(value));

/**
 * An instant in the reader's own language and zone, as `Date#toLocaleString` and its siblings
 * would write it in their browser; the same on the server when it renders their page
 * (renderFacts.ts). Every such date goes through these, never through `toLocale*()` directly.
 */
export const readerDateTime = (value: unknown, options?: Intl.DateTimeFormatOptions) =>
  new Date(String(value)).toLocaleString(readerLocale(), { ...options, timeZone: clientTimeZone() });
export const readerDate = (value: unknown, options?: Intl.DateTimeFormatOptions) =>
  new Date(String(value)).toLocaleDateString(readerLocale(), { ...options, timeZone: clientTimeZone() });
export const readerTime = (value: unknown, options?: Intl.DateTimeFormatOptions) =>
  new Date(String(value)).toLocaleTimeString(readerLocale(), { ...options, timeZone: clientTimeZone() });

/**
 * "Mar 3, 2025" (or "Mar 3" without the year) for an instant, on the reader's calendar; a plain
 * YYYY-MM-DD date is that date wherever the reader is.
 */
export function formatDay(value: string, withYear = true): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (dateOnly) return (withYear ? dayYearFormat : dayFormat).format(asDate(value));
  return (withYear ? localDayYear : localDay).format(new Date(value));
}
