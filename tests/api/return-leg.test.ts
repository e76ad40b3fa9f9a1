import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { ItineraryMessages as M } from '../../api/src/itinerary/messages.js';
import { TimeZoneMessages as Z } from '../../api/src/itinerary/timeZones.js';
import ICAL from '../support/ics.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { ROUND_TRIP, snake } from '../support/zoneTrips.js';

/**
 * A round-trip flight's way back keeps its own times, zones and landing day, on both doors and
 * in the calendar feed: Lisbon 23:35 → Tokyo, back Tokyo 11:00 → Lisbon 17:30 after the EU's
 * DST change (so 14h30 in the air, not 15h30).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RETURN = 'returnDate returnDepartureTime returnArrivalTime returnTimeZone returnArrivalTimeZone returnArrivalDate';
const ADD = `mutation($input: AddItineraryItemInput!) { addItineraryItem(input: $input) {
  __typename ... on ItineraryItemPayload { item { id timeZone arrivalTimeZone arrivalDate ${RETURN} } } ... on ValidationError { message field } } }`;
const FEED_URL = `query($id: ID!) { node(id: $id) { ... on Trip { calendarFeedUrl } } }`;

const ROUND: Record<string, unknown> = {
  type: 'FLIGHT',
  flightNumber: 'TP 88',
  fromLocation: 'Lisbon (LIS)',
  toLocation: 'Tokyo (NRT)',
  activityDate: '2030-03-29',
  departureTime: '23:35',
  arrivalTime: '19:00',
  returnDate: '2030-04-05',
  returnDepartureTime: '11:00',
  returnArrivalTime: '17:30',
};
/** What both doors must answer for the way back. */
const BACK = {
  returnDate: '2030-04-05',
  returnDepartureTime: '11:00',
  returnArrivalTime: '17:30',
  returnTimeZone: 'Asia/Tokyo',
  returnArrivalTimeZone: 'Europe/Lisbon',
  returnArrivalDate: '2030-04-05',
};
const utc = (date: string, time: string, zone: string) => DateTime.fromISO(`${date}T${time}`, { zone }).toUTC().toISO({ suppressMilliseconds: true });
const camel = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));

async function plan() {
  const u = await signedInUser(t);
  const trip = await createTrip(t, u.token, ROUND_TRIP.trip);
  const rest = (body: Record<string, unknown>) =>
    t.request('POST', '/api/backend/save-itinerary-item', { token: u.token, body: { trip_id: trip.uuid, ...body } });
  return { u, trip, rest };
}

describe('the way back of a round-trip flight', () => {
  it('keeps its own times, derives its zones and landing day, on both doors', async () => {
    const { u, trip, rest } = await plan();
    const gql = await t.graphql(ADD, { input: { tripId: trip.id, item: ROUND } }, u.token);
    expect(gql.body.data.addItineraryItem.__typename, JSON.stringify(gql.body)).toBe('ItineraryItemPayload');
    const byGraphql = gql.body.data.addItineraryItem.item;
    expect(byGraphql).toMatchObject({ ...BACK, timeZone: 'Europe/Lisbon', arrivalTimeZone: 'Asia/Tokyo', arrivalDate: '2030-03-30' });

    const res = await rest(snake(ROUND));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(camel(res.body.item)).toMatchObject(BACK);

    // In absolute time: 02:00Z → 16:30Z (Lisbon is on summer time by then).
    expect(utc(BACK.returnDate, BACK.returnDepartureTime, BACK.returnTimeZone)).toBe('2030-04-05T02:00:00Z');
    expect(utc(BACK.returnArrivalDate, BACK.returnArrivalTime, BACK.returnArrivalTimeZone)).toBe('2030-04-05T16:30:00Z');

    // A return leg from another airport keeps the zone given; a way back with no times has none to derive a landing from.
    const osaka = await rest(snake({ ...ROUND, returnTimeZone: 'asia/tokyo', returnArrivalTimeZone: 'Europe/Madrid', returnArrivalTime: '18:45' }));
    expect(camel(osaka.body.item)).toMatchObject({ returnTimeZone: 'Asia/Tokyo', returnArrivalTimeZone: 'Europe/Madrid', returnArrivalDate: '2030-04-05' });
    const untimed = await rest(snake({ ...ROUND, returnDepartureTime: null, returnArrivalTime: null }));
    expect(camel(untimed.body.item)).toMatchObject({
      returnDepartureTime: null,
      returnArrivalTime: null,
      returnArrivalDate: null,
      returnTimeZone: 'Asia/Tokyo',
    });
  });

  it('refuses return times without a return date, a way back landing before it leaves, and one leaving before the outbound flight lands', async () => {
    const { u, trip, rest } = await plan();
    const noDay = await rest(snake({ ...ROUND, returnDate: null }));
    expect([noDay.status, noDay.body.error]).toEqual([400, M.returnTimesWithoutDate]);

    const backwards = await t.graphql(ADD, { input: { tripId: trip.id, item: { ...ROUND, returnArrivalDate: '2030-04-04' } } }, u.token);
    expect(backwards.body.data.addItineraryItem).toEqual({ __typename: 'ValidationError', message: Z.landsBeforeDeparture, field: 'returnArrivalDate' });

    // Lands in Tokyo on the 30th at 19:00; a way back that same morning is impossible.
    const early = await rest(snake({ ...ROUND, returnDate: '2030-03-30', returnDepartureTime: '10:00' }));
    expect([early.status, early.body.error]).toEqual([400, M.returnBeforeOutboundLands]);
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } })).toBe(0);
  });

  it('is a timed event in the calendar feed, from Tokyo to Lisbon in their own zones', async () => {
    const { u, trip } = await plan();
    const added = await t.graphql(ADD, { input: { tripId: trip.id, item: ROUND } }, u.token);
    const uuid = Buffer.from(added.body.data.addItineraryItem.item.id, 'base64').toString().split(':')[1];
    const url = (await t.graphql(FEED_URL, { id: trip.id }, u.token)).body.data.node.calendarFeedUrl as string;
    const text = await (await t.app.fetch(new Request(url))).text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const v = calendar.getAllSubcomponents('vevent').find((e) => e.getFirstPropertyValue('uid') === `${uuid}-return@app.test`)!;
    expect(v.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Asia/Tokyo');
    expect(v.getFirstProperty('dtend')!.getParameter('tzid')).toBe('Europe/Lisbon');
    const e = new ICAL.Event(v);
    expect(e.startDate.toJSDate().toISOString()).toBe('2030-04-05T02:00:00.000Z');
    expect(e.endDate.toJSDate().toISOString()).toBe('2030-04-05T16:30:00.000Z');
    expect(e.description).toContain('Departs 11:00, arrives 17:30 (local times)');
  });
});
