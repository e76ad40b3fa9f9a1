import { emptyReservation, type ExtractedReservation } from './types.js';

/**
 * IATA Bar Coded Boarding Passes (Resolution 792, "M" format): the string inside a boarding
 * pass's Aztec, PDF417 or QR code. Fixed-width fields; only the mandatory ones of each leg are
 * read, plus the pass's date of issue when its conditional section holds one (it fixes the year,
 * which the flight's day-of-year alone does not give).
 */
export interface BoardingLeg {
  pnr: string;
  from: string;
  to: string;
  carrier: string;
  flightNumber: string;
  /** Day of the year of the flight (1–366), as printed. */
  dayOfYear: number;
  compartment: string;
  seat: string | null;
}

export interface BoardingPass {
  /** "Surname Given", as printed (without MR/MRS and the like). */
  passenger: string;
  legs: BoardingLeg[];
  /** The day the pass was issued, when it says (YYYY-MM-DD with a year ending in its digit). */
  issued: { yearDigit: number; dayOfYear: number } | null;
}

/** Format code, legs, name, e-ticket flag; then per leg PNR … status and the size of what follows. */
const HEAD = 23;
const LEG = 37;
const IATA = /^[A-Z]{3}$/;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function nameOf(raw: string): string {
  const [surname, given = ''] = squash(raw).split('/');
  const first = given.replace(/\s+(MRS?|MS|MISS|MSTR|DR|PROF)$/i, '');
  const proper = (s: string) => s.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());
  return squash(`${proper(first)} ${proper(surname ?? '')}`);
}

/** One leg's mandatory fields at `at`, or null when they are not a leg's. */
function legAt(s: string, at: number): { leg: BoardingLeg; size: number } | null {
  const f = s.slice(at, at + LEG);
  if (f.length < LEG) return null;
  const [from, to] = [f.slice(7, 10), f.slice(10, 13)];
  const carrier = f.slice(13, 16).trim();
  const number = f.slice(16, 21).trim();
  const day = f.slice(21, 24);
  const size = f.slice(35, 37);
  if (!IATA.test(from) || !IATA.test(to) || !/^[A-Z0-9]{2,3}$/.test(carrier)) return null;
  if (!/^\d{1,4}[A-Z]?$/.test(number) || !/^\d{3}$/.test(day) || !/^[0-9A-F]{2}$/i.test(size)) return null;
  const dayOfYear = Number(day);
  if (dayOfYear < 1 || dayOfYear > 366) return null;
  const seat = f
    .slice(25, 29)
    .trim()
    .replace(/^0+(?=\d)/, '');
  return {
    leg: {
      pnr: f.slice(0, 7).trim(),
      from,
      to,
      carrier,
      flightNumber: number.replace(/^0+(?=\d)/, ''),
      dayOfYear,
      compartment: f.slice(24, 25).trim(),
      seat: seat && !/^0*$/.test(seat) ? seat : null,
    },
    size: parseInt(size, 16),
  };
}

/** Reads a BCBP string; null when it is not one (or its mandatory fields do not hold). */
export function parseBcbp(data: string): BoardingPass | null {
  const s = data.replace(/\r?\n/g, '');
  const m = /^M([1-4])/.exec(s);
  if (!m || s.length < HEAD + LEG) return null;
  const count = Number(m[1]);
  const legs: BoardingLeg[] = [];
  let issued: BoardingPass['issued'] = null;
  let at = HEAD;
  for (let n = 0; n < count; n++) {
    const read = legAt(s, at);
    if (!read) break;
    legs.push(read.leg);
    const conditional = s.slice(at + LEG, at + LEG + read.size);
    // The first leg's conditional section opens with the pass's own items: ">", the version,
    // their size, then passenger description, two sources, and the date of issue (YDDD).
    if (n === 0 && conditional.startsWith('>')) {
      const uniqueSize = parseInt(conditional.slice(2, 4), 16);
      const issue = /^(\d)(\d{3})$/.exec(conditional.slice(7, 11));
      if (uniqueSize >= 7 && issue && Number(issue[2]) >= 1 && Number(issue[2]) <= 366) {
        issued = { yearDigit: Number(issue[1]), dayOfYear: Number(issue[2]) };
      }
    }
    at += LEG + read.size;
  }
  if (!legs.length) return null;
  return { passenger: nameOf(s.slice(2, 22)), legs, issued };
}

const DAY_MS = 86_400_000;
const dayOf = (year: number, dayOfYear: number) => new Date(Date.UTC(year, 0, dayOfYear));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const sameYear = (d: Date, year: number) => d.getUTCFullYear() === year;

/**
 * The flight's date. With a date of issue, the flight is the first such day on or after it (the
 * issue's year is the one ending in its digit nearest the message's date). Without, the first such
 * day no more than 60 days before the message was sent (a pass is sent before the flight, or
 * forwarded soon after it).
 */
export function flightDate(dayOfYear: number, issued: BoardingPass['issued'], sentOn: string | null): string | null {
  const sent = sentOn ? new Date(`${sentOn}T00:00:00Z`) : null;
  if (!sent || Number.isNaN(sent.getTime())) return null;
  const year = sent.getUTCFullYear();
  let floor = sent.getTime() - 60 * DAY_MS;
  if (issued) {
    const base = year - ((((year - issued.yearDigit) % 10) + 10) % 10);
    const issueYear = year - base > 5 ? base + 10 : base;
    const issue = dayOf(issueYear, issued.dayOfYear);
    if (sameYear(issue, issueYear)) floor = issue.getTime();
  }
  const start = new Date(floor).getUTCFullYear();
  for (const y of [start, start + 1, start + 2]) {
    const d = dayOf(y, dayOfYear);
    if (sameYear(d, y) && d.getTime() >= floor) return isoDay(d);
  }
  return null;
}

/** One flight reservation per leg of a boarding pass. */
export function fromBoardingPass(pass: BoardingPass, sentOn: string | null): ExtractedReservation[] {
  return pass.legs.map((leg) => {
    const r = emptyReservation('FLIGHT', `${leg.carrier} ${leg.flightNumber}: ${leg.from} → ${leg.to}`);
    r.date = flightDate(leg.dayOfYear, pass.issued, sentOn);
    r.fromLocation = leg.from;
    r.toLocation = leg.to;
    r.confirmationNumber = leg.pnr || null;
    r.seat = leg.seat;
    r.passengers = pass.passenger ? [pass.passenger] : [];
    return r;
  });
}

/** BCBP strings written out in a text (some mails print the barcode's content under it). */
export function findBcbp(text: string): string[] {
  const found: string[] = [];
  const candidate = /M[1-4][A-Z][A-Z/ .'-]{19}[E ]/g;
  for (const m of text.matchAll(candidate)) {
    const rest = text.slice(m.index).split('\n')[0]!;
    if (parseBcbp(rest)) found.push(rest.trimEnd());
    if (found.length >= 8) break;
  }
  return found;
}
