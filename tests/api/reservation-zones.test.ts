import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { DATE_LINE } from '../support/zoneTrips.js';

/**
 * 'Add to Trip' puts a forwarded reservation on the plan at the place's local time and zone, on
 * both doors: a flight whose mail gave only times lands on the day worked out in absolute time
 * (over the date line, the day before), and times a calendar attachment wrote in UTC arrive on
 * the place's clock.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADD = `mutation($input: AddReservationToTripInput!) { addReservationToTrip(input: $input) { __typename
  ... on AddReservationToTripPayload { item { activityDate startTime endTime checkInDate checkOutDate timeZone arrivalTimeZone arrivalDate } }
  ... on Error { message } } }`;
const day = (s: string) => new Date(`${s}T00:00:00Z`);
const utc = (date: string, time: string, zone: string) => DateTime.fromISO(`${date}T${time}`, { zone }).toUTC().toISO({ suppressMilliseconds: true });

async function setUp() {
  const u = await signedInUser(t);
  const trip = await createTrip(t, u.token, DATE_LINE.trip);
  const reservation = (data: Record<string, unknown>) =>
    t.db.prisma.reservation.create({ data: { userId: u.userId, title: 'Booking', type: 'OTHER', ...data } as never });
  /** Adds by GraphQL or REST; answers the item in GraphQL's names. */
  const add = async (door: 'graphql' | 'rest', id: string) => {
    if (door === 'graphql') {
      const globalId = Buffer.from(`Reservation:${id}`).toString('base64');
      const res = await t.graphql(ADD, { input: { reservationId: globalId, tripId: trip.id } }, u.token);
      expect(res.body.data.addReservationToTrip.__typename, JSON.stringify(res.body)).toBe('AddReservationToTripPayload');
      return res.body.data.addReservationToTrip.item;
    }
    const res = await t.request('POST', '/api/backend/add-reservation-to-trip', { token: u.token, body: { reservation_id: id, trip_id: trip.uuid } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const i = res.body.item;
    return {
      activityDate: i.activity_date,
      startTime: i.start_time,
      endTime: i.end_time,
      checkInDate: i.check_in_date,
      checkOutDate: i.check_out_date,
      timeZone: i.time_zone,
      arrivalTimeZone: i.arrival_time_zone,
      arrivalDate: i.arrival_date,
    };
  };
  return { reservation, add };
}

describe('forwarded reservations on the plan, in the place’s zone', () => {
  for (const door of ['graphql', 'rest'] as const) {
    it(`lands a flight given only times on the right day, and moves UTC times to the place’s clock (${door})`, async () => {
      const { reservation, add } = await setUp();
      // Auckland 08:00 → Honolulu 18:30, as a confirmation lists it: no arrival day.
      const flight = await reservation({
        type: 'FLIGHT',
        title: 'Air New Zealand NZ 10',
        fromLocation: 'Auckland (AKL)',
        toLocation: 'Honolulu (HNL)',
        date: day('2030-01-10'),
        time: '08:00',
        endTime: '18:30',
      });
      const f = await add(door, flight.id);
      expect(f).toMatchObject({
        activityDate: '2030-01-10',
        startTime: '08:00',
        endTime: '18:30',
        timeZone: 'Pacific/Auckland',
        arrivalTimeZone: 'Pacific/Honolulu',
      });
      expect(f.arrivalDate).toBe('2030-01-09');
      expect(utc(f.arrivalDate, f.endTime, f.arrivalTimeZone)).toBe('2030-01-10T04:30:00Z');

      // The hotel's check-in and check-out from a calendar attachment in UTC.
      const hotel = await reservation({
        type: 'HOTEL',
        title: 'Waikiki Beach Hotel',
        location: '2005 Kalia Rd, Honolulu HI 96815, USA',
        date: day('2030-01-10'),
        time: '01:00',
        endDate: day('2030-01-12'),
        endTime: '21:00',
        timeZone: 'UTC',
      });
      const h = await add(door, hotel.id);
      expect(h).toMatchObject({ checkInDate: '2030-01-09', startTime: '15:00', checkOutDate: '2030-01-12', endTime: '11:00', timeZone: 'Pacific/Honolulu' });
    });
  }
});
