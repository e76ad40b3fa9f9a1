import { readerLocale } from '../../platform/renderFacts';
/**
 * The timeline's arithmetic, free of React and Relay so it can be unit-tested: items become
 * entries (a round-trip flight and a multi-night stay each give two), entries are sorted by
 * day then time, grouped under day headings, and entries whose times overlap on the same day
 * are flagged. Every entry keeps its original item: editing or deleting an entry acts on it.
 */

import { daysBetween } from '../../platform/domain';
import { formatDuration, instantOf, journeyMinutes, localOf, zoneAbbreviation } from '../../platform/timeZones';

export type ItemType = 'ACTIVITY' | 'FLIGHT' | 'ACCOMMODATION' | 'RESTAURANT' | 'TRANSPORT' | 'EVENT' | 'OTHER';

/** What the timeline reads of an item (the Relay fragment's data satisfies it). */
export interface TimelineItemLike {
  readonly id: string;
  readonly title: string;
  readonly type: ItemType;
  readonly activityDate?: string | null;
  readonly startTime?: string | null;
  readonly endTime?: string | null;
  readonly checkInDate?: string | null;
  readonly checkOutDate?: string | null;
  readonly departureTime?: string | null;
  readonly arrivalTime?: string | null;
  readonly returnDate?: string | null;
  readonly fromLocation?: string | null;
  readonly toLocation?: string | null;
  readonly createdAt?: string | null;
  /** IANA zone of the place (a journey's departure); the times are local there. */
  readonly timeZone?: string | null;
  readonly arrivalTimeZone?: string | null;
  readonly arrivalDate?: string | null;
  /** A round trip's way back: its own times, the zones it leaves and lands in, the day it lands. */
  readonly returnDepartureTime?: string | null;
  readonly returnArrivalTime?: string | null;
  readonly returnTimeZone?: string | null;
  readonly returnArrivalTimeZone?: string | null;
  readonly returnArrivalDate?: string | null;
}

/** Which part of its item an entry shows. */
export type EntryPart = 'whole' | 'departure' | 'return' | 'checkIn' | 'checkOut';

export const PART_LABEL: Record<EntryPart, string | null> = {
  whole: null,
  departure: 'Departure',
  return: 'Return',
  checkIn: 'Check-in',
  checkOut: 'Check-out',
};

export interface TimelineEntry<T extends TimelineItemLike = TimelineItemLike> {
  /** Unique per entry: the item id and its part. */
  readonly key: string;
  readonly item: T;
  readonly part: EntryPart;
  /** 'Departure', 'Return', 'Check-in', 'Check-out', or null for an item shown once. */
  readonly label: string | null;
  /** Calendar date YYYY-MM-DD, or null when the item has none yet. */
  readonly date: string | null;
  /** "HH:MM" or null. */
  readonly start: string | null;
  readonly end: string | null;
  /** A flight's route as this entry travels it (swapped on the return). */
  readonly from: string | null;
  readonly to: string | null;
  /** The zone `start` is in, and where the entry ends (a journey's arrival zone and day). */
  readonly zone: string | null;
  readonly endZone: string | null;
  readonly endDate: string | null;
}

export interface DayGroup<T extends TimelineItemLike = TimelineItemLike> {
  /** The date, or 'undated'. */
  readonly key: string;
  readonly date: string | null;
  readonly entries: readonly TimelineEntryWithOverlaps<T>[];
}

export interface TimelineEntryWithOverlaps<T extends TimelineItemLike = TimelineItemLike> extends TimelineEntry<T> {
  /** Titles of the other entries of the same day whose times overlap this one's. */
  readonly overlapsWith: readonly string[];
}

const blank = (v: string | null | undefined): string | null => (v && v.trim() ? v : null);

type Fields<T extends TimelineItemLike> = Omit<TimelineEntry<T>, 'key' | 'item' | 'part' | 'label' | 'zone' | 'endZone' | 'endDate'>;

/** An entry ends where it starts, on its own day, unless it is a journey that lands elsewhere. */
function entry<T extends TimelineItemLike>(
  item: T,
  part: EntryPart,
  fields: Fields<T>,
  landing?: { zone: string | null; date: string | null },
  zone: string | null = blank(item.timeZone),
): TimelineEntry<T> {
  return {
    key: `${item.id}:${part}`,
    item,
    part,
    label: PART_LABEL[part],
    ...fields,
    zone,
    endZone: landing?.zone ?? zone,
    endDate: landing ? landing.date : fields.end ? fields.date : null,
  };
}

