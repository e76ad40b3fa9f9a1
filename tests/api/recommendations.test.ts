import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../api/src/platform/logger.js';
import { haversineMeters } from '../../api/src/recommendations/geo.js';
import { RATE_LIMITS } from '../../api/src/platform/rateLimit.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { offset, startFakeProviders, type Answer, type ProviderHit } from '../support/fakeProviders.js';

const RECOMMENDATIONS = `query($id: ID!) { node(id: $id) { ... on Trip { recommendations {
  available centre { latitude longitude }
  restaurants { name kind latitude longitude distanceMeters address website }
  attractions { name kind distanceMeters }
  articles { title url distanceMeters extract latitude longitude } } } } }`;

const LISBON = { lat: 38.7223, lon: -9.1393 };

/** An Overpass element `north`/`east` metres from `centre`. */
function element(id: number, centre: typeof LISBON, north: number, east: number, tags: Record<string, string>, asWay = false) {
  const p = offset(centre, north, east);
  return asWay ? { type: 'way', id, center: { lat: p.lat, lon: p.lon }, tags } : { type: 'node', id, lat: p.lat, lon: p.lon, tags };
}

/** The centre an Overpass query or a geosearch asks about. */
function centreOf(hit: ProviderHit) {
  if (hit.provider === 'overpass') {
    const m = hit.query.match(/around:\d+,(-?[\d.]+),(-?[\d.]+)/)!;
    return { lat: Number(m[1]), lon: Number(m[2]) };
  }
  const [lat, lon] = (hit.params.get('gscoord') ?? '0|0').split('|').map(Number);
  return { lat, lon };
}

