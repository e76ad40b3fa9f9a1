import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsMessages } from '../../api/src/analytics/service.js';
import { READER_COOKIE } from '../../api/src/platform/reader.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';
import { completeSurvey } from '../support/survey.js';

// Issue 25, point 6: counts administrators read cannot be forged by a client.
const ADMIN_EMAIL = uniqueEmail('admin');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
});
afterAll(() => t.close());

const SAVE = `mutation($input: SaveStoryInput!) { saveStory(input: $input) { ... on StoryPayload { story { id slug } } } }`;
const TOTALS = `{ admin { analytics { totals { feedback pageViews guidePageViews events } topStories { title viewCount } } } }`;

async function publishedStory(title: string) {
  const author = await signedInUser(t);
  const res = await t.graphql(SAVE, { input: { title, city: 'Porto', status: 'PUBLISHED' } }, author.token);
  return res.body.data.saveStory.story as { id: string; slug: string };
}

/** The reader cookie a response set, as a `Cookie` header value. */
const cookieOf = (headers: Headers) => headers.get('set-cookie')?.split(';')[0] ?? '';

const readStory = (slug: string, headers: Record<string, string>) => t.request('GET', `/api/backend/story/${slug}`, { headers });
const totals = async () => (await t.graphql(TOTALS, {}, admin.token)).body.data.admin.analytics.totals;

describe('story views', () => {
  it('counts 25 reads with rotating User-Agents from one client once, kept cookie or not', async () => {
    const story = await publishedStory('Rotating browsers');
    let cookie = '';
    for (let i = 0; i < 25; i++) {
      // Every other request keeps the cookie it was given; the rest drop it.
      const res = await readStory(story.slug, { 'user-agent': `Browser ${i}`, 'x-forwarded-for': '198.51.100.7', ...(i % 2 ? { cookie } : {}) });
      expect(res.status).toBe(200);
      if (!cookie) cookie = cookieOf(res.headers);
    }
    const last = await readStory(story.slug, { 'x-forwarded-for': '198.51.100.7' });
    expect(last.body.story.view_count).toBe(1);
  });

  it('knows a reader by the signed cookie when the address moves, and an IPv6 reader by its /64', async () => {
    const story = await publishedStory('Moving reader');
    const first = await readStory(story.slug, { 'x-forwarded-for': '198.51.100.20' });
    const cookie = cookieOf(first.headers);
    expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^${READER_COOKIE}=[\\w-]+\\.[\\w-]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));
    // Counted at the first address, then the same browser from another address is not a new reader.
    await readStory(story.slug, { 'x-forwarded-for': '198.51.100.20', cookie });
    expect((await readStory(story.slug, { 'x-forwarded-for': '203.0.113.99', cookie })).body.story.view_count).toBe(1);
    // Any address of one IPv6 /64 is one reader.
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:a:b:c:d', '2001:db8:1:2:ffff:1:2:3']) await readStory(story.slug, { 'x-forwarded-for': address });
    expect((await readStory(story.slug, { 'x-forwarded-for': '2001:db8:1:2::9' })).body.story.view_count).toBe(2);
    // A cookie we did not sign is no reader at all: the address decides.
    const forged = await readStory(story.slug, { 'x-forwarded-for': '203.0.113.50', cookie: `${READER_COOKIE}=AAAAAAAAAAAAAAAAAAAAAA.forged` });
    expect(forged.body.story.view_count).toBe(3);
    expect(forged.headers.get('set-cookie')).toContain(`${READER_COOKIE}=`);
    // Another client is another reader.
    expect((await readStory(story.slug, { 'x-forwarded-for': '192.0.2.1' })).body.story.view_count).toBe(4);
  });

  it('counts a signed-in reader once whatever their address or browser', async () => {
    const story = await publishedStory('Signed-in reader');
    const reader = await signedInUser(t);
    for (let i = 0; i < 5; i++) {
      await t.request('GET', `/api/backend/story/${story.slug}`, {
        token: reader.token,
        headers: { 'user-agent': `UA ${i}`, 'x-forwarded-for': `192.0.2.${i + 10}` },
      });
    }
    expect((await t.db.prisma.story.findUniqueOrThrow({ where: { slug: story.slug } })).viewCount).toBe(1);
  });
});

describe('guide views', () => {
  it('counts one client reading a guide 25 times with rotating User-Agents once', async () => {
    const before = (await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'paris' } })).viewCount;
    for (let i = 0; i < 25; i++)
      await t.request('GET', '/api/backend/guide/paris', { headers: { 'user-agent': `Bot ${i}`, 'x-forwarded-for': '198.51.100.40' } });
    expect((await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'paris' } })).viewCount).toBe(before + 1);
  });
});

