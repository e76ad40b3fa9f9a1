/**
 * The server's part of the zone rules: each zone the client left out is derived (`deriveZones`),
 * then a journey is checked in absolute time (timeZones.ts).
 */
import { isoDate } from '../platform/dates.js';
import { calendarDate } from '../platform/calendarDate.js';
import { ValidationError } from '../platform/errors.js';
import { airportIn, zoneAt } from '../places/zoneLookup.js';
import { ItineraryMessages } from './messages.js';
import { journeyMinutes, settleArrival } from './timeZones.js';
import type { ItineraryItemData } from './validation.js';

/** What the derivation reads of an item. */
export type ZoneSource = Pick<
  ItineraryItemData,
  'type' | 'latitude' | 'longitude' | 'fromLocation' | 'toLocation' | 'timeZone' | 'departureTimeZone' | 'arrivalTimeZone' | 'startTime' | 'endTime'
> &
  Partial<Pick<ItineraryItemData, 'returnDepartureTime' | 'returnArrivalTime' | 'returnTimeZone' | 'returnArrivalTimeZone'>> & {
    activityDate: Date | null;
    arrivalDate: Date | null;
    returnDate?: Date | null;
    returnArrivalDate?: Date | null;
  };

export interface ItemZones {
  timeZone: string | null;
  departureTimeZone: string | null;
  arrivalTimeZone: string | null;
  arrivalDate: Date | null;
  /** A round trip's way back: the zones it leaves and lands in, and the day it lands. */
  returnTimeZone: string | null;
  returnArrivalTimeZone: string | null;
  returnArrivalDate: Date | null;
  /** Set when a journey would land before it leaves, and the field that says so. */
  error: string | null;
  errorField?: string;
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
  const noReturn = { returnTimeZone: null, returnArrivalTimeZone: null, returnArrivalDate: null };
  if (!journey) return { timeZone, departureTimeZone: null, arrivalTimeZone: null, arrivalDate: null, ...noReturn, error: null };

  const arrivalTimeZone = item.arrivalTimeZone ?? airportIn(item.toLocation)?.zone ?? (flight ? (here ?? tripZone) : null) ?? timeZone;
  const { arrivalDate, error } = settleArrival({
    date: isoDate(item.activityDate),
    time: item.startTime,
    zone: timeZone,
    arrivalDate: isoDate(item.arrivalDate),
    arrivalTime: item.endTime,
    arrivalZone: arrivalTimeZone,
  });
  const outbound = { timeZone, departureTimeZone: flight ? timeZone : null, arrivalTimeZone, arrivalDate: calendarDate(arrivalDate) };
  if (error) return { ...outbound, ...noReturn, error, errorField: item.arrivalDate ? 'arrivalDate' : flight ? 'arrivalTime' : 'endTime' };
  if (!flight || !item.returnDate) return { ...outbound, ...noReturn, error: null };

  // The way back leaves where the outbound flight landed and lands where it left, unless told.
  const back = {
    date: isoDate(item.returnDate),
    time: item.returnDepartureTime ?? null,
    zone: item.returnTimeZone ?? arrivalTimeZone,
    arrivalDate: isoDate(item.returnArrivalDate ?? null),
    arrivalTime: item.returnArrivalTime ?? null,
    arrivalZone: item.returnArrivalTimeZone ?? timeZone,
  };
  const settled = settleArrival(back);
  const returning = { returnTimeZone: back.zone, returnArrivalTimeZone: back.arrivalZone, returnArrivalDate: calendarDate(settled.arrivalDate) };
  if (settled.error) {
    return { ...outbound, ...returning, error: settled.error, errorField: item.returnArrivalDate ? 'returnArrivalDate' : 'returnArrivalTime' };
  }
  // It cannot leave before the outbound flight has landed.
  const landed =
    outbound.arrivalDate && item.endTime && arrivalTimeZone ? { date: isoDate(outbound.arrivalDate)!, time: item.endTime, zone: arrivalTimeZone } : null;
  if (landed && back.date && back.time && back.zone && journeyMinutes(landed, { date: back.date, time: back.time, zone: back.zone }) < 0) {
    return { ...outbound, ...returning, error: ItineraryMessages.returnBeforeOutboundLands, errorField: 'returnDepartureTime' };
  }
  return { ...outbound, ...returning, error: null };
}

/** A checked item with its zones filled in; a journey that would land before it leaves is refused. */
export function completeZones(data: ItineraryItemData, tripZone: string | null, fallback: string): ItineraryItemData {
  const { error, errorField, ...zones } = deriveZones(data, tripZone, fallback);
  if (error) throw new ValidationError(error, errorField ?? 'arrivalTime');
  return { ...data, ...zones };
}
