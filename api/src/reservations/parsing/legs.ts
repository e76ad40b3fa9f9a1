import { clean, findDates, findTime } from './normalize.js';

/**
 * Journeys in plain text, leg by leg: flights and trains as people lay them out. Four readings,
 * each generic rather than one sender's: departure/arrival lines ("Departure: 12:55 Berlin",
 * "ab 10:26 Köln Hbf (ICE 16)"), timetable rows ("Praha hl.n.  09.08. 09:07 R 945"), GDS
 * segment lines ("EY 289 E 09JAN AMDAUH HK1 0505 0700") and blocks around each flight number
 * holding a date, times and two airport codes. The reading that finds the most legs wins.
 */
export interface Leg {
  mode: 'flight' | 'train';
  number: string | null;
  from: string | null;
  to: string | null;
  date: string | null;
  time: string | null;
  endDate: string | null;
  endTime: string | null;
}

const LETTER_AFTER = '(?![\\p{L}])';
const DEP = new RegExp(`^\\s*(?:departure|depart|dep|abflug|abfahrt|ab|départ|dép|odj|odjezd|fra|salida|partenza)\\.?${LETTER_AFTER}[\\s:.-]*`, 'iu');
const ARR = new RegExp(`^\\s*(?:arrival|arrive|arr|ankunft|an|arrivée|příj|pøíj|příjezd|til|llegada|arrivo)\\.?${LETTER_AFTER}[\\s:.-]*`, 'iu');
/** Airline designators: two letters, or a letter and a digit either way round. */
export const FLIGHT_NUMBER = /\b(?!\d{2})([A-Z][A-Z0-9]|[0-9][A-Z])\s?(\d{1,4})(?![\d:.])\b/;
const TRAIN_NUMBER = /\b(ICE|ICN|IC|EC|ECE|EN|NJ|RJX?|TGV|THA|IRE?|RE|RB|Sp|Os|Ex|R|S|TER|Bus)\s?(\d{1,5})\b/;
const CLOCK = /\b([01]?\d|2[0-3])[:h.]([0-5]\d)\b/g;

const NOT_FLIGHT = /operated|durchgef|opéré|operado|provozuje|booking ref|buchungs|ticket|tel|phone|\bkm\b/i;

function flightNumberIn(line: string): string | null {
  if (NOT_FLIGHT.test(line)) return null;
  const m = FLIGHT_NUMBER.exec(line);
  return m ? `${m[1]}${m[2]}` : null;
}

function trainNumberIn(line: string): string | null {
  const m = TRAIN_NUMBER.exec(line);
  return m ? `${m[1]} ${m[2]}` : null;
}

/** A stop's name: the line without its time, date, platform and vehicle. */
function stationOf(text: string): string | null {
  const name = text
    .replace(/\([^)]*\d[^)]*\)/g, ' ')
    .replace(/\s[-–]\s*(gleis|spor|voie|kolej|track|platform|terminal|bahnsteig)\b.*$/i, '')
    .replace(/\b\d{1,2}[:h.]\d{2}\b(\s*uhr)?/gi, ' ')
    .replace(/\b\d{1,2}\s?[A-Za-z]{3}\b/g, (m) => (/\d\s?[A-Za-z]{3}$/.test(m) && findDates(m, '2000-01-01').length ? ' ' : m))
    .replace(/\b\d{1,2}\.\d{1,2}\.(\d{2,4})?/g, ' ')
    .replace(/[=|]/g, ' ');
  return clean(name);
}

/** Departure and arrival lines, each with its time, the stop on the line or the next one. */
function fromLabels(lines: string[], reference: string | null): Leg[] {
  const legs: Leg[] = [];
  let date: string | null = null;
  let number: string | null = null;
  let mode: Leg['mode'] = 'flight';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const day = findDates(line, reference)[0]?.value;
    const flight = flightNumberIn(line);
    const train = trainNumberIn(line);
    if (!DEP.test(line)) {
      if (day) date = day;
      if (train && /train|zug|tgv|vlak|n°|ice|\bic\b|\bec\b/i.test(line)) [number, mode] = [train, 'train'];
      else if (flight && /flight|flug|vuelo|vol\b|let\b/i.test(line)) [number, mode] = [flight, 'flight'];
      else if (/train n°\s*(\d+)/i.test(line)) [number, mode] = [/train n°\s*(\d+)/i.exec(line)![1]!, 'train'];
      continue;
    }
    const dep = stop(lines, i, line.replace(DEP, ''), reference);
    if (!dep) continue;
    const j = lines.findIndex((l, k) => k > i && k <= i + 6 && ARR.test(l));
    if (j < 0) continue;
    const arr = stop(lines, j, lines[j]!.replace(ARR, ''), reference);
    if (!arr) continue;
    const own = train ?? (/\(([^)]*\d[^)]*)\)/.exec(line)?.[1]?.replace(/\s+/g, ' ').trim() || null);
    legs.push({
      mode: own ? 'train' : mode,
      number: own ?? number,
      from: dep.place,
      to: arr.place,
      date: dep.date ?? date,
      time: dep.time,
      endDate: arr.date ?? dep.date ?? date,
      endTime: arr.time,
    });
    number = null;
    i = j;
  }
  return legs;
}

