import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedbackMessages as M, WaitlistMessages as W } from '../../api/src/feedback/messages.js';
import { completeSurvey } from '../support/survey.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'hello@tripcrew.example' });
});
afterAll(() => t.close());

// The address in mixed case: the survey stores it in lower case.
const SURVEY = completeSurvey({ email: 'Ada@Example.com' });

describe('feedback survey', () => {
  it('stores the answers and a feedback_submit event together, for the signed-in traveller', async () => {
    const u = await signedInUser(t);
    const res = await t.request('POST', '/api/backend/feedback', { token: u.token, body: SURVEY });
    expect(res.status).toBe(201);
    const row = await t.db.prisma.feedback.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      userId: u.userId,
      email: 'ada@example.com',
      groupTripFrequency: 'twothree',
      signupEase: 4,
      initialExpectation: null,
      itineraryEase: null,
      contextCity: 'Lisbon',
      recommendLikelihood: 5,
    });
    const events = await t.db.prisma.analyticsEvent.findMany({ where: { userId: u.userId, eventType: 'feedback_submit' } });
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata).toMatchObject({ feedback_id: row.id, city: 'Lisbon' });
  });

  it('refuses nobody, and out-of-range answers field by field without storing anything', async () => {
    expect((await t.request('POST', '/api/backend/feedback', { body: SURVEY })).status).toBe(401);
    const u = await signedInUser(t);
    const res = await t.request('POST', '/api/backend/feedback', {
      token: u.token,
      body: { ...SURVEY, signup_ease: 6, design_impression: 'ugly', email: 'nope', recommend_likelihood: 2.5, explored_explore: 'maybe' },
    });
    expect(res.status).toBe(400);
    expect(res.body.field_errors).toEqual(
      expect.arrayContaining([
        { field: 'signupEase', message: M.rating },
        { field: 'designImpression', message: M.choice },
        { field: 'email', message: M.email },
        { field: 'recommendLikelihood', message: M.rating },
        { field: 'exploredExplore', message: M.choice },
      ]),
    );
    expect(await t.db.prisma.feedback.count({ where: { userId: u.userId } })).toBe(0);
    expect(await t.db.prisma.analyticsEvent.count({ where: { userId: u.userId, eventType: 'feedback_submit' } })).toBe(0);
  });
});

describe('Mapped waitlist', () => {
  it('keeps one entry per address, lower-cased, and refuses nobody and bad addresses', async () => {
    const u = await signedInUser(t);
    const address = `Wait.${Date.now()}@Example.com`;
    const first = await t.request('POST', '/api/backend/mapped-waitlist', { token: u.token, body: { email: address } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ already_listed: false, email: address.toLowerCase() });
    const again = await t.request('POST', '/api/backend/mapped-waitlist', { token: u.token, body: { email: address.toLowerCase() } });
    expect(again.body.already_listed).toBe(true);
    expect(await t.db.prisma.notifySignup.count({ where: { email: address.toLowerCase(), feature: 'mapped' } })).toBe(1);
    expect((await t.request('POST', '/api/backend/mapped-waitlist', { body: { email: address } })).status).toBe(401);
    const bad = await t.request('POST', '/api/backend/mapped-waitlist', { token: u.token, body: { email: 'not an address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(W.email);
    const empty = await t.request('POST', '/api/backend/mapped-waitlist', { token: u.token, body: { email: '' } });
    expect(empty.body.error).toBe(W.emailRequired);
  });
});

describe('public page data', () => {
  it('answers the contact address from configuration and the popular stories, to anyone', async () => {
    const info = await t.request('GET', '/api/backend/site-info');
    expect(info.body.contact_email).toBe('hello@tripcrew.example');
    expect(info.body.flight_search_url).toContain('{to}');
    // The public pages' maps (a guide's neighbourhoods) take their tiles from here.
    expect(info.body.map_tiles_url).toContain('{z}');
    const u = await signedInUser(t);
    const base = { authorId: u.userId, city: 'Porto', status: 'PUBLISHED' as const };
    await t.db.prisma.story.createMany({
      data: [
        { ...base, title: 'A', slug: `a-${Date.now()}`, viewCount: 900001 },
        { ...base, title: 'B', slug: `b-${Date.now()}`, viewCount: 900003 },
        { ...base, title: 'C', slug: `c-${Date.now()}`, viewCount: 900002 },
        { ...base, title: 'Hidden', slug: `h-${Date.now()}`, viewCount: 999999, status: 'HIDDEN' },
        { ...base, title: 'Z', slug: `z-${Date.now()}`, viewCount: 900000 },
      ],
    });
    const res = await t.request('GET', '/api/backend/popular-stories');
    expect(res.body.stories.map((s: { title: string }) => s.title)).toEqual(['B', 'C', 'A']);
  });
});

describe('how often one may submit', () => {
  it("counts each person's survey answers and waitlist sign-ups, not the page views of their address", async () => {
    const ip = '198.51.100.23';
    // Another traveller at the same address has used the address's whole beacon budget.
    for (let i = 0; i < 121; i++) {
      await t.request('POST', '/api/backend/analytics/event', { body: { event_type: 'page_view', page: '/' }, headers: { 'x-forwarded-for': ip } });
    }
    const u = await signedInUser(t);
    const send = () => t.request('POST', '/api/backend/feedback', { token: u.token, body: SURVEY, headers: { 'x-forwarded-for': ip } });
    expect((await send()).status).toBe(201);
    expect(
      (await t.request('POST', '/api/backend/mapped-waitlist', { token: u.token, body: { email: u.email }, headers: { 'x-forwarded-for': ip } })).status,
    ).toBeLessThan(300);
    // Ten a minute each: the person's own eleventh is refused, someone else at the address is not.
    for (let i = 2; i < 10; i++) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(M.tooMany);
    const other = await signedInUser(t);
    expect((await t.request('POST', '/api/backend/feedback', { token: other.token, body: SURVEY, headers: { 'x-forwarded-for': ip } })).status).toBe(201);
  });
});
