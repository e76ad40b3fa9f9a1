import type { Reservation } from '../generated/prisma/client.js';
import { isoDate } from '../platform/dates.js';
import { airportIn, zoneOfPlace } from '../places/zoneLookup.js';
import { arrivalDateFor, canonicalZone, instantOf, localOf } from '../itinerary/timeZones.js';
import type { ItineraryItemInput } from '../itinerary/validation.js';
import { ADDED_FROM_EMAIL_NOTE } from './messages.js';

/** Which itinerary type each reservation type becomes. */
export const ITEM_TYPE_OF = {
  FLIGHT: 'FLIGHT',
  HOTEL: 'ACCOMMODATION',
  ENTERTAINMENT: 'EVENT',
  RESTAURANT: 'EVENT',
  ACTIVITY: 'ACTIVITY',
  OTHER: 'ACTIVITY',
  TRAIN: 'TRANSPORT',
  BUS: 'TRANSPORT',
  FERRY: 'TRANSPORT',
  // A rental is something to do at its pick-up: where and when the car is collected.
  CAR_RENTAL: 'ACTIVITY',
} as const satisfies Record<Reservation['type'], string>;

/** A flight number in a title such as "Air Canada AC 856: Toronto → London". */
const FLIGHT_NUMBER = /\b([A-Z0-9]{2})\s?(\d{1,4})\b/;

/** What the conversion reads of a reservation (rows from before end times and zones lack them). */
export type ReservationLike = Pick<Reservation, 'type' | 'title' | 'date' | 'time' | 'location' | 'fromLocation' | 'toLocation' | 'confirmationNumber'> &
  Partial<Pick<Reservation, 'endDate' | 'endTime' | 'timeZone'>>;

type Moment = { date: string | null; time: string | null };

export { zoneOfPlace } from '../places/zoneLookup.js';

/**
 * A day and time written in `from` as the wall clock of `to` (a UTC time from a calendar
 * attachment as the place's local time); unchanged when either zone or the day is unknown.
 */
export function moveToZone(m: Moment, from: string | null, to: string | null): Moment {
  if (!m.date || !m.time || !from || !to || from === to) return m;
  return localOf(instantOf(m.date, m.time, from), to);
}

/**
 * The itinerary item a reservation becomes: its fields in the places the item's type keeps them,
 * its times as the local time at the place, in the place's zone. Times the reservation holds in
 * another zone (`timeZone`, e.g. UTC) are moved to the place's: the departure airport's and the
 * arrival airport's for a flight, else the place its location names, else the trip's zone
 * (`tripZone`). A flight's arrival day, when the confirmation gives only a time, is left to the
 * itinerary's rules (the first one after the departure, in absolute time).
 */
export function itemInputOf(r: ReservationLike, tripZone: string | null = null): ItineraryItemInput {
  const type = ITEM_TYPE_OF[r.type];
  const written = canonicalZone(r.timeZone);
  const start: Moment = { date: isoDate(r.date), time: r.time };
  const end: Moment = { date: isoDate(r.endDate ?? null), time: r.endTime ?? null };
  const base: ItineraryItemInput = { title: r.title, type, location: r.location, reservationNumber: r.confirmationNumber, notes: ADDED_FROM_EMAIL_NOTE };

  if (type === 'FLIGHT') {
    const number = FLIGHT_NUMBER.exec(r.title);
    // A route names airports (codes allowed, as the itinerary's own derivation reads them).
    const departureZone = airportIn(r.fromLocation)?.zone ?? (written ? tripZone : null);
    const arrivalZone = airportIn(r.toLocation)?.zone ?? (written ? tripZone : null);
    // An arrival written without its day in another zone: the first such time after departure.
    if (written && !end.date && end.time && start.date && start.time) {
      end.date = arrivalDateFor({ date: start.date, time: start.time, zone: written }, { time: end.time, zone: written });
    }
    const departs = moveToZone(start, written, departureZone);
    const lands = moveToZone(end, written, arrivalZone);
    return {
      ...base,
      activityDate: departs.date,
      departureTime: departs.time,
      arrivalTime: lands.time,
      // Only a day the confirmation gave (or one worked out above): otherwise the rules find it.
      arrivalDate: lands.date,
      departureTimeZone: departureZone ?? written,
      arrivalTimeZone: arrivalZone ?? (departureZone ? null : written),
      fromLocation: r.fromLocation,
      toLocation: r.toLocation,
      flightNumber: number ? `${number[1]} ${number[2]}` : null,
    };
  }

  const zone = zoneOfPlace(r.location) ?? (written ? tripZone : null);
  const begins = moveToZone(start, written, zone);
  const ends = moveToZone(end, written, zone);
  const timeZone = zone ?? written;
  if (type === 'ACCOMMODATION') {
    return { ...base, hotelName: r.title, checkInDate: begins.date, checkOutDate: ends.date, startTime: begins.time, endTime: ends.time, timeZone };
  }
  // Another day's end (a multi-day pass) is not a time on this day: only the start is kept then.
  const sameDay = !ends.date || ends.date === begins.date;
  const item = { ...base, activityDate: begins.date, startTime: begins.time, endTime: sameDay ? ends.time : null, timeZone };
  // Trains, buses and ferries keep their route.
  return type === 'TRANSPORT' ? { ...item, fromLocation: r.fromLocation, toLocation: r.toLocation } : item;
}
