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
export function timeAgo(instant: string, now = Date.now()): string {
  const seconds = Math.round((new Date(instant).getTime() - now) / 1000);
  for (const [unit, size] of STEPS) if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  return relative.format(0, 'second');
}

const localDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const localDayYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * "Mar 3, 2025" (or "Mar 3" without the year) for an instant, on the reader's calendar; a plain
 * YYYY-MM-DD date is that date wherever the reader is.
 */
export function formatDay(value: string, withYear = true): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (dateOnly) return (withYear ? dayYearFormat : dayFormat).format(asDate(value));
  return (withYear ? localDayYear : localDay).format(new Date(value));
}