/** One item as the entries the timeline shows for it. */
export function expandItem<T extends TimelineItemLike>(item: T): TimelineEntry<T>[] {
  const from = blank(item.fromLocation);
  const to = blank(item.toLocation);
  if (item.type === 'FLIGHT') {
    const start = blank(item.departureTime) ?? blank(item.startTime);
    const end = blank(item.arrivalTime) ?? blank(item.endTime);
    const date = blank(item.activityDate);
    const back = blank(item.returnDate);
    const landing = { zone: blank(item.arrivalTimeZone), date: blank(item.arrivalDate) };
    if (back && back !== date) {
      // The way back has its own times and zones (untimed when they are not known): it leaves
      // where the outbound flight landed unless told otherwise.
      const home = { zone: blank(item.returnArrivalTimeZone), date: blank(item.returnArrivalDate) };
      const away = blank(item.returnTimeZone) ?? landing.zone ?? blank(item.timeZone);
      const [leaves, lands] = [blank(item.returnDepartureTime), blank(item.returnArrivalTime)];
      return [
        entry(item, 'departure', { date, start, end, from, to }, landing),
        entry(item, 'return', { date: back, start: leaves, end: lands, from: to, to: from }, home, away),
      ];
    }
    return [entry(item, 'whole', { date, start, end, from, to }, landing)];
  }
  if (item.type === 'ACCOMMODATION') {
    const checkIn = blank(item.checkInDate);
    const checkOut = blank(item.checkOutDate);
    if (checkIn && checkOut && checkIn !== checkOut) {
      return [
        entry(item, 'checkIn', { date: checkIn, start: blank(item.startTime), end: null, from: null, to: null }),
        entry(item, 'checkOut', { date: checkOut, start: blank(item.endTime), end: null, from: null, to: null }),
      ];
    }
    return [entry(item, 'whole', { date: checkIn ?? checkOut ?? blank(item.activityDate), start: blank(item.startTime), end: blank(item.endTime), from, to })];
  }
  const landing = item.type === 'TRANSPORT' ? { zone: blank(item.arrivalTimeZone), date: blank(item.arrivalDate) } : undefined;
  return [entry(item, 'whole', { date: blank(item.activityDate), start: blank(item.startTime), end: blank(item.endTime), from, to }, landing)];
}

/** When an entry starts, in absolute time (ms), when its day, time and zone are known. */
export function startInstant(e: Pick<TimelineEntry, 'date' | 'start' | 'zone'>): number | null {
  return e.date && e.start && e.zone ? instantOf(e.date, e.start, e.zone) : null;
}

/** When a journey lands, in absolute time, when its arrival day, time and zone are known. */
export function endInstant(e: Pick<TimelineEntry, 'endDate' | 'end' | 'endZone'>): number | null {
  return e.endDate && e.end && e.endZone ? instantOf(e.endDate, e.end, e.endZone) : null;
}

/** "+1", "+2" (or "-1" over the date line) on an arrival on another local day than the departure. */
export function arrivalDayMark(e: Pick<TimelineEntry, 'date' | 'endDate' | 'end'>): string | null {
  if (!e.date || !e.endDate || !e.end) return null;
  const days = daysBetween(e.date, e.endDate);
  return days > 0 ? `+${days}` : days < 0 ? `${days}` : null;
}

/** A journey's time from departure to arrival in minutes, zones counted; null when not known. */
export function journeyDuration(e: TimelineEntry): number | null {
  const journey = e.item.type === 'FLIGHT' || e.item.type === 'TRANSPORT';
  if (!journey || !e.date || !e.start || !e.zone || !e.endDate || !e.end || !e.endZone) return null;
  const minutes = journeyMinutes({ date: e.date, time: e.start, zone: e.zone }, { date: e.endDate, time: e.end, zone: e.endZone });
  return minutes >= 0 ? minutes : null;
}

/**
 * The zone's short name ("GMT+9", "WEST") for a time shown, when the zone is not the one the
 * reader measures by (`reference`: the trip's zone, or their own); null otherwise.
 */
export function zoneMark(zone: string | null, date: string | null, time: string | null, reference: string | null, locale?: string): string | null {
  if (!zone || !date || !time || zone === reference) return null;
  return zoneAbbreviation(zone, instantOf(date, time, zone), locale);
}

export function expandItems<T extends TimelineItemLike>(items: readonly T[]): TimelineEntry<T>[] {
  return items.flatMap((item) => expandItem(item));
}

const PART_ORDER: Record<EntryPart, number> = { whole: 0, departure: 0, checkIn: 0, return: 1, checkOut: 1 };

/**
 * Date ascending (undated last), then start time (untimed first within a day, as the server
 * orders them), then when the item was added, then the item id, so the order never flickers.
 */
