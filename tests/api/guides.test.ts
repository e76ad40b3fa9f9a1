import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuideContentSchema } from '../../api/src/guides/content.js';
import { GuideMessages } from '../../api/src/guides/messages.js';
import { deleteGuide, listGuidesForAdmin, readGuide, setGuideFeatured, setGuideStatus, updateGuide } from '../../api/src/guides/service.js';
import type { RequestContext } from '../../api/src/platform/context.js';
import { documentWithHead } from '../../api/src/server/pageHead.js';
import { guidePageHead } from '../../api/src/guides/pageMeta.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A service call as someone (administrators manage guides from the console, not from REST yet). */
const as = (viewer: { id: string; isAdmin: boolean } | null): RequestContext => ({
  deps: t.app.deps,
  viewer,
  clientIp: '127.0.0.1',
  userAgent: 'test',
  timeZone: 'UTC',
  cache: new Map(),
});

async function admin() {
  const u = await signedInUser(t);
  return { ...u, ctx: as({ id: u.userId, isAdmin: true }) };
}

describe('stored guides', () => {
  it('lists the six published guides, featured first, each with valid stored content, to anyone', async () => {
    const res = await t.request('GET', '/api/backend/guides');
    expect(res.status).toBe(200);
    const slugs = res.body.guides.map((g: { slug: string }) => g.slug);
    expect(slugs).toEqual(expect.arrayContaining(['barcelona', 'new-york', 'london', 'madrid', 'paris', 'tokyo']));
    expect(res.body.guides.slice(0, 3).every((g: { featured: boolean }) => g.featured)).toBe(true);
    // Without a hero image of its editors', a guide's card shows the product's own picture of the city.
    expect(res.body.guides.find((g: { slug: string }) => g.slug === 'tokyo').image_url).toBe('/guide-images/tokyo.jpg');
    for (const slug of slugs) {
      const one = await t.request('GET', `/api/backend/guide/${slug}`);
      expect(one.status).toBe(200);
      expect(GuideContentSchema.safeParse(one.body.guide.content).success).toBe(true);
      // Each stored guide's neighbourhoods have their map pins (migration 0025), near the city.
      const { content } = one.body.guide;
      for (const n of content.neighborhoods) {
        expect(Math.abs(n.latitude - content.latitude), `${slug}: ${n.name}`).toBeLessThan(0.2);
        expect(Math.abs(n.longitude - content.longitude), `${slug}: ${n.name}`).toBeLessThan(0.2);
      }
    }
    const london = (await t.request('GET', '/api/backend/guide/london')).body.guide;
    expect(london.content.itineraries.map((p: { from: { amount: number; currency: string } }) => p.from)).toEqual([
      { amount: 45000, currency: 'GBP' },
      { amount: 70000, currency: 'GBP' },
    ]);
  });

  it('counts a view per reader and day of a published guide, in two statements', async () => {
    const before = (await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'madrid' } })).viewCount;
    t.db.stats.queries = 0;
    const res = await t.request('GET', '/api/backend/guide/MADRID', { headers: { 'x-forwarded-for': '198.51.100.77' } });
    expect(t.db.stats.queries).toBe(2);
    expect(res.body.guide.view_count).toBe(before + 1);
    const again = await t.request('GET', '/api/backend/guide/madrid', { headers: { 'x-forwarded-for': '198.51.100.77' } });
    expect(again.body.guide.view_count).toBe(before + 1);
    t.db.stats.queries = 0;
    await t.request('GET', '/api/backend/guides');
    expect(t.db.stats.queries).toBe(1);
  });

  it('keeps a hidden or draft guide from readers and nobody, shows it to administrators, and never counts their views', async () => {
    const a = await admin();
    const reader = await signedInUser(t);
    const tokyo = await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'tokyo' } });
    try {
      await setGuideStatus(a.ctx, tokyo.id, 'HIDDEN');
      for (const token of [undefined, reader.token]) {
        const res = await t.request('GET', '/api/backend/guide/tokyo', { token });
        expect(res.status).toBe(404);
        expect(res.body.error).toBe(GuideMessages.notFound);
        const list = await t.request('GET', '/api/backend/guides', { token });
        expect(list.body.guides.map((g: { slug: string }) => g.slug)).not.toContain('tokyo');
      }
      const seen = await readGuide(a.ctx, 'tokyo');
      expect(seen.status).toBe('HIDDEN');
      expect((await t.db.prisma.guide.findUniqueOrThrow({ where: { id: tokyo.id } })).viewCount).toBe(tokyo.viewCount);
      expect((await guidePageHead(t.app.deps, 'tokyo')).title).toBe('City Guide');
      await setGuideStatus(a.ctx, tokyo.id, 'DRAFT');
      expect((await t.request('GET', '/api/backend/guide/tokyo')).status).toBe(404);
    } finally {
      await setGuideStatus(a.ctx, tokyo.id, 'PUBLISHED');
    }
    expect((await t.request('GET', '/api/backend/guide/tokyo')).status).toBe(200);
    expect((await t.request('GET', '/api/backend/guide/atlantis')).status).toBe(404);
  });

  it('lets only administrators publish, hide, feature, edit and delete, checking the content whole', async () => {
    const a = await admin();
    const user = await signedInUser(t);
    const paris = await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'paris' } });
    await expect(setGuideFeatured(as({ id: user.userId, isAdmin: false }), paris.id, true)).rejects.toThrow(GuideMessages.adminOnly);
    await expect(setGuideFeatured(as(null), paris.id, true)).rejects.toThrow('You must be signed in.');
    expect((await setGuideFeatured(a.ctx, paris.id, true)).featured).toBe(true);
    await setGuideFeatured(a.ctx, paris.id, false);

    const broken = { ...(paris.content as object), itineraries: [{ key: 'x', title: '', from: { amount: -1, currency: 'JPY' }, days: [] }] };
    await expect(updateGuide(a.ctx, paris.id, { content: broken as never })).rejects.toMatchObject({
      fieldErrors: expect.arrayContaining([expect.objectContaining({ field: 'content.itineraries.0.title' })]),
    });
    const edited = await updateGuide(a.ctx, paris.id, { description: 'Paris, edited.' });
    expect(edited.description).toBe('Paris, edited.');
    expect(edited.content).not.toBeNull();
    await expect(updateGuide(a.ctx, paris.id, { slug: 'london' })).rejects.toThrow(GuideMessages.slugTaken);

    const page = await listGuidesForAdmin(a.ctx, { search: 'PAR' });
    expect(page.guides.map((g) => g.slug)).toEqual(['paris']);
    await expect(deleteGuide(a.ctx, '00000000-0000-0000-0000-000000000000')).rejects.toThrow(GuideMessages.notFound);
  });

  it('mails a guide’s plan to the signed-in reader only', async () => {
    const reader = await signedInUser(t);
    const nobody = await t.request('POST', '/api/backend/guide/barcelona/email-itinerary', { body: { plan: '3-day' } });
    expect(nobody.status).toBe(401);
    const wrong = await t.request('POST', '/api/backend/guide/barcelona/email-itinerary', { token: reader.token, body: { plan: '9-day' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(GuideMessages.planNotFound);
    const ok = await t.request('POST', '/api/backend/guide/barcelona/email-itinerary', { token: reader.token, body: { plan: '5-day' } });
    expect(ok.status).toBe(200);
    expect(ok.body.sent_to).toBe(reader.email);
    const mail = (await t.mails()).filter((m) => m.to === reader.email).at(-1)!;
    expect(mail.subject).toBe('Your itinerary: 5-Day Barcelona');
    expect(mail.text).toContain('Day 3: Montserrat day trip');
    expect(mail.text).toContain('/guides/barcelona');
    await t.request('POST', '/api/backend/guide/barcelona/email-itinerary', { token: reader.token, body: {} });
    const both = (await t.mails()).filter((m) => m.to === reader.email).at(-1)!;
    expect(both.subject).toBe('Your itineraries: Barcelona Travel Guide');
    expect(both.text).toContain('3-Day Barcelona');
    expect(both.text).toContain('5-Day Barcelona');
  });

  it('gives a guide page’s HTML its own title, description and Open Graph tags', async () => {
    const shell = '<html><head><meta name="description" content="Tripcrew" /><title>Tripcrew</title></head><body></body></html>';
    const head = await guidePageHead(t.app.deps, 'new-york');
    const html = documentWithHead(shell, head, t.config.publicUrl).identity.toString();
    expect(html).toContain('<title>New York City Travel Guide · Tripcrew</title>');
    expect(html).toContain('<meta property="og:title" content="New York City Travel Guide" />');
    expect(html).toMatch(/<meta name="description" content="Five boroughs, one plan/);
    expect(html).toContain(`<meta property="og:image" content="${t.config.publicUrl}/guide-images/new-york.jpg" />`);
    const generic = documentWithHead(shell, await guidePageHead(t.app.deps, '<script>'), t.config.publicUrl);
    expect(generic.identity.toString()).not.toContain('<script>');
  });
});

describe('wishlist', () => {
  const save = (token: string | undefined, body: Record<string, unknown>) => t.request('POST', '/api/backend/wishlist', { token, body });

  it('keeps each traveller’s own list: saving twice keeps one, others cannot see or remove it', async () => {
    const [u, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
    expect((await save(undefined, { kind: 'destination', item_key: 'bali', title: 'Bali' })).status).toBe(401);
    const first = await save(u.token, { kind: 'destination', item_key: 'bali', title: 'Bali', subtitle: 'Indonesia', url: '/dashboard/explore?city=Bali' });
    expect(first.status).toBe(201);
    const again = await save(u.token, { kind: 'destination', item_key: 'bali', title: 'Bali' });
    expect(again.body.item.id).toBe(first.body.item.id);
    await save(u.token, { kind: 'hotel', item_key: 'barcelona:Hotel Neri', title: 'Hotel Neri', url: 'https://www.booking.com/x' });
    const mine = await t.request('GET', '/api/backend/wishlist', { token: u.token });
    expect(mine.body.items.map((i: { title: string }) => i.title)).toEqual(['Hotel Neri', 'Bali']);
    expect((await t.request('GET', '/api/backend/wishlist?kind=destination', { token: u.token })).body.items).toHaveLength(1);
    expect((await t.request('GET', '/api/backend/wishlist', { token: other.token })).body.items).toEqual([]);
    expect((await t.request('GET', '/api/backend/wishlist')).status).toBe(401);
    const theirs = await t.request('DELETE', `/api/backend/wishlist/${first.body.item.id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect((await t.request('DELETE', `/api/backend/wishlist/${first.body.item.id}`, { token: u.token })).status).toBe(200);
    expect((await t.request('DELETE', '/api/backend/wishlist/not-a-uuid', { token: u.token })).status).toBe(404);
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const u = await signedInUser(t);
    const res = await save(u.token, { kind: 'spaceship', item_key: '', title: 'x'.repeat(300), url: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.body.field_errors.map((f: { field: string }) => f.field).sort()).toEqual(['itemKey', 'kind', 'title', 'url']);
    expect(await t.db.prisma.wishlistItem.count({ where: { userId: u.userId } })).toBe(0);
  });

  it('pages the list in a constant number of statements', async () => {
    const u = await signedInUser(t);
    for (let i = 0; i < 5; i++) await save(u.token, { kind: 'place', item_key: `p${i}`, title: `Place ${i}` });
    t.db.stats.queries = 0;
    const page1 = await t.request('GET', '/api/backend/wishlist?limit=2', { token: u.token });
    const statements = t.db.stats.queries;
    expect(page1.body.items.map((i: { title: string }) => i.title)).toEqual(['Place 4', 'Place 3']);
    const page2 = await t.request('GET', `/api/backend/wishlist?limit=2&cursor=${page1.body.next_cursor}`, { token: u.token });
    expect(page2.body.items.map((i: { title: string }) => i.title)).toEqual(['Place 2', 'Place 1']);
    t.db.stats.queries = 0;
    await t.request('GET', '/api/backend/wishlist?limit=50', { token: u.token });
    expect(t.db.stats.queries).toBe(statements);
  });
});

describe('guides, wishlist and the survey over GraphQL', () => {
  const GUIDE = `query($slug: String!) { cityGuide(slug: $slug) { slug title status } cityGuides { slug } }`;
  const SAVE = `mutation($input: SaveToWishlistInput!) { saveToWishlist(input: $input) { __typename
    ... on WishlistItemPayload { item { id kind itemKey title } } ... on Error { message } ... on ValidationError { fieldErrors { field message } } } }`;
  const REMOVE = `mutation($input: RemoveFromWishlistInput!) { removeFromWishlist(input: $input) { __typename
    ... on RemoveFromWishlistPayload { removedId } ... on Error { message } } }`;

  it('reads the same guides as REST: a hidden guide is null for a reader and for nobody', async () => {
    const a = await admin();
    const reader = await signedInUser(t);
    const london = await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'london' } });
    const shown = await t.graphql(GUIDE, { slug: 'london' });
    expect(shown.body.data.cityGuide).toEqual({ slug: 'london', title: 'London Travel Guide', status: 'PUBLISHED' });
    try {
      await setGuideStatus(a.ctx, london.id, 'HIDDEN');
      for (const token of [undefined, reader.token]) {
        const res = await t.graphql(GUIDE, { slug: 'london' }, token);
        expect(res.body.data.cityGuide).toBeNull();
        expect(res.body.data.cityGuides.map((g: { slug: string }) => g.slug)).not.toContain('london');
      }
    } finally {
      await setGuideStatus(a.ctx, london.id, 'PUBLISHED');
    }
    const counted = await t.graphql(`{ cityGuide(slug: "london") { viewCount } }`, {}, reader.token);
    expect(counted.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // A public list that asks for the count still answers its guides; only the count is withheld.
    const list = await t.graphql('{ cityGuides { slug viewCount } }');
    expect(list.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(list.body.data.cityGuides.length).toBeGreaterThan(0);
    expect(list.body.data.cityGuides[0]).toMatchObject({ viewCount: null });
  });

  it('saves to and removes from the viewer’s own wishlist, refusing nobody and other people', async () => {
    const [u, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const input = { kind: 'plan', itemKey: 'paris:3-day', title: '3-Day Paris' };
    const nobody = await t.graphql(SAVE, { input });
    expect(nobody.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const saved = await t.graphql(SAVE, { input }, u.token);
    expect(saved.body.data.saveToWishlist.item).toMatchObject({ kind: 'plan', itemKey: 'paris:3-day' });
    const bad = await t.graphql(SAVE, { input: { ...input, title: ' ', url: 'ftp://x' } }, u.token);
    expect(bad.body.data.saveToWishlist.__typename).toBe('ValidationError');
    const id = saved.body.data.saveToWishlist.item.id;
    expect((await t.graphql(REMOVE, { input: { id } }, other.token)).body.data.removeFromWishlist.__typename).toBe('NotFoundError');
    expect((await t.graphql(REMOVE, { input: { id } }, u.token)).body.data.removeFromWishlist).toEqual({
      __typename: 'RemoveFromWishlistPayload',
      removedId: id,
    });
  });

  it('stores a survey and joins the waitlist', async () => {
    const u = await signedInUser(t);
    const res = await t.graphql(
      `mutation { submitFeedback(input: { signupEase: 5, wouldUseNextTrip: "yes", contextCity: "Oslo" }) { __typename ... on SubmitFeedbackPayload { feedbackId } } }`,
      {},
      u.token,
    );
    expect(res.body.data.submitFeedback.__typename).toBe('SubmitFeedbackPayload');
    expect(await t.db.prisma.analyticsEvent.count({ where: { userId: u.userId, eventType: 'feedback_submit' } })).toBe(1);
    const rating = await t.graphql(`mutation { submitFeedback(input: { signupEase: 9 }) { __typename ... on Error { message } } }`, {}, u.token);
    expect(rating.body.data.submitFeedback).toEqual({ __typename: 'ValidationError', message: 'Choose a rating from 1 to 5.' });
    const joined = await t.graphql(
      `mutation { joinMappedWaitlist(input: { email: "GQL.${Date.now()}@example.com" }) { __typename ... on JoinMappedWaitlistPayload { alreadyListed } } }`,
      {},
      u.token,
    );
    expect(joined.body.data.joinMappedWaitlist).toEqual({ __typename: 'JoinMappedWaitlistPayload', alreadyListed: false });
  });
});
