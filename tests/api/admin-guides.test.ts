import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuideMessages, HERO_IMAGE_ON_TRIPCREW } from '../../api/src/guides/messages.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';

const ADMIN_EMAIL = uniqueEmail('admin');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let traveller: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
  traveller = await signedInUser(t);
});
afterAll(() => t.close());

const LIST = `query($search: String, $status: AdminGuideStatus, $first: Int, $after: String) {
  admin {
    guides(search: $search, status: $status, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id slug title city country status featured viewCount updatedAt } }
    }
    guideStats { total published drafts hidden featured totalViews }
  }
}`;
const R = `__typename ... on AdminGuidePayload { guide { id slug title status featured } } ... on Error { message } ... on ValidationError { field fieldErrors { field message } }`;
const m = (name: string, input: string) => `mutation($input: ${input}!) { ${name}(input: $input) { ${R} } }`;
const DELETE = `mutation($input: AdminDeleteGuideInput!) { adminDeleteGuide(input: $input) { __typename ... on AdminDeleteGuidePayload { deletedGuideId } ... on Error { message } } }`;

const guideId = async (slug: string) => {
  const res = await t.graphql(LIST, { search: slug }, admin.token);
  return res.body.data.admin.guides.edges.find((e: { node: { slug: string } }) => e.node.slug === slug).node.id as string;
};
const auditOf = (action: string) => t.db.prisma.adminAuditEntry.findMany({ where: { action }, orderBy: { createdAt: 'asc' } });

