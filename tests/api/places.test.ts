import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t);
});
afterAll(() => t.close());

const SEARCH = `query($query: String!, $sessionToken: String) { placeSearch(query: $query, sessionToken: $sessionToken) {
  placeId mainText secondaryText description latitude longitude } }`;

describe('placeSearch', () => {
  it('suggests cities to a signed-in user', async () => {
    const res = await t.graphql(SEARCH, { query: 'par', sessionToken: 'abc' }, user.token);
    expect(res.body.errors).toBeUndefined();
    const places = res.body.data.placeSearch;
    expect(places).toHaveLength(5);
    expect(places[0]).toMatchObject({
      placeId: 'city:2988507',
      mainText: 'Paris',
      secondaryText: 'Île-de-France, France',
      description: 'Paris, Île-de-France, France',
    });
    expect(places[0].latitude).toBeCloseTo(48.85, 1);
    expect(places[0].longitude).toBeCloseTo(2.35, 1);
    const accents = await t.graphql(SEARCH, { query: 'sao pa' }, user.token);
    expect(accents.body.data.placeSearch[0].mainText).toBe('São Paulo');
  });

  it('answers [] under 2 characters and refuses over 200', async () => {
    expect((await t.graphql(SEARCH, { query: 'p' }, user.token)).body.data.placeSearch).toEqual([]);
    expect((await t.graphql(SEARCH, { query: '   ' }, user.token)).body.data.placeSearch).toEqual([]);
    const long = await t.graphql(SEARCH, { query: 'x'.repeat(201) }, user.token);
    expect(long.body.data?.placeSearch ?? null).toBeNull();
    expect(long.body.errors[0].message).toContain('at most 200 characters');
  });

  const NEAR = `query($query: String!, $near: PlaceNearInput) { placeSearch(query: $query, near: $near) { placeId description latitude longitude } }`;
  const lisbon = { latitude: 38.7167, longitude: -9.1333 };

  it("leans towards the trip's destination, showing every suggestion's country", async () => {
    // Unbiased, the million people of Belém, Pará come first; on a Lisbon trip, Lisbon's Belém does.
    const plain = (await t.graphql(NEAR, { query: 'Belem' }, user.token)).body.data.placeSearch;
    expect(plain[0].description).toBe('Belém, Pará, Brazil');
    const res = await t.graphql(NEAR, { query: 'Belem', near: lisbon }, user.token);
    expect(res.body.errors).toBeUndefined();
    const places = res.body.data.placeSearch;
    expect(places[0]).toMatchObject({ placeId: 'place:belem-lisbon', description: 'Belém, Lisbon, Portugal' });
    expect(places[0].latitude).toBeCloseTo(38.7, 1);
    // Far places still follow, each with its country.
    expect(places.map((p: { description: string }) => p.description)).toContain('Belém, Pará, Brazil');
    for (const p of places) expect(p.description).toMatch(/, [^,]+$/);
    // The region counts too: "Porto" on a Lisbon trip offers Portugal's Porto Salvo before Brazil's Porto Alegre.
    const porto = (await t.graphql(NEAR, { query: 'Porto', near: lisbon }, user.token)).body.data.placeSearch.map(
      (p: { description: string }) => p.description,
    );
    expect(porto[0]).toBe('Porto, Portugal');
    expect(porto.indexOf('Porto Salvo, Portugal')).toBeGreaterThan(0);
    expect(porto.indexOf('Porto Salvo, Portugal')).toBeLessThan(porto.indexOf('Porto Alegre, Rio Grande do Sul, Brazil'));
    // A famous place elsewhere is not pushed out by the lean.
    expect((await t.graphql(NEAR, { query: 'Paris', near: lisbon }, user.token)).body.data.placeSearch[0].description).toBe('Paris, Île-de-France, France');
  });

  it('refuses a point off the globe', async () => {
    const res = await t.graphql(NEAR, { query: 'Belem', near: { latitude: 91, longitude: 0 } }, user.token);
    expect(res.body.data?.placeSearch ?? null).toBeNull();
    expect(res.body.errors).toHaveLength(1);
  });

  it('finds countries and regions across borders as destinations', async () => {
    const first = async (query: string) => (await t.graphql(NEAR, { query }, user.token)).body.data.placeSearch[0];
    expect(await first('Iceland')).toMatchObject({ placeId: 'country:IS', description: 'Iceland' });
    const iceland = await first('Icela');
    expect(iceland.latitude).toBeGreaterThan(63);
    expect(iceland.latitude).toBeLessThan(67);
    expect(iceland.longitude).toBeGreaterThan(-25);
    expect(iceland.longitude).toBeLessThan(-13);
    expect(await first('Portugal')).toMatchObject({ placeId: 'country:PT', description: 'Portugal' });
    const patagonia = (await t.graphql(NEAR, { query: 'Patagonia' }, user.token)).body.data.placeSearch.map((p: { description: string }) => p.description);
    expect(patagonia).toEqual(['Patagonia, Argentina, Chile', 'Patagonia, Arizona, United States']);
    // A country named like a notable place is offered once (the islands of Malta).
    const malta = (await t.graphql(NEAR, { query: 'Malta' }, user.token)).body.data.placeSearch;
    expect(malta.filter((p: { description: string }) => p.description === 'Malta')).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    const res = await t.graphql(SEARCH, { query: 'paris' });
    expect(res.body.data?.placeSearch ?? null).toBeNull();
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/backend/google-places/autocomplete', () => {
  const autocomplete = (qs: string, token?: string) => t.request('GET', `/api/backend/google-places/autocomplete${qs}`, { token });

  it('answers predictions in the Google shape', async () => {
    const res = await autocomplete('?input=london&sessiontoken=s1', user.token);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('OK');
    expect(res.body.predictions).toHaveLength(5);
    expect(res.body.predictions[0]).toEqual({
      description: 'London, England, United Kingdom',
      place_id: 'city:2643743',
      structured_formatting: { main_text: 'London', secondary_text: 'England, United Kingdom' },
      lat: expect.closeTo(51.5, 0),
      lng: expect.closeTo(-0.13, 1),
    });
    expect(res.body.predictions[1].description).toBe('London, Ontario, Canada');
    const narrowed = await autocomplete(`?input=${encodeURIComponent('São Paulo, Brazil')}`, user.token);
    expect(narrowed.body.predictions[0].structured_formatting).toEqual({ main_text: 'São Paulo', secondary_text: 'Brazil' });
  });

  it('suggests islands, lakes and other names too', async () => {
    const bali = await autocomplete('?input=Bali', user.token);
    expect(bali.body.predictions[0]).toMatchObject({
      description: 'Bali, Indonesia',
      place_id: 'place:bali',
      structured_formatting: { main_text: 'Bali', secondary_text: 'Indonesia' },
    });
    const como = await t.graphql(SEARCH, { query: 'Lake Como' }, user.token);
    expect(como.body.data.placeSearch[0]).toMatchObject({ placeId: 'place:lake-como', description: 'Lake Como, Lombardy, Italy' });
    const munich = await autocomplete(`?input=${encodeURIComponent('München')}`, user.token);
    expect(munich.body.predictions[0].description).toBe('Munich, Bavaria, Germany');
  });

  it('answers ZERO_RESULTS and INVALID_REQUEST', async () => {
    expect((await autocomplete('?input=qqxqzz', user.token)).body).toEqual({ status: 'ZERO_RESULTS', predictions: [] });
    expect((await autocomplete('?input=p', user.token)).body).toEqual({ status: 'ZERO_RESULTS', predictions: [] });
    const missing = await autocomplete('', user.token);
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ status: 'INVALID_REQUEST', predictions: [] });
    expect((await autocomplete(`?input=${'x'.repeat(201)}`, user.token)).body.status).toBe('INVALID_REQUEST');
  });

  it("leans towards `location`, the trip's destination", async () => {
    const res = await autocomplete('?input=Belem&location=38.7167,-9.1333', user.token);
    expect(res.body.predictions[0]).toMatchObject({ description: 'Belém, Lisbon, Portugal', place_id: 'place:belem-lisbon' });
    for (const bad of ['38.7', 'x,y', '91,0', '1,2,3', ',']) {
      const refused = await autocomplete(`?input=Belem&location=${encodeURIComponent(bad)}`, user.token);
      expect(refused.body).toMatchObject({ status: 'INVALID_REQUEST', predictions: [] });
    }
  });

  it('needs a signed-in user (401)', async () => {
    const res = await autocomplete('?input=london');
    expect(res.status).toBe(401);
    expect(res.body.error).toBeTruthy();
  });
});

