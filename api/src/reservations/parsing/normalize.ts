/**
 * Dates and times as confirmations write them, in English, German, French, Spanish, Czech, Italian,
 * Dutch, Portuguese, the Nordic languages and Polish (month names from the runtime's ICU data)
 * ("Thu, 12 June 2031", "June 12, 2031", "02-Feb-2031", "15.06.2017", "So 10.09.2017", "25-08-2012", "07 JUN",
 * "09JAN", "20-Jul", "6:40 PM", "18h40"), turned into YYYY-MM-DD and HH:MM. A date written
 * without its year takes the year of a reference day (the message's own date): the first such
 * day not long before it, since a confirmation is sent before the journey. Slashed day/month
 * orders (03/04/2031) differ across countries and are read only when the day cannot be a month.
 * Where these rules find nothing, chrono-node reads the text (chronoDates.ts): more languages
 * (Japanese, Chinese, Russian, Ukrainian...) and phrasings ("le mardi 5 juin à 14h", "19 Uhr").
 */
import { chronoDates, chronoTime } from './chronoDates.js';

const LOCALES = ['en', 'de', 'fr', 'es', 'cs', 'it', 'nl', 'pt', 'sv', 'da', 'nb', 'pl', 'fi'];

/** Month names and their usual abbreviations, lower case, built from the runtime's own ICU data. */
const MONTH_NAMES: Map<string, number> = (() => {
  const names = new Map<string, number>();
  const add = (name: string, month: number) => {
    const n = name.toLowerCase().replace(/\.$/, '').trim();
    if (n.length >= 3 && !names.has(n)) names.set(n, month);
  };
  for (let m = 1; m <= 12; m++) {
    const day = new Date(Date.UTC(2020, m - 1, 15));
    for (const locale of LOCALES) {
      const fmt = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' });
      const long = fmt({ month: 'long' }).format(day);
      add(long, m);
      add(long.slice(0, 3), m);
      add(fmt({ month: 'short' }).format(day), m);
      // Czech and others decline the month beside a day ("15. června"): keep that form too.
      const withDay = fmt({ day: 'numeric', month: 'long' })
        .formatToParts(day)
        .find((p) => p.type === 'month')?.value;
      if (withDay) add(withDay, m);
    }
  }
  return names;
})();
/** Weekday names and abbreviations (0 = Sunday), lower case, from the same ICU data. */
const WEEKDAY_NAMES: Map<string, number> = (() => {
  const names = new Map<string, number>();
  for (let d = 0; d < 7; d++) {
    const day = new Date(Date.UTC(2020, 10, 1 + d)); // 1 November 2020 was a Sunday
    for (const locale of LOCALES)
      for (const weekday of ['long', 'short'] as const) {
        const n = new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' }).format(day).toLowerCase().replace(/\.$/, '');
        if (n.length >= 2 && !names.has(n)) names.set(n, d);
      }
  }
  return names;
})();
const WEEKDAY = `(${[...WEEKDAY_NAMES.keys()].sort((a, b) => b.length - a.length).join('|')})\\.?`;

const MONTH = `(${[...MONTH_NAMES.keys()].sort((a, b) => b.length - a.length).join('|')})\\.?`;
/** Three-letter month abbreviations ("Feb", "JUN"), as the day-month-year forms with hyphens write them. */
const MONTH3 = `(${[...MONTH_NAMES.keys()].filter((n) => n.length === 3).join('|')})`;
const NOT_LETTER_BEFORE = '(?<![\\p{L}\\d])';
const NOT_LETTER_AFTER = '(?![\\p{L}])';

const pad = (n: number) => String(n).padStart(2, '0');

