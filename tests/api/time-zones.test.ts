import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { TimeZoneMessages as Z } from '../../api/src/itinerary/timeZones.js';
import { fillMissingTimeZones } from '../../api/src/itinerary/zoneBackfill.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { DATE_LINE, ROUND_TRIP, snake, type ZoneTrip } from '../support/zoneTrips.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ITEM = `id title type activityDate startTime endTime departureTime arrivalTime timeZone departureTimeZone arrivalTimeZone arrivalDate`;
const ADD = `mutation($input: AddItineraryItemInput!) { addItineraryItem(input: $input) {
  __typename ... on ItineraryItemPayload { item { ${ITEM} } } ... on ValidationError { message field } } }`;
const TRIP_ZONE = `query($id: ID!) { node(id: $id) { ... on Trip { timeZone } } }`;

const utc = (date: string, time: string, zone: string) => DateTime.fromISO(`${date}T${time}`, { zone }).toUTC().toISO({ suppressMilliseconds: true });

async function planOf(z: ZoneTrip) {
  const u = await signedInUser(t);
  const trip = await createTrip(t, u.token, z.trip);
  return { u, trip };
}

/** Both doors answer the same item; `door` says which one to use. */
async function addBy(door: 'graphql' | 'rest', token: string, tripId: string, uuid: string, item: Record<string, unknown>) {
  if (door === 'graphql') {
    const res = await t.graphql(ADD, { input: { tripId, item } }, token);
    return res.body.data.addItineraryItem;
  }
  const res = await t.request('POST', '/api/backend/save-itinerary-item', { token, body: { trip_id: uuid, ...snake(item) } });
  const i = res.body.item;
  if (res.status !== 200) return { status: res.status, ...res.body };
  return {
    __typename: 'ItineraryItemPayload',
    item: {
      activityDate: i.activity_date,
      startTime: i.start_time,
      endTime: i.end_time,
      timeZone: i.time_zone,
      departureTimeZone: i.departure_time_zone,
      arrivalTimeZone: i.arrival_time_zone,
      arrivalDate: i.arrival_date,
      type: i.type.toUpperCase(),
    },
  };
}