describe('admin guides', () => {
  it('lists the stored guides with the four counters, searched and filtered on the server', async () => {
    const res = await t.graphql(LIST, {}, admin.token);
    expect(res.body.errors).toBeUndefined();
    const { guides, guideStats } = res.body.data.admin;
    expect(guides.totalCount).toBeGreaterThanOrEqual(6);
    expect(guideStats.total).toBe(guides.totalCount);
    expect(guideStats.published + guideStats.drafts + guideStats.hidden).toBe(guideStats.total);
    const byCity = await t.graphql(LIST, { search: 'lond' }, admin.token);
    expect(byCity.body.data.admin.guides.edges.map((e: { node: { slug: string } }) => e.node.slug)).toEqual(['london']);
    const page = await t.graphql(LIST, { first: 2 }, admin.token);
    const next = await t.graphql(LIST, { first: 2, after: page.body.data.admin.guides.pageInfo.endCursor }, admin.token);
    expect(next.body.data.admin.guides.edges[0].node.id).not.toBe(page.body.data.admin.guides.edges[0].node.id);

    const rest = await t.request('GET', '/api/backend/admin/guides?search=paris', { token: admin.token });
    expect(rest.status).toBe(200);
    expect(rest.body.guides[0]).toMatchObject({ slug: 'paris', status: 'published', featured: expect.any(Boolean), view_count: expect.any(Number) });
    expect(rest.body.analytics).toMatchObject({ total: guideStats.total, totalViews: expect.any(Number) });
  });

  it('creates, edits, features, hides, publishes and deletes, each persisted and audited', async () => {
    const created = await t.graphql(
      m('adminCreateGuide', 'AdminCreateGuideInput'),
      { input: { slug: 'porto', title: 'Porto Travel Guide', city: 'Porto', country: 'Portugal' } },
      admin.token,
    );
    expect(created.body.data.adminCreateGuide).toMatchObject({ __typename: 'AdminGuidePayload', guide: { slug: 'porto', status: 'DRAFT', featured: false } });
    const id = created.body.data.adminCreateGuide.guide.id;

    const edit = await t.graphql(m('adminUpdateGuide', 'AdminUpdateGuideInput'), { input: { id, title: 'Porto in Three Days' } }, admin.token);
    expect(edit.body.data.adminUpdateGuide.guide.title).toBe('Porto in Three Days');
    const taken = await t.graphql(m('adminUpdateGuide', 'AdminUpdateGuideInput'), { input: { id, slug: 'london' } }, admin.token);
    expect(taken.body.data.adminUpdateGuide).toMatchObject({ __typename: 'ConflictError', message: GuideMessages.slugTaken });
    const empty = await t.graphql(m('adminUpdateGuide', 'AdminUpdateGuideInput'), { input: { id, title: ' ', city: '' } }, admin.token);
    expect(empty.body.data.adminUpdateGuide.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['city', 'title']);

    const feature = await t.graphql(m('adminSetGuideFeatured', 'AdminSetGuideFeaturedInput'), { input: { id, featured: true } }, admin.token);
    expect(feature.body.data.adminSetGuideFeatured.guide.featured).toBe(true);
    const publish = await t.graphql(m('adminSetGuideStatus', 'AdminSetGuideStatusInput'), { input: { id, status: 'PUBLISHED' } }, admin.token);
    expect(publish.body.data.adminSetGuideStatus.guide.status).toBe('PUBLISHED');
    expect((await t.request('GET', '/api/backend/guide/porto')).status).toBe(200);

    const row = await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'porto' } });
    const hide = await t.request('POST', `/api/backend/admin/guides/${row.id}/hide`, { token: admin.token });
    expect(hide.body).toMatchObject({ success: true, guide: { status: 'hidden' } });
    expect((await t.request('GET', '/api/backend/guide/porto')).status).toBe(404);
    const unfeature = await t.request('POST', `/api/backend/admin/guides/${row.id}/unfeature`, { token: admin.token });
    expect(unfeature.body.guide.featured).toBe(false);
    const put = await t.request('PUT', `/api/backend/admin/guides/${row.id}`, { token: admin.token, body: { description: 'Port wine and tiles.' } });
    expect(put.body.guide.description).toBe('Port wine and tiles.');

    const actions = (await t.db.prisma.adminAuditEntry.findMany({ where: { targetId: row.id }, orderBy: { createdAt: 'asc' } })).map((e) => e.action);
    expect(actions).toEqual(['guide.create', 'guide.update', 'guide.feature', 'guide.publish', 'guide.hide', 'guide.unfeature', 'guide.update']);
    const [hid] = await auditOf('guide.hide');
    expect(hid).toMatchObject({ before: { status: 'PUBLISHED' }, after: { status: 'HIDDEN' }, actorId: admin.userId });

    const del = await t.graphql(DELETE, { input: { id } }, admin.token);
    expect(del.body.data.adminDeleteGuide.deletedGuideId).toBe(id);
    expect(await t.db.prisma.guide.count({ where: { slug: 'porto' } })).toBe(0);
    expect((await auditOf('guide.delete'))[0]).toMatchObject({ targetId: row.id, before: { slug: 'porto' }, after: null });
    expect((await t.request('DELETE', `/api/backend/admin/guides/${row.id}/delete`, { token: admin.token })).status).toBe(404);
  });

  it('creates a guide with its whole page and edits it, each field checked by the shared schema', async () => {
    // A complete page to start from: the stored Barcelona one, moved to Lisbon.
    const barcelona = await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'barcelona' } });
    const page: Record<string, unknown> = {
      ...(barcelona.content as Record<string, unknown>),
      flightTo: 'Lisbon (LIS)',
      latitude: 38.72,
      longitude: -9.14,
      tips: ['Ride tram 28 early.'],
    };
    const CREATE = m('adminCreateGuide', 'AdminCreateGuideInput');
    const UPDATE = m('adminUpdateGuide', 'AdminUpdateGuideInput');

    // Every field at fault is named by its path, in the editor's words.
    const bad = await t.graphql(
      CREATE,
      {
        input: {
          slug: 'Lisbon City!',
          title: 'Lisbon Travel Guide',
          city: 'Lisbon',
          country: 'Portugal',
          content: {
            ...page,
            quickFacts: { ...(page.quickFacts as object), bestTime: ' ' },
            tips: ['x'.repeat(301)],
            latitude: 120,
            heroImage: 'javascript:alert(1)',
          },
        },
      },
      admin.token,
    );
    expect(bad.body.data.adminCreateGuide.__typename).toBe('ValidationError');
    expect(bad.body.data.adminCreateGuide.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'slug', message: 'Address: use lower-case letters, digits and hyphens.' },
        { field: 'content.quickFacts.bestTime', message: 'Best time is required.' },
        { field: 'content.tips.0', message: 'Tip: at most 300 characters.' },
        { field: 'content.latitude', message: 'Latitude is between -90 and 90.' },
        { field: 'content.heroImage', message: HERO_IMAGE_ON_TRIPCREW },
      ]),
    );
    const missing = await t.graphql(
      CREATE,
      { input: { slug: 'lisbon', title: 'Lisbon', city: 'Lisbon', country: 'Portugal', content: { tags: [] } } },
      admin.token,
    );
    expect(missing.body.data.adminCreateGuide).toMatchObject({
      __typename: 'ValidationError',
      message: 'Last updated is required.',
      field: 'content.updatedLabel',
    });
    const notObject = await t.graphql(
      CREATE,
      { input: { slug: 'lisbon', title: 'Lisbon', city: 'Lisbon', country: 'Portugal', content: 'a page' } },
      admin.token,
    );
    expect(notObject.body.errors?.[0]?.message).toMatch(/GuideContent must be an object/);
    expect(await t.db.prisma.guide.count({ where: { slug: 'lisbon' } })).toBe(0);

    const created = await t.graphql(
      CREATE,
      {
        input: {
          slug: 'lisbon',
          title: 'Lisbon Travel Guide',
          city: 'Lisbon',
          country: 'Portugal',
          description: 'Hills, trams and custard tarts.',
          content: page,
        },
      },
      admin.token,
    );
    expect(created.body.data.adminCreateGuide).toMatchObject({ __typename: 'AdminGuidePayload', guide: { slug: 'lisbon', status: 'DRAFT' } });
    const id = created.body.data.adminCreateGuide.guide.id;
    // Drafts are nobody's page; published, the page is read whole at /guide/{slug}.
    expect((await t.request('GET', '/api/backend/guide/lisbon')).status).toBe(404);
    await t.graphql(m('adminSetGuideStatus', 'AdminSetGuideStatusInput'), { input: { id, status: 'PUBLISHED' } }, admin.token);
    const read = await t.request('GET', '/api/backend/guide/lisbon');
    expect(read.body.guide).toMatchObject({ title: 'Lisbon Travel Guide', content: { flightTo: 'Lisbon (LIS)', tips: ['Ride tram 28 early.'] } });

    // The editor's read: one guide with its page, whatever its status; null for an unknown id.
    const ONE = `query($id: ID!) { admin { guide(id: $id) { id slug content } } }`;
    const one = await t.graphql(ONE, { id }, admin.token);
    expect(one.body.data.admin.guide).toMatchObject({ id, slug: 'lisbon', content: { flightTo: 'Lisbon (LIS)' } });
    expect((await t.graphql(ONE, { id: 'nope' }, admin.token)).body.data.admin.guide).toBeNull();
    expect((await t.graphql(ONE, { id }, traveller.token)).body.data?.admin ?? null).toBeNull();

    // An edit of the page and a cleared summary; the audit entry names the sections that changed.
    const edit = await t.graphql(
      UPDATE,
      {
        input: {
          id,
          description: null,
          content: { ...page, tips: ['Ride tram 28 early.', 'Sunset at a miradouro.'], heroImage: '/guide-images/lisbon-hills.jpg' },
        },
      },
      admin.token,
    );
    expect(edit.body.data.adminUpdateGuide.__typename).toBe('AdminGuidePayload');
    const stored = await t.db.prisma.guide.findUniqueOrThrow({ where: { id: (await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'lisbon' } })).id } });
    expect(stored.description).toBeNull();
    expect(stored.content).toMatchObject({ heroImage: '/guide-images/lisbon-hills.jpg', tips: ['Ride tram 28 early.', 'Sunset at a miradouro.'] });
    const entry = (await t.db.prisma.adminAuditEntry.findMany({ where: { targetId: stored.id, action: 'guide.update' } }))[0];
    expect(entry).toMatchObject({
      actorId: admin.userId,
      before: { description: 'Hills, trams and custard tarts.', content: { heroImage: null, tips: ['Ride tram 28 early.'] } },
      after: { description: null, content: { heroImage: '/guide-images/lisbon-hills.jpg', tips: ['Ride tram 28 early.', 'Sunset at a miradouro.'] } },
    });
    // The editors' hero image becomes the guide's card picture.
    const listed = await t.request('GET', '/api/backend/admin/guides?search=lisbon', { token: admin.token });
    expect(listed.body.guides.map((g: { image_url: string }) => g.image_url)).toEqual(['/guide-images/lisbon-hills.jpg']);
    expect((await auditOf('guide.create')).find((e) => e.targetId === stored.id)?.after).toMatchObject({
      slug: 'lisbon',
      contentSections: expect.arrayContaining(['tips']),
    });

    // The REST rows take the same page through the same schema.
    const restBad = await t.request('PUT', `/api/backend/admin/guides/${stored.id}`, {
      token: admin.token,
      body: { content: { ...page, budget: [{ tier: 'cheap' }] } },
    });
    expect(restBad.status).toBe(400);
    expect(restBad.body.error).toBe('Choose a tier.');
    const restOk = await t.request('PUT', `/api/backend/admin/guides/${stored.id}`, {
      token: admin.token,
      body: { content: { ...page, flightTo: 'Lisbon Humberto Delgado (LIS)' } },
    });
    expect(restOk.status).toBe(200);
    expect((await t.request('GET', '/api/backend/guide/lisbon')).body.guide.content.flightTo).toBe('Lisbon Humberto Delgado (LIS)');
    const restNew = await t.request('POST', '/api/backend/admin/guides', {
      token: admin.token,
      body: { slug: 'seville', title: 'Seville Travel Guide', city: 'Seville', country: 'Spain', content: page },
    });
    expect(restNew.status).toBe(201);
    expect(restNew.body.guide).toMatchObject({ slug: 'seville', status: 'draft' });
    expect((await t.request('PUT', `/api/backend/admin/guides/${stored.id}`, { token: traveller.token, body: { title: 'Mine' } })).status).toBe(403);
  });

  it('keeps a guide picture on the product: another site is refused, one stored before is never hot-linked', async () => {
    const barcelona = await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'barcelona' } });
    const content = barcelona.content as Record<string, unknown>;
    for (const heroImage of ['https://example.com/barcelona.jpg', '//example.com/barcelona.jpg', 'http://example.com/b.jpg']) {
      const res = await t.request('PUT', `/api/backend/admin/guides/${barcelona.id}`, { token: admin.token, body: { content: { ...content, heroImage } } });
      expect(res.status, heroImage).toBe(400);
      expect(res.body.error).toBe(HERO_IMAGE_ON_TRIPCREW);
    }
    const uploaded = '/api/backend/story-image/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f.webp';
    const ok = await t.request('PUT', `/api/backend/admin/guides/${barcelona.id}`, {
      token: admin.token,
      body: { content: { ...content, heroImage: uploaded } },
    });
    expect(ok.status).toBe(200);
    expect((await t.request('GET', '/api/backend/guide/barcelona')).body.guide.image_url).toBe(uploaded);

    // Written around the schema (an older build, a hand-run fix): readers still get the product's own picture.
    await t.db.prisma.guide.update({ where: { id: barcelona.id }, data: { content: { ...content, heroImage: 'https://example.com/barcelona.jpg' } } });
    try {
      expect((await t.request('GET', '/api/backend/guide/barcelona')).body.guide.image_url).toBe('/guide-images/barcelona.jpg');
      const listed = (await t.request('GET', '/api/backend/guides')).body.guides as { slug: string; image_url: string }[];
      expect(listed.find((g) => g.slug === 'barcelona')?.image_url).toBe('/guide-images/barcelona.jpg');
      expect(JSON.stringify(listed)).not.toContain('example.com');
    } finally {
      await t.db.prisma.guide.update({ where: { id: barcelona.id }, data: { content: barcelona.content as object } });
    }
  });

  it('refuses travellers at every door, and unknown ids are not found', async () => {
    const id = await guideId('tokyo');
    const refused = await t.graphql(m('adminSetGuideFeatured', 'AdminSetGuideFeaturedInput'), { input: { id, featured: false } }, traveller.token);
    expect(JSON.stringify(refused.body)).toMatch(/FORBIDDEN|Administrator access is required/);
    const tokyo = await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'tokyo' } });
    expect((await t.request('POST', `/api/backend/admin/guides/${tokyo.id}/hide`, { token: traveller.token })).status).toBe(403);
    expect((await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'tokyo' } })).status).toBe('PUBLISHED');
    const bogus = await t.graphql(m('adminSetGuideStatus', 'AdminSetGuideStatusInput'), { input: { id: 'nope', status: 'HIDDEN' } }, admin.token);
    expect(bogus.body.data.adminSetGuideStatus).toMatchObject({ __typename: 'NotFoundError', message: GuideMessages.notFound });
    expect((await t.request('POST', '/api/backend/admin/guides/nope/publish', { token: admin.token })).status).toBe(404);
  });
});
