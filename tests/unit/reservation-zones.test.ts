import { describe, expect, it } from 'vitest';
import { itemInputOf, moveToZone, zoneOfPlace, type ReservationLike } from '../../api/src/reservations/toItinerary.js';

/** A reservation row as the pipeline stores it (dates as UTC midnights). */
const row = (r: Partial<ReservationLike> & Pick<ReservationLike, 'type'>): ReservationLike => ({
  title: 'Booking',
  date: null,
  time: null,
  location: null,
  fromLocation: null,
  toLocation: null,
  confirmationNumber: null,
  endDate: null,
  endTime: null,
  timeZone: null,
  ...r,
});
const day = (s: string) => new Date(`${s}T00:00:00Z`);

describe('a forwarded reservation in the place’s zone', () => {
  it('keeps local times local, in the airports’ zones, and leaves the arrival day to the itinerary’s rules', () => {
    const input = itemInputOf(
      row({
        type: 'FLIGHT',
        title: 'TAP TP 88',
        fromLocation: 'Lisbon (LIS)',
        toLocation: 'Tokyo (NRT)',
        date: day('2030-03-29'),
        time: '23:35',
        endTime: '19:00',
      }),
    );
    expect(input).toMatchObject({
      activityDate: '2030-03-29',
      departureTime: '23:35',
      arrivalTime: '19:00',
      arrivalDate: null,
      departureTimeZone: 'Europe/Lisbon',
      arrivalTimeZone: 'Asia/Tokyo',
      flightNumber: 'TP 88',
    });
  });

  it('moves UTC times to each airport’s clock, working out the arrival day in absolute time', () => {
    // 22:35Z on 10 June is 23:35 in Lisbon (summer time); 10:00Z the next day is 19:00 in Tokyo.
    const input = itemInputOf(
      row({
        type: 'FLIGHT',
        title: 'TP 88',
        fromLocation: 'LIS',
        toLocation: 'NRT',
        date: day('2030-06-10'),
        time: '22:35',
        endTime: '10:00',
        timeZone: 'UTC',
      }),
    );
    expect(input).toMatchObject({ activityDate: '2030-06-10', departureTime: '23:35', arrivalDate: '2030-06-11', arrivalTime: '19:00' });
  });

  it('puts a hotel in its city’s zone and its UTC check-in and check-out on Honolulu’s clock; a country in capitals is not an airport', () => {
    expect(zoneOfPlace('2005 Kalia Rd, Honolulu HI 96815, USA')).toBe('Pacific/Honolulu');
    expect(zoneOfPlace('USA')).toBeNull();
    const input = itemInputOf(
      row({
        type: 'HOTEL',
        title: 'Waikiki Beach Hotel',
        location: '2005 Kalia Rd, Honolulu HI 96815, USA',
        date: day('2030-01-10'),
        time: '01:00',
        endDate: day('2030-01-12'),
        endTime: '21:00',
        timeZone: 'UTC',
      }),
      'Pacific/Auckland',
    );
    expect(input).toMatchObject({
      type: 'ACCOMMODATION',
      checkInDate: '2030-01-09',
      startTime: '15:00',
      checkOutDate: '2030-01-12',
      endTime: '11:00',
      timeZone: 'Pacific/Honolulu',
    });
  });

  it('uses the trip’s zone for a place it cannot name, and keeps times it cannot place in the zone they were written in', () => {
    const concert = row({ type: 'ENTERTAINMENT', title: 'Concert', location: 'The old hall', date: day('2030-01-10'), time: '07:00', timeZone: 'UTC' });
    expect(itemInputOf(concert, 'Pacific/Auckland')).toMatchObject({ activityDate: '2030-01-10', startTime: '20:00', timeZone: 'Pacific/Auckland' });
    expect(itemInputOf(concert, null)).toMatchObject({ activityDate: '2030-01-10', startTime: '07:00', timeZone: 'UTC' });
    expect(moveToZone({ date: null, time: '07:00' }, 'UTC', 'Asia/Tokyo')).toEqual({ date: null, time: '07:00' });
  });
});