describe('with PLACES_PROVIDER_URL', () => {
  let stub: http.Server;
  let online: TestApp;
  let hits = 0;
  beforeAll(async () => {
    stub = http.createServer((req, res) => {
      hits++;
      const q = new URL(req.url!, 'http://stub').searchParams.get('q');
      if (q === 'fail') {
        res.writeHead(500).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([
          { osm_type: 'node', osm_id: 42, lat: '1.5', lon: '2.5', name: `Stub ${q}`, display_name: `Stub ${q}, Nowhere`, address: { country: 'Nowhere' } },
        ]),
      );
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    online = await createTestApp({ PLACES_PROVIDER_URL: url, PLACES_PROVIDER: 'nominatim' }, { db: t.db });
  });
  afterAll(async () => {
    await online.close();
    await new Promise((resolve) => stub.close(resolve));
  });

  it('asks the provider, and the gazetteer when it fails', async () => {
    // Each app keeps its own signing key: sign in through this one.
    const user = await signedInUser(online);
    const res = await online.graphql(SEARCH, { query: 'kyoto' }, user.token);
    expect(res.body.data.placeSearch).toEqual([
      { placeId: 'osm:N42', mainText: 'Stub kyoto', secondaryText: 'Nowhere', description: 'Stub kyoto, Nowhere', latitude: 1.5, longitude: 2.5 },
    ]);
    expect(hits).toBe(1);
    const fallback = await online.request('GET', '/api/backend/google-places/autocomplete?input=fail', { token: user.token });
    expect(hits).toBe(2);
    // "fail" is also the start of real city names: the gazetteer answers them.
    expect(fallback.body.status).toBe('OK');
    expect(fallback.body.predictions[0].place_id).toMatch(/^city:\d+$/);
  });
});
