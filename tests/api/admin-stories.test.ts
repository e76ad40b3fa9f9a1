import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoryMessages as M } from '../../api/src/stories/messages.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';

const ADMIN_EMAIL = uniqueEmail('admin');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let author: Awaited<ReturnType<typeof signedInUser>>;
const tag = `s${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
  author = await signedInUser(t, { first_name: 'Grace', last_name: 'Hopper' });
});
afterAll(() => t.close());

async function story(title: string, city: string, status: 'DRAFT' | 'PUBLISHED' | 'HIDDEN', viewCount = 0) {
  return t.db.prisma.story.create({
    data: {
      authorId: author.userId,
      title,
      city,
      status,
      viewCount,
      slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 7)}`,
      sections: { create: [{ sectionType: 'TEXT', orderIndex: 0, content: { heading: 'Hi', body: '<p>x</p>' } }] },
    },
  });
}

const LIST = `query($search: String, $status: StoryStatus, $first: Int, $after: String) {
  admin {
    stories(search: $search, status: $status, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id title city status slug viewCount authorFullName authorEmail } }
    }
    storyStats { total published drafts hidden totalViews }
  }
}`;
const STATUS = `mutation($input: AdminSetStoryStatusInput!) { adminSetStoryStatus(input: $input) { __typename ... on StoryPayload { story { id status } } ... on Error { message } } }`;
const DELETE = `mutation($input: AdminDeleteStoryInput!) { adminDeleteStory(input: $input) { __typename ... on DeleteStoryPayload { deletedStoryId } ... on Error { message } } }`;

const audit = (targetId: string) => t.db.prisma.adminAuditEntry.findMany({ where: { targetId }, orderBy: { createdAt: 'asc' } });

