import { isoDate } from '../platform/dates.js';
import { IcsWriter } from '../platform/formats/ics.js';
import { returnLegTitle } from '../itinerary/messages.js';
import { instantOf } from '../itinerary/timeZones.js';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';

/** The itinerary columns the feed reads (select these). */
export const FEED_ITEM_COLUMNS = {
  id: true,
  title: true,
  type: true,
  status: true,
  activityDate: true,
  startTime: true,
  endTime: true,
  location: true,
  latitude: true,
  longitude: true,
  notes: true,
  checkInDate: true,
  checkOutDate: true,
  departureTime: true,
  arrivalTime: true,
  flightNumber: true,
  hotelName: true,
  reservationNumber: true,
  returnDate: true,
  fromLocation: true,
  toLocation: true,
  timeZone: true,
  arrivalTimeZone: true,
  arrivalDate: true,
  returnDepartureTime: true,
  returnArrivalTime: true,
  returnTimeZone: true,
  returnArrivalTimeZone: true,
  returnArrivalDate: true,
  createdAt: true,
  updatedAt: true,
} as const;

export interface FeedItem {
  id: string;
  title: string;
  type: string;
  status: string | null;
  activityDate: Date | null;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  notes: string | null;
  checkInDate: Date | null;
  checkOutDate: Date | null;
  departureTime: string | null;
  arrivalTime: string | null;
  flightNumber: string | null;
  hotelName: string | null;
  reservationNumber: string | null;
  returnDate: Date | null;
  fromLocation: string | null;
  toLocation: string | null;
  /** Absent (or null) for items from before zones: their times stay floating. */
  timeZone?: string | null;
  arrivalTimeZone?: string | null;
  arrivalDate?: Date | null;
  /** A round trip's way back, with its own times and zones (absent for items from before them). */
  returnDepartureTime?: string | null;
  returnArrivalTime?: string | null;
  returnTimeZone?: string | null;
  returnArrivalTimeZone?: string | null;
  returnArrivalDate?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One calendar entry, before it is written as a VEVENT. Days are "YYYY-MM-DD", times "HH:MM". */
export interface FeedEvent {
  uid: string;
  summary: string;
  /** An all-day entry from `day` up to (not including) `endDay`. */
  allDay: boolean;
  day: string;
  endDay: string;
  /**
   * Timed entries: wall-clock times in `zone` (where it starts) and `endZone` (where it ends: a
   * journey's arrival); floating (no zone) only for items from before zones.
   */
  time?: string;
  endTime?: string;
  zone?: string | null;
  endZone?: string | null;
  location: string | null;
  geo: { lat: number; lon: number } | null;
  description: string;
  tentative: boolean;
  created: Date;
  updated: Date;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const validTime = (t: string | null | undefined) => (t && TIME.test(t) ? t : undefined);
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** "YYYY-MM-DD" moved by `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Where a timed entry ends: at `end` when it is later that day; at `end` the next day when it is
 * earlier (a night out, an overnight flight: floating times cannot say more); an hour after the
 * start when there is no end.
 */
function timedEnd(day: string, start: string, end: string | undefined): { endDay: string; endTime: string } {
  if (end && minutes(end) > minutes(start)) return { endDay: day, endTime: end };
  if (end && minutes(end) < minutes(start)) return { endDay: addDays(day, 1), endTime: end };
  const later = Math.min(minutes(start) + 60, 24 * 60 - 1);
  return { endDay: day, endTime: `${String(Math.floor(later / 60)).padStart(2, '0')}:${String(later % 60).padStart(2, '0')}` };
}

/** Where a journey lands, when its arrival day, time and zone are known. */
type Landing = { day: string; time: string; zone: string } | null;

function entry(
  item: FeedItem,
  host: string,
  part: string,
  summary: string,
  day: string,
  start?: string,
  end?: string,
  landing: Landing = null,
  zone: string | null = item.timeZone ?? null,
): Omit<FeedEvent, 'location' | 'description'> {
  const common = {
    uid: `${item.id}${part}@${host}`,
    summary,
    geo: item.latitude != null && item.longitude != null ? { lat: item.latitude, lon: item.longitude } : null,
    tentative: item.status === 'PENDING',
    created: item.createdAt,
    updated: item.updatedAt,
  };
  if (!start) return { ...common, allDay: true, day, endDay: addDays(day, 1) };
  if (landing) return { ...common, allDay: false, day, time: start, zone, endDay: landing.day, endTime: landing.time, endZone: landing.zone };
  return { ...common, allDay: false, day, time: start, zone, endZone: zone, ...timedEnd(day, start, end) };
}

const lines = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join('\n');
const route = (from: string | null, to: string | null) => (from || to ? `${from ?? '?'} → ${to ?? '?'}` : null);

/** A journey's landing (flight or transport) as the item keeps it, when complete. */
function landingOf(item: FeedItem, arrives: string | undefined): Landing {
  const day = isoDate(item.arrivalDate ?? null);
  return day && arrives && item.arrivalTimeZone && item.timeZone ? { day, time: arrives, zone: item.arrivalTimeZone } : null;
}

/** A round trip's way back lands on its own day, in its own zone, when all three are known. */
function returnLandingOf(item: FeedItem, arrives: string | undefined): Landing {
  const day = isoDate(item.returnArrivalDate ?? null);
  return day && arrives && item.returnArrivalTimeZone && item.returnTimeZone ? { day, time: arrives, zone: item.returnArrivalTimeZone } : null;
}

/**
 * The calendar entries of a trip's itinerary (the choices are stated in the README):
 * - a dated item with a start time is a timed entry at its place's local time, in its zone;
 *   without one it is an all-day entry; an undated item is left out;
 * - a flight or transport spans departure to arrival, each in its own zone and on its own day;
 * - a flight is its departure; with a return date on another day, a second entry is its return,
 *   from and to swapped (the timeline's Departure and Return), timed by the way back's own times
 *   and zones when it has them, else all day;
 * - a stay is one all-day entry from the check-in day through the check-out day, as calendar
 *   apps show hotel bookings, rather than two one-day markers;
 * - UIDs are the item's id (plus "-return" for a return flight), so entries keep their identity
 *   across refreshes; pending items are TENTATIVE.
 */
export function feedEvents(items: FeedItem[], host: string): FeedEvent[] {
  const events: FeedEvent[] = [];
  for (const item of items) {
    const day = isoDate(item.activityDate);
    const reservation = item.reservationNumber ? `Reservation: ${item.reservationNumber}` : null;
    const status = item.status === 'PENDING' ? 'Pending: not booked yet' : item.status === 'BOOKED' ? 'Booked' : null;
    if (item.type === 'FLIGHT') {
      const back = isoDate(item.returnDate);
      const twoWay = back !== null && back !== day;
      const departs = validTime(item.departureTime) ?? validTime(item.startTime);
      const arrives = validTime(item.arrivalTime) ?? validTime(item.endTime);
      if (day) {
        events.push({
          ...entry(item, host, '', twoWay ? `Departure: ${item.title}` : item.title, day, departs, arrives, landingOf(item, arrives)),
          location: item.fromLocation ?? item.location,
          description: lines(
            route(item.fromLocation, item.toLocation),
            item.flightNumber && `Flight ${item.flightNumber}`,
            (departs || arrives) && `Departs ${departs ?? '?'}, arrives ${arrives ?? '?'} (local times)`,
            reservation,
            status,
            item.notes,
          ),
        });
      }
      if (twoWay) {
        const [leaves, lands] = [validTime(item.returnDepartureTime), validTime(item.returnArrivalTime)];
        const summary = `Return: ${returnLegTitle(item.title, item.fromLocation, item.toLocation, item.flightNumber)}`;
        events.push({
          ...entry(item, host, '-return', summary, back, leaves, lands, returnLandingOf(item, lands), item.returnTimeZone ?? item.arrivalTimeZone ?? null),
          location: item.toLocation ?? item.location,
          // The outbound flight's number is not the return's: only the route, its times and the booking.
          description: lines(
            route(item.toLocation, item.fromLocation),
            (leaves || lands) && `Departs ${leaves ?? '?'}, arrives ${lands ?? '?'} (local times)`,
            reservation,
            status,
            item.notes,
          ),
        });
      }
      continue;
    }
    if (item.type === 'ACCOMMODATION') {
      const checkIn = isoDate(item.checkInDate) ?? day;
      if (!checkIn) continue;
      const checkOut = isoDate(item.checkOutDate);
      const lastDay = checkOut && checkOut > checkIn ? checkOut : checkIn;
      events.push({
        ...entry(item, host, '', item.title, checkIn),
        endDay: addDays(lastDay, 1),
        location: item.location ?? item.hotelName,
        description: lines(
          item.hotelName && item.hotelName !== item.title && item.hotelName,
          `Check-in: ${checkIn}`,
          checkOut && `Check-out: ${checkOut}`,
          reservation,
          status,
          item.notes,
        ),
      });
      continue;
    }
    if (!day) continue;
    const ends = validTime(item.endTime);
    events.push({
      ...entry(item, host, '', item.title, day, validTime(item.startTime), ends, item.type === 'TRANSPORT' ? landingOf(item, ends) : null),
      location: item.location,
      description: lines(route(item.fromLocation, item.toLocation), reservation, status, item.notes),
    });
  }
  return events.sort((a, b) => (a.day + (a.allDay ? '' : a.time)).localeCompare(b.day + (b.allDay ? '' : b.time)) || a.uid.localeCompare(b.uid));
}

/** "YYYY-MM-DD" as an iCalendar DATE. */
const icsDate = (day: string) => day.replace(/-/g, '');
/** A day and "HH:MM" as a local DATE-TIME (with a TZID, or floating without one). */
const icsLocal = (day: string, time: string) => `${icsDate(day)}T${time.replace(':', '')}00`;
/** An instant as a UTC DATE-TIME. */
const icsUtc = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Zones the VTIMEZONE library knows (IANA names); a time in another zone is written in UTC. */
const KNOWN_ZONES = new Set<string>(tzlib_get_timezones() as string[]);

/**
 * SEQUENCE: seconds from creation to the last change, so it rises with every change of the item
 * (or trip) without a counter of its own to keep.
 */
const sequenceOf = (created: Date, updated: Date) => String(Math.max(0, Math.floor((updated.getTime() - created.getTime()) / 1000)));

/** The trip itself, as calendar data. */
export interface FeedTrip {
  id: string;
  name: string;
  startDate?: Date | null;
  endDate?: Date | null;
  destinationMainText?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
}

/**
 * The RFC 5545 text of a trip's feed: the trip as an all-day event over its dates, one VEVENT per
 * entry, the trip's name as the calendar's. Timed events carry their zone (TZID, with the
 * VTIMEZONE of each zone used, from timezones-ical-library) so every device shows the same
 * instant; DTSTAMP is the feed's own time (`now`). Written through IcsWriter, which escapes and
 * folds every value (a name with line breaks stays one property) and ends lines with CRLF.
 */
export function tripCalendar(trip: FeedTrip, items: FeedItem[], publicUrl: string, now = new Date()): string {
  const host = new URL(publicUrl).hostname || 'tripcrew';
  const ics = new IcsWriter()
    .begin('VCALENDAR')
    .plain('VERSION', '2.0')
    .text('PRODID', '-//Tripcrew//Trip itinerary//EN')
    .plain('METHOD', 'PUBLISH')
    .text('NAME', trip.name)
    .text('X-WR-CALNAME', trip.name)
    // Calendar apps that honour it poll hourly.
    .plain('REFRESH-INTERVAL', 'PT1H', ';VALUE=DURATION')
    .plain('X-PUBLISHED-TTL', 'PT1H');
  const tripPage = `${publicUrl}/dashboard/trips/${encodeURIComponent(trip.id)}`;
  const events = feedEvents(items, host);
  const start = isoDate(trip.startDate ?? null);
  if (start) {
    const created = trip.createdAt ?? now;
    events.unshift({
      uid: `${trip.id}-trip@${host}`,
      summary: trip.name,
      allDay: true,
      day: start,
      endDay: addDays(isoDate(trip.endDate ?? null) ?? start, 1),
      location: trip.destinationMainText ?? null,
      geo: null,
      description: '',
      tentative: false,
      created,
      updated: trip.updatedAt ?? created,
    });
  }

  const zones = [...new Set(events.flatMap((e) => (e.allDay ? [] : [e.zone, e.endZone])).filter((z): z is string => !!z && KNOWN_ZONES.has(z)))].sort();
  for (const zone of zones) writeTimeZone(ics, zone);
  const at = (name: string, day: string, time: string, zone: string | null | undefined) => {
    if (zone && KNOWN_ZONES.has(zone)) ics.plain(name, icsLocal(day, time), `;TZID=${zone}`);
    else if (zone) ics.plain(name, icsUtc(new Date(instantOf(day, time, zone))));
    else ics.plain(name, icsLocal(day, time));
  };

  for (const e of events) {
    ics.begin('VEVENT').text('UID', e.uid).plain('SEQUENCE', sequenceOf(e.created, e.updated)).plain('DTSTAMP', icsUtc(now));
    if (e.allDay) {
      ics
        .plain('DTSTART', icsDate(e.day), ';VALUE=DATE')
        .plain('DTEND', icsDate(e.endDay), ';VALUE=DATE')
        .plain('X-MICROSOFT-CDO-ALLDAYEVENT', 'TRUE')
        .plain('X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT', 'TRUE');
    } else {
      at('DTSTART', e.day, e.time!, e.zone);
      at('DTEND', e.endDay, e.endTime!, e.endZone);
    }
    ics.text('SUMMARY', e.summary);
    if (e.location) ics.text('LOCATION', e.location);
    if (e.location && e.geo) ics.plain('GEO', `${e.geo.lat};${e.geo.lon}`);
    if (e.description) ics.text('DESCRIPTION', e.description);
    ics
      .plain('URL', tripPage, ';VALUE=URI')
      .plain('STATUS', e.tentative ? 'TENTATIVE' : 'CONFIRMED')
      .plain('CREATED', icsUtc(e.created))
      .plain('LAST-MODIFIED', icsUtc(e.updated))
      .end('VEVENT');
  }
  return ics.end('VCALENDAR').toString();
}

/** The zone's VTIMEZONE (its rules as the tz database has them), each line through the writer. */
function writeTimeZone(ics: IcsWriter, zone: string) {
  const [block] = tzlib_get_ical_block(zone) as string[];
  for (const line of (block ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) ics.plain(line.slice(0, colon), line.slice(colon + 1));
  }
}
