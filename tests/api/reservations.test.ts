import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { ReservationMessages as M, ADDED_FROM_EMAIL_NOTE } from '../../api/src/reservations/messages.js';
import { startInboundSmtp, type InboundSmtp } from '../../api/src/reservations/receiving/smtp.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { CORPUS } from '../fixtures/reservations/corpus.js';
import { compose as composeRaw, forwarded as forwardedRaw } from '../fixtures/reservations/mail.js';
import { mailAuth } from '../support/mailAuth.js';

const SECRET = 'test-inbound-secret-0123456789';
// The server verifies every message (DKIM/SPF/DMARC) against these offline DNS answers; the
// account holders' own mail is signed with the tests' key, as their provider would sign it.
const mail = mailAuth(fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-mailauth-')));
const forwarded = async (...args: Parameters<typeof forwardedRaw>) => mail.sign(await forwardedRaw(...args));
const compose = async (...args: Parameters<typeof composeRaw>) => mail.sign(await composeRaw(...args));
let t: TestApp;
let smtp: InboundSmtp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp({ INBOUND_SECRET: SECRET, MAIL_DOMAIN: 'in.tripcrew.test', ...mail.env });
  wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
  // The product's SMTP door on a free port, as `npm start` opens it on INBOUND_SMTP_PORT.
  smtp = await startInboundSmtp(t.app.deps, 0, '127.0.0.1');
});
afterAll(async () => {
  await smtp?.close();
  await t.close();
});

const fixture = (name: string) => CORPUS.find((f) => f.name === name)!;
const RES = `id type title status date time location confirmationNumber fromLocation toLocation airline notes trip { id name }`;
const LIST = `query { viewer { id forwardingAddress reservations(first: 20) { totalCount edges { node { ${RES} } } } } }`;
const ADD = `mutation($input: AddReservationToTripInput!) { addReservationToTrip(input: $input) { __typename
  ... on AddReservationToTripPayload { item { id type title activityDate departureTime fromLocation toLocation flightNumber hotelName checkInDate reservationNumber notes trip { id } } reservation { status trip { id } } }
  ... on Error { message } ... on ValidationError { field } } }`;
const UPDATE = `mutation($input: UpdateReservationInput!) { updateReservation(input: $input) { __typename
  ... on ReservationPayload { reservation { ${RES} } } ... on Error { message } ... on ValidationError { fieldErrors { field message } } } }`;
const DELETE = `mutation($input: DeleteReservationInput!) { deleteReservation(input: $input) { __typename ... on DeleteReservationPayload { deletedReservationId } ... on Error { message } } }`;
const CLEAR = `mutation { clearReservations { __typename ... on ClearReservationsPayload { deletedCount viewer { reservations(first: 5) { totalCount } } } ... on Error { message } } }`;

async function traveller() {
  const user = await signedInUser(t);
  const list = await t.graphql(LIST, {}, user.token);
  return { ...user, address: list.body.data.viewer.forwardingAddress as string };
}

const reservationsOf = async (token: string) => (await t.graphql(LIST, {}, token)).body.data.viewer.reservations;

/** Sends a message over real SMTP to the product's server; resolves with the server's verdict. */
async function sendSmtp(envelope: { from: string; to: string }, raw: Buffer) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true, tls: { rejectUnauthorized: false } });
  try {
    return await transport.sendMail({ envelope, raw });
  } finally {
    transport.close();
  }
}

const webhook = (raw: Buffer | string, opts: { secret?: string; type?: string; query?: string } = {}) =>
  t.app
    .fetch(
      new Request(`http://app.test/api/inbound-email${opts.query ?? ''}`, {
        method: 'POST',
        headers: { 'content-type': opts.type ?? 'message/rfc822', ...(opts.secret ? { authorization: `Bearer ${opts.secret}` } : {}) },
        body: typeof raw === 'string' ? raw : new Uint8Array(raw),
      }),
    )
    .then(async (r) => ({ status: r.status, body: await r.json() }));