function ymd(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const monthOf = (name: string) => MONTH_NAMES.get(name.toLowerCase().replace(/\.$/, '')) ?? 0;
const century = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** The year for a day written without one: the reference's, or the next when that would fall well before it. */
function inferYear(month: number, day: number, reference: string | null | undefined): string | null {
  if (!reference) return null;
  const year = Number(reference.slice(0, 4));
  const same = ymd(year, month, day);
  if (!same) return ymd(year + 1, month, day);
  const daysBefore = (Date.parse(reference) - Date.parse(same)) / 86_400_000;
  return daysBefore > 60 ? ymd(year + 1, month, day) : same;
}

type Read = (m: RegExpExecArray, reference?: string | null) => string | null;
const u = (source: string) => new RegExp(source, 'iu');

/**
 * What chrono-node could read where our rules found no date, asked only then (it costs a dozen
 * parsers per line): a day number with CJK or Cyrillic date words, a year written first, or a
 * month name in an order our patterns miss ("the 5th of June").
 */
const CHRONO_DATE_CUE = u(`[年月日\\u0400-\\u04ff]|\\d{4}\\/\\d|${NOT_LETTER_BEFORE}${MONTH}${NOT_LETTER_AFTER}`);
const mayHoldDate = (text: string) => /\d/.test(text) && CHRONO_DATE_CUE.test(text);
/** Clock times our pattern misses: "19 Uhr", "14h", "7 heures", "10 o'clock", "3時", "10 часов". */
const CHRONO_TIME_CUE = /\d\s*(?:uhr|h|heures?|hrs?|o'?clock)(?![\p{L}])|\d\s*[時点]|\d\s*час/iu;

/** A slashed day whose order is unsure, settled by the weekday written before it ("Sat 01/08/15"). */
function byWeekday(weekday: string, a: number, b: number, year: number): string | null {
  const want = WEEKDAY_NAMES.get(weekday.toLowerCase().replace(/\.$/, ''));
  for (const [day, month] of [
    [a, b],
    [b, a],
  ] as const) {
    const value = ymd(year, month, day);
    if (value && new Date(`${value}T12:00:00Z`).getUTCDay() === want) return value;
  }
  return null;
}

const DATE_PATTERNS: { re: RegExp; read: Read }[] = [
  {
    re: u(`${NOT_LETTER_BEFORE}${WEEKDAY},?\\s+(\\d{1,2})\\/(\\d{1,2})\\/(\\d{4}|\\d{2})(?![\\d/])`),
    read: (m) => byWeekday(m[1]!, +m[2]!, +m[3]!, century(m[4]!)),
  },
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/, read: (m) => ymd(+m[1]!, +m[2]!, +m[3]!) },
  {
    re: u(`${NOT_LETTER_BEFORE}(\\d{1,2})(?:st|nd|rd|th)?\\.?\\s+(?:de\\s+)?${MONTH}(?:,|\\s+de)?\\s+(\\d{4})\\b`),
    read: (m) => ymd(+m[3]!, monthOf(m[2]!), +m[1]!),
  },
  { re: u(`${NOT_LETTER_BEFORE}${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`), read: (m) => ymd(+m[3]!, monthOf(m[1]!), +m[2]!) },
  { re: u(`${NOT_LETTER_BEFORE}(\\d{1,2})${MONTH}(\\d{2}|\\d{4})(?!\\d)`), read: (m) => ymd(century(m[3]!), monthOf(m[2]!), +m[1]!) },
  // 02-Feb-2024, 2/feb/24: a month's three-letter abbreviation between hyphens or slashes (DD-MMM-YYYY).
  { re: u(`${NOT_LETTER_BEFORE}(\\d{1,2})([-/])${MONTH3}\\2(\\d{4}|\\d{2})(?![\\d:])`), read: (m) => ymd(century(m[4]!), monthOf(m[3]!), +m[1]!) },
  // 15.06.2017, 26.07.22, 25-08-2012; 15/07/2017 only when 15 cannot be a month.
  { re: /(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d.:])/, read: (m) => ymd(century(m[3]!), +m[2]!, +m[1]!) },
  { re: /(?<![\d-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\d-])/, read: (m) => ymd(+m[3]!, +m[2]!, +m[1]!) },
  { re: /(?<![\d/])(1[3-9]|2\d|3[01])\/(\d{1,2})\/(\d{4}|\d{2})(?![\d/])/, read: (m) => ymd(century(m[3]!), +m[2]!, +m[1]!) },
  // 12/25/2031, as American mail writes it: month first when the second number cannot be a month.
  { re: /(?<![\d/])(\d{1,2})\/(1[3-9]|2\d|3[01])\/(\d{4}|\d{2})(?![\d/])/, read: (m) => ymd(century(m[3]!), +m[1]!, +m[2]!) },
  // Without a year: "07 JUN", "09JAN", "20-Jul", "Tuesday, January 19", "09.08.", "15/07".
  { re: u(`${NOT_LETTER_BEFORE}(\\d{1,2})(?:\\.|-|\\s*)(?:de\\s+)?${MONTH}${NOT_LETTER_AFTER}`), read: (m, ref) => inferYear(monthOf(m[2]!), +m[1]!, ref) },
  { re: u(`${NOT_LETTER_BEFORE}${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?![\\d:])`), read: (m, ref) => inferYear(monthOf(m[1]!), +m[2]!, ref) },
  { re: /(?<![\d.])(\d{1,2})\.(\d{1,2})\.(?![\d])/, read: (m, ref) => inferYear(+m[2]!, +m[1]!, ref) },
  { re: /(?<![\d/])(1[3-9]|2\d|3[01])\/(\d{1,2})(?![\d/])/, read: (m, ref) => inferYear(+m[2]!, +m[1]!, ref) },
];

/**
 * The first date in `text`, as YYYY-MM-DD; null when none is written there. `reference` (a
 * YYYY-MM-DD day, usually the message's date) supplies the year of dates written without one.
 */
export function findDate(text: string | null | undefined, reference?: string | null): string | null {
  return findDates(text, reference)[0]?.value ?? null;
}

/** Every date in `text` in reading order, with where each starts and ends. */
export function findDates(text: string | null | undefined, reference?: string | null): { at: number; end: number; value: string }[] {
  if (!text) return [];
  const found: { at: number; end: number; value: string }[] = [];
  // chrono is asked only when no rule recognised a date here, not when one could not date it.
  let recognised = false;
  for (const { re, read } of DATE_PATTERNS) {
    const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const m of text.matchAll(global)) {
      const at = m.index;
      const end = at + m[0].length;
      if (found.some((f) => at < f.end && end > f.at)) continue;
      const value = read(m as RegExpExecArray, reference);
      recognised = true;
      if (value) found.push({ at, end, value });
    }
  }
  if (!recognised && mayHoldDate(text)) {
    for (const d of chronoDates(text, reference)) {
      const value = d.year ? ymd(d.year, d.month, d.day) : inferYear(d.month, d.day, reference);
      if (value) found.push({ at: d.at, end: d.end, value });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

/** The first clock time in `text`, as HH:MM (24-hour); null when none. */
export function findTime(text: string | null | undefined): string | null {
  if (!text) return null;
  const m = /\b(\d{1,2})(?::|h|\.)(\d{2})\s*(a\.?m\.?|p\.?m\.?)?(?![\d.])/i.exec(text) ?? /\b(\d{1,2})\s*(a\.?m\.?|p\.?m\.?)(?=\W|$)/i.exec(text);
  if (!m) {
    const read = CHRONO_TIME_CUE.test(text) ? chronoTime(text) : null;
    return read && read[0] <= 23 && read[1] <= 59 ? `${pad(read[0])}:${pad(read[1])}` : null;
  }
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
