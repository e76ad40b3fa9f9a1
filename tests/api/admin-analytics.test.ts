import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsAdminMessages } from '../../api/src/admin/analytics/service.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';

const ADMIN_EMAIL = uniqueEmail('admin');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let traveller: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
  traveller = await signedInUser(t);
  const send = (body: unknown, token?: string, address = '198.51.100.1') =>
    t.request('POST', '/api/backend/analytics/event', { body, token, headers: { 'x-forwarded-for': address } });
  // Three readers of Tokyo (one reader's page views count once a day).
  for (let i = 0; i < 3; i++) await send({ event_type: 'page_view', page: '/guides/tokyo', metadata: { city: 'tokyo' } }, undefined, `198.51.100.${i + 1}`);
  await send({ event_type: 'page_view', page: '/guides/tokyo', metadata: { city: 'tokyo' } });
  await send({ event_type: 'page_view', page: '/guides/paris', metadata: { city: 'paris' } }, traveller.token);
  await send({ event_type: 'time_on_page', page: '/guides/paris', metadata: { duration_ms: 4000 } }, traveller.token);
  // Refused: the server records feedback_submit itself, with the feedback.
  await send({ event_type: 'feedback_submit', page: '/feedback', metadata: { recommend_likelihood: 9 } });
  await t.db.prisma.feedback.create({ data: { userId: traveller.userId, recommendLikelihood: 9 } });
});
afterAll(() => t.close());

const OVERVIEW = `{ admin { analytics {
  totals { users newUsersThisMonth activeUsers trips stories storyViews guides guidePageViews pageViews events feedback averageTimeOnPageMs }
  topStories { title viewCount } topGuides { slug pageViews } eventTypes { eventType count } days { day pageViews signups }
} } }`;
const EVENTS = `query($eventType: String, $page: String, $from: String, $to: String, $first: Int, $after: String) {
  admin { analyticsEvents(eventType: $eventType, page: $page, from: $from, to: $to, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id eventType page durationMs city metadataJson userId createdAt } }
  } }
}`;

describe('admin analytics', () => {
  it('answers totals, the top stories, guides by their real page views and 30 days of charts', async () => {
    const res = await t.graphql(OVERVIEW, {}, admin.token);
    expect(res.body.errors).toBeUndefined();
    const a = res.body.data.admin.analytics;
    expect(a.totals).toMatchObject({ pageViews: 4, guidePageViews: 4, events: 5, feedback: 1, averageTimeOnPageMs: 4000 });
    expect(a.totals.users).toBeGreaterThanOrEqual(2);
    expect(a.totals.newUsersThisMonth).toBeGreaterThanOrEqual(2);
    expect(a.topStories.length).toBeLessThanOrEqual(5);
    expect(a.topGuides.slice(0, 2)).toEqual([
      { slug: 'tokyo', pageViews: 3 },
      { slug: 'paris', pageViews: 1 },
    ]);
    expect(a.eventTypes).toEqual(expect.arrayContaining([{ eventType: 'page_view', count: 4 }]));
    expect(a.days).toHaveLength(30);
    expect(a.days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), pageViews: 4 });
    expect(a.days.reduce((n: number, d: { signups: number }) => n + d.signups, 0)).toBeGreaterThanOrEqual(2);

    const rest = await t.request('GET', '/api/backend/admin/analytics', { token: admin.token });
    expect(rest.status).toBe(200);
    expect(rest.body.analytics.totals.pageViews).toBe(4);
    expect((await t.request('GET', '/api/backend/admin/analytics', { token: traveller.token })).status).toBe(403);
  });

  it('lists the stored events newest first, filtered by type, page and days, a page at a time', async () => {
    const all = await t.graphql(EVENTS, {}, admin.token);
    expect(all.body.errors).toBeUndefined();
    expect(all.body.data.admin.analyticsEvents.totalCount).toBe(5);
    const timed = await t.graphql(EVENTS, { eventType: 'time_on_page' }, admin.token);
    expect(timed.body.data.admin.analyticsEvents.edges.map((e: { node: unknown }) => e.node)).toEqual([
      expect.objectContaining({ eventType: 'time_on_page', page: '/guides/paris', durationMs: 4000, userId: traveller.userId }),
    ]);
    const paris = await t.graphql(EVENTS, { page: '/guides/paris' }, admin.token);
    expect(paris.body.data.admin.analyticsEvents.totalCount).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.graphql(EVENTS, { from: today, to: today }, admin.token)).body.data.admin.analyticsEvents.totalCount).toBe(5);
    expect((await t.graphql(EVENTS, { to: '2000-01-01' }, admin.token)).body.data.admin.analyticsEvents.totalCount).toBe(0);

    const p1 = await t.graphql(EVENTS, { first: 4 }, admin.token);
    const p2 = await t.graphql(EVENTS, { first: 4, after: p1.body.data.admin.analyticsEvents.pageInfo.endCursor }, admin.token);
    const ids = [...p1.body.data.admin.analyticsEvents.edges, ...p2.body.data.admin.analyticsEvents.edges].map((e: { node: { id: string } }) => e.node.id);
    expect(new Set(ids).size).toBe(5);

    const bad = await t.graphql(EVENTS, { from: 'yesterday' }, admin.token);
    expect(bad.body.errors[0].message).toBe(AnalyticsAdminMessages.badDate);
  });

  it('answers GET /admin/events with the seed-style rows, filters and a cursor', async () => {
    const res = await t.request('GET', '/api/backend/admin/events?type=page_view&limit=3', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.events).toHaveLength(3);
    expect(res.body.events[0]).toMatchObject({ event_type: 'page_view', page: expect.stringMatching(/^\/guides\//), metadata: { city: expect.any(String) } });
    const next = await t.request('GET', `/api/backend/admin/events?type=page_view&limit=3&cursor=${res.body.next_cursor}`, { token: admin.token });
    expect(next.body.events).toHaveLength(1);
    expect(next.body.next_cursor).toBeNull();
    expect((await t.request('GET', '/api/backend/admin/events?from=2026-13-45', { token: admin.token })).status).toBe(400);
    expect((await t.request('GET', '/api/backend/admin/events?from=2026-02-01&to=2026-01-01', { token: admin.token })).body.error).toBe(
      AnalyticsAdminMessages.badRange,
    );
    expect((await t.request('GET', '/api/backend/admin/events')).status).toBe(401);
    expect((await t.request('GET', '/api/backend/admin/events', { token: traveller.token })).status).toBe(403);
  });
});