describe('receiving forwarded confirmations', () => {
  it('turns a confirmation forwarded over SMTP into a reservation, with a notification and a live event', async () => {
    const ada = await traveller();
    // Random, never derived from the account's id.
    expect(ada.address).toMatch(/^[0-9a-f]{32}@in\.tripcrew\.test$/);
    expect(ada.address).not.toContain(ada.userId.slice(0, 8));
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${ada.token}` }, lazy: false });
    const heard: string[] = [];
    client.subscribe(
      { query: 'subscription { viewerChanged { kind } }' },
      { next: (m) => heard.push((m.data as { viewerChanged: { kind: string } }).viewerChanged.kind), error: () => {}, complete: () => {} },
    );
    // Listening once a probe event published to the user's channel comes through.
    await expect
      .poll(
        () => {
          t.app.deps.pubsub.publish('viewer', ada.userId, { kind: 'friends' });
          return heard.length;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBeGreaterThan(0);
    const raw = await forwarded(fixture('air-canada-yyz-lhr').mail, ada.email, ada.address, 'inline');
    const info = await sendSmtp({ from: ada.email, to: ada.address }, raw);
    expect(info.accepted).toEqual([ada.address]);
    const list = await reservationsOf(ada.token);
    expect(list.totalCount).toBe(1);
    expect(list.edges[0].node).toMatchObject({
      type: 'FLIGHT',
      status: 'PENDING_REVIEW',
      title: 'Air Canada AC 856: Toronto (YYZ) → London (LHR)',
      date: '2031-06-12',
      time: '18:40',
      confirmationNumber: 'QX7T4M',
      fromLocation: 'Toronto (YYZ)',
      toLocation: 'London (LHR)',
      airline: 'Air Canada',
    });
    const notes = await t.db.prisma.notification.findMany({ where: { userId: ada.userId, type: 'RESERVATION_RECEIVED' } });
    expect(notes).toHaveLength(1);
    expect(notes[0]!.actionUrl).toBe('/dashboard/reservations');
    await expect.poll(() => heard).toContain('RESERVATIONS');
    await client.dispose();
    const log = await t.db.prisma.inboundMessage.findMany({ where: { userId: ada.userId } });
    expect(log.map((l) => [l.outcome, l.channel, l.reservationCount])).toEqual([['ACCEPTED', 'smtp', 1]]);
  });

  it('imports the same message once, whichever door it comes through again', async () => {
    const ada = await traveller();
    const raw = await forwarded(fixture('marriott-paris').mail, ada.email, ada.address, 'inline');
    await sendSmtp({ from: ada.email, to: ada.address }, raw);
    const again = await webhook(raw, { secret: SECRET });
    expect(again).toEqual({ status: 202, body: { outcome: 'duplicate', reservations: 0 } });
    expect((await reservationsOf(ada.token)).totalCount).toBe(1);
  });

  it("refuses a stranger's mail to someone's address, over SMTP and the webhook, and stores nothing but the log line", async () => {
    const ada = await traveller();
    const raw = await forwarded(fixture('united-sfo-ord').mail, 'mallory@example.net', ada.address, 'inline');
    await expect(sendSmtp({ from: 'mallory@example.net', to: ada.address }, raw)).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining(M.notAccepted),
    });
    // The header From cannot stand in for the envelope's sender.
    const spoofed = await forwarded(fixture('united-sfo-ord').mail, ada.email, ada.address, 'inline');
    await expect(sendSmtp({ from: 'mallory@example.net', to: ada.address }, spoofed)).rejects.toMatchObject({ responseCode: 550 });
    expect(await webhook(raw, { secret: SECRET })).toEqual({ status: 403, body: { error: M.strangerSender } });
    expect((await reservationsOf(ada.token)).totalCount).toBe(0);
    expect(await t.db.prisma.notification.count({ where: { userId: ada.userId } })).toBe(0);
    const log = await t.db.prisma.inboundMessage.findMany({ where: { userId: ada.userId }, orderBy: { createdAt: 'asc' } });
    expect(log.map((l) => [l.outcome, l.reason])).toEqual([
      ['REFUSED', M.strangerSender],
      ['REFUSED', M.strangerSender],
      ['REFUSED', M.strangerSender],
    ]);
  });

  it('refuses unknown addresses, other domains, malformed and unreadable messages with their own messages', async () => {
    const ada = await traveller();
    await expect(sendSmtp({ from: ada.email, to: 'someone@elsewhere.test' }, Buffer.from('Subject: x\r\n\r\nhi'))).rejects.toMatchObject({ responseCode: 550 });
    const nobody = `ghost.00000000@in.tripcrew.test`;
    const raw = await forwarded(fixture('viator-maui').mail, ada.email, nobody, 'inline');
    expect(await webhook(raw, { secret: SECRET })).toEqual({ status: 404, body: { error: M.unknownAddress } });
    expect(await webhook('this is not an e-mail', { secret: SECRET, query: `?to=${ada.address}&from=${ada.email}` })).toEqual({
      status: 422,
      body: { error: M.malformed },
    });
    const chat = await compose({ from: ada.email, to: ada.address, subject: 'Hello', text: 'See you soon.' });
    expect(await webhook(chat, { secret: SECRET })).toEqual({ status: 422, body: { error: M.noReservation } });
    await expect(sendSmtp({ from: ada.email, to: ada.address }, chat)).rejects.toMatchObject({
      responseCode: 554,
      response: expect.stringContaining(M.noReservation),
    });
    expect((await reservationsOf(ada.token)).totalCount).toBe(0);
  });

  it('guards the webhook with its secret and its own size limit', async () => {
    const ada = await traveller();
    const raw = await forwarded(fixture('jsonld-lodging-reservation').mail, ada.email, ada.address, 'attachment');
    expect((await webhook(raw)).status).toBe(401);
    expect((await webhook(raw, { secret: 'wrong' })).status).toBe(401);
    expect((await webhook(raw, { secret: SECRET, type: 'application/json' })).status).toBe(415);
    // Bigger than the JSON routes' 256 KB, smaller than the inbound limit: accepted.
    const withPdf = await compose({
      from: ada.email,
      to: ada.address,
      subject: 'Fwd: big',
      html: (fixture('jsonld-event-reservation').mail.html as string) + `<p>${'x'.repeat(400_000)}</p>`,
    });
    expect(await webhook(withPdf, { secret: SECRET })).toEqual({ status: 202, body: { outcome: 'accepted', reservations: 1 } });
    expect(await webhook(Buffer.alloc(11 * 1024 * 1024, 97), { secret: SECRET })).toMatchObject({ status: 413 });
    expect(await webhook(raw, { secret: SECRET })).toEqual({ status: 202, body: { outcome: 'accepted', reservations: 1 } });
    const titles = (await reservationsOf(ada.token)).edges.map((e: { node: { title: string } }) => e.node.title);
    expect(titles.sort()).toEqual(['Coldplay: Music of the Spheres', 'The Ritz London']);
  });

  it('is off without INBOUND_SECRET', async () => {
    const off = await createTestApp({}, { db: t.db });
    try {
      const res = await off.app.fetch(
        new Request('http://app.test/api/inbound-email', { method: 'POST', headers: { 'content-type': 'message/rfc822' }, body: 'x' }),
      );
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('reservations on the screen and on trips', () => {
  async function withFlightAndHotel() {
    const ada = await traveller();
    for (const name of ['air-canada-yyz-lhr', 'marriott-paris']) {
      const raw = await forwarded(fixture(name).mail, ada.email, ada.address, 'inline');
      // As a mail provider does, a message answered 503 (busy, try again) is sent again; every
      // other answer is final, and must be the import (once failed here unseen: the hotel missing).
      let answer = await webhook(raw, { secret: SECRET });
      for (let retry = 0; answer.status === 503 && retry < 3; retry++) answer = await webhook(raw, { secret: SECRET });
      expect(answer, name).toMatchObject({ status: 202, body: { reservations: 1 } });
    }
    const nodes = (await reservationsOf(ada.token)).edges.map((e: { node: Record<string, string> }) => e.node);
    return { ada, flight: nodes.find((n: { type: string }) => n.type === 'FLIGHT'), hotel: nodes.find((n: { type: string }) => n.type === 'HOTEL') };
  }

  it('adds a flight and a hotel to a trip as itinerary items, confirmed, the whole crew seeing them', async () => {
    const { ada, flight, hotel } = await withFlightAndHotel();
    const trip = await createTrip(t, ada.token, { name: 'Europe', startDate: '2031-06-10', endDate: '2031-08-30' });
    const mate = await signedInUser(t);
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: mate.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });

    const f = (await t.graphql(ADD, { input: { reservationId: flight.id, tripId: trip.id } }, ada.token)).body.data.addReservationToTrip;
    expect(f.__typename).toBe('AddReservationToTripPayload');
    expect(f.item).toMatchObject({
      type: 'FLIGHT',
      activityDate: '2031-06-12',
      departureTime: '18:40',
      fromLocation: 'Toronto (YYZ)',
      toLocation: 'London (LHR)',
      flightNumber: 'AC 856',
      reservationNumber: 'QX7T4M',
      notes: ADDED_FROM_EMAIL_NOTE,
    });
    expect(f.reservation).toEqual({ status: 'CONFIRMED', trip: { id: trip.id } });

    const h = await t.request('POST', '/api/backend/add-reservation-to-trip', {
      token: ada.token,
      body: { reservation_id: Buffer.from(hotel.id, 'base64').toString().split(':')[1], trip_id: trip.uuid },
    });
    expect(h.status).toBe(200);
    expect(h.body.item).toMatchObject({
      type: 'accommodation',
      hotel_name: 'Paris Marriott Champs Elysees Hotel',
      check_in_date: '2031-08-18',
      notes: ADDED_FROM_EMAIL_NOTE,
    });
    expect(h.body.reservation.status).toBe('confirmed');

    const plan = await t.request('GET', `/api/backend/trip-itinerary/${trip.uuid}`, { token: mate.token });
    expect(plan.body.items.map((i: { type: string }) => i.type)).toEqual(['flight', 'accommodation']);
  });

  it('puts a reservation on one plan at a time: a second add is refused on both doors, and two at once make one item', async () => {
    const { ada, flight, hotel } = await withFlightAndHotel();
    const trip = await createTrip(t, ada.token, { name: 'Once only', startDate: '2031-06-10', endDate: '2031-08-30' });
    const first = (await t.graphql(ADD, { input: { reservationId: flight.id, tripId: trip.id } }, ada.token)).body.data.addReservationToTrip;
    expect(first.__typename).toBe('AddReservationToTripPayload');
    const again = (await t.graphql(ADD, { input: { reservationId: flight.id, tripId: trip.id } }, ada.token)).body.data.addReservationToTrip;
    expect(again).toMatchObject({ __typename: 'ConflictError', message: M.alreadyOnTrip.replace('{trip}', 'Once only') });
    const flightUuid = Buffer.from(flight.id, 'base64').toString().split(':')[1];
    const rest = await t.request('POST', '/api/backend/add-reservation-to-trip', {
      token: ada.token,
      body: { reservation_id: flightUuid, trip_id: trip.uuid },
    });
    expect(rest.status).toBe(409);
    const card = await t.graphql('query($id: ID!) { node(id: $id) { ... on Reservation { onItinerary } } }', { id: flight.id }, ada.token);
    expect(card.body.data.node.onItinerary).toBe(true);

    const both = await Promise.all(
      [1, 2].map(
        async () => (await t.graphql(ADD, { input: { reservationId: hotel.id, tripId: trip.id } }, ada.token)).body.data.addReservationToTrip.__typename,
      ),
    );
    expect(both.sort()).toEqual(['AddReservationToTripPayload', 'ConflictError']);
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } })).toBe(2);

    // Once its item is deleted, it may go on a plan again.
    await t.db.prisma.itineraryItem.deleteMany({ where: { tripId: trip.uuid, type: 'FLIGHT' } });
    expect((await t.graphql(ADD, { input: { reservationId: flight.id, tripId: trip.id } }, ada.token)).body.data.addReservationToTrip.__typename).toBe(
      'AddReservationToTripPayload',
    );
  });

  it("refuses dates outside the trip, a missing trip, and another person's trip or reservation, changing nothing", async () => {
    const { ada, flight } = await withFlightAndHotel();
    const july = await createTrip(t, ada.token, { name: 'July', startDate: '2031-07-01', endDate: '2031-07-10' });
    const refused = (await t.graphql(ADD, { input: { reservationId: flight.id, tripId: july.id } }, ada.token)).body.data.addReservationToTrip;
    expect(refused).toMatchObject({
      __typename: 'ValidationError',
      message:
        'This reservation (2031-06-12) is outside your trip dates (2031-07-01 to 2031-07-10). Please select a different trip or update the reservation date.',
    });
    const ghostTrip = Buffer.from('Trip:00000000-0000-4000-8000-000000000000').toString('base64');
    expect((await t.graphql(ADD, { input: { reservationId: flight.id, tripId: ghostTrip } }, ada.token)).body.data.addReservationToTrip).toMatchObject({
      message: M.tripNotFound,
    });
    const bob = await signedInUser(t);
    const bobs = await createTrip(t, bob.token, { name: 'Bob only' });
    expect((await t.graphql(ADD, { input: { reservationId: flight.id, tripId: bobs.id } }, ada.token)).body.data.addReservationToTrip.__typename).toBe(
      'ForbiddenError',
    );
    expect((await t.graphql(ADD, { input: { reservationId: flight.id, tripId: bobs.id } }, bob.token)).body.data.addReservationToTrip.__typename).toBe(
      'ForbiddenError',
    );
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: { in: [july.uuid, bobs.uuid] } } })).toBe(0);
    const still = (await reservationsOf(ada.token)).edges.find((e: { node: { id: string } }) => e.node.id === flight.id).node;
    expect(still.status).toBe('PENDING_REVIEW');
    // Nobody signed in.
    expect((await t.graphql(ADD, { input: { reservationId: flight.id, tripId: july.id } })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('edits (every field at fault at once), deletes and clears, for the owner only, on both doors', async () => {
    const { ada, flight, hotel } = await withFlightAndHotel();
    const bad = (
      await t.graphql(UPDATE, { input: { id: hotel.id, reservation: { title: ' ', type: 'HOTEL', time: '25:00', airline: 'x'.repeat(101) } } }, ada.token)
    ).body.data.updateReservation;
    expect(bad.fieldErrors).toEqual([
      { field: 'title', message: M.titleRequired },
      { field: 'time', message: M.invalidTime },
      { field: 'airline', message: 'Airline must be at most 100 characters.' },
    ]);
    const ok = (
      await t.graphql(
        UPDATE,
        { input: { id: hotel.id, reservation: { title: 'Marriott Paris', type: 'HOTEL', date: '2031-08-19', location: 'Paris' } } },
        ada.token,
      )
    ).body.data.updateReservation;
    expect(ok.reservation).toMatchObject({ title: 'Marriott Paris', date: '2031-08-19', location: 'Paris', confirmationNumber: null });

    const bob = await signedInUser(t);
    const hotelUuid = Buffer.from(hotel.id, 'base64').toString().split(':')[1];
    expect((await t.request('PUT', `/api/backend/update-reservation/${hotelUuid}`, { token: bob.token, body: { title: 'Mine', type: 'hotel' } })).status).toBe(
      403,
    );
    expect((await t.request('DELETE', `/api/backend/delete-reservation/${hotelUuid}`, { token: bob.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/user-reservations/${ada.userId}`, { token: bob.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/user-reservations/${ada.userId}`)).status).toBe(401);
    expect((await t.graphql(DELETE, { input: { id: hotel.id } }, bob.token)).body.data.deleteReservation.__typename).toBe('ForbiddenError');

    const rest = await t.request('PUT', `/api/backend/update-reservation/${hotelUuid}`, {
      token: ada.token,
      body: { title: 'Marriott', type: 'hotel', date: '2031-08-18', details: { confirmation_number: '84512237', time: '15:00' } },
    });
    expect(rest.body.reservation).toMatchObject({
      title: 'Marriott',
      type: 'hotel',
      date: '2031-08-18',
      details: { confirmation_number: '84512237', time: '15:00' },
    });
    const listed = await t.request('GET', `/api/backend/user-reservations/${ada.userId}`, { token: ada.token });
    expect(listed.body.forwarding_address).toBe(ada.address);
    expect(listed.body.reservations).toHaveLength(2);

    expect((await t.graphql(DELETE, { input: { id: flight.id } }, ada.token)).body.data.deleteReservation.deletedReservationId).toBe(flight.id);
    const cleared = (await t.graphql(CLEAR, {}, ada.token)).body.data.clearReservations;
    expect(cleared).toEqual({ __typename: 'ClearReservationsPayload', deletedCount: 1, viewer: { reservations: { totalCount: 0 } } });
  });

  it('reads the reservations screen in the same number of statements for 2 reservations as for 40', async () => {
    const ada = await traveller();
    const measure = async () => {
      t.db.stats.queries = 0;
      const res = await t.graphql(LIST, {}, ada.token);
      expect(res.body.errors).toBeUndefined();
      return t.db.stats.queries;
    };
    const fill = (n: number) =>
      t.db.prisma.reservation.createMany({
        data: Array.from({ length: n }, (_, i) => ({ userId: ada.userId, title: `Booking ${i}`, type: 'ACTIVITY' as const })),
      });
    await fill(2);
    const few = await measure();
    await fill(38);
    expect(await measure()).toBe(few);
  });
});
