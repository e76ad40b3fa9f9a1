import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from '../support/ics.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { DATE_LINE, ROUND_TRIP } from '../support/zoneTrips.js';
import { addDays } from '../../api/src/calendar/feed.js';

const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1]!;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FEED_URL = `query($id: ID!) { node(id: $id) { ... on Trip { calendarFeedUrl } } }`;
const RESET = `mutation($input: ResetTripCalendarFeedInput!) { resetTripCalendarFeed(input: $input) {
  __typename ... on TripPayload { trip { id calendarFeedUrl } } ... on Error { message } } }`;

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

async function feedUrl(tripId: string, token: string): Promise<string> {
  const res = await t.graphql(FEED_URL, { id: tripId }, token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.node.calendarFeedUrl;
}

/** GET the feed by its public URL, through the app. */
async function getFeed(url: string) {
  const res = await t.app.fetch(new Request(url));
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toString(),
      end: e.endDate.toString(),
      allDay: e.startDate.isDate,
      floating: !e.startDate.isDate && e.startDate.zone?.tzid === 'floating',
      status: v.getFirstPropertyValue('status'),
      location: e.location,
      description: e.description,
    };
  });
  return { calendar, events };
}

async function tripWithPlan() {
  const u = await signedInUser(t);
  const trip = await createTrip(t, u.token, { name: 'Lisbon, long weekend', startDate: '2030-05-01', endDate: '2030-05-08' });
  const add = (data: Record<string, unknown>) => t.db.prisma.itineraryItem.create({ data: { tripId: trip.uuid, createdById: u.userId, ...data } as never });
  const items = {
    tour: await add({
      title: 'Tram 28 tour',
      type: 'ACTIVITY',
      activityDate: day('2030-05-02'),
      startTime: '10:00',
      endTime: '12:30',
      location: 'Martim Moniz',
    }),
    beach: await add({ title: 'Beach day', type: 'ACTIVITY', activityDate: day('2030-05-03') }),
    flight: await add({
      title: 'TP 1351',
      type: 'FLIGHT',
      activityDate: day('2030-05-01'),
      returnDate: day('2030-05-07'),
      departureTime: '22:15',
      arrivalTime: '06:05',
      fromLocation: 'London',
      toLocation: 'Lisbon',
      flightNumber: 'TP1351',
      status: 'BOOKED',
    }),
    hotel: await add({
      title: 'Hotel Avenida',
      type: 'ACCOMMODATION',
      checkInDate: day('2030-05-02'),
      checkOutDate: day('2030-05-05'),
      reservationNumber: 'ABC123',
    }),
    dinner: await add({ title: 'Dinner at Ramiro', type: 'RESTAURANT', activityDate: day('2030-05-04'), startTime: '20:00', status: 'PENDING' }),
    someday: await add({ title: 'Fado night', type: 'EVENT' }),
  };
  return { u, trip, items };
}

