import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReservationMessages as M } from '../../api/src/reservations/messages.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { CORPUS } from '../fixtures/reservations/corpus.js';
import { compose, forwarded } from '../fixtures/reservations/mail.js';
import { mailAuth } from '../support/mailAuth.js';

/**
 * Real trips in the model: end date and time, trains and car rentals as their own types (and
 * what Add to Trip makes of them), travellers, seat and provider; and review: what the reader
 * was unsure of is flagged until the user confirms or edits it.
 */
const SECRET = 'test-inbound-secret-details';
const mail = mailAuth(fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-mailauth-')));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INBOUND_SECRET: SECRET, MAIL_DOMAIN: 'in.tripcrew.test', ...mail.env });
});
afterAll(async () => t.close());

const RES = `id type title date time endDate endTime passengers seat provider needsReview reviewFields fromLocation toLocation location`;
const LIST = `query { viewer { id forwardingAddress reservations(first: 20) { edges { node { ${RES} } } } } }`;
const ADD = `mutation($input: AddReservationToTripInput!) { addReservationToTrip(input: $input) { __typename
  ... on AddReservationToTripPayload { item { type title activityDate startTime endTime fromLocation toLocation location checkInDate checkOutDate } }
  ... on Error { message } } }`;
const UPDATE = `mutation($input: UpdateReservationInput!) { updateReservation(input: $input) { __typename
  ... on ReservationPayload { reservation { ${RES} } } ... on Error { message } ... on ValidationError { fieldErrors { field message } } } }`;
const CONFIRM = `mutation($input: ConfirmReservationInput!) { confirmReservation(input: $input) { __typename
  ... on ReservationPayload { reservation { needsReview reviewFields } } ... on Error { message } } }`;

type Node = Record<string, unknown> & { id: string; title: string; type: string };
const uuidOf = (id: string) => Buffer.from(id, 'base64').toString().split(':')[1]!;

const train = {
  from: 'Deutsche Bahn <buchungsbestaetigung@bahn.de>',
  to: 'ada.lovelace@example.com',
  subject: 'Ihre Fahrkarte',
  html: `<html><head><script type="application/ld+json">${JSON.stringify({
    '@context': 'http://schema.org',
    '@type': 'TrainReservation',
    reservationNumber: 'DB7K2Q',
    underName: [
      { '@type': 'Person', name: 'Ada Lovelace' },
      { '@type': 'Person', givenName: 'Charles', familyName: 'Babbage' },
    ],
    reservedTicket: { '@type': 'Ticket', ticketedSeat: { '@type': 'Seat', seatSection: '12', seatNumber: '45' } },
    provider: { '@type': 'Organization', name: 'Deutsche Bahn' },
    reservationFor: {
      '@type': 'TrainTrip',
      trainName: 'ICE',
      trainNumber: '597',
      departureStation: { '@type': 'TrainStation', name: 'Berlin Hbf' },
      departureTime: '2031-07-03T08:34:00+02:00',
      arrivalStation: { '@type': 'TrainStation', name: 'München Hbf' },
      arrivalTime: '2031-07-03T12:41:00+02:00',
    },
  })}</script></head><body><p>Gute Reise!</p></body></html>`,
};

async function traveller() {
  const user = await signedInUser(t);
  const address = (await t.graphql(LIST, {}, user.token)).body.data.viewer.forwardingAddress as string;
  return { ...user, address };
}

async function send(person: { email: string; address: string }, message: Parameters<typeof compose>[0]) {
  const raw = await mail.sign(await forwarded(message, person.email, person.address, 'attachment'));
  const res = await t.app.fetch(
    new Request('http://app.test/api/inbound-email', {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
      body: new Uint8Array(raw),
    }),
  );
  expect(res.status, await res.clone().text()).toBe(202);
}

const nodesOf = async (token: string): Promise<Node[]> =>
  (await t.graphql(LIST, {}, token)).body.data.viewer.reservations.edges.map((e: { node: Node }) => e.node);