describe('time zones of the plan', () => {
  for (const door of ['graphql', 'rest'] as const) {
    it(`derives every zone and arrival day of the issue's journeys, in absolute time (${door})`, async () => {
      for (const z of [ROUND_TRIP, DATE_LINE]) {
        const { u, trip } = await planOf(z);
        const read = await t.graphql(TRIP_ZONE, { id: trip.id }, u.token);
        expect(read.body.data.node.timeZone).toBe(z.tripZone);
        for (const c of z.cases) {
          const r = await addBy(door, u.token, trip.id, trip.uuid, c.item);
          expect(r.__typename, `${c.name}: ${JSON.stringify(r)}`).toBe('ItineraryItemPayload');
          const i = r.item;
          expect(i.timeZone, c.name).toBe(c.expect.timeZone);
          if (i.type === 'FLIGHT') expect(i.departureTimeZone).toBe(c.expect.timeZone);
          if (c.expect.arrivalTimeZone) expect([i.arrivalTimeZone, i.arrivalDate], c.name).toEqual([c.expect.arrivalTimeZone, c.expect.arrivalDate]);
          if (c.expect.startsAt) {
            expect(utc(i.activityDate, i.startTime, i.timeZone), c.name).toBe(c.expect.startsAt);
            expect(utc(i.arrivalDate, i.endTime, i.arrivalTimeZone), c.name).toBe(c.expect.endsAt);
          }
        }
      }
    });
  }

  it('takes the zones the client gives, in any case, and falls back to the caller’s zone when nothing else is known', async () => {
    const u = await signedInUser(t);
    const trip = await createTrip(t, u.token, { name: 'Somewhere' });
    const given = await addBy('graphql', u.token, trip.id, trip.uuid, {
      type: 'ACTIVITY',
      title: 'Call',
      activityDate: '2030-01-01',
      startTime: '09:00',
      timeZone: 'america/new_york',
    });
    expect(given.item.timeZone).toBe('America/New_York');
    const res = await t.request('POST', '/api/backend/save-itinerary-item', {
      token: u.token,
      headers: { 'x-time-zone': 'Europe/Berlin' },
      body: { trip_id: trip.uuid, title: 'Museum', activity_date: '2030-01-01', start_time: '10:00' },
    });
    expect(res.body.item.time_zone).toBe('Europe/Berlin');
  });

  it('refuses an unknown zone and a flight landing before it departs, with a clear 400, and adds nothing', async () => {
    const { u, trip } = await planOf(ROUND_TRIP);
    const api = (body: Record<string, unknown>) =>
      t.request('POST', '/api/backend/save-itinerary-item', { token: u.token, body: { trip_id: trip.uuid, ...body } });
    for (const zone of ['Mars/Olympus', 'CET', '+01:00', 42]) {
      const bad = await api({ title: 'Dinner', activity_date: '2030-03-30', start_time: '20:00', time_zone: zone });
      expect([bad.status, bad.body.error], String(zone)).toEqual([400, Z.unknownZone]);
    }
    const flightZone = await api({ type: 'flight', activity_date: '2030-03-30', departure_time: '10:00', arrival_time_zone: 'Nowhere/Land' });
    expect([flightZone.status, flightZone.body.error]).toEqual([400, Z.unknownZone]);

    const backwards = await api({
      type: 'flight',
      from_location: 'LIS',
      to_location: 'NRT',
      activity_date: '2030-03-30',
      departure_time: '10:00',
      arrival_time: '12:00',
      arrival_date: '2030-03-30',
    });
    expect([backwards.status, backwards.body.error]).toEqual([400, Z.landsBeforeDeparture]);
    const gql = await t.graphql(
      ADD,
      {
        input: {
          tripId: trip.id,
          item: {
            type: 'FLIGHT',
            activityDate: '2030-03-30',
            departureTime: '10:00',
            arrivalTime: '09:00',
            arrivalDate: '2030-03-30',
            departureTimeZone: 'Europe/Lisbon',
            arrivalTimeZone: 'Europe/Lisbon',
          },
        },
      },
      u.token,
    );
    expect(gql.body.data.addItineraryItem).toEqual({ __typename: 'ValidationError', message: Z.landsBeforeDeparture, field: 'arrivalDate' });
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } })).toBe(0);
  });

  it('keeps a flight sent with start_time and end_time as its departure and arrival', async () => {
    const { u, trip } = await planOf(ROUND_TRIP);
    const res = await t.request('POST', '/api/backend/save-itinerary-item', {
      token: u.token,
      body: {
        trip_id: trip.uuid,
        type: 'flight',
        from_location: 'LIS',
        to_location: 'NRT',
        activity_date: '2030-03-29',
        start_time: '23:35',
        end_time: '19:00',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ departure_time: '23:35', arrival_time: '19:00', start_time: '23:35', end_time: '19:00', arrival_date: '2030-03-30' });
  });

  it('derives the zones of rows from before zones (the migration’s backfill)', async () => {
    const { u, trip } = await planOf(DATE_LINE);
    const add = (data: Record<string, unknown>) => t.db.prisma.itineraryItem.create({ data: { tripId: trip.uuid, createdById: u.userId, ...data } as never });
    await t.db.prisma.trip.update({ where: { id: trip.uuid }, data: { timeZone: null } });
    const day = (s: string) => new Date(`${s}T00:00:00Z`);
    const flight = await add({
      title: 'NZ 10',
      type: 'FLIGHT',
      fromLocation: 'AKL',
      toLocation: 'HNL',
      activityDate: day('2030-01-10'),
      startTime: '08:00',
      endTime: '18:30',
    });
    const hotel = await add({ title: 'Hotel', type: 'ACCOMMODATION', latitude: 21.2793, longitude: -157.8292, checkInDate: day('2030-01-09') });
    const walk = await add({ title: 'Walk', type: 'ACTIVITY', activityDate: day('2030-01-08') });

    await fillMissingTimeZones(t.db.prisma);
    const read = (id: string) =>
      t.db.prisma.itineraryItem.findUniqueOrThrow({ where: { id }, select: { timeZone: true, arrivalTimeZone: true, arrivalDate: true } });
    expect((await t.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.uuid } })).timeZone).toBe('Pacific/Auckland');
    expect(await read(flight.id)).toEqual({ timeZone: 'Pacific/Auckland', arrivalTimeZone: 'Pacific/Honolulu', arrivalDate: day('2030-01-09') });
    expect((await read(hotel.id)).timeZone).toBe('Pacific/Honolulu');
    expect((await read(walk.id)).timeZone).toBe('Pacific/Auckland');
  });
});
