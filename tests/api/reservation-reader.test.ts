import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReservationMessages as M } from '../../api/src/reservations/messages.js';
import { MODEL_TEXT_MAX } from '../../api/src/reservations/parsing/modelReader.js';
import { REVIEW_FIELDS } from '../../api/src/reservations/parsing/types.js';
import { forwarded } from '../fixtures/reservations/mail.js';
import { mailAuth } from '../support/mailAuth.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

/**
 * The optional language-model reader against a local fake of an OpenAI-compatible endpoint: off
 * unless configured, asked only when the rules find nothing or too little, its answer checked by
 * the reservation schema and everything it read left for the user to confirm; a malformed answer
 * or one that never comes leaves the rules' reading.
 */
const SECRET = 'test-inbound-secret-reader';
const mail = mailAuth(fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-mailauth-')));

type Behaviour = { kind: 'answer'; content: string } | { kind: 'hang' };
let behaviour: Behaviour = { kind: 'hang' };
const asked: { headers: http.IncomingHttpHeaders; body: any }[] = [];
const fake = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    asked.push({ headers: req.headers, body: JSON.parse(body) });
    if (behaviour.kind === 'hang') return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: behaviour.content } }] }));
  });
});

let off: TestApp;
let on: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  const env = { INBOUND_SECRET: SECRET, MAIL_DOMAIN: 'in.tripcrew.test', ...mail.env };
  off = await createTestApp(env);
  on = await createTestApp(
    {
      ...env,
      RESERVATION_READER_URL: url,
      RESERVATION_READER_MODEL: 'tiny-reader',
      RESERVATION_READER_KEY: 'sk-local-test',
      RESERVATION_READER_TIMEOUT_MS: '800',
    },
    { db: off.db },
  );
});
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
  await on.close();
  await off.close();
});

const LIST = `query { viewer { forwardingAddress reservations(first: 20) { edges { node { type title date time confirmationNumber location needsReview reviewFields } } } } }`;
type Node = {
  type: string;
  title: string;
  date: string | null;
  time: string | null;
  confirmationNumber: string | null;
  needsReview: boolean;
  reviewFields: string[];
};

async function traveller(t: TestApp) {
  const user = await signedInUser(t);
  const address = (await t.graphql(LIST, {}, user.token)).body.data.viewer.forwardingAddress as string;
  return { ...user, address };
}
const nodesOf = async (t: TestApp, token: string): Promise<Node[]> =>
  (await t.graphql(LIST, {}, token)).body.data.viewer.reservations.edges.map((e: { node: Node }) => e.node);

async function send(t: TestApp, person: { email: string; address: string }, body: string | { html: string }) {
  const content = typeof body === 'string' ? { text: body } : body;
  const original = {
    from: 'Osteria Bruno <tavoli@osteria.example>',
    to: person.email,
    subject: 'Prenotazione',
    ...content,
    date: new Date('2031-06-01T10:00:00Z'),
  };
  const raw = await mail.sign(await forwarded(original, person.email, person.address, 'attachment'));
  const res = await t.app.fetch(
    new Request('http://app.test/api/inbound-email', {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
      body: new Uint8Array(raw),
    }),
  );
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A booking the rules cannot read: no date they know, no label, no markup. */
const CHATTY = 'Ciao! Your table by the window at Osteria Bruno is kept for the twelfth of July at half past seven. A presto, Bruno';
/** One the rules half read: a booking code and a guessed type, but no day. */
const HALF = 'Your booking at Hotel Miramar is confirmed. Booking number: HM-44812. We look forward to welcoming you.';
const TABLE = { type: 'restaurant', title: 'Osteria Bruno', date: '2031-07-12', time: '19:30', location: 'Osteria Bruno', confirmationNumber: null };
const answer = (reservations: unknown) => ({ kind: 'answer' as const, content: JSON.stringify({ reservations }) });

describe('the language-model reader', () => {
  it('is off by default: nothing is sent anywhere, and a message the rules cannot read is refused', async () => {
    behaviour = answer([TABLE]);
    const before = asked.length;
    const ada = await traveller(off);
    expect(await send(off, ada, CHATTY)).toEqual({ status: 422, body: { error: M.noReservation } });
    expect(asked.length).toBe(before);
  });

  it('reads what the rules cannot, checked by the schema, with every field to review', async () => {
    behaviour = answer([TABLE, { type: 'SPACESHIP', title: 'Bad' }, { ...TABLE, title: 'Impossible day', date: '2031-02-30' }]);
    const before = asked.length;
    const ada = await traveller(on);
    expect((await send(on, ada, CHATTY)).status).toBe(202);
    expect(asked.length).toBe(before + 1);
    const request = asked.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer sk-local-test');
    expect(request.body.model).toBe('tiny-reader');
    expect(request.body.messages.at(-1).content).toContain('twelfth of July');
    expect(request.body.messages.at(-1).content).toMatch(/^Sent on: \d{4}-\d{2}-\d{2}\n/);
    const nodes = await nodesOf(on, ada.token);
    expect(nodes).toEqual([
      expect.objectContaining({
        type: 'RESTAURANT',
        title: 'Osteria Bruno',
        date: '2031-07-12',
        time: '19:30',
        needsReview: true,
        reviewFields: [...REVIEW_FIELDS],
      }),
    ]);
  });

  it('is not asked when the rules read the message', async () => {
    behaviour = answer([TABLE]);
    const before = asked.length;
    const ada = await traveller(on);
    const markup = {
      '@context': 'https://schema.org',
      '@type': 'FoodEstablishmentReservation',
      reservationNumber: 'OB7731',
      startTime: '2031-07-12T19:30:00+02:00',
      reservationFor: { '@type': 'FoodEstablishment', name: 'Osteria Bruno', address: 'Via Roma 3, Bologna' },
    };
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(markup)}</script></head><body>A presto!</body></html>`;
    expect((await send(on, ada, { html })).status).toBe(202);
    expect(asked.length).toBe(before);
    expect((await nodesOf(on, ada.token))[0]).toMatchObject({ date: '2031-07-12', time: '19:30' });
  });

  it('sends at most its bound of text', async () => {
    behaviour = answer([]);
    const ada = await traveller(on);
    await send(on, ada, `${CHATTY}\n\n${'All our dishes are made fresh every morning. '.repeat(1500)}`);
    expect(asked.at(-1)!.body.messages.at(-1).content.length).toBeLessThanOrEqual(MODEL_TEXT_MAX);
  });

  it('keeps the rules’ reading when the answer is malformed', async () => {
    behaviour = { kind: 'answer', content: 'Sure! It looks like a hotel booking for July.' };
    const ada = await traveller(on);
    expect(await send(on, ada, CHATTY)).toEqual({ status: 422, body: { error: M.noReservation } });
    expect((await send(on, ada, HALF)).status).toBe(202);
    expect(await nodesOf(on, ada.token)).toEqual([expect.objectContaining({ type: 'HOTEL', confirmationNumber: 'HM-44812', title: 'Prenotazione' })]);
  });

  it('gives up on an answer that does not come in time, and keeps the rules’ reading', async () => {
    behaviour = { kind: 'hang' };
    const before = asked.length;
    const ada = await traveller(on);
    expect((await send(on, ada, HALF)).status).toBe(202);
    expect(asked.length).toBe(before + 1);
    expect(await nodesOf(on, ada.token)).toEqual([expect.objectContaining({ type: 'HOTEL', confirmationNumber: 'HM-44812' })]);
  });
});
