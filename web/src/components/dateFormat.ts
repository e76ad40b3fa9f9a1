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
