/**
 * The server's part of the zone rules: each zone the client left out is derived (`deriveZones`),
 * then a journey is checked in absolute time (timeZones.ts).
 */
import { isoDate } from '../platform/dates.js';
import { calendarDate } from '../platform/calendarDate.js';
import { ValidationError } from '../platform/errors.js';
import { airportIn, zoneAt } from '../places/zoneLookup.js';
import { settleArrival } from './timeZones.js';
import type { ItineraryItemData } from './validation.js';

/** What the derivation reads of an item. */
export type ZoneSource = Pick<
  ItineraryItemData,
  'type' | 'latitude' | 'longitude' | 'fromLocation' | 'toLocation' | 'timeZone' | 'departureTimeZone' | 'arrivalTimeZone' | 'startTime' | 'endTime'
> & { activityDate: Date | null; arrivalDate: Date | null };

export interface ItemZones {
  timeZone: string | null;
  departureTimeZone: string | null;
  arrivalTimeZone: string | null;
  arrivalDate: Date | null;
  /** Set when a journey would land before it leaves. */
  error: string | null;
}

/**
 * An item's zones: the client's when given; else for a flight the airports of its route; else
 * the zone at the item's coordinates; else the trip's (its destination's); else `fallback` (the
 * caller's own zone). A journey (flight, transport) departs in `timeZone` and lands in
 * `arrivalTimeZone` on `arrivalDate`, worked out from its times when not given.
 */
export function deriveZones(item: ZoneSource, tripZone: string | null, fallback: string | null): ItemZones {
  const here = zoneAt(item.latitude, item.longitude);
  const flight = item.type === 'FLIGHT';
  const journey = flight || item.type === 'TRANSPORT';
  const timeZone = flight
    ? (item.departureTimeZone ?? item.timeZone ?? airportIn(item.fromLocation)?.zone ?? tripZone ?? fallback)
    : journey
      ? (item.timeZone ?? airportIn(item.fromLocation)?.zone ?? here ?? tripZone ?? fallback)
      : (item.timeZone ?? here ?? tripZone ?? fallback);
  if (!journey) return { timeZone, departureTimeZone: null, arrivalTimeZone: null, arrivalDate: null, error: null };

  const arrivalTimeZone = item.arrivalTimeZone ?? airportIn(item.toLocation)?.zone ?? (flight ? (here ?? tripZone) : null) ?? timeZone;
  const { arrivalDate, error } = settleArrival({
    date: isoDate(item.activityDate),
    time: item.startTime,
    zone: timeZone,
    arrivalDate: isoDate(item.arrivalDate),
    arrivalTime: item.endTime,
    arrivalZone: arrivalTimeZone,
  });
  return { timeZone, departureTimeZone: flight ? timeZone : null, arrivalTimeZone, arrivalDate: calendarDate(arrivalDate), error };
}

/** A checked item with its zones filled in; a journey that would land before it leaves is refused. */
export function completeZones(data: ItineraryItemData, tripZone: string | null, fallback: string): ItineraryItemData {
  const { error, ...zones } = deriveZones(data, tripZone, fallback);
  if (error) throw new ValidationError(error, data.arrivalDate ? 'arrivalDate' : data.type === 'FLIGHT' ? 'arrivalTime' : 'endTime');
  return { ...data, ...zones };
}
