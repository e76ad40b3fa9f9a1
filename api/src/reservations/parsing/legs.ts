import { arrivalDateFor } from '../../itinerary/timeZones.js';
import { airportIn } from '../../places/zoneLookup.js';
import { clean, findDates, findTime } from './normalize.js';

/**
 * Journeys in plain text, leg by leg: flights and trains as people lay them out. Four readings,
 * each generic rather than one sender's: departure/arrival lines ("Departure: 12:55 Berlin",
 * "ab 10:26 Köln Hbf (ICE 16)"), timetable rows ("Praha hl.n.  09.08. 09:07 R 945"), GDS
 * segment lines ("EY 289 E 09JAN AMDAUH HK1 0505 0700") and blocks around each flight number
 * holding a date, times and two airport codes. The reading that finds the most legs wins.
 */
export interface Leg {
  mode: 'flight' | 'train' | 'bus';
  number: string | null;
  from: string | null;
  to: string | null;
  date: string | null;
  time: string | null;
  endDate: string | null;
  endTime: string | null;
  /** The arrival's day was not written: the departure's stands in for it. */
  endDayAssumed?: boolean;
}

const LETTER_AFTER = '(?![\\p{L}])';
/** A clock time right after the word: the short words below are departure or arrival only then. */
const TIME_NEXT = '(?=\\s*\\d{1,2}[:.h]\\d{2}\\b)';
/** A bullet or marker some timetables set before a stop ("● ab 10:27 …", "○ an 15:53 …"). */
const BULLET = '[●○•◦▪▫◆◇▶▷►*·]?\\s*';
const DEP = new RegExp(
  `^\\s*${BULLET}(?:(?:departure|departs|departing|depart|dep|abflug|abfahrt|ab|départ|dép|odj|odjezd|odjazd|fra|salida|partenza|vertrek|avgång|avg)\\.?${LETTER_AFTER}|(?:da|de|van)${LETTER_AFTER}${TIME_NEXT})[\\s:.-]*`,
  'iu',
);
const ARR = new RegExp(
  `^\\s*${BULLET}(?:(?:arrival|arrives|arriving|arrive|arr|ankunft|an|arrivée|příj|pøíj|příjezd|przyjazd|prz|til|llegada|arrivo|aankomst|ankomst|ank)\\.?${LETTER_AFTER}|(?:a|naar)${LETTER_AFTER}${TIME_NEXT})[\\s:.-]*`,
  'iu',
);
/** Airline designators: two letters, or a letter and a digit either way round. */
export const FLIGHT_NUMBER = /\b(?!\d{2})([A-Z][A-Z0-9]|[0-9][A-Z])\s?(\d{1,4})(?![\d:.])\b/;
const TRAIN_NUMBER = /\b(ICE|ICN|IC|EC|ECE|EN|NJ|RJX?|TGV|THA|IRE?|RE|RB|Sp|Os|Ex|R|S|TER|Bus)\s?(\d{1,5})\b/;
const CLOCK = /\b([01]?\d|2[0-3])[:h.]([0-5]\d)\b/g;
const CLOCK_ONCE = new RegExp(CLOCK.source);

/** "Flight # 6812", "Flug Nr. 4711", or "FLIGHT" over "# 6812": a flight's number without its airline's code. */
const FLIGHT_NO = /^\s*(?:flight|flug|vol|vuelo|volo|vlucht)\s*(?:#|no\.?|nr\.?|number|nummer|n°|núm\.?)\s*:?\s*(\d{1,4})\s*$/i;
const FLIGHT_WORD = /^\s*(?:flight|flug|vol|vuelo|volo|vlucht)\s*$/i;

const NOT_FLIGHT = /operated|durchgef|opéré|operado|provozuje|booking ref|buchungs|ticket|tel|phone|\bkm\b/i;

/** A flight's designator as airlines file it: "AA 086" is AA86. */
const designator = (airline: string, number: string) => `${airline}${Number(number)}`;

function flightNumberIn(line: string): string | null {
  if (NOT_FLIGHT.test(line)) return null;
  const m = FLIGHT_NUMBER.exec(line);
  return m ? designator(m[1]!, m[2]!) : null;
}

function trainNumberIn(line: string): string | null {
  const m = TRAIN_NUMBER.exec(line);
  return m ? `${m[1]} ${m[2]}` : null;
}

/** A stop's name: the line without its time, date, platform and vehicle. */
function stationOf(text: string): string | null {
  const name = text
    .replace(/\([^)]*\d[^)]*\)/g, ' ')
    .replace(/\s[-–▷|]\s*(gleis|spor|spår|voie|kolej|track|platform|terminal|bahnsteig|binario|vía|via|andén|peron|perron)(?![\p{L}]).*$/iu, '')
    .replace(/\b\d{1,2}[:h.]\d{2}(?:\s*(?:uhr\b|[ap]\.?m\b\.?))?/gi, ' ')
    .replace(/\b\d{1,2}\s?[A-Za-z]{3}\b/g, (m) => (/\d\s?[A-Za-z]{3}$/.test(m) && findDates(m, '2000-01-01').length ? ' ' : m))
    .replace(/\b\d{1,2}\.\d{1,2}\.(\d{2,4})?/g, ' ')
    .replace(/[=|]/g, ' ');
  return clean(name);
}

