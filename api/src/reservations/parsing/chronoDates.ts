import * as chrono from 'chrono-node';

/**
 * chrono-node, a maintained parser of dates in many languages, as the fallback behind our own
 * rules (normalize.ts): asked only when they find nothing in a piece of text. Its strict parsers
 * only (no "today" or "now"), and only what it read for certain: a day and month for a date, an
 * hour for a time. A day without its year is left to the caller's rule (`yearless`), so both
 * readers date it the same way. Purely numeric dates stay with our rules, which refuse the
 * ambiguous slashed orders (03/04/2031) that chrono would read the American way; a year written
 * first (2031/06/12) is not ambiguous and is kept.
 */
const PARSERS = [chrono.en, chrono.de, chrono.fr, chrono.es, chrono.pt, chrono.nl, chrono.it, chrono.sv, chrono.ja, chrono.zh, chrono.ru, chrono.uk].map(
  (l) => l.strict,
);

/** Something chrono could read that our rules could not: a digit or a CJK numeral next to a word. */
const WORTH_ASKING = /\d|[〇一二三四五六七八九十]/;
const NUMERIC_ONLY = /^[\d\s./-]+$/;

export interface ChronoDate {
  at: number;
  end: number;
  year: number | null;
  month: number;
  day: number;
}

/** What the parsers read that `keep` accepts, the first parser's reading winning where two overlap. */
function results(text: string, reference: string | null | undefined, keep: (r: chrono.ParsedResult) => boolean): chrono.ParsedResult[] {
  if (!WORTH_ASKING.test(text)) return [];
  // A reference at noon UTC keeps chrono's own arithmetic on the same calendar day.
  const ref = new Date(`${reference ?? '2000-01-01'}T12:00:00Z`);
  const out: chrono.ParsedResult[] = [];
  for (const parser of PARSERS) {
    for (const r of parser.parse(text, ref)) {
      if (keep(r) && !out.some((o) => r.index < o.index + o.text.length && r.index + r.text.length > o.index)) out.push(r);
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Every day chrono reads for certain in `text`, in reading order; `year` is null when not written. */
export function chronoDates(text: string, reference?: string | null): ChronoDate[] {
  const isDay = (r: chrono.ParsedResult) => r.start.isCertain('day') && r.start.isCertain('month') && (!NUMERIC_ONLY.test(r.text) || /^\s*\d{4}/.test(r.text));
  return results(text, reference, isDay).map((r) => ({
    at: r.index,
    end: r.index + r.text.length,
    year: r.start.isCertain('year') ? r.start.get('year')! : null,
    month: r.start.get('month')!,
    day: r.start.get('day')!,
  }));
}

/** A number with one letter ("2h", "20m") is as often a duration ("arrive 2h before") as a time; "à 14h" is a time. */
const BARE_HOURS = /^\s*\d{1,2}\s*[a-z]?\s*$/i;

/** The first clock time chrono reads for certain in `text` ("19 Uhr", "午後3時"), as [hour, minute]. */
export function chronoTime(text: string): [number, number] | null {
  const r = results(text, null, (x) => x.start.isCertain('hour') && !BARE_HOURS.test(x.text))[0];
  return r ? [r.start.get('hour')!, r.start.get('minute') ?? 0] : null;
}