describe('reservations of real trips', () => {
  it('keeps the end, travellers, seat and provider of a train and a car rental, and puts them on a trip by their kind', async () => {
    const ada = await traveller();
    await send(ada, train);
    await send(ada, CORPUS.find((f) => f.name === 'jsonld-rental-car-reservation')!.mail);
    const nodes = await nodesOf(ada.token);
    const ice = nodes.find((n) => n.type === 'TRAIN')!;
    expect(ice).toMatchObject({
      title: 'ICE 597: Berlin Hbf → München Hbf',
      date: '2031-07-03',
      time: '08:34',
      endDate: '2031-07-03',
      endTime: '12:41',
      passengers: ['Ada Lovelace', 'Charles Babbage'],
      seat: 'Coach 12, seat 45',
      provider: 'Deutsche Bahn',
      needsReview: false,
      reviewFields: [],
    });
    const car = nodes.find((n) => n.type === 'CAR_RENTAL')!;
    expect(car).toMatchObject({ title: 'Hertz car rental', endDate: '2031-10-06', endTime: '18:00', provider: 'Hertz' });

    const rest = await t.request('GET', `/api/backend/user-reservations/${ada.userId}`, { token: ada.token });
    const row = rest.body.reservations.find((r: { type: string }) => r.type === 'train');
    expect(row).toMatchObject({
      end_date: '2031-07-03',
      needs_review: false,
      details: { end_time: '12:41', passengers: ['Ada Lovelace', 'Charles Babbage'], seat: 'Coach 12, seat 45', provider: 'Deutsche Bahn' },
    });
    expect(rest.body.reservations.map((r: { type: string }) => r.type).sort()).toEqual(['car_rental', 'train']);

    const trip = await createTrip(t, ada.token, { name: 'Summer', startDate: '2031-07-01', endDate: '2031-10-10' });
    const onTrip = async (id: string) => (await t.graphql(ADD, { input: { reservationId: id, tripId: trip.id } }, ada.token)).body.data.addReservationToTrip;
    expect(await onTrip(ice.id)).toMatchObject({
      __typename: 'AddReservationToTripPayload',
      item: { type: 'TRANSPORT', activityDate: '2031-07-03', startTime: '08:34', endTime: '12:41', fromLocation: 'Berlin Hbf', toLocation: 'München Hbf' },
    });
    expect(await onTrip(car.id)).toMatchObject({
      item: { type: 'ACTIVITY', title: 'Hertz car rental', activityDate: '2031-10-01', startTime: '09:00', location: 'Lisbon Airport (LIS)' },
    });
  });

  it('flags what the general reader guessed; confirming or editing settles it, and an older client’s edit keeps the new fields', async () => {
    const ada = await traveller();
    await send(ada, CORPUS.find((f) => f.name === 'general-restaurant')!.mail);
    await send(ada, CORPUS.find((f) => f.name === 'airbnb-lake-louise')!.mail);
    await send(ada, train);
    const nodes = await nodesOf(ada.token);
    const dinner = nodes.find((n) => n.type === 'RESTAURANT')!;
    const cabin = nodes.find((n) => n.type === 'HOTEL')!;
    const ice = nodes.find((n) => n.type === 'TRAIN')!;
    // No sender's labels, no markup: the type and the day came from the words used.
    expect(dinner).toMatchObject({ needsReview: true, reviewFields: ['type', 'date'] });
    // A known sender's stay without a check-out: only the missing end is asked about.
    expect(cabin).toMatchObject({ needsReview: true, reviewFields: ['endDate'] });

    const confirmed = (await t.graphql(CONFIRM, { input: { id: dinner.id } }, ada.token)).body.data.confirmReservation;
    expect(confirmed).toEqual({ __typename: 'ReservationPayload', reservation: { needsReview: false, reviewFields: [] } });
    // Someone else cannot confirm it.
    const eve = await traveller();
    expect((await t.graphql(CONFIRM, { input: { id: cabin.id } }, eve.token)).body.data.confirmReservation.__typename).toBe('ForbiddenError');
    const viaRest = await t.request('PUT', `/api/backend/confirm-reservation/${uuidOf(cabin.id)}`, { token: eve.token });
    expect(viaRest.status).toBe(403);

    // The user's correction is kept and settles the review.
    const fields = { title: cabin.title, type: 'HOTEL', date: cabin.date, endDate: '2031-12-22', endTime: '11:00', passengers: ['Ada Lovelace'] };
    const edited = (await t.graphql(UPDATE, { input: { id: cabin.id, reservation: fields } }, ada.token)).body.data.updateReservation;
    expect(edited.reservation).toMatchObject({ endDate: '2031-12-22', endTime: '11:00', passengers: ['Ada Lovelace'], needsReview: false });
    const backwards = (await t.graphql(UPDATE, { input: { id: cabin.id, reservation: { ...fields, endDate: '2031-12-01' } } }, ada.token)).body.data
      .updateReservation;
    expect(backwards.fieldErrors).toEqual([{ field: 'endDate', message: M.endBeforeStart }]);

    // The seed's edit body has none of the new fields: what was read stays.
    const put = await t.request('PUT', `/api/backend/update-reservation/${uuidOf(ice.id)}`, {
      token: ada.token,
      body: { title: 'Berlin to Munich', type: 'train', date: '2031-07-03', details: { time: '08:34' } },
    });
    expect(put.status).toBe(200);
    expect(put.body.reservation).toMatchObject({
      title: 'Berlin to Munich',
      end_date: '2031-07-03',
      details: { end_time: '12:41', passengers: ['Ada Lovelace', 'Charles Babbage'], seat: 'Coach 12, seat 45', provider: 'Deutsche Bahn' },
    });
    const own = await t.request('PUT', `/api/backend/confirm-reservation/${uuidOf(cabin.id)}`, { token: ada.token });
    expect(own.body.reservation).toMatchObject({ needs_review: false, review_fields: [] });
  });
});