/** Departure and arrival lines, each with its time, the stop on the line or the next one. */
function fromLabels(all: string[], reference: string | null): Leg[] {
  // HTML turned to text leaves blank lines between a label and its value: only written lines count.
  const lines = all.filter((l) => l.trim());
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
      else if (flight && /flight|flug|flyg|fly\b|vuelo|vol\b|volo|vlucht|let\b|lot\b/i.test(line)) [number, mode] = [flight, 'flight'];
      else if (/train n°\s*(\d+)/i.test(line)) [number, mode] = [/train n°\s*(\d+)/i.exec(line)![1]!, 'train'];
      else if (FLIGHT_NO.test(FLIGHT_WORD.test(line) ? `${line} ${lines[i + 1] ?? ''}` : line)) {
        [number, mode] = [`Flight ${FLIGHT_NO.exec(FLIGHT_WORD.test(line) ? `${line} ${lines[i + 1] ?? ''}` : line)![1]}`, 'flight'];
      }
      continue;
    }
    const dep = stop(lines, i, line.replace(DEP, ''), reference);
    if (!dep) continue;
    const j = lines.findIndex((l, k) => k > i && k <= i + 6 && ARR.test(l));
    if (j < 0) continue;
    const arr = stop(lines, j, lines[j]!.replace(ARR, ''), reference);
    if (!arr) continue;
    // A day written between the two (Date: … above Arrival:) is the arrival's.
    const between = lines
      .slice(i + 1, j)
      .map((l) => findDates(l, reference)[0]?.value)
      .filter(Boolean)
      .pop();
    const own = train ?? (/\(([^)]*\d[^)]*)\)/.exec(line)?.[1]?.replace(/\s+/g, ' ').trim() || null);
    legs.push({
      mode: own ? 'train' : mode,
      number: own ?? number,
      from: dep.place,
      to: arr.place,
      date: dep.date ?? date,
      time: dep.time,
      endDate: arr.date ?? between ?? dep.date ?? date,
      endTime: arr.time,
      endDayAssumed: !arr.date && !between,
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

/** One line per leg: "Glasgow Central (GLC) to London Euston (EUS), dep 12:40, arr 17:12". */
const INLINE = /^(?:[^:]{0,40}:\s*)?(.+?)\s+(?:to|nach|à|a|naar)\s+(.+?),?\s+(?:dep|ab|dép)\.?\s+(\d{1,2}[:.]\d{2}),?\s+(?:arr|an)\.?\s+(\d{1,2}[:.]\d{2})/i;

function fromInline(lines: string[], reference: string | null): Leg[] {
  let number: string | null = null;
  return lines.flatMap((line) => {
    const m = INLINE.exec(line);
    if (!m) {
      number = trainNumberIn(line) ?? number;
      return [];
    }
    const date = findDates(line, reference)[0]?.value ?? null;
    const leg: Leg = {
      mode: 'train',
      number,
      from: stationOf(m[1]!),
      to: stationOf(m[2]!),
      date,
      time: findTime(m[3]),
      endDate: date,
      endTime: findTime(m[4]),
    };
    number = null;
    return [leg];
  });
}

/** A timetable's column heads: arrival and departure, in the main European languages. */
const word = (words: string) => new RegExp(`(?<![\\p{L}])(?:${words})(?![\\p{L}])`, 'iu');
const ARR_HEAD = word('arrival|arr\\.|ankunft|an|příjezd|prijezd|arrivée|arrivo|llegada|przyjazd|aankomst|ankomst');
const DEP_HEAD = word('departure|dep\\.|abfahrt|ab|odjezd|départ|partenza|salida|odjazd|vertrek|avgång');
const CLOCK_AT = /^\s{0,3}([01]?\d|2[0-3]):([0-5]\d)\b/;

/**
 * Timetables laid out in columns under an arrival and a departure head ("Datum  Zastávka
 * Příjezd  Odjezd  Spoj"): each row is a stop, its times under the heads; a row with a departure
 * starts a leg and the next row with an arrival ends it. The day is the row's, or the last one
 * given above it.
 */
function fromColumns(lines: string[], reference: string | null): Leg[] {
  const legs: Leg[] = [];
  for (let h = 0; h < lines.length; h++) {
    const head = lines[h]!;
    const arrAt = ARR_HEAD.exec(head)?.index;
    const depAt = DEP_HEAD.exec(head)?.index;
    if (arrAt === undefined || depAt === undefined || Math.abs(arrAt - depAt) < 4) continue;
    const first = Math.min(arrAt, depAt);
    // The stop's column: the head just before the times (heads are set apart by two spaces or more).
    const stopAt = Math.max(0, ...[...head.slice(0, first).matchAll(/(?:^|\s{2,})(\S)/g)].map((m) => m.index + m[0].length - 1).filter((i) => i < first - 1));
    const timeAt = (row: string, col: number) => {
      const m = CLOCK_AT.exec(row.slice(Math.max(0, col - 2), col + 8));
      return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : null;
    };
    let date: string | null = null;
    let open: { stop: string; date: string | null; time: string; rest: string } | null = null;
    for (let i = h + 1; i < lines.length && i <= h + 40; i++) {
      const row = lines[i]!;
      const [arr, dep] = [timeAt(row, arrAt), timeAt(row, depAt)];
      if (!arr && !dep) {
        if (row.trim() || open === null) break;
        continue;
      }
      date = findDates(row.slice(0, stopAt + 1), reference)[0]?.value ?? date;
      const stop = clean(row.slice(stopAt, first).replace(/\s{2,}.*$/, ''));
      if (open && arr) {
        const number = trainNumberIn(open.rest);
        const bus = !number && /(?<!\p{L})(bus|autobus\p{L}*|coach|fernbus)(?!\p{L})/iu.test(lines.join('\n'));
        legs.push({ mode: bus ? 'bus' : 'train', number, from: open.stop, to: stop, date: open.date, time: open.time, endDate: date, endTime: arr });
        open = null;
      }
      if (dep && stop) open = { stop, date, time: dep, rest: row.slice(Math.max(arrAt, depAt) + 6) };
    }
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
    return [{ mode: 'flight' as const, number: designator(m[1]!, m[2]!), from: m[4]!, to: m[5]!, date, time: hhmm(m[6]!), endDate, endTime: hhmm(m[8]!) }];
  });
}

/** Blocks around each flight number: a date, two times and two airports "(ABC)" inside. */
function fromFlightBlocks(text: string, reference: string | null): Leg[] {
  const anchors: { at: number; number: string }[] = [];
  const re = new RegExp(FLIGHT_NUMBER.source, 'g');
  for (const m of text.matchAll(re)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const line = text.slice(lineStart, text.indexOf('\n', m.index) >>> 0);
    // What stands just before the number says what it is ("operated by", "booking ref"), not the whole line.
    if (NOT_FLIGHT.test(line.slice(Math.max(0, m.index - lineStart - 40), m.index - lineStart + 1))) continue;
    const number = designator(m[1]!, m[2]!);
    if (!anchors.some((a) => a.number === number)) anchors.push({ at: m.index, number });
  }
  const read = (forward: boolean) =>
    anchors.flatMap((a, i) => {
      const start = forward ? a.at : (anchors[i - 1]?.at ?? Math.max(0, a.at - 400));
      const end = forward ? (anchors[i + 1]?.at ?? a.at + 600) : a.at + 12;
      const block = text.slice(start, end);
      const codes = [...block.matchAll(/\(([A-Z]{3})\)/g)].map((m) => m[1]!);
      // Times, once the block's dates (10.09.2017) are out of the way of the clock pattern.
      const times = [...block.replace(/\b\d{1,2}\.\d{1,2}\.\d{2,4}\b/g, ' ').matchAll(CLOCK)].map((m) => `${m[1]!.padStart(2, '0')}:${m[2]}`);
      const dates = findDates(block, reference);
      const named = (code: string) => clean(new RegExp(`(\\p{L}[\\p{L}.'-]*(?: [\\p{L}.'-]+){0,3})\\s*\\(${code}\\)`, 'u').exec(block)?.[0]) ?? code;
      const [from, to] = codes.length >= 2 ? [named(codes[0]!), named(codes[1]!)] : placesAboveTimes(block, reference);
      if (!from || !to || !times.length || !dates.length) return [];
      return [
        {
          mode: 'flight' as const,
          number: a.number,
          from,
          to,
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

/**
 * Where a block names its airports by their names on the line above each day and time
 * ("Berlin, Tegel Airport, DE" / "Fri, 03 Feb 2017, 18:25"): the first two such names.
 */
function placesAboveTimes(block: string, reference: string | null): (string | null)[] {
  const lines = block.split('\n').map((l) => l.trim());
  const places: string[] = [];
  for (let i = 1; i < lines.length && places.length < 2; i++) {
    const [above, line] = [lines[i - 1]!, lines[i]!];
    if (!CLOCK_ONCE.test(line) || !findDates(line, reference).length) continue;
    if (/\d/.test(above) || !/\p{L}{3}/u.test(above) || above.length > 60) continue;
    places.push(clean(above) ?? above);
  }
  return places.length === 2 ? places : [null, null];
}

export function readLegs(text: string, reference: string | null): Leg[] {
  const lines = text.split(/\r?\n/);
  const readings = [
    fromGds(lines, reference),
    fromTimetable(lines, reference),
    fromLabels(lines, reference),
    fromColumns(lines, reference),
    fromInline(lines, reference),
    fromFlightBlocks(text, reference),
  ];
  const legs = readings
    .reduce((best, r) => (r.length > best.length ? r : best), [] as Leg[])
    .map(pastMidnight)
    .map(landing);
  return overnight(legs, (l) => l.mode === 'flight');
}

/**
 * A flight whose arrival day the mail leaves out lands on the first day its arrival time comes
 * after the departure in absolute time, by both airports' zones (AUS 20:15 -> BOS 01:10 lands the
 * next day; NRT 17:00 -> LAX 10:00 the same day). Without both airports, a landing at an earlier
 * clock time is the next day's.
 */
export function landing(leg: Leg): Leg {
  const { endDayAssumed, ...rest } = leg;
  if (leg.mode !== 'flight' || !endDayAssumed || !leg.date || !leg.time || !leg.endTime) return rest;
  const [from, to] = [airportIn(leg.from)?.zone, airportIn(leg.to)?.zone];
  if (from && to) return { ...rest, endDate: arrivalDateFor({ date: leg.date, time: leg.time, zone: from }, { time: leg.endTime, zone: to }) };
  return leg.endTime < leg.time ? { ...rest, endDate: dayAfter(leg.date) } : rest;
}

type Timed = { date: string | null; time: string | null; endDate: string | null; endTime: string | null };
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A ground journey's legs given one day for all: a leg that would leave hours before the one
 * before it arrived (22:56, then 01:41 "the same day") leaves the next day, and the legs after it
 * follow. Four hours or more, as for a single leg, so that zones alone never move a day; a day
 * more than that apart is another journey; flights keep their days.
 */
export function overnight<T extends Timed>(legs: T[], isFlight: (leg: T) => boolean): T[] {
  const at = (day: string, time: string) => Date.parse(`${day}T00:00:00Z`) / 60_000 + minutesOf(time);
  for (let i = 1; i < legs.length; i++) {
    const [before, leg] = [legs[i - 1]!, legs[i]!];
    if (isFlight(leg) || isFlight(before) || !leg.date || !leg.time || !before.endDate || !before.endTime) continue;
    const early = at(before.endDate, before.endTime) - at(leg.date, leg.time);
    if (early < 4 * 60 || early > 24 * 60) continue;
    leg.date = dayAfter(leg.date);
    if (leg.endDate) leg.endDate = dayAfter(leg.endDate);
  }
  return legs;
}

/**
 * A ground journey given one day that arrives hours "before" it leaves (22:49 → 00:52) arrives the
 * next morning; a few hours' difference could be zones, and flights' days come from their zones.
 */
function pastMidnight(leg: Leg): Leg {
  if (leg.mode === 'flight' || !leg.date || leg.endDate !== leg.date || !leg.time || !leg.endTime) return leg;
  if (minutesOf(leg.time) - minutesOf(leg.endTime) < 4 * 60) return leg;
  return { ...leg, endDate: dayAfter(leg.date) };
}