describe('the trip calendar feed', () => {
  it('answers RFC 5545 text: one event per entry, all-day and floating-time events, stable UIDs, the trip name as calendar name', async () => {
    const { u, trip, items } = await tripWithPlan();
    const url = await feedUrl(trip.id, u.token);
    expect(url).toMatch(/^http:\/\/app\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // The same address every time it is read.
    expect(await feedUrl(trip.id, u.token)).toBe(url);

    const feed = await getFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    // Lines end in CRLF and are folded at 75 octets.
    for (const line of feed.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(feed.text.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const { calendar, events } = parse(feed.text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Lisbon, long weekend');
    const host = 'app.test';
    expect(events).toEqual([
      // The trip itself, all day over its dates, so a feed is never empty.
      expect.objectContaining({ uid: `${trip.uuid}-trip@${host}`, summary: 'Lisbon, long weekend', start: '2030-05-01', end: '2030-05-09', allDay: true }),
      expect.objectContaining({ uid: `${items.flight.id}@${host}`, summary: 'Departure: TP 1351', start: '2030-05-01T22:15:00', end: '2030-05-02T06:05:00' }),
      expect.objectContaining({ uid: `${items.hotel.id}@${host}`, summary: 'Hotel Avenida', start: '2030-05-02', end: '2030-05-06', allDay: true }),
      expect.objectContaining({ uid: `${items.tour.id}@${host}`, summary: 'Tram 28 tour', start: '2030-05-02T10:00:00', end: '2030-05-02T12:30:00' }),
      expect.objectContaining({ uid: `${items.beach.id}@${host}`, summary: 'Beach day', start: '2030-05-03', end: '2030-05-04', allDay: true }),
      expect.objectContaining({ uid: `${items.dinner.id}@${host}`, summary: 'Dinner at Ramiro', start: '2030-05-04T20:00:00', end: '2030-05-04T21:00:00' }),
      expect.objectContaining({
        uid: `${items.flight.id}-return@${host}`,
        summary: 'Return: Lisbon → London',
        start: '2030-05-07',
        end: '2030-05-08',
        allDay: true,
      }),
    ]);
    // Timed entries are wall-clock times at the destination: no UTC "Z", no TZID.
    for (const e of events.filter((e) => !e.allDay)) expect(e.floating, e.summary).toBe(true);
    expect(feed.text).toMatch(/\r\nDTSTART:20300502T100000\r\n/);
    expect(feed.text).toMatch(/\r\nDTSTART;VALUE=DATE:20300503\r\n/);
    expect(events.find((e) => e.summary === 'Dinner at Ramiro')!.status).toBe('TENTATIVE');
    expect(events.find((e) => e.summary === 'Departure: TP 1351')).toMatchObject({ status: 'CONFIRMED', location: 'London' });
    expect(events.find((e) => e.summary === 'Departure: TP 1351')!.description).toContain('London → Lisbon');
    // The way back is named by its own route, not the outbound flight's number.
    expect(events.find((e) => e.summary === 'Return: Lisbon → London')).toMatchObject({ location: 'Lisbon' });
    expect(events.find((e) => e.summary === 'Return: Lisbon → London')!.description).toContain('Lisbon → London');
    expect(events.find((e) => e.summary === 'Return: Lisbon → London')!.description).not.toContain('TP1351');
    expect(events.find((e) => e.summary === 'Hotel Avenida')!.description).toContain('Reservation: ABC123');

    // An edited item keeps its UID, so calendar apps update it rather than add another.
    await t.db.prisma.itineraryItem.update({ where: { id: items.tour.id }, data: { startTime: '11:00' } });
    const again = parse((await getFeed(url)).text).events;
    expect(again.find((e) => e.uid === `${items.tour.id}@${host}`)).toMatchObject({ start: '2030-05-02T11:00:00' });
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
  });

  it("carries each item's zone (TZID and its VTIMEZONE): the issue's journeys start and end at the right instants", async () => {
    const ADD = `mutation($input: AddItineraryItemInput!) { addItineraryItem(input: $input) { ... on ItineraryItemPayload { item { id } } } }`;
    const UPDATE = `mutation($input: UpdateItineraryItemInput!) { updateItineraryItem(input: $input) { __typename } }`;
    for (const z of [ROUND_TRIP, DATE_LINE]) {
      const u = await signedInUser(t);
      const trip = await createTrip(t, u.token, z.trip);
      const ids = new Map<string, string>();
      for (const c of z.cases) {
        const res = await t.graphql(ADD, { input: { tripId: trip.id, item: c.item } }, u.token);
        ids.set(c.name, res.body.data.addItineraryItem.item.id);
      }
      const url = await feedUrl(trip.id, u.token);
      const before = Date.now();
      const text = (await getFeed(url)).text;
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      const calendar = new ICAL.Component(ICAL.parse(text));
      const zones = calendar.getAllSubcomponents('vtimezone');
      for (const zone of zones) ICAL.TimezoneService.register(zone);
      const used = new Set(z.cases.flatMap((c) => [c.expect.timeZone, c.expect.arrivalTimeZone]).filter(Boolean));
      expect(new Set(zones.map((v) => v.getFirstPropertyValue('tzid')))).toEqual(used);

      const vevents = calendar.getAllSubcomponents('vevent');
      const byUid = (uid: string) => vevents.find((v) => v.getFirstPropertyValue('uid') === uid)!;
      for (const v of vevents) {
        // DTSTAMP is when the feed was written, not when the item last changed.
        const stamp = (v.getFirstPropertyValue('dtstamp') as InstanceType<typeof ICAL.Time>).toJSDate().getTime();
        expect(Math.abs(stamp - before)).toBeLessThan(60_000);
      }
      const tripEvent = new ICAL.Event(byUid(`${trip.uuid}-trip@app.test`));
      expect([tripEvent.startDate.toString(), tripEvent.endDate.toString(), tripEvent.startDate.isDate]).toEqual([
        z.trip.startDate,
        addDays(z.trip.endDate, 1),
        true,
      ]);
      for (const c of z.cases) {
        const v = byUid(`${uuidOf(ids.get(c.name)!)}@app.test`);
        const e = new ICAL.Event(v);
        if (!c.expect.startsAt) continue;
        expect(v.getFirstProperty('dtstart')!.getParameter('tzid'), c.name).toBe(c.expect.timeZone);
        expect(v.getFirstProperty('dtend')!.getParameter('tzid'), c.name).toBe(c.expect.arrivalTimeZone);
        expect(e.startDate.toJSDate().toISOString().replace('.000', ''), c.name).toBe(c.expect.startsAt);
        expect(e.endDate.toJSDate().toISOString().replace('.000', ''), c.name).toBe(c.expect.endsAt);
      }

      // SEQUENCE rises with each change of an item (here one added an hour ago, changed now).
      const first = uuidOf(ids.get(z.cases[0]!.name)!);
      await t.db.prisma
        .$executeRaw`UPDATE itinerary_items SET created_at = created_at - interval '2 hours', updated_at = updated_at - interval '1 hour' WHERE id = ${first}::uuid`;
      const sequence = async () =>
        Number(
          new ICAL.Component(ICAL.parse((await getFeed(url)).text))
            .getAllSubcomponents('vevent')
            .find((v) => v.getFirstPropertyValue('uid') === `${first}@app.test`)!
            .getFirstPropertyValue('sequence'),
        );
      const old = await sequence();
      const edit = await t.graphql(UPDATE, { input: { id: ids.get(z.cases[0]!.name), item: { ...z.cases[0]!.item, notes: 'Aisle seat' } } }, u.token);
      expect(edit.body.data.updateItineraryItem.__typename).toBe('ItineraryItemPayload');
      expect(await sequence()).toBeGreaterThan(old);
    }
  });

  it('reads a feed in the same number of statements whatever the itinerary holds', async () => {
    const { u, trip } = await tripWithPlan();
    const url = await feedUrl(trip.id, u.token);
    const count = async () => {
      t.db.stats.queries = 0;
      expect((await getFeed(url)).status).toBe(200);
      return t.db.stats.queries;
    };
    const small = await count();
    await t.db.prisma.itineraryItem.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        tripId: trip.uuid,
        title: `Item ${i}`,
        activityDate: day('2030-05-06'),
        startTime: `${String(8 + (i % 10)).padStart(2, '0')}:00`,
      })),
    });
    expect(await count()).toBe(small);
    expect(small).toBeLessThanOrEqual(2);
  });

  it('stops answering the old address once a member resets the feed; unknown tokens are 404', async () => {
    const { u, trip } = await tripWithPlan();
    const member = await signedInUser(t);
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    const old = await feedUrl(trip.id, u.token);
    expect((await getFeed(old)).status).toBe(200);
    const reset = await t.graphql(RESET, { input: { tripId: trip.id } }, member.token);
    expect(reset.body.data.resetTripCalendarFeed.__typename).toBe('TripPayload');
    const fresh = reset.body.data.resetTripCalendarFeed.trip.calendarFeedUrl;
    expect(fresh).not.toBe(old);
    expect(await feedUrl(trip.id, u.token)).toBe(fresh);
    expect((await getFeed(old)).status).toBe(404);
    expect((await getFeed(fresh)).status).toBe(200);

    for (const path of ['/api/calendar/not-a-token.ics', `/api/calendar/${'A'.repeat(43)}.ics`, '/api/calendar/whatever', '/api/calendar/a/b.ics']) {
      expect((await t.request('GET', path)).status, path).toBe(404);
    }
  });

  it('stops answering an address a member could have copied once they leave the trip or delete their account', async () => {
    const { u, trip } = await tripWithPlan();
    const [leaver, retiree] = await Promise.all([signedInUser(t), signedInUser(t)]);
    for (const m of [leaver, retiree]) {
      await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: m.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    }
    const copied = await feedUrl(trip.id, leaver.token);
    const left = await t.graphql('mutation($id: ID!) { leaveTrip(tripId: $id) { __typename } }', { id: trip.id }, leaver.token);
    expect(left.body.errors).toBeUndefined();
    expect((await getFeed(copied)).status).toBe(404);

    const next = await feedUrl(trip.id, retiree.token);
    expect(next).not.toBe(copied);
    const gone = await t.graphql(
      'mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { __typename } }',
      { input: { password: 'correct horse battery' } },
      retiree.token,
    );
    expect(gone.body.data.deleteAccount.__typename).toBe('DeleteAccountPayload');
    expect((await getFeed(next)).status).toBe(404);
    // The members who stay are given a new address.
    const fresh = await feedUrl(trip.id, u.token);
    expect((await getFeed(fresh)).status).toBe(200);
  });

  it('shows the address to members only, and only members reset it', async () => {
    const { u, trip } = await tripWithPlan();
    const stranger = await signedInUser(t);
    const url = await feedUrl(trip.id, u.token);
    const read = await t.graphql(FEED_URL, { id: trip.id }, stranger.token);
    expect(read.body.data.node).toBeNull();
    expect(read.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(JSON.stringify(read.body)).not.toContain('/api/calendar/');
    const reset = await t.graphql(RESET, { input: { tripId: trip.id } }, stranger.token);
    expect(reset.body.data.resetTripCalendarFeed.__typename).toBe('ForbiddenError');
    const anonymous = await t.graphql(RESET, { input: { tripId: trip.id } });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await feedUrl(trip.id, u.token)).toBe(url);
  });

  it('keeps a trip name or item text with line breaks inside its own property: no event can be added through them', async () => {
    const { u, trip } = await tripWithPlan();
    const name = 'T\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:evil\r\nSUMMARY:Injected\r\nDTSTART:20300101T000000Z\r\nEND:VEVENT';
    // Written directly: whichever door let such a name in, the feed must still hold it.
    await t.db.prisma.trip.update({ where: { id: trip.uuid }, data: { name } });
    await t.db.prisma.itineraryItem.create({
      data: {
        tripId: trip.uuid,
        createdById: u.userId,
        title: 'Walk\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Also injected',
        type: 'ACTIVITY',
        activityDate: day('2030-05-06'),
        location: 'A; B, C\\',
      } as never,
    });
    const feed = await getFeed(await feedUrl(trip.id, u.token));
    expect(feed.status).toBe(200);
    const { calendar, events } = parse(feed.text);
    // The trip itself, the six entries of the plan plus the walk, and nothing else.
    expect(events).toHaveLength(8);
    expect(events.map((e) => e.summary)).not.toContain('Injected');
    expect(feed.text.split('\r\n').filter((l) => l.startsWith('BEGIN:VEVENT'))).toHaveLength(8);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(name.replace(/\r\n/g, '\n'));
    expect(calendar.getFirstPropertyValue('name')).toBe(name.replace(/\r\n/g, '\n'));
    const walk = events.find((e) => e.summary.startsWith('Walk'))!;
    expect(walk.summary).toBe('Walk\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Also injected');
    expect(walk.location).toBe('A; B, C\\');
  });

  it('slows down a client that guesses tokens', async () => {
    const guesser = { 'x-forwarded-for': '203.0.113.77' };
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) {
      status = (await t.request('GET', `/api/calendar/${String(i).padStart(43, 'g')}.ics`, { headers: guesser })).status;
    }
    expect(status).toBe(429);
  });
});
