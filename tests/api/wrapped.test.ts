import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { pngSize, seedExpense, seedFlight, seedPhoto, seedTrip } from '../support/memories.js';
import { wrappedSvg, wrappedImageLines } from '../../api/src/memories/image.js';
import { figuresOf } from '../../api/src/memories/service.js';
import { wrappedPageHead } from '../../api/src/memories/pageHead.js';

let t: TestApp;
let ada: Awaited<ReturnType<typeof signedInUser>>;
let grace: Awaited<ReturnType<typeof signedInUser>>;
let outsider: Awaited<ReturnType<typeof signedInUser>>;
let newYorkId: string;

/**
 * Ada lives in London (GB). 2025: Paris. 2026: New York (1-10 April, flying LHR-JFK and back,
 * with Grace), Paris again (10-12 September, no flights), Edinburgh (30 December 2026 to 3
 * January 2027), and a cancelled Rome trip that does not count.
 */
beforeAll(async () => {
  t = await createTestApp();
  [ada, grace, outsider] = await Promise.all([
    signedInUser(t, { first_name: 'Ada', last_name: 'Lovelace', city: 'London', country: 'GB' }),
    signedInUser(t, { first_name: 'Grace', last_name: 'Hopper', city: 'Arlington', country: 'US' }),
    signedInUser(t),
  ]);
  const p = t.db.prisma;
  await seedTrip(p, {
    name: 'Paris 2025',
    ownerId: ada.userId,
    start: '2025-05-01',
    end: '2025-05-04',
    main: 'Paris',
    secondary: 'Île-de-France, France',
    lat: 48.8566,
    lng: 2.3522,
  });
  const ny = await seedTrip(p, {
    name: 'New York',
    ownerId: ada.userId,
    members: [grace.userId],
    start: '2026-04-01',
    end: '2026-04-10',
    main: 'New York',
    secondary: 'New York, United States',
    lat: 40.7128,
    lng: -74.006,
    currency: 'USD',
  });
  newYorkId = ny.id;
  await seedFlight(p, ny.id, 'London (LHR)', 'New York (JFK)', '2026-04-01', '2026-04-10');
  await seedTrip(p, {
    name: 'Paris again',
    ownerId: ada.userId,
    start: '2026-09-10',
    end: '2026-09-12',
    main: 'Paris',
    secondary: 'Île-de-France, France',
    lat: 48.8566,
    lng: 2.3522,
  });
  await seedTrip(p, {
    name: 'Hogmanay',
    ownerId: ada.userId,
    start: '2026-12-30',
    end: '2027-01-03',
    main: 'Edinburgh',
    secondary: 'Scotland, United Kingdom',
    lat: 55.9533,
    lng: -3.1883,
  });
  await seedTrip(p, {
    name: 'Rome',
    ownerId: ada.userId,
    status: 'CANCELLED',
    start: '2026-06-01',
    end: '2026-06-20',
    main: 'Rome',
    secondary: 'Lazio, Italy',
    lat: 41.9,
    lng: 12.5,
  });

  // Spending on the USD trip: 200.00 USD food split evenly (no rate: same currency), and a
  // 100.00 GBP stay entered at 1.25 USD per GBP (base 125.00 USD), split evenly.
  await seedExpense(
    p,
    { tripId: ny.id, paidById: ada.userId, amount: 20000, currency: 'USD', category: 'food', date: '2026-04-02' },
    {
      [ada.userId]: [10000, 10000],
      [grace.userId]: [10000, 10000],
    },
  );
  await seedExpense(
    p,
    {
      tripId: ny.id,
      paidById: grace.userId,
      amount: 10000,
      currency: 'GBP',
      category: 'accommodation',
      date: '2026-04-03',
      rate: '1.25',
      base: 12500,
      baseCurrency: 'USD',
    },
    { [ada.userId]: [5000, 6250], [grace.userId]: [5000, 6250] },
  );
  // Grace's own spending, which Ada's Wrapped never carries.
  await seedExpense(
    p,
    { tripId: ny.id, paidById: grace.userId, amount: 77777, currency: 'USD', category: 'shopping', date: '2026-04-04' },
    {
      [grace.userId]: [77777, 77777],
    },
  );

  const [liberty] = await Promise.all([
    seedPhoto(p, ny.id, ada.userId, 'Liberty'),
    seedPhoto(p, ny.id, ada.userId, 'Subway'),
    seedPhoto(p, ny.id, grace.userId, 'Grace private'),
  ]);
  await p.photoFavorite.create({ data: { photoId: liberty.id, userId: grace.userId } });
  await p.checklist.create({ data: { tripId: ny.id, title: 'Packing', items: { create: [{ description: 'Passport', isCompleted: true }] } } });
  await p.checklist.create({ data: { tripId: ny.id, title: 'To do', items: { create: [{ description: 'Tickets', isCompleted: false }] } } });
});
afterAll(() => t.close());

