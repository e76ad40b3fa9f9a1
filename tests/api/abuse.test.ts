import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { JSON_BODY_LIMIT } from '../../api/src/server/app.js';

// Requests anyone can send, signed in or not, that once stopped, froze or 500'd the server.
let t: TestApp;
const unhandled: unknown[] = [];
const onUnhandled = (err: unknown) => unhandled.push(err);
beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  t = await createTestApp();
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await t.close();
});

const userId = (uuid: string) => Buffer.from(`User:${uuid}`).toString('base64');
/** Each call from its own client address, so per-client limits don't mix the tests up. */
let client = 0;
const from = () => ({ 'x-forwarded-for': `172.16.${++client % 250}.${(client >> 8) % 250}` });

describe('nodes(ids:)', () => {
  it('answers each id on its own, and leaves no rejection behind, for a real and an unknown user signed out', async () => {
    const u = await signedInUser(t);
    const res = await t.request('POST', '/graphql', {
      body: { query: 'query($ids:[ID!]!){ nodes(ids:$ids){ id } }', variables: { ids: [userId(u.userId), userId('00000000-0000-4000-8000-000000000000')] } },
    });
    expect(res.status).toBeLessThan(500);
    expect(res.body.data.nodes).toEqual([null, null]);
    await new Promise((r) => setImmediate(r));
    expect(unhandled).toEqual([]);
  });
});

describe('documents refused before they run', () => {
  it('refuses 8,000 aliases at once, without blocking the server', async () => {
    const query = `{ ${Array.from({ length: 8000 }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`;
    const started = performance.now();
    const res = await t.request('POST', '/graphql', { body: { query }, headers: from() });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].message).toMatch(/Token limit/);
  });

  it('refuses too many aliases even in a short document', async () => {
    const query = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`;
    const res = await t.request('POST', '/graphql', { body: { query }, headers: from() });
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].message).toMatch(/Aliases limit/);
  });

  it('refuses a document nested 5,000 levels deep, without a stack overflow, and a merely deep one', async () => {
    const query = `${'{ viewer '.repeat(5000)}${'}'.repeat(5000)}`;
    const res = await t.request('POST', '/graphql', { body: { query }, headers: from() });
    expect(res.body.errors[0].message).toMatch(/Token limit/);
    const deep = `{ viewer { ${'trips { edges { node { members { edges { node { '.repeat(4)} id ${'} } } } } } '.repeat(4)} } }`;
    const res2 = await t.request('POST', '/graphql', { body: { query: deep }, headers: from() });
    expect(res2.body.data).toBeUndefined();
    expect(JSON.stringify(res2.body.errors)).toMatch(/depth limit/i);
  });

  it('limits GraphQL operations per client address', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.77' };
    let last = 0;
    for (let i = 0; i < 1300 && last !== 429; i++) last = (await t.request('POST', '/graphql', { body: { query: '{ __typename }' }, headers })).status;
    expect(last).toBe(429);
    const other = await t.request('POST', '/graphql', { body: { query: '{ __typename }' }, headers: from() });
    expect(other.status).toBe(200);
    // Up to 1,300 requests in a row: more than the default allowance on a busy machine.
  }, 120_000);

  it('lets every operation the web app sends through the limits', async () => {
    // The artifacts carry only persisted ids (relay.config.js): the texts are in relay-compiler's map.
    const persisted = path.resolve('web/src/__generated__/persisted-documents.json');
    const texts = Object.values(JSON.parse(fs.readFileSync(persisted, 'utf8')) as Record<string, string>);
    expect(texts.length).toBeGreaterThan(10);
    for (const query of texts) {
      const res = await t.request('POST', '/graphql', { body: { query }, headers: from() });
      expect(JSON.stringify(res.body.errors ?? []), query.slice(0, 60)).not.toMatch(/limit of/i);
    }
  });
});

describe('request bodies', () => {
  it('answers 413 to a body over the limit, on every door, and creates nothing', async () => {
    const huge = 'x'.repeat(JSON_BODY_LIMIT + 1);
    const email = uniqueEmail('huge');
    const signup = await t.request('POST', '/api/auth/signup', {
      headers: from(),
      body: {
        email,
        password: 'correct horse battery',
        confirm_password: 'correct horse battery',
        first_name: huge,
        last_name: 'L',
        city: 'Oslo',
        state: 'Oslo',
      },
    });
    expect(signup.status).toBe(413);
    expect(signup.body.error).toMatch(/too large/i);
    expect(await t.db.prisma.user.count({ where: { email } })).toBe(0);
    const gql = await t.request('POST', '/graphql', { body: { query: `{ __typename } # ${huge}` }, headers: from() });
    expect(gql.status).toBe(413);
    const backend = await t.request('POST', '/api/backend/analytics/event', { body: { event_type: 'page_view', page: huge }, headers: from() });
    expect(backend.status).toBe(413);
  });

  it('answers 413 to an oversized body sent without a length (chunked)', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ > 10) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await t.app.fetch(
      new Request('http://app.test/api/auth/signin', { method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit),
    );
    expect(res.status).toBe(413);
  });
});