function stop(lines: string[], i: number, rest: string, reference: string | null) {
  let time = findTime(rest);
  let date = findDates(rest, reference)[0]?.value ?? null;
  let place = stationOf(rest);
  if (!time && lines[i + 1] !== undefined && !ARR.test(lines[i + 1]!)) {
    time = findTime(lines[i + 1]);
    date ??= findDates(lines[i + 1], reference)[0]?.value ?? null;
  }
  if (!place && lines[i + 1]) place = stationOf(lines[i + 1]!);
  return time ? { time, date, place } : null;
}

/** Timetable rows: stop, day, (ab/an) time, then the train on the departure row. */
const ROW = /^\s*(\S.*?)\s{2,}(\d{1,2}\.\d{1,2}\.(?:\d{2,4})?)\s+(?:(ab|an|dep|arr)\s+)?(\d{1,2}:\d{2})(.*)$/i;

function fromTimetable(lines: string[], reference: string | null): Leg[] {
  const rows = lines.map((l) => ROW.exec(l)).filter((m): m is RegExpExecArray => m !== null);
  const legs: Leg[] = [];
  for (let i = 0; i + 1 < rows.length; i++) {
    const [dep, arr] = [rows[i]!, rows[i + 1]!];
    if (dep[3]?.toLowerCase() === 'an' || arr[3]?.toLowerCase() === 'ab') continue;
    legs.push({
      mode: 'train',
      number: trainNumberIn(dep[5]!) ?? null,
      from: clean(dep[1]),
      to: clean(arr[1]),
      date: findDates(dep[2], reference)[0]?.value ?? null,
      time: findTime(dep[4]),
      endDate: findDates(arr[2], reference)[0]?.value ?? null,
      endTime: findTime(arr[4]),
    });
    i++;
  }
  return legs;
}

/** Reservation-system segment lines: "EY  289 E  09JAN AMDAUH HK1  0505  #0605". */
const GDS = /^\s*\d{0,2}\.?\s*([A-Z0-9]{2})\s+(\d{1,4})\s+[A-Z]\s+(\d{2}[A-Z]{3})\s+([A-Z]{3})([A-Z]{3})\s+[A-Z]{2}\d+\s+(\d{4})\s+(#?)(\d{4})/;

function fromGds(lines: string[], reference: string | null): Leg[] {
  return lines.flatMap((line) => {
    const m = GDS.exec(line);
    if (!m) return [];
    const date = findDates(m[3], reference)[0]?.value ?? null;
    const hhmm = (v: string) => `${v.slice(0, 2)}:${v.slice(2)}`;
    const endDate = date && m[7] ? new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10) : date;
    return [{ mode: 'flight' as const, number: `${m[1]}${m[2]}`, from: m[4]!, to: m[5]!, date, time: hhmm(m[6]!), endDate, endTime: hhmm(m[8]!) }];
  });
}

/** Blocks around each flight number: a date, two times and two airports "(ABC)" inside. */
function fromFlightBlocks(text: string, reference: string | null): Leg[] {
  const anchors: { at: number; number: string }[] = [];
  const re = new RegExp(FLIGHT_NUMBER.source, 'g');
  for (const m of text.matchAll(re)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const line = text.slice(lineStart, text.indexOf('\n', m.index) >>> 0);
    if (NOT_FLIGHT.test(line.slice(0, m.index - lineStart + 1))) continue;
    const number = `${m[1]}${m[2]}`;
    if (!anchors.some((a) => a.number === number)) anchors.push({ at: m.index, number });
  }
  const read = (forward: boolean) =>
    anchors.flatMap((a, i) => {
      const start = forward ? a.at : (anchors[i - 1]?.at ?? Math.max(0, a.at - 400));
      const end = forward ? (anchors[i + 1]?.at ?? a.at + 600) : a.at + 12;
      const block = text.slice(start, end);
      const codes = [...block.matchAll(/\(([A-Z]{3})\)/g)].map((m) => m[1]!);
      const times = [...block.matchAll(CLOCK)].map((m) => `${m[1]!.padStart(2, '0')}:${m[2]}`);
      const dates = findDates(block, reference);
      if (codes.length < 2 || !times.length || !dates.length) return [];
      const named = (code: string) => clean(new RegExp(`([\\p{L} .'-]{2,40})\\s*\\(${code}\\)`, 'u').exec(block)?.[0]) ?? code;
      return [
        {
          mode: 'flight' as const,
          number: a.number,
          from: named(codes[0]!),
          to: named(codes[1]!),
          date: dates[0]!.value,
          time: times[0]!,
          endDate: dates[1]?.value ?? dates[0]!.value,
          endTime: times[1] ?? null,
        },
      ];
    });
  const forward = read(true);
  const backward = read(false);
  return backward.length > forward.length ? backward : forward;
}

export function readLegs(text: string, reference: string | null): Leg[] {
  const lines = text.split(/\r?\n/);
  const readings = [fromGds(lines, reference), fromTimetable(lines, reference), fromLabels(lines, reference), fromFlightBlocks(text, reference)];
  return readings.reduce((best, r) => (r.length > best.length ? r : best), [] as Leg[]);
}