export function compareEntries(a: TimelineEntry, b: TimelineEntry): number {
  if (a.date !== b.date) {
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? -1 : 1;
  }
  // Two entries without a time fall through to the tie-breaks below: the order is total, so it is
  // the same whatever order the entries came in (the server's render and the browser's agree).
  if ((a.start !== null || b.start !== null) && (a.start !== b.start || a.zone !== b.zone)) {
    if (a.start === null) return -1;
    if (b.start === null) return 1;
    // Within a day, by the instant each starts (a flight leaving Lisbon at 23:35 is after a
    // dinner in Tokyo at 20:00 on the same date); by wall-clock time when a zone is missing.
    const [ai, bi] = [startInstant(a), startInstant(b)];
    if (ai !== null && bi !== null && ai !== bi) return ai < bi ? -1 : 1;
    if (a.start !== b.start) return a.start < b.start ? -1 : 1;
  }
  const ac = a.item.createdAt ?? '';
  const bc = b.item.createdAt ?? '';
  if (ac !== bc) return ac < bc ? -1 : 1;
  if (a.item.id !== b.item.id) return a.item.id < b.item.id ? -1 : 1;
  return PART_ORDER[a.part] - PART_ORDER[b.part];
}

export function sortEntries<T extends TimelineItemLike>(entries: readonly TimelineEntry<T>[]): TimelineEntry<T>[] {
  return [...entries].sort(compareEntries);
}

const TIME = /^(\d{1,2}):(\d{2})/;

/** Minutes since midnight of "HH:MM", or null. */
export function minutesOf(time: string | null): number | null {
  const m = time ? TIME.exec(time) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * The span an entry takes on its day, in minutes: [start, end). An end before the start runs
 * past midnight (a late flight), so it stops at the day's end; no end means a moment in time.
 */
export function spanOf(e: Pick<TimelineEntry, 'start' | 'end'>): [number, number] | null {
  const start = minutesOf(e.start);
  if (start === null) return null;
  const end = minutesOf(e.end);
  if (end === null || end === start) return [start, start];
  return [start, end > start ? end : 24 * 60];
}

/**
 * The span in absolute minutes when the entry's zone is known, so entries in different zones
 * compare by the instants they take (a journey up to its landing, else to its end that day).
 */
export function absoluteSpan(e: TimelineEntry): [number, number] | null {
  const start = startInstant(e);
  const local = spanOf(e);
  if (start === null || !local) return null;
  const from = Math.round(start / 60_000);
  const landing = e.endDate && e.endDate !== e.date ? endInstant(e) : null;
  const end = landing !== null ? Math.round(landing / 60_000) : from + (local[1] - local[0]);
  return [from, Math.max(from, end)];
}

/** Whether two spans share time. Two moments overlap only when equal; a moment inside a span does. */
export function spansOverlap([as, ae]: [number, number], [bs, be]: [number, number]): boolean {
  if (as === bs) return true;
  if (as === ae) return bs <= as && as < be;
  if (bs === be) return as <= bs && bs < ae;
  return as < be && bs < ae;
}

/** For each entry key, the titles of the other entries of the same day that overlap it in time. */
export function findOverlaps(entries: readonly TimelineEntry[]): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const byDay = new Map<string, { e: TimelineEntry; span: [number, number]; absolute: [number, number] | null }[]>();
  for (const e of entries) {
    const span = spanOf(e);
    if (!e.date || !span) continue;
    const day = byDay.get(e.date) ?? [];
    day.push({ e, span, absolute: absoluteSpan(e) });
    byDay.set(e.date, day);
  }
  for (const day of byDay.values()) {
    for (let i = 0; i < day.length; i += 1) {
      for (let j = i + 1; j < day.length; j += 1) {
        const a = day[i];
        const b = day[j];
        // In absolute time when both zones are known; by wall clock for items from before zones.
        const overlap = a.absolute && b.absolute ? spansOverlap(a.absolute, b.absolute) : spansOverlap(a.span, b.span);
        if (a.e.item.id === b.e.item.id || !overlap) continue;
        result.set(a.e.key, [...(result.get(a.e.key) ?? []), entryTitle(b.e)]);
        result.set(b.e.key, [...(result.get(b.e.key) ?? []), entryTitle(a.e)]);
      }
    }
  }
  return result;
}

/** "Hotel Lisboa" or "Hotel Lisboa (Check-out)": how another entry is named in a badge. */
export const entryTitle = (e: TimelineEntry) => (e.label ? `${e.item.title} (${e.label})` : e.item.title);

/**
 * The calendar day an entry is listed under: its local day at the place, or, with `readerZone`
 * ("My zone"), the day it starts on in the reader's zone (a flight leaving Lisbon at 23:35 on
 * the 3rd is under the 4th for a reader in Tokyo). Entries without a known instant keep their day.
 */