/** Well-formed answers around whatever centre is asked about. */
function goodAnswer(hit: ProviderHit): Answer {
  const c = centreOf(hit);
  if (hit.provider === 'overpass' && hit.query.includes('"amenity"')) {
    return {
      body: JSON.stringify({
        elements: [
          element(1, c, 300, 0, {
            amenity: 'restaurant',
            name: 'Tasca do Chico',
            website: 'https://tasca.example/',
            'addr:street': 'Rua do Diário de Notícias',
            'addr:housenumber': '39',
            'addr:city': 'Lisboa',
          }),
          element(2, c, 0, 100, { amenity: 'cafe', name: 'A Brasileira' }),
          element(3, c, 2000, 0, { amenity: 'restaurant', name: 'Cervejaria Ramiro' }, true),
          element(4, c, 3900, 0, { amenity: 'restaurant', name: 'Sixth nearest' }),
          element(5, c, 0, 1500, { amenity: 'fast_food', name: 'Bifanas', website: 'javascript:alert(1)' }),
          element(6, c, 4100, 0, { amenity: 'restaurant', name: 'Beyond 4 km' }),
          element(7, c, 50, 0, { amenity: 'restaurant' }),
          element(8, c, 60, 0, { amenity: 'bench', name: 'Not a restaurant' }),
          element(9, c, -2500, 0, { amenity: 'restaurant', name: 'Time Out Market' }),
          { type: 'node', id: 10, lat: 'x', lon: null, tags: { amenity: 'restaurant', name: 'No point' } },
        ],
      }),
    };
  }
  if (hit.provider === 'overpass') {
    return {
      body: JSON.stringify({
        elements: [
          element(21, c, 1000, 0, { tourism: 'museum', name: 'MAAT' }),
          element(22, c, 0, 5900, { historic: 'castle', name: 'Castelo de São Jorge' }),
          element(23, c, 6100, 0, { tourism: 'viewpoint', name: 'Beyond 6 km' }),
        ],
      }),
    };
  }
  if (hit.params.get('list') === 'geosearch') {
    const geosearch = Array.from({ length: 10 }, (_, i) => {
      const p = offset(c, (i + 1) * 1100, 0); // 1.1 km apart: the 10th is beyond 10 km
      return { pageid: 100 + i, ns: 0, title: `Article ${i + 1}`, lat: p.lat, lon: p.lon, dist: 1, primary: true };
    }).reverse(); // the wiki's order is not trusted: ours is by distance
    return { body: JSON.stringify({ batchcomplete: true, query: { geosearch } }) };
  }
  const ids = (hit.params.get('pageids') ?? '').split('|').map(Number);
  return {
    body: JSON.stringify({
      query: {
        pages: ids.map((pageid) => ({
          pageid,
          title: `Article ${pageid - 99}`,
          fullurl: `https://wiki.example/wiki/Article_${pageid - 99}`,
          extract: `About ${pageid}.`,
        })),
      },
    }),
  };
}

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let answer: (hit: ProviderHit) => Answer = goodAnswer;
const lines: string[] = [];
let owner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  fake = await startFakeProviders((hit) => answer(hit));
  t = await createTestApp(
    { OVERPASS_URL: fake.overpassUrl, WIKI_GEOSEARCH_URL: fake.wikiUrl },
    { logger: createLogger('warn', { write: (line: string) => void lines.push(line) }) },
  );
  owner = await signedInUser(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let seq = 0;
/** A trip of the owner's centred somewhere new (answers are cached per centre). */
async function tripNear(lat?: number, lon?: number) {
  seq++;
  const destination = { mainText: `Place ${seq}`, latitude: lat ?? 38 + seq / 100, longitude: lon ?? -9 - seq / 100 };
  return createTrip(t, owner.token, { name: `Trip ${seq}`, destination });
}

async function recommendations(tripId: string, token = owner.token) {
  const res = await t.graphql(RECOMMENDATIONS, { id: tripId }, token);
  return res;
}

describe('Trip.recommendations with providers configured', () => {
  it('lists the 5 nearest restaurants and attractions within their radius, distances computed by the server', async () => {
    const trip = await tripNear(LISBON.lat, LISBON.lon);
    const res = await recommendations(trip.id);
    expect(res.body.errors).toBeUndefined();
    const r = res.body.data.node.recommendations;
    expect(r.available).toBe(true);
    expect(r.centre).toEqual({ latitude: LISBON.lat, longitude: LISBON.lon });
    expect(r.restaurants.map((p: { name: string }) => p.name)).toEqual(['A Brasileira', 'Tasca do Chico', 'Bifanas', 'Cervejaria Ramiro', 'Time Out Market']);
    const [cafe, tasca, bifanas] = r.restaurants;
    expect(Math.abs(cafe.distanceMeters - 100)).toBeLessThan(3);
    expect(Math.abs(tasca.distanceMeters - 300)).toBeLessThan(3);
    for (const p of r.restaurants) {
      expect(p.distanceMeters).toBe(Math.round(haversineMeters({ latitude: LISBON.lat, longitude: LISBON.lon }, p)));
    }
    expect(tasca).toMatchObject({ kind: 'restaurant', website: 'https://tasca.example/', address: '39 Rua do Diário de Notícias, Lisboa' });
    expect(cafe).toMatchObject({ kind: 'cafe', website: null, address: null });
    // A javascript: link from the map data never reaches a client.
    expect(bifanas).toMatchObject({ kind: 'fast_food', website: null });
    expect(r.attractions.map((p: { name: string; kind: string }) => [p.name, p.kind])).toEqual([
      ['MAAT', 'museum'],
      ['Castelo de São Jorge', 'castle'],
    ]);
  });

  it('lists the 5 nearest of 10 articles within 10 km, with their address and opening sentence', async () => {
    const trip = await tripNear();
    const before = fake.hits.length;
    const r = (await recommendations(trip.id)).body.data.node.recommendations;
    expect(r.articles.map((a: { title: string }) => a.title)).toEqual(['Article 1', 'Article 2', 'Article 3', 'Article 4', 'Article 5']);
    expect(r.articles[0]).toMatchObject({ url: 'https://wiki.example/wiki/Article_1', extract: 'About 100.' });
    expect(Math.abs(r.articles[0].distanceMeters - 1100)).toBeLessThan(10);
    const asked = fake.hits.slice(before);
    const search = asked.find((h) => h.params.get('list') === 'geosearch')!;
    expect(Object.fromEntries(search.params)).toMatchObject({ action: 'query', gsradius: '10000', gslimit: '10' });
    const queries = asked.filter((h) => h.provider === 'overpass').map((h) => h.query);
    expect(queries.some((q) => q.includes('around:4000,') && q.includes('out center 50;'))).toBe(true);
    expect(queries.some((q) => q.includes('around:6000,') && q.includes('out center 50;'))).toBe(true);
  });

  it('asks the providers once per centre, however many members open the page at once', async () => {
    const trip = await tripNear();
    const before = fake.hits.length;
    const answers = await Promise.all([1, 2, 3].map(() => recommendations(trip.id)));
    for (const a of answers) expect(a.body.data.node.recommendations.restaurants).toHaveLength(5);
    // Two Overpass lists, the geosearch and the articles' details.
    expect(fake.hits.length - before).toBe(4);
    await recommendations(trip.id);
    expect(fake.hits.length - before).toBe(4);
  });

  it('limits the lookups one account causes: once spent, a new centre answers empty lists without asking, a kept one still answers', async () => {
    const spender = await signedInUser(t);
    const tripOf = async () => {
      seq++;
      const trip = await createTrip(t, spender.token, {
        name: `Spent ${seq}`,
        destination: { mainText: `Spent ${seq}`, latitude: 10 + seq / 100, longitude: 10 },
      });
      return trip;
    };
    const kept = await tripOf();
    expect((await recommendations(kept.id, spender.token)).body.data.node.recommendations.restaurants).toHaveLength(5);
    const { points } = RATE_LIMITS.providerCallsPerUser;
    for (let i = 0; i < points; i++) await t.app.deps.limiter.record('providerCallsPerUser', spender.userId);

    const before = fake.hits.length;
    const fresh = (await recommendations((await tripOf()).id, spender.token)).body;
    expect(fresh.errors).toBeUndefined();
    expect(fresh.data.node.recommendations).toMatchObject({ available: true, restaurants: [], attractions: [], articles: [] });
    expect((await recommendations(kept.id, spender.token)).body.data.node.recommendations.restaurants).toHaveLength(5);
    expect(fake.hits.length).toBe(before);
  });

  it('keeps a failing provider to itself: its list is empty, the failure logged, the other lists answer', async () => {
    const cases: [string, (hit: ProviderHit) => Answer][] = [
      ['HTTP 500', (h) => (h.provider === 'overpass' ? { status: 500, body: 'boom' } : goodAnswer(h))],
      ['not JSON', (h) => (h.provider === 'overpass' ? { body: '<html>busy</html>' } : goodAnswer(h))],
      ['wrong shape', (h) => (h.provider === 'overpass' ? { body: JSON.stringify({ elements: 'none' }) } : goodAnswer(h))],
      ['too large', (h) => (h.provider === 'overpass' ? { body: JSON.stringify({ elements: [], pad: 'x'.repeat(1_100_000) }) } : goodAnswer(h))],
    ];
    for (const [label, a] of cases) {
      answer = a;
      const trip = await tripNear();
      const from = lines.length;
      const r = (await recommendations(trip.id)).body.data.node.recommendations;
      expect(r, label).toMatchObject({ available: true, restaurants: [], attractions: [] });
      expect(r.articles, label).toHaveLength(5);
      const logged = lines.slice(from).map((l) => JSON.parse(l));
      expect(
        logged.filter((l) => l.msg === 'recommendation lookup failed; list left empty' && l.provider === 'overpass'),
        label,
      ).toHaveLength(2);
    }
    answer = (h) => (h.provider === 'mediawiki' ? { body: JSON.stringify({ error: { code: 'badcoord', info: 'Invalid coordinate' } }) } : goodAnswer(h));
    const trip = await tripNear();
    const r = (await recommendations(trip.id)).body.data.node.recommendations;
    expect(r.articles).toEqual([]);
    expect(r.restaurants).toHaveLength(5);
    answer = goodAnswer;
  });

  it('keeps articles without extracts when only the details lookup fails', async () => {
    answer = (h) => (h.provider === 'mediawiki' && h.params.get('prop') ? { status: 503 } : goodAnswer(h));
    const trip = await tripNear();
    const r = (await recommendations(trip.id)).body.data.node.recommendations;
    expect(r.articles).toHaveLength(5);
    expect(r.articles[0].extract).toBeNull();
    expect(r.articles[0].url).toBe(`${fake.wikiUrl.replace('api.php', 'index.php')}?curid=100`);
    answer = goodAnswer;
  });

  it('gives up on a provider that does not answer in time', async () => {
    answer = (h) => (h.provider === 'overpass' ? { hang: true } : goodAnswer(h));
    const trip = await tripNear();
    const started = Date.now();
    const r = (await recommendations(trip.id)).body.data.node.recommendations;
    expect(r.restaurants).toEqual([]);
    expect(r.articles).toHaveLength(5);
    expect(Date.now() - started).toBeLessThan(10_000);
    answer = goodAnswer;
  });

  it('centres on New York when the trip has no destination coordinates', async () => {
    const trip = await createTrip(t, owner.token, { name: 'Somewhere' });
    const r = (await recommendations(trip.id)).body.data.node.recommendations;
    expect(r.centre).toEqual({ latitude: 40.7128, longitude: -74.006 });
  });

  it('is for the trip members only', async () => {
    const trip = await tripNear();
    const stranger = await signedInUser(t);
    const before = fake.hits.length;
    const res = await recommendations(trip.id, stranger.token);
    expect(res.body.data.node).toBeNull();
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const anonymous = await t.graphql(RECOMMENDATIONS, { id: trip.id });
    expect(anonymous.body.data.node).toBeNull();
    expect(fake.hits.length).toBe(before);
  });
});

describe('Trip.recommendations offline (nothing configured)', () => {
  it('fetches nothing and says it is not available', async () => {
    const offline = await createTestApp();
    try {
      const u = await signedInUser(offline);
      const trip = await createTrip(offline, u.token, { name: 'Offline', destination: { mainText: 'Lisbon', latitude: LISBON.lat, longitude: LISBON.lon } });
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const res = await offline.graphql(RECOMMENDATIONS, { id: trip.id }, u.token);
      expect(fetchSpy).not.toHaveBeenCalled();
      fetchSpy.mockRestore();
      expect(res.body.data.node.recommendations).toEqual({
        available: false,
        centre: { latitude: LISBON.lat, longitude: LISBON.lon },
        restaurants: [],
        attractions: [],
        articles: [],
      });
    } finally {
      await offline.close();
    }
  });
});