describe('control characters', () => {
  it('are removed from REST and GraphQL text, never reaching the database as a 500', async () => {
    const u = await signedInUser(t, { first_name: 'A\u0000da' });
    const me = await t.graphql('{ viewer { firstName } }', {}, u.token);
    expect(me.body.data.viewer.firstName).toBe('Ada');

    const viaVariables = await createTrip(t, u.token, { name: 'Li\u0000sbon\u0007 trip' });
    expect(viaVariables.name).toBe('Lisbon trip');

    const literal = await t.graphql(
      'mutation { createTrip(input: { name: "Por\\u0000to" }) { __typename ... on TripPayload { trip { name } } ... on Error { message } } }',
      {},
      u.token,
    );
    expect(literal.status).toBe(200);
    expect(literal.body.data.createTrip.trip.name).toBe('Porto');

    const rest = await t.request('POST', '/api/backend/create-trip', { token: u.token, body: { name: 'Ro\u0000me\ud800' } });
    expect(rest.status).toBeLessThan(300);

    const analytics = await t.request('POST', '/api/backend/analytics/event', {
      headers: from(),
      body: { event_type: 'page_view', page: '/\u0000home', metadata: { 'k\u0000': 'v\u0000' } },
    });
    expect(analytics.status).toBeLessThan(300);

    const email = await t.request('POST', '/api/auth/signin', { headers: from(), body: { email: 'a\u0000@example.com', password: 'x\u0000' } });
    expect(email.status).toBeLessThan(500);
    const path = await t.request('GET', `/api/backend/trip-members/${encodeURIComponent('\u0000')}`, { token: u.token });
    expect(path.status).toBeLessThan(500);
    const place = await t.request('GET', `/api/backend/google-places/autocomplete?input=${encodeURIComponent('Pa\u0000ris')}`, { token: u.token });
    expect(place.status).toBeLessThan(500);
  });

  it('refuses JSON nested deeper than any input of ours with a 400', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await t.app.fetch(
      new Request('http://app.test/api/auth/signin', { method: 'POST', body: deep, headers: { 'content-type': 'application/json', ...from() } }),
    );
    expect(res.status).toBe(400);
  });
});

describe('sign-ups and sign-ins per client address', () => {
  // An app of its own with a small quota, built in a hook: building one is slow on a busy machine.
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ SIGNUPS_PER_CLIENT_PER_HOUR: '2', SIGNINS_PER_CLIENT_PER_15_MIN: '3', TRUST_PROXY: '1' });
  });
  afterAll(() => small?.close());

  it('allows the configured number an hour (SIGNUPS_PER_CLIENT_PER_HOUR), then refuses with 429', async () => {
    const headers = { 'x-forwarded-for': '198.18.7.7' };
    const signUp = () =>
      small.request('POST', '/api/auth/signup', {
        headers,
        body: {
          email: uniqueEmail('quota'),
          password: 'correct horse battery',
          confirm_password: 'correct horse battery',
          first_name: 'Q',
          last_name: 'Uota',
          city: 'Oslo',
          state: 'Oslo',
          country: 'NO',
        },
      });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signUp()).status);
    expect(statuses.slice(2)).toEqual([429]);
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
    // Three password hashes in a row: slow on a busy machine.
  }, 60_000);

  it('allows the configured sign-in attempts in 15 minutes (SIGNINS_PER_CLIENT_PER_15_MIN), whatever the addresses, then refuses with 429', async () => {
    const signIn = (headers: Record<string, string>) =>
      small.request('POST', '/api/auth/signin', { headers, body: { email: uniqueEmail('guess'), password: 'not the password' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn({ 'x-forwarded-for': '198.18.8.8' })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Another client still has its own attempts.
    expect((await signIn({ 'x-forwarded-for': '198.18.8.9' })).status).toBe(400);
  }, 60_000);
});
