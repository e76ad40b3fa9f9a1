import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminChecklistMessages as M } from '../../api/src/admin/trips/messages.js';
import { ChecklistMessages } from '../../api/src/checklists/messages.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';
import { createTrip, isoDaysFromNow } from '../support/trips.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let owner: Awaited<ReturnType<typeof signedInUser>>;
const ADMIN = uniqueEmail('boss');
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await signedInUser(t, { email: ADMIN });
  owner = await signedInUser(t);
});
afterAll(() => t.close());

const api = (method: string, path: string, body?: unknown, token = admin.token) => t.request(method, `/api/backend${path}`, { body, token });

async function checklistWithItems(title: string, category = 'Packing List') {
  const trip = await createTrip(t, owner.token, { name: `Lists ${Math.random().toString(36).slice(2, 8)}` });
  const res = await t.request('POST', '/api/backend/save-checklist', { token: owner.token, body: { trip_id: trip.uuid, title, category } });
  if (res.status >= 300) throw new Error(JSON.stringify(res.body));
  const checklistId = (res.body.checklist ?? res.body).id as string;
  const items = [
    { description: `${title} done`, is_completed: true },
    { description: `${title} late`, due_date: isoDaysFromNow(-3) },
    { description: `${title} later`, due_date: isoDaysFromNow(3) },
    { description: `${title} whenever` },
  ];
  for (const item of items) {
    const r = await t.request('POST', '/api/backend/save-checklist-item', { token: owner.token, body: { checklist_id: checklistId, ...item } });
    if (r.status >= 300) throw new Error(JSON.stringify(r.body));
  }
  return { trip, checklistId };
}

describe('checklists tab', () => {
  it('refuses everyone but administrators', async () => {
    const { checklistId } = await checklistWithItems('Guarded');
    for (const [method, path] of [
      ['GET', '/checklists'],
      ['GET', '/checklists/items'],
      ['PUT', `/admin/checklists/${checklistId}`],
      ['DELETE', `/admin/checklists/${checklistId}/delete`],
    ] as const) {
      expect((await t.request(method, `/api/backend${path}`, { body: method === 'PUT' ? { title: 'x' } : undefined })).status).toBe(401);
      expect((await api(method, path, method === 'PUT' ? { title: 'x' } : undefined, owner.token)).status).toBe(403);
    }
  });

  it('lists checklists with analytics, and items with completed / overdue / pending', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    await checklistWithItems(`Pack ${tag}`);
    await checklistWithItems(`Before ${tag}`, 'Pre-trip Tasks');
    const res = await api('GET', `/checklists?search=${tag}`);
    expect(res.status).toBe(200);
    expect(res.body.checklists.map((c: { title: string }) => c.title)).toEqual([`Before ${tag}`, `Pack ${tag}`]);
    expect(res.body.checklists[0]).toMatchObject({ category: 'pre_trip', category_label: 'Pre-trip Tasks', item_count: 4, created_by: owner.userId });
    expect(res.body.analytics.totalChecklists).toBeGreaterThanOrEqual(2);
    expect(res.body.analytics.categoryBreakdown.pre_trip).toBeGreaterThanOrEqual(1);
    expect(res.body.analytics.availableCategories).toContain('custom');
    expect((await api('GET', `/checklists?search=${tag}&category=pre_trip`)).body.checklists).toHaveLength(1);

    const items = await api('GET', `/checklists/items?search=Pack ${tag}`);
    const status = Object.fromEntries(
      items.body.items.map((i: { description: string; status: string }) => [i.description.replace(`Pack ${tag} `, ''), i.status]),
    );
    expect(status).toEqual({ done: 'completed', late: 'overdue', later: 'pending', whenever: 'pending' });
    const an = items.body.analytics;
    expect(an.totalItems).toBe(an.completedItems + an.pendingItems + an.overdueItems);
    expect(an.completionRate).toBeCloseTo(Math.round((an.completedItems / an.totalItems) * 1000) / 10);
    expect((await api('GET', `/checklists/items?search=${tag}&status=overdue`)).body.items).toHaveLength(2);
    expect((await api('GET', `/checklists/items?status=lost`)).status).toBe(400);
  });

  it('edits only with a non-empty, changed title; refusals read from details / error', async () => {
    const { checklistId } = await checklistWithItems('Rename me');
    const same = await api('PUT', `/admin/checklists/${checklistId}`, { title: 'Rename me' });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ success: false, error: M.titleUnchanged, details: M.titleUnchanged });
    expect((await api('PUT', `/admin/checklists/${checklistId}`, { title: '  ' })).body.details).toBe(M.titleRequired);
    expect((await api('PUT', `/admin/checklists/${checklistId}`, { title: 'New', category: 'nope' })).body.details).toBe(ChecklistMessages.invalidCategory);
    const ok = await api('PUT', `/admin/checklists/${checklistId}`, { title: 'Renamed', category: 'custom' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: M.checklistUpdated, checklist: { id: checklistId, title: 'Renamed', category: 'custom' } });
    expect(await t.db.prisma.adminAuditEntry.count({ where: { action: 'checklist.update', targetId: checklistId } })).toBe(1);
    const missing = await api('PUT', '/admin/checklists/00000000-0000-4000-8000-000000000000', { title: 'x' });
    expect([missing.status, missing.body.details]).toEqual([404, ChecklistMessages.checklistNotFound]);
  });

  it('deletes a checklist with its items', async () => {
    const { checklistId } = await checklistWithItems('Doomed');
    const res = await api('DELETE', `/admin/checklists/${checklistId}/delete`);
    expect(res.body).toEqual({ success: true, message: M.checklistDeleted, id: checklistId });
    expect(await t.db.prisma.checklistItem.count({ where: { checklistId } })).toBe(0);
    expect(await t.db.prisma.adminAuditEntry.count({ where: { action: 'checklist.delete', targetId: checklistId } })).toBe(1);
    expect((await api('DELETE', `/admin/checklists/${checklistId}/delete`)).status).toBe(404);
  });

  it('reads each list in a constant number of statements', async () => {
    const measure = async () => {
      const counts: number[] = [];
      for (const path of ['/checklists', '/checklists/items']) {
        t.db.stats.queries = 0;
        expect((await api('GET', path)).status).toBe(200);
        counts.push(t.db.stats.queries);
      }
      return counts;
    };
    const few = await measure();
    await checklistWithItems('More');
    await checklistWithItems('Even more');
    expect(await measure()).toEqual(few);
  });
});

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

