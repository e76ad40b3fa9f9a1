// The administrators' audit log: what an action writes (and what a no-op edit writes), how the log
// is filtered on both doors, and that nothing, the API included, can rewrite or erase an entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { buildSchema } from 'graphql';
import { backendRoutes } from '../../api/src/server/routes.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';

const ADMIN_EMAIL = uniqueEmail('admin');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
});
afterAll(() => t.close());

const LOG = `query($action: String, $targetType: String, $search: String) {
  admin { auditLog(first: 50, action: $action, targetType: $targetType, search: $search) {
    totalCount edges { node { action targetType targetId summary actorEmail beforeJson afterJson } }
  } }
}`;
type Entry = { action: string; targetType: string; targetId: string | null; summary: string | null; beforeJson: string | null; afterJson: string | null };
const log = async (vars: Record<string, string>) => {
  const res = await t.graphql(LOG, vars, admin.token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.admin.auditLog.edges.map((e: { node: Entry }) => e.node) as Entry[];
};

describe('audit entries', () => {
  it("says 'no change' for an edit that changed nothing, instead of an entry with empty change lists", async () => {
    const london = await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'london' } });
    const same = await t.request('PUT', `/api/backend/admin/guides/${london.id}`, { token: admin.token, body: { title: london.title } });
    expect(same.status).toBe(200);
    const [guideEntry, ...more] = await t.db.prisma.adminAuditEntry.findMany({ where: { action: 'guide.update', targetId: london.id } });
    expect(more).toEqual([]);
    expect(guideEntry).toMatchObject({ summary: `Edited guide "${london.title}" (no change)`, before: null, after: null });

    // A real change still records the fields it changed, before and after.
    await t.request('PUT', `/api/backend/admin/guides/${london.id}`, { token: admin.token, body: { description: 'Markets, museums and the river.' } });
    const changed = await t.db.prisma.adminAuditEntry.findMany({ where: { action: 'guide.update', targetId: london.id }, orderBy: { createdAt: 'asc' } });
    expect(changed).toHaveLength(2);
    expect(changed[1]).toMatchObject({ after: { description: 'Markets, museums and the river.' } });
    expect(changed[1]!.summary).not.toContain('no change');

    // The same rule for every area: a user saved with the names they already have.
    const u = await signedInUser(t);
    const user = await t.request('PUT', `/api/backend/admin/users/${u.userId}`, {
      token: admin.token,
      body: { first_name: 'Ada', last_name: 'Lovelace', city: 'London', state: 'England', country: 'GB' },
    });
    expect(user.status).toBe(200);
    const userEntry = await t.db.prisma.adminAuditEntry.findFirstOrThrow({ where: { action: 'user.update', targetId: u.userId } });
    expect(userEntry).toMatchObject({ summary: 'Ada Lovelace (no change)', before: null, after: null });
  });
});

describe('audit log', () => {
  it('is filtered on the server by action, by target type and by search, on both doors', async () => {
    const paris = await t.db.prisma.guide.findUniqueOrThrow({ where: { slug: 'paris' } });
    // Unfeatured first (a no-op if it was not featured), so that featuring is a change.
    await t.request('POST', `/api/backend/admin/guides/${paris.id}/unfeature`, { token: admin.token });
    await t.request('POST', `/api/backend/admin/guides/${paris.id}/feature`, { token: admin.token });
    await t.request('GET', '/api/backend/admin/system/health/api', { token: admin.token });

    const featured = await log({ action: 'guide.feature' });
    expect(featured.map((e) => e.targetId)).toEqual([paris.id]);
    const guides = await log({ action: 'guide' });
    expect(guides.length).toBeGreaterThanOrEqual(2);
    expect(guides.every((e) => e.action.startsWith('guide.'))).toBe(true);
    const system = await log({ targetType: 'system' });
    expect(system.map((e) => e.action)).toEqual(['system.health_check']);
    // Search: the record's id (its start), the summary, the administrator's address.
    expect((await log({ search: paris.id.slice(0, 8) })).map((e) => e.action)).toEqual(['guide.feature', 'guide.unfeature']);
    expect((await log({ search: 'health check' })).map((e) => e.action)).toEqual(['system.health_check']);
    expect((await log({ search: ADMIN_EMAIL.toUpperCase() })).length).toBeGreaterThanOrEqual(3);
    expect(await log({ search: 'nothing-like-this' })).toEqual([]);

    const rest = await t.request('GET', `/api/backend/admin/audit-log?action=guide.feature`, { token: admin.token });
    expect(rest.status).toBe(200);
    expect(rest.body.entries).toEqual([
      expect.objectContaining({ action: 'guide.feature', target_type: 'guide', target_id: paris.id, actor_email: ADMIN_EMAIL, after: { featured: true } }),
    ]);
    const bySearch = await t.request('GET', `/api/backend/admin/audit-log?target_type=system&search=health`, { token: admin.token });
    expect(bySearch.body.entries.map((e: { action: string }) => e.action)).toEqual(['system.health_check']);
  });

  it('cannot be edited: no mutation or REST row writes it, and the database refuses updates and deletes', async () => {
    const schema = buildSchema(fs.readFileSync('schema.graphql', 'utf8'));
    const writers = Object.keys(schema.getMutationType()!.getFields()).filter((name) => /audit/i.test(name));
    expect(writers).toEqual([]);
    const rows = backendRoutes.filter((r) => r.path.includes('audit'));
    expect(rows.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /admin/audit-log']);

    await t.request('GET', '/api/backend/admin/system/health/api', { token: admin.token });
    const entry = await t.db.prisma.adminAuditEntry.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
    await expect(t.db.prisma.adminAuditEntry.update({ where: { id: entry.id }, data: { summary: 'rewritten' } })).rejects.toThrow(/cannot be changed/);
    await expect(t.db.prisma.adminAuditEntry.deleteMany({ where: { id: entry.id } })).rejects.toThrow(/cannot be changed/);
    expect(await t.db.prisma.adminAuditEntry.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({ summary: entry.summary });
  });
});