describe('analytics figures', () => {
  const send = (body: unknown, headers: Record<string, string> = {}, token?: string) =>
    t.request('POST', '/api/backend/analytics/event', { body, headers, token });

  it('refuses client-sent feedback_submit, so anonymous events never move the feedback count', async () => {
    const before = await totals();
    for (let i = 0; i < 10; i++) {
      const res = await send({ event_type: 'feedback_submit', page: '/feedback' }, { 'x-forwarded-for': `198.51.100.${60 + i}` });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(AnalyticsMessages.serverRecorded);
    }
    for (const type of ['affiliate_click', 'signup']) expect((await send({ event_type: type })).status).toBe(400);
    expect(await t.db.prisma.analyticsEvent.count({ where: { eventType: 'feedback_submit' } })).toBe(0);
    expect((await totals()).feedback).toBe(before.feedback);
  });

  it('reads the feedback count from the feedback table', async () => {
    const before = (await totals()).feedback;
    const u = await signedInUser(t);
    const survey = completeSurvey();
    const sent = await t.request('POST', '/api/backend/feedback', { token: u.token, body: survey });
    expect(sent.body.error).toBeUndefined();
    expect(sent.status).toBe(201);
    expect((await totals()).feedback).toBe(before + 1);
    expect(await t.db.prisma.feedback.count()).toBe(before + 1);
  });

  it('keeps one page view per reader, page and day, whatever the User-Agent', async () => {
    const before = await totals();
    for (let i = 0; i < 25; i++) {
      const res = await send(
        { event_type: 'page_view', page: '/guides/rome', metadata: { city: 'rome' } },
        { 'user-agent': `UA ${i}`, 'x-forwarded-for': '198.51.100.90' },
      );
      expect(res.status).toBe(202);
    }
    await send({ event_type: 'page_view', page: '/guides/rome', metadata: { city: 'rome' } }, { 'x-forwarded-for': '198.51.100.91' });
    const after = await totals();
    expect(after.pageViews - before.pageViews).toBe(2);
    expect(after.guidePageViews - before.guidePageViews).toBe(2);
  });
});

describe('admin PUT /api/backend/admin/users/{id}', () => {
  const edit = (id: string, body: unknown) => t.request('PUT', `/api/backend/admin/users/${id}`, { token: admin.token, body });
  const EDIT = `mutation($input: AdminUpdateUserInput!) { adminUpdateUser(input: $input) { __typename ... on Error { message } } }`;

  it('changes only the fields sent: the names alone leave city, state and country as they were', async () => {
    const u = await signedInUser(t);
    await t.db.prisma.user.update({ where: { id: u.userId }, data: { city: 'Lyon', state: 'ARA', country: 'OTHER', countryOther: 'Francia' } });
    const res = await edit(u.userId, { first_name: 'Ada', last_name: 'Byron' });
    expect(res.status).toBe(200);
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).toMatchObject({
      firstName: 'Ada',
      lastName: 'Byron',
      city: 'Lyon',
      state: 'ARA',
      country: 'OTHER',
      countryOther: 'Francia',
    });
    // An explicit null or blank clears what may be cleared; a name may not be.
    expect((await edit(u.userId, { city: null, state: '' })).status).toBe(200);
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).toMatchObject({
      city: null,
      state: null,
      country: 'OTHER',
      countryOther: 'Francia',
    });
    const blank = await edit(u.userId, { last_name: '  ' });
    expect(blank.status).toBe(400);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).lastName).toBe('Byron');
    // Another country drops the typed name kept for OTHER.
    expect((await edit(u.userId, { country: 'CA' })).status).toBe(200);
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).toMatchObject({ firstName: 'Ada', country: 'CA', countryOther: null });
  });

  it('is partial over GraphQL too', async () => {
    const u = await signedInUser(t);
    await t.db.prisma.user.update({ where: { id: u.userId }, data: { city: 'Oslo', state: 'Oslo', country: 'GB' } });
    const id = Buffer.from(`User:${u.userId}`).toString('base64');
    const res = await t.graphql(EDIT, { input: { id, city: 'Bergen' } }, admin.token);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.adminUpdateUser.__typename).toBe('AdminUpdateUserPayload');
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).toMatchObject({ city: 'Bergen', state: 'Oslo', country: 'GB' });
    const cleared = await t.graphql(EDIT, { input: { id, firstName: null } }, admin.token);
    expect(cleared.body.data.adminUpdateUser.__typename).toBe('ValidationError');
  });
});
