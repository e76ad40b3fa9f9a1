/**
 * Time-zone rules of the plan, browser-safe (the web's timeline and forms use them too). An item
 * keeps a local date, a local time and the IANA zone of its place; a journey (flight or
 * transport) also keeps where it lands: an arrival zone and an arrival date. Comparing two
 * things in time is done on absolute instants, never on wall-clock text.
 * Zone arithmetic is luxon's (see README "Dependency notes").
 */
import { DateTime, IANAZone } from 'luxon';
import { daysBetween } from '../trips/timing.js';

export { daysBetween };

export const TimeZoneMessages = {
  unknownZone: 'Unknown time zone: use an IANA name such as Europe/Lisbon.',
  landsBeforeDeparture: 'The arrival is before the departure once time zones are counted: check the dates, times and zones.',
} as const;

/** The zone's canonical IANA spelling ("europe/lisbon" → "Europe/Lisbon"), or null when unknown. */
export function canonicalZone(zone: unknown): string | null {
  const text = typeof zone === 'string' ? zone.trim() : '';
  // Offsets and abbreviations ("+01:00", "CET") are not places: only Area/Location names and UTC.
  if (!(/^UTC$/i.test(text) || PLACE_ZONE.test(text)) || !IANAZone.isValidZone(text)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
}
const PLACE_ZONE = /^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/;

/** Milliseconds since the epoch of a local "YYYY-MM-DD" and "HH:MM" in `zone` (a time in a DST gap moves forward). */
export function instantOf(date: string, time: string, zone: string): number {
  return DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
}

/** The local date and "HH:MM" of an instant in `zone`. */
export function localOf(instant: number, zone: string): { date: string; time: string } {
  const d = DateTime.fromMillis(instant, { zone });
  return { date: d.toISODate()!, time: d.toFormat('HH:mm') };
}

/** "YYYY-MM-DD" moved by `days`. */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The day a journey lands when only its arrival time is known: the first day, from the day
 * before departure on (a flight over the date line can land on the previous calendar date),
 * on which the arrival comes after the departure. So Auckland 08:00 → Honolulu 18:30 lands the
 * day before, Lisbon 23:35 → Tokyo 19:00 the day after.
 */
export function arrivalDateFor(departure: { date: string; time: string; zone: string }, arrival: { time: string; zone: string }): string {
  const departs = instantOf(departure.date, departure.time, departure.zone);
  for (let days = -1; days <= 2; days += 1) {
    const date = shiftDate(departure.date, days);
    if (instantOf(date, arrival.time, arrival.zone) > departs) return date;
  }
  return shiftDate(departure.date, 2);
}

/** Minutes from departure to arrival in absolute time (negative when it would land before it leaves). */
export function journeyMinutes(departure: { date: string; time: string; zone: string }, arrival: { date: string; time: string; zone: string }): number {
  return Math.round((instantOf(arrival.date, arrival.time, arrival.zone) - instantOf(departure.date, departure.time, departure.zone)) / 60_000);
}

/** "13h 25m", "45m", "2h". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h && m ? `${h}h ${m}m` : h ? `${h}h` : `${m}m`;
}

/** The zone's short name at that instant in the reader's locale ("WEST", "GMT+9", "HST"). */
export function zoneAbbreviation(zone: string, instant: number, locale?: string): string {
  return DateTime.fromMillis(instant, { zone }).setLocale(locale ?? 'en-US').offsetNameShort ?? zone;
}

/** A journey's two ends as the item keeps them (any part may be missing). */
export interface JourneyTimes {
  date: string | null;
  time: string | null;
  zone: string | null;
  arrivalDate: string | null;
  arrivalTime: string | null;
  arrivalZone: string | null;
}

/**
 * The day a journey lands (given, or worked out from its times) and, when it would land before
 * it leaves in absolute time, the message refusing it.
 */
export function settleArrival(j: JourneyTimes): { arrivalDate: string | null; error: string | null } {
  const { date, time, zone, arrivalTime, arrivalZone } = j;
  if (!date || !time || !zone || !arrivalTime || !arrivalZone) return { arrivalDate: j.arrivalDate, error: null };
  const departure = { date, time, zone };
  const arrivalDate = j.arrivalDate ?? arrivalDateFor(departure, { time: arrivalTime, zone: arrivalZone });
  const minutes = journeyMinutes(departure, { date: arrivalDate, time: arrivalTime, zone: arrivalZone });
  return { arrivalDate, error: minutes < 0 ? TimeZoneMessages.landsBeforeDeparture : null };
}
