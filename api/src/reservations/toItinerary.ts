import type { Reservation } from '../generated/prisma/client.js';
import { isoDate } from '../platform/dates.js';
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

/** The itinerary item a reservation becomes: its fields in the places the item's type keeps them. */
export function itemInputOf(r: Reservation): ItineraryItemInput {
  const type = ITEM_TYPE_OF[r.type];
  const date = isoDate(r.date);
  const base: ItineraryItemInput = { title: r.title, type, location: r.location, reservationNumber: r.confirmationNumber, notes: ADDED_FROM_EMAIL_NOTE };
  if (type === 'FLIGHT') {
    const number = FLIGHT_NUMBER.exec(r.title);
    return {
      ...base,
      activityDate: date,
      departureTime: r.time,
      fromLocation: r.fromLocation,
      toLocation: r.toLocation,
      flightNumber: number ? `${number[1]} ${number[2]}` : null,
      arrivalTime: r.endTime,
    };
  }
  if (type === 'ACCOMMODATION') return { ...base, hotelName: r.title, checkInDate: date, checkOutDate: isoDate(r.endDate) };
  const end = isoDate(r.endDate);
  const endTime = !end || end === date ? r.endTime : null;
  if (type === 'TRANSPORT') return { ...base, activityDate: date, startTime: r.time, endTime, fromLocation: r.fromLocation, toLocation: r.toLocation };
  return { ...base, activityDate: date, startTime: r.time, endTime, location: r.location ?? r.fromLocation };
}