describe('Travel Wrapped figures (REST)', () => {
  it('computes the seeded year as worked out by hand', async () => {
    const res = await t.request('GET', `/api/backend/wrapped/${ada.userId}?year=2026`, { token: ada.token });
    expect(res.status).toBe(200);
    const w = res.body;
    expect(w.year).toBe(2026);
    expect(w.trips).toBe(3); // New York, Paris again, Hogmanay (Rome was cancelled)
    // Days: New York 10 + Paris 3 + Edinburgh 30-31 Dec 2 = 15. Nights: 9 + 2 + 2 = 13.
    expect(w.days_away).toBe(15);
    expect(w.nights).toBe(13);
    // US by the destination and the landing at JFK, FR by Paris, GB by Edinburgh (home, but a destination).
    expect(w.countries).toEqual(['FR', 'GB', 'US']);
    expect(w.new_countries).toEqual(['GB', 'US']); // France was visited in 2025
    expect(w.cities).toEqual([
      { name: 'New York', country: 'US', is_new: true },
      { name: 'Paris', country: 'FR', is_new: false },
      { name: 'Edinburgh', country: 'GB', is_new: true },
    ]);
    // Distance: LHR-JFK 5,554 km (3,451 mi, published) both ways; London-Paris 344 km and
    // London-Edinburgh 534 km (published straight-line distances) there and back:
    // 2 * 5554 + 2 * 344 + 2 * 534 = 12,864 km, within 1%.
    expect(Math.abs(w.distance_km - 12864) / 12864).toBeLessThan(0.01);
    expect(w.flights).toBe(2);
    expect(w.longest_trip).toEqual({ trip_id: newYorkId, name: 'New York', days: 10 });
    expect(w.top_companions).toEqual([{ user_id: grace.userId, name: 'Grace Hopper', trips: 1 }]);
    // Home currency GBP (country GB). Food 100.00 USD at the stored 1.25 USD/GBP -> 80.00 GBP;
    // the stay's share is 50.00 GBP as entered. Total 130.00 GBP.
    expect(w.spending).toEqual({
      currency: 'GBP',
      total: 13000,
      by_category: [
        { category: 'food', amount: 8000 },
        { category: 'accommodation', amount: 5000 },
      ],
      unconverted: [],
    });
    expect(w.photos.taken).toBe(2);
    expect(w.photos.most_favourited).toEqual([expect.objectContaining({ title: 'Liberty', favorites: 1 })]);
    expect(w.checklists_completed).toBe(1);
  });

  it('a year with no trips is all zeros', async () => {
    const res = await t.request('GET', `/api/backend/wrapped/${ada.userId}?year=2019`, { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ trips: 0, days_away: 0, countries: [], distance_km: 0, spending: { total: 0 } });
  });

  it('only the traveller: 403 for others (administrators too), 401 for nobody, 400 for a bad year', async () => {
    expect((await t.request('GET', `/api/backend/wrapped/${ada.userId}?year=2026`, { token: grace.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/wrapped/${ada.userId}?year=2026`)).status).toBe(401);
    expect((await t.request('GET', `/api/backend/wrapped/${ada.userId}?year=abc`, { token: ada.token })).status).toBe(400);
    expect((await t.request('GET', `/api/wrapped/${ada.userId}/2026.png`, { token: outsider.token })).status).toBe(403);
    expect((await t.request('GET', `/api/wrapped/${ada.userId}/2026.png`)).status).toBe(401);
  });

  it('GraphQL: viewer.wrapped for the traveller, refused on another user', async () => {
    const q = `{ viewer { wrapped(year: 2026) { year daysAway countries { code isNew } spending { currency total } topCompanions { name } } } }`;
    const res = await t.graphql(q, {}, ada.token);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.viewer.wrapped).toMatchObject({ year: 2026, daysAway: 15, spending: { currency: 'GBP', total: 13000 } });
    expect(res.body.data.viewer.wrapped.countries).toEqual([
      { code: 'FR', isNew: false },
      { code: 'GB', isNew: true },
      { code: 'US', isNew: true },
    ]);
    const gid = Buffer.from(`User:${ada.userId}`).toString('base64');
    const other = await t.graphql(`query($id: ID!) { node(id: $id) { ... on User { wrapped(year: 2026) { year } } } }`, { id: gid }, grace.token);
    expect(other.body.data?.node?.wrapped ?? null).toBeNull();
    expect(other.body.errors?.length).toBeGreaterThan(0);
  });
});

describe('Wrapped share image', () => {
  async function png(path: string, token?: string) {
    const res = await t.app.fetch(new Request(`http://app.test${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
    return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  it('is a PNG of 1080x1920 (story) or 1200x630 (preview)', async () => {
    const story = await png(`/api/wrapped/${ada.userId}/2026.png?format=story`, ada.token);
    expect(story.status).toBe(200);
    expect(story.type).toBe('image/png');
    expect(pngSize(story.bytes)).toEqual({ width: 1080, height: 1920 });
    const preview = await png(`/api/wrapped/${ada.userId}/2026.png?format=preview`, ada.token);
    expect(pngSize(preview.bytes)).toEqual({ width: 1200, height: 630 });
    expect((await png(`/api/wrapped/${ada.userId}/2026.png?format=poster`, ada.token)).status).toBe(400);
  });

  it('carries no other member’s name or spending', async () => {
    const figures = await figuresOf(t.app.deps, ada.userId, 2026);
    for (const format of ['story', 'preview'] as const) {
      const svg = await wrappedSvg(figures, format, { embedFont: false });
      // The words drawn: every <text> element's content.
      const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ');
      expect(words).toContain('Ada');
      expect(words).toContain('12,8'); // the distance
      for (const secret of ['Grace', 'Hopper', '777', '130', 'GBP', '£', 'Lovelace']) expect(words).not.toContain(secret);
    }
    const text = JSON.stringify(wrappedImageLines(figures));
    expect(text).not.toMatch(/Grace|Hopper/);
  });
});

describe('Public Wrapped link', () => {
  it('is made on request, shows the image by token with Open Graph tags, and 404s once revoked', async () => {
    expect((await t.request('POST', '/api/backend/wrapped-share', { body: { year: 2026 } })).status).toBe(401);
    const made = await t.request('POST', '/api/backend/wrapped-share', { token: ada.token, body: { year: 2026 } });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/^http:\/\/app\.test\/wrapped\/[A-Za-z0-9_-]{20,}$/);
    const again = await t.request('POST', '/api/backend/wrapped-share', { token: ada.token, body: { year: 2026 } });
    expect(again.body.url).toBe(made.body.url);
    const token = made.body.url.split('/').pop();

    const image = await t.app.fetch(new Request(`http://app.test/api/wrapped/public/${token}.png?format=preview`));
    expect(image.status).toBe(200);
    expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    const head = await wrappedPageHead(t.app.deps, token);
    expect(head).toMatchObject({ title: 'Ada’s 2026 in travel', image: `/api/wrapped/public/${token}.png?format=preview`, path: `/wrapped/${token}` });
    expect(head!.description).not.toMatch(/Grace|GBP/);

    expect((await t.request('DELETE', '/api/backend/wrapped-share/2026', { token: grace.token })).body.revoked).toBe(false);
    const revoked = await t.request('DELETE', '/api/backend/wrapped-share/2026', { token: ada.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).toBe(true);
    expect((await t.app.fetch(new Request(`http://app.test/api/wrapped/public/${token}.png`))).status).toBe(404);
    expect(await wrappedPageHead(t.app.deps, token)).toBeNull();
  });
});
