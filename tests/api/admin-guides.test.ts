import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuideMessages } from '../../api/src/guides/messages.js';
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
