import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { startFakeProviders, type Answer } from '../support/fakeProviders.js';

const RATE = `query($from: String!, $to: String!) { exchangeRate(from: $from, to: $to) { rate source } }`;

let answer: Answer = {};
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let online: TestApp;
let offline: TestApp;
beforeAll(async () => {
  fake = await startFakeProviders(() => answer);
  const ratesUrl = fake.wikiUrl.replace('/w/api.php', '/latest');
  offline = await createTestApp();
  online = await createTestApp({ RATES_URL: ratesUrl }, { db: offline.db });
});
afterAll(async () => {
  await online.close();
  await offline.close();
  await fake.close();
});

describe('exchange rates offered by a provider configured by URL', () => {
  it('fetches nothing when RATES_URL is unset: the rate is typed', async () => {
    const u = await signedInUser(offline);
    const before = fake.hits.length;
    const res = await offline.graphql(RATE, { from: 'EUR', to: 'USD' }, u.token);
    expect(res.body).toEqual({ data: { exchangeRate: null } });
    expect(fake.hits.length).toBe(before);
  });

  it("offers the provider's rate, asks it as ?from=&to=, and falls back to none when it fails or answers nonsense", async () => {
    const u = await signedInUser(online);
    answer = { body: JSON.stringify({ amount: 1, base: 'EUR', rates: { USD: 1.0825 } }) };
    const res = await online.graphql(RATE, { from: 'eur', to: 'USD' }, u.token);
    expect(res.body.data.exchangeRate).toEqual({ rate: '1.0825', source: 'exchange-rate service' });
    const hit = fake.hits.at(-1)!;
    expect([hit.params.get('from'), hit.params.get('to')]).toEqual(['EUR', 'USD']);

    // Each pair once: a kept answer (good or failed) is not asked again.
    const pairs = [
      ['EUR', 'GBP'],
      ['EUR', 'CAD'],
      ['EUR', 'AUD'],
    ];
    const bads = [{ status: 500 }, { body: 'not json' }, { body: JSON.stringify({ rates: { GBP: -3, CAD: -3, AUD: -3 } }) }] as Answer[];
    for (const [i, bad] of bads.entries()) {
      answer = bad;
      const [from, to] = pairs[i];
      expect((await online.graphql(RATE, { from, to }, u.token)).body.data.exchangeRate).toBeNull();
    }
    // Signed out: refused; an unlisted currency: refused; the same currency needs no provider.
    expect((await online.graphql(RATE, { from: 'EUR', to: 'USD' })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await online.graphql(RATE, { from: 'XXX', to: 'USD' }, u.token)).body.errors).toBeDefined();
    expect((await online.graphql(RATE, { from: 'USD', to: 'USD' }, u.token)).body.data.exchangeRate.rate).toBe('1');
  });
});

describe('exchange rates are cached and limited', () => {
  it('asks the provider once for 30 identical queries, at once or one after another', async () => {
    const u = await signedInUser(online);
    answer = { body: JSON.stringify({ rates: { INR: 90.5 } }) };
    const before = fake.hits.length;
    const together = await Promise.all(Array.from({ length: 15 }, () => online.graphql(RATE, { from: 'EUR', to: 'INR' }, u.token)));
    for (let i = 0; i < 15; i++) together.push(await online.graphql(RATE, { from: 'EUR', to: 'INR' }, u.token));
    for (const res of together) expect(res.body.data.exchangeRate).toEqual({ rate: '90.5', source: 'exchange-rate service' });
    expect(fake.hits.length - before).toBe(1);
  });

  it('names the provider as configured (RATES_NAME), never by its address', async () => {
    const named = await createTestApp({ RATES_URL: fake.wikiUrl.replace('/w/api.php', '/latest'), RATES_NAME: 'Frankfurter' }, { db: offline.db });
    try {
      const u = await signedInUser(named);
      answer = { body: JSON.stringify({ rates: { MXN: 20.1 } }) };
      const res = await named.graphql(RATE, { from: 'EUR', to: 'MXN' }, u.token);
      expect(res.body.data.exchangeRate).toEqual({ rate: '20.1', source: 'Frankfurter' });
      expect(JSON.stringify(res.body)).not.toContain('127.0.0.1');
    } finally {
      await named.close();
    }
  });
});
