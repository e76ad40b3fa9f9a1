import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { seedFlight, seedTrip } from '../support/memories.js';
import { isoDaysFromNow } from '../support/trips.js';

let t: TestApp;
let ada: Awaited<ReturnType<typeof signedInUser>>;
let grace: Awaited<ReturnType<typeof signedInUser>>;

/**
 * Ada (Lisbon, PT): Tokyo twice (the second with a flight Lisbon - Tokyo via Seoul), Porto
 * (home country, a destination), and a trip to Rome that has not begun yet (not on the map).
 */
beforeAll(async () => {
  t = await createTestApp();
  [ada, grace] = await Promise.all([signedInUser(t, { city: 'Lisbon', country: 'OTHER', country_other: 'Portugal' }), signedInUser(t)]);
  const p = t.db.prisma;
  const tokyo = { main: 'Tokyo', secondary: 'Japan', lat: 35.6762, lng: 139.6503 };
  await seedTrip(p, { name: 'Tokyo 1', ownerId: ada.userId, start: '2024-03-01', end: '2024-03-09', ...tokyo });
  const second = await seedTrip(p, { name: 'Tokyo 2', ownerId: ada.userId, start: '2025-10-01', end: '2025-10-12', ...tokyo });
  await seedFlight(p, second.id, 'LIS', 'ICN', '2025-10-01', null);
  await seedFlight(p, second.id, 'ICN', 'NRT', '2025-10-02', null);
  await seedFlight(p, second.id, 'NRT', 'LIS', '2025-10-12', null);
  await seedTrip(p, {
    name: 'Porto',
    ownerId: ada.userId,
    start: '2025-06-01',
    end: '2025-06-03',
    main: 'Porto',
    secondary: 'Portugal',
    lat: 41.1579,
    lng: -8.6291,
  });
  await seedTrip(p, {
    name: 'Rome',
    ownerId: ada.userId,
    start: isoDaysFromNow(30),
    end: isoDaysFromNow(35),
    main: 'Rome',
    secondary: 'Lazio, Italy',
    lat: 41.9,
    lng: 12.5,
  });
});
afterAll(() => t.close());

describe('Mapped', () => {
  it('lists the countries and cities trips and flights reached, with the share of the world', async () => {
    const res = await t.request('GET', `/api/backend/mapped/${ada.userId}`, { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.body.countries).toEqual([
      { code: 'JP', name: 'Japan', trips: 2, first_visit: '2024-03-01', last_visit: '2025-10-12', manual: false },
      { code: 'PT', name: 'Portugal', trips: 1, first_visit: '2025-06-01', last_visit: '2025-06-03', manual: false },
      // Seoul: a flight landed there.
      { code: 'KR', name: 'South Korea', trips: 1, first_visit: '2025-10-01', last_visit: '2025-10-12', manual: false },
    ]);
    expect(res.body.cities).toEqual([
      { name: 'Tokyo', country: 'JP', latitude: 35.6762, longitude: 139.6503, trips: 2 },
      { name: 'Porto', country: 'PT', latitude: 41.1579, longitude: -8.6291, trips: 1 },
    ]);
    // 3 of 195 = 0.01538... -> 0.015.
    expect(res.body.share_of_world).toBe(0.015);
  });

  it('marks a country by hand and takes the mark back', async () => {
    const marked = await t.request('PUT', `/api/backend/mapped/${ada.userId}/countries/is`, { token: ada.token, body: { visited: true } });
    expect(marked.status).toBe(200);
    expect(marked.body.countries).toContainEqual({ code: 'IS', name: 'Iceland', trips: 0, first_visit: null, last_visit: null, manual: true });
    expect(marked.body.share_of_world).toBe(Math.round((4 / 195) * 1000) / 1000);
    // Marking a country trips already feed keeps its trips.
    const jp = await t.request('PUT', `/api/backend/mapped/${ada.userId}/countries/JP`, { token: ada.token, body: { visited: true } });
    expect(jp.body.countries.find((c: { code: string }) => c.code === 'JP')).toMatchObject({ trips: 2, manual: true });
    const unmarked = await t.request('PUT', `/api/backend/mapped/${ada.userId}/countries/IS`, { token: ada.token, body: { visited: false } });
    expect(unmarked.body.countries.map((c: { code: string }) => c.code)).not.toContain('IS');
    expect((await t.request('PUT', `/api/backend/mapped/${ada.userId}/countries/XX`, { token: ada.token, body: { visited: true } })).status).toBe(400);
    expect((await t.request('PUT', `/api/backend/mapped/${ada.userId}/countries/FR`, { token: ada.token, body: { visited: 'yes' } })).status).toBe(400);
  });

  it('only the traveller: 403 for others, 401 for nobody', async () => {
    expect((await t.request('GET', `/api/backend/mapped/${ada.userId}`, { token: grace.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/mapped/${ada.userId}`)).status).toBe(401);
    expect((await t.request('PUT', `/api/backend/mapped/${ada.userId}/countries/FR`, { token: grace.token, body: { visited: true } })).status).toBe(403);
  });

  it('GraphQL: viewer.mapped and setVisitedCountry', async () => {
    const res = await t.graphql(`{ viewer { mapped { countries { code trips manual } shareOfWorld } } }`, {}, ada.token);
    expect(res.body.data.viewer.mapped.countries.map((c: { code: string }) => c.code)).toEqual(['JP', 'PT', 'KR']);
    const set = await t.graphql(
      `mutation($input: SetVisitedCountryInput!) { setVisitedCountry(input: $input) { __typename ... on SetVisitedCountryPayload { mapped { countries { code manual } } } ... on Error { message } } }`,
      { input: { code: 'NZ', visited: true } },
      grace.token,
    );
    expect(set.body.data.setVisitedCountry.mapped.countries).toEqual([{ code: 'NZ', manual: true }]);
  });

  it('keeps the waitlist row answering', async () => {
    const res = await t.request('POST', '/api/backend/mapped-waitlist', { token: ada.token, body: { email: ada.email } });
    expect(res.status).toBe(201);
  });
});
