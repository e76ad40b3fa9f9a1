/**
 * Dates and times as confirmations write them ("Thu, 12 June 2031", "June 12, 2031", "2031-06-12",
 * "6:40 PM", "18h40"), turned into YYYY-MM-DD and HH:MM. Numeric day/month orders (03/04/2031)
 * are ambiguous across countries and are only read in ISO order.
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

const pad = (n: number) => String(n).padStart(2, '0');

function ymd(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

const DATE_PATTERNS: { re: RegExp; read: (m: RegExpExecArray) => string | null }[] = [
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/, read: (m) => ymd(+m[1]!, +m[2]!, +m[3]!) },
  { re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH},?\\s+(\\d{4})\\b`, 'i'), read: (m) => ymd(+m[3]!, monthOf(m[2]!), +m[1]!) },
  { re: new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i'), read: (m) => ymd(+m[3]!, monthOf(m[1]!), +m[2]!) },
  { re: new RegExp(`\\b(\\d{1,2})${MONTH}(\\d{2,4})\\b`, 'i'), read: (m) => ymd(century(m[3]!), monthOf(m[2]!), +m[1]!) },
];

const century = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** The first date in `text`, as YYYY-MM-DD; null when none is written there. */
export function findDate(text: string | null | undefined): string | null {
  if (!text) return null;
  let best: { at: number; value: string } | null = null;
  for (const { re, read } of DATE_PATTERNS) {
    const m = re.exec(text);
    const value = m && read(m);
    if (m && value && (!best || m.index < best.at)) best = { at: m.index, value };
  }
  return best?.value ?? null;
}

/** The first clock time in `text`, as HH:MM (24-hour); null when none. */
export function findTime(text: string | null | undefined): string | null {
  if (!text) return null;
  const m = /\b(\d{1,2})(?::|h|\.)(\d{2})\s*(a\.?m\.?|p\.?m\.?)?(?![\d.])/i.exec(text) ?? /\b(\d{1,2})\s*(a\.?m\.?|p\.?m\.?)(?=\W|$)/i.exec(text);
  if (!m) return null;
  const hasMinutes = m.length === 4;
  let hour = Number(m[1]);
  const minute = hasMinutes ? Number(m[2]) : 0;
  const meridiem = (hasMinutes ? m[3] : m[2])?.toLowerCase().replace(/\./g, '');
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/** An ISO date-time as written ("2031-06-12T18:40:00-04:00"): its own day and wall-clock time. */
export function splitIsoDateTime(value: unknown): { date: string | null; time: string | null } {
  if (typeof value !== 'string') return { date: null, time: null };
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value.trim());
  if (!m) return { date: findDate(value), time: findTime(value) };
  return { date: ymd(+m[1]!.slice(0, 4), +m[1]!.slice(5, 7), +m[1]!.slice(8, 10)), time: m[2] ? `${m[2]}:${m[3]}` : null };
}

/** Collapses white space and trims; empty is null. */
export function clean(value: unknown, max = 200): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
}