describe('checklists tab over GraphQL', () => {
  it('lists checklists with figures, renames and deletes one, and refuses a traveller', async () => {
    const { checklistId: uuid } = await checklistWithItems('Graph list');
    const checklistId = gid('AdminChecklist', uuid);
    const list = await t.graphql(
      'query($s: String) { admin { checklists(search: $s, first: 5) { totalCount edges { node { id title tripName itemCount categoryLabel } } } checklistAnalytics { totalChecklists } } }',
      { s: 'Graph list' },
      admin.token,
    );
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.admin.checklists).toMatchObject({ totalCount: 1, edges: [{ node: { id: checklistId, title: 'Graph list', itemCount: 4 } }] });
    expect(list.body.data.admin.checklistAnalytics.totalChecklists).toBeGreaterThan(0);

    const rename = `mutation($input: AdminUpdateChecklistInput!) { adminUpdateChecklist(input: $input) {
      __typename ... on AdminUpdateChecklistPayload { checklist { id title } } ... on Error { message } } }`;
    const refused = await t.graphql(rename, { input: { checklistId, title: 'Mine' } }, owner.token);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const same = await t.graphql(rename, { input: { checklistId, title: 'Graph list' } }, admin.token);
    expect(same.body.data.adminUpdateChecklist).toEqual({ __typename: 'ValidationError', message: M.titleUnchanged });
    const renamed = await t.graphql(rename, { input: { checklistId, title: 'Graph list 2' } }, admin.token);
    expect(renamed.body.data.adminUpdateChecklist).toEqual({
      __typename: 'AdminUpdateChecklistPayload',
      checklist: { id: checklistId, title: 'Graph list 2' },
    });

    const del = `mutation($input: AdminDeleteChecklistInput!) { adminDeleteChecklist(input: $input) {
      __typename ... on AdminDeleteChecklistPayload { deletedChecklistId } ... on Error { message } } }`;
    const deleted = await t.graphql(del, { input: { checklistId } }, admin.token);
    expect(deleted.body.data.adminDeleteChecklist).toEqual({ __typename: 'AdminDeleteChecklistPayload', deletedChecklistId: checklistId });
    expect(await t.db.prisma.checklist.findUnique({ where: { id: uuid } })).toBeNull();
  });

  const ITEMS = `query($first: Int, $after: String, $search: String, $status: String) { admin {
    checklistItems(first: $first, after: $after, search: $search, status: $status) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id description checklistTitle dueDate assignedToName status } } }
    checklistItemAnalytics { totalItems completedItems pendingItems overdueItems completionRate } } }`;

  it('pages the items by cursor with their count, and filters them by status on the server', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    await checklistWithItems(`Items ${tag}`);
    const p1 = (await t.graphql(ITEMS, { first: 3, search: tag }, admin.token)).body.data.admin.checklistItems;
    expect([p1.totalCount, p1.edges.length, p1.pageInfo.hasNextPage]).toEqual([4, 3, true]);
    const p2 = (await t.graphql(ITEMS, { first: 3, after: p1.pageInfo.endCursor, search: tag }, admin.token)).body.data.admin.checklistItems;
    expect([p2.edges.length, p2.pageInfo.hasNextPage]).toEqual([1, false]);
    const status = Object.fromEntries(
      [...p1.edges, ...p2.edges].map((e: { node: { description: string; status: string } }) => [
        e.node.description.replace(`Items ${tag} `, ''),
        e.node.status,
      ]),
    );
    expect(status).toEqual({ done: 'completed', late: 'overdue', later: 'pending', whenever: 'pending' });
    const overdue = (await t.graphql(ITEMS, { search: tag, status: 'overdue' }, admin.token)).body.data.admin.checklistItems;
    expect(overdue.totalCount).toBe(1);
    const byCategory = await t.graphql('query($s: String) { admin { checklists(search: $s, category: "custom") { totalCount } } }', { s: tag }, admin.token);
    expect(byCategory.body.data.admin.checklists.totalCount).toBe(0);
  });

  it('reads each page in the same number of statements whatever its size', async () => {
    await checklistWithItems('Count one');
    await checklistWithItems('Count two');
    const measure = async (first: number) => {
      const counts: number[] = [];
      for (const q of [
        'query($first: Int) { admin { checklists(first: $first) { totalCount edges { node { id title tripName creatorName itemCount } } } } }',
        ITEMS,
      ]) {
        t.db.stats.queries = 0;
        const res = await t.graphql(q, { first }, admin.token);
        expect(res.body.errors).toBeUndefined();
        counts.push(t.db.stats.queries);
      }
      return counts;
    };
    expect(await measure(2)).toEqual(await measure(1));
  });
});