export function listedDay(e: TimelineEntry, readerZone?: string | null): string | null {
  const at = readerZone ? startInstant(e) : null;
  return at !== null && readerZone ? localOf(at, readerZone).date : e.date;
}

/**
 * Sorted entries grouped by day, undated ones last in their own group, each flagged with its
 * overlaps. With `readerZone`, days are the reader's (see `listedDay`) and entries within one are
 * ordered by the instant they start.
 */
export function buildTimeline<T extends TimelineItemLike>(items: readonly T[], readerZone?: string | null): DayGroup<T>[] {
  const listed = sortEntries(expandItems(items)).map((e, index) => ({ e, index, day: listedDay(e, readerZone), at: startInstant(e) }));
  const overlaps = findOverlaps(listed.map(({ e }) => e));
  if (readerZone) {
    // By the reader's day, then by instant where both are known, else in the order compareEntries gave.
    listed.sort((a, b) => {
      if (a.day !== b.day) return a.day === null ? 1 : b.day === null ? -1 : a.day < b.day ? -1 : 1;
      if (a.at !== null && b.at !== null && a.at !== b.at) return a.at - b.at;
      return a.index - b.index;
    });
  }
  const groups: { key: string; date: string | null; entries: TimelineEntryWithOverlaps<T>[] }[] = [];
  for (const { e, day } of listed) {
    const key = day ?? 'undated';
    let group = groups[groups.length - 1];
    if (!group || group.key !== key) {
      group = { key, date: day, entries: [] };
      groups.push(group);
    }
    group.entries.push({ ...e, overlapsWith: overlaps.get(e.key) ?? [] });
  }
  return groups;
}

/** "Tuesday, June 2, 2026" in the reader's locale; calendar dates read as UTC so no zone shifts a day. */
export function dayHeading(date: string | null, locale: string | readonly string[] = readerLocale()): string {
  if (!date) return 'Not scheduled yet';
  const format = new Intl.DateTimeFormat(locale as string | string[] | undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** "9:30 AM" (or "09:30") for "09:30" in the reader's locale. */
export function formatTime(time: string | null, locale: string | readonly string[] = readerLocale()): string | null {
  const minutes = minutesOf(time);
  if (minutes === null) return null;
  const format = new Intl.DateTimeFormat(locale as string | string[] | undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return format.format(new Date(Date.UTC(1970, 0, 1, Math.floor(minutes / 60), minutes % 60)));
}

/** "9:30 AM – 11:00 AM", "9:30 AM", or null. */
export function formatTimeRange(start: string | null, end: string | null, locale: string | readonly string[] = readerLocale()): string | null {
  const a = formatTime(start, locale);
  const b = formatTime(end, locale);
  if (a && b) return `${a} – ${b}`;
  return a ?? (b ? `until ${b}` : null);
}

/**
 * An entry's times as the card shows them: at the place ("11:35 PM WET – 7:00 PM +1 · 10h 25m"),
 * each time naming its zone where it differs from `reference` (the trip's zone), or, with
 * `readerZone`, both converted to the reader's own zone. Null for an untimed entry.
 */
export function entryTimeText(e: TimelineEntry, opts: { reference: string | null; locale?: string; readerZone?: string | null }): string | null {
  const { reference, locale, readerZone } = opts;
  const duration = journeyDuration(e);
  const tail = duration !== null ? ` · ${formatDuration(duration)}` : '';
  const [startsAt, endsAt] = [startInstant(e), e.end ? (endInstant(e) ?? (e.zone && e.date ? instantOf(e.date, e.end, e.zone) : null)) : null];
  if (readerZone && startsAt !== null) {
    const from = localOf(startsAt, readerZone);
    const to = endsAt !== null ? localOf(endsAt, readerZone) : null;
    const mark = to ? arrivalDayMark({ date: from.date, endDate: to.date, end: to.time }) : null;
    const range = formatTimeRange(from.time, to?.time ?? null, locale);
    return range && `${range}${mark ? ` ${mark}` : ''} (your time)${tail}`;
  }
  const start = formatTime(e.start, locale);
  const end = formatTime(e.end, locale);
  const startZone = zoneMark(e.zone, e.date, e.start, reference, locale);
  const endZone = zoneMark(e.endZone, e.endDate ?? e.date, e.end, reference, locale);
  const mark = arrivalDayMark(e);
  const a = start && [start, startZone].filter(Boolean).join(' ');
  const b = end && [end, endZone, mark].filter(Boolean).join(' ');
  const range = a && b ? `${a} – ${b}` : (a ?? (b ? `until ${b}` : null));
  return range && `${range}${tail}`;
}