describe('admin stories', () => {
  it('lists every story with its author, searched by title or city and filtered by status on the server, a page at a time', async () => {
    await story(`${tag} Lisbon trams`, 'Lisbon', 'PUBLISHED', 40);
    await story(`${tag} Porto wine`, 'Porto', 'DRAFT');
    await story(`${tag} Quiet Sintra`, `${tag}-Sintra`, 'HIDDEN', 2);

    const all = await t.graphql(LIST, { search: tag }, admin.token);
    expect(all.body.errors).toBeUndefined();
    const list = all.body.data.admin.stories;
    expect(list.totalCount).toBe(3);
    expect(list.edges[0].node).toMatchObject({ authorFullName: 'Grace Hopper', authorEmail: author.email });

    const byCity = await t.graphql(LIST, { search: `${tag}-sintra` }, admin.token);
    expect(byCity.body.data.admin.stories.edges.map((e: { node: { city: string } }) => e.node.city)).toEqual([`${tag}-Sintra`]);

    const drafts = await t.graphql(LIST, { search: tag, status: 'DRAFT' }, admin.token);
    expect(drafts.body.data.admin.stories.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual([`${tag} Porto wine`]);

    const first = await t.graphql(LIST, { search: tag, first: 2 }, admin.token);
    expect(first.body.data.admin.stories.pageInfo.hasNextPage).toBe(true);
    const second = await t.graphql(LIST, { search: tag, first: 2, after: first.body.data.admin.stories.pageInfo.endCursor }, admin.token);
    const ids = [...first.body.data.admin.stories.edges, ...second.body.data.admin.stories.edges].map((e: { node: { id: string } }) => e.node.id);
    expect(new Set(ids).size).toBe(3);

    const stats = all.body.data.admin.storyStats;
    expect(stats.total).toBeGreaterThanOrEqual(3);
    expect(stats.total).toBe(stats.published + stats.drafts + stats.hidden);
    expect(stats.totalViews).toBeGreaterThanOrEqual(42);
  });

  it('reads a page in the same statements whatever its length', async () => {
    for (let i = 0; i < 6; i++) await story(`${tag} bulk ${i}`, 'Faro', 'DRAFT');
    t.db.stats.queries = 0;
    await t.graphql(LIST, { search: tag, first: 2 }, admin.token);
    const small = t.db.stats.queries;
    t.db.stats.queries = 0;
    await t.graphql(LIST, { search: tag, first: 9 }, admin.token);
    expect(t.db.stats.queries).toBe(small);
  });

  it('answers the REST list with the author profile, the stat cards and a cursor', async () => {
    const res = await t.request('GET', `/api/backend/admin/stories?search=${tag}&status=draft&limit=3`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.stories).toHaveLength(3);
    expect(res.body.stories[0]).toMatchObject({ status: 'draft', author: { first_name: 'Grace', last_name: 'Hopper', email: author.email } });
    expect(res.body.analytics).toMatchObject({
      total: expect.any(Number),
      published: expect.any(Number),
      drafts: expect.any(Number),
      totalViews: expect.any(Number),
    });
    expect(res.body.next_cursor).toEqual(expect.any(String));
    const next = await t.request('GET', `/api/backend/admin/stories?search=${tag}&status=draft&limit=3&cursor=${res.body.next_cursor}`, { token: admin.token });
    expect(next.body.stories.map((s: { id: string }) => s.id)).not.toContain(res.body.stories[0].id);
    expect((await t.request('GET', '/api/backend/admin/stories?status=gone', { token: admin.token })).status).toBe(400);
  });

  it('publishes and hides by the stories rules, audited with before and after', async () => {
    const s = await story(`${tag} To publish`, 'Braga', 'DRAFT');
    const id = encodeGlobalID('Story', s.id);
    const pub = await t.graphql(STATUS, { input: { id, status: 'PUBLISHED' } }, admin.token);
    expect(pub.body.data.adminSetStoryStatus).toMatchObject({ __typename: 'StoryPayload', story: { status: 'PUBLISHED' } });
    const again = await t.graphql(STATUS, { input: { id, status: 'PUBLISHED' } }, admin.token);
    expect(again.body.data.adminSetStoryStatus).toMatchObject({ __typename: 'ValidationError', message: M.invalidStatusMove });
    const hide = await t.request('POST', `/api/backend/admin/stories/${s.id}/hide`, { token: admin.token });
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ success: true, story: { status: 'hidden' } });
    const republish = await t.request('POST', `/api/backend/admin/stories/${s.id}/publish`, { token: admin.token });
    expect(republish.body.story.status).toBe('published');

    const entries = await audit(s.id);
    expect(entries.map((e) => e.action)).toEqual(['story.publish', 'story.hide', 'story.publish']);
    expect(entries[0]).toMatchObject({ actorId: admin.userId, targetType: 'story', before: { status: 'DRAFT' }, after: { status: 'PUBLISHED' } });
  });

  it('deletes a story and its sections for good, audited; refuses travellers, and an unknown story is 404', async () => {
    const s = await story(`${tag} To delete`, 'Evora', 'PUBLISHED');
    const refused = await t.request('DELETE', `/api/backend/admin/stories/${s.id}/delete`, { token: author.token });
    expect(refused.status).toBe(403);
    const viaGraph = await t.graphql(DELETE, { input: { id: encodeGlobalID('Story', s.id) } }, author.token);
    expect(viaGraph.body.errors?.[0]?.extensions?.code ?? viaGraph.body.data?.adminDeleteStory?.__typename).toMatch(/FORBIDDEN|ForbiddenError/);

    const gone = await t.graphql(DELETE, { input: { id: encodeGlobalID('Story', s.id) } }, admin.token);
    expect(gone.body.data.adminDeleteStory.deletedStoryId).toBe(encodeGlobalID('Story', s.id));
    expect(await t.db.prisma.story.count({ where: { id: s.id } })).toBe(0);
    expect(await t.db.prisma.storySection.count({ where: { storyId: s.id } })).toBe(0);
    const [entry] = await audit(s.id);
    expect(entry).toMatchObject({ action: 'story.delete', before: { title: `${tag} To delete`, status: 'PUBLISHED' } });

    const missing = await t.request('DELETE', `/api/backend/admin/stories/${s.id}/delete`, { token: admin.token });
    expect(missing.status).toBe(404);
    expect((await t.request('POST', '/api/backend/admin/stories/not-an-id/publish', { token: admin.token })).status).toBe(404);
  });
});
