import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH, ExportMessages } from '../../api/src/admin/system/export.js';
import { csvCell } from '../../api/src/platform/formats/csv.js';
import { HealthMessages } from '../../api/src/admin/system/health.js';
import { createLocalStorage } from '../../api/src/platform/storage.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';

const ADMIN_EMAIL = uniqueEmail('admin');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let traveller: Awaited<ReturnType<typeof signedInUser>>;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
  traveller = await signedInUser(t, { first_name: '=HYPERLINK("http://evil.test")', last_name: 'Smith, "Jr"' });
  const trip = await t.db.prisma.trip.create({
    data: {
      name: 'Lisbon',
      ownerId: traveller.userId,
      currency: 'EUR',
      budgetCents: 150050,
      members: { create: { userId: traveller.userId, status: 'OWNER' } },
    },
  });
  await t.db.prisma.expense.create({
    data: {
      tripId: trip.id,
      title: 'Dinner',
      amountCents: 4250,
      currency: 'EUR',
      paidById: traveller.userId,
      expenseDate: new Date('2026-11-20'),
      category: 'FOOD',
    },
  });
});
afterAll(() => t.close());

/** What no export may ever contain: the traveller's password hash and any token column. */
async function expectNoSecrets(text: string) {
  const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: traveller.userId } });
  expect(text).not.toContain(user.passwordHash);
  expect(text).not.toMatch(/password|token|hash|secret/i);
}

describe('data exports', () => {
  it('streams each kind as a dated JSON download, audited, without secrets', async () => {
    for (const kind of ['users', 'trips', 'expenses', 'all']) {
      const res = await t.request('GET', `/api/backend/admin/system/export/${kind}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="tripcrew-${kind}-${today()}.json"`);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.kind).toBe(kind);
      await expectNoSecrets(JSON.stringify(res.body));
    }
    const users = (await t.request('GET', '/api/backend/admin/system/export/users', { token: admin.token })).body.users;
    expect(users.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining([ADMIN_EMAIL, traveller.email]));
    const all = (await t.request('GET', '/api/backend/admin/system/export/all', { token: admin.token })).body;
    expect(all.trips).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Lisbon', budget: '1500.50', currency: 'EUR', owner_id: traveller.userId })]),
    );
    expect(all.expenses).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'Dinner', amount: '42.50', category: 'food', expense_date: '2026-11-20' })]),
    );

    const entries = await t.db.prisma.adminAuditEntry.findMany({ where: { action: 'system.export', actorId: admin.userId } });
    expect(entries.length).toBeGreaterThanOrEqual(6);
    expect(entries.find((e) => (e.after as { kind: string }).kind === 'users')).toMatchObject({
      targetType: 'system',
      after: { kind: 'users', format: 'json', file: `tripcrew-users-${today()}.json` },
    });
  });

  it('writes CSV that a spreadsheet cannot run, and refuses what it cannot write', async () => {
    const res = await t.request('GET', '/api/backend/admin/system/export/users?format=csv', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="tripcrew-users-${today()}.csv"`);
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toBe('id,email,first_name,last_name,phone,city,state,country,role,email_verified,created_at,last_sign_in_at');
    const row = lines.find((l) => l.includes(traveller.email))!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"")","Smith, ""Jr"""`);
    await expectNoSecrets(String(res.body));
    // The one CSV writer every export uses (tests/unit/format-writers.test.ts fuzzes it).
    expect(csvCell('+1 555')).toBe(`'+1 555`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('@SUM(A1)')).toBe(`'@SUM(A1)`);

    const allCsv = await t.request('GET', '/api/backend/admin/system/export/all?format=csv', { token: admin.token });
    expect(allCsv).toMatchObject({ status: 400, body: { error: ExportMessages.csvAll } });
    expect((await t.request('GET', '/api/backend/admin/system/export/users?format=xml', { token: admin.token })).body.error).toBe(ExportMessages.unknownFormat);
    expect((await t.request('GET', '/api/backend/admin/system/export/passwords', { token: admin.token })).body.error).toBe(ExportMessages.unknownKind);
    expect((await t.request('GET', '/api/backend/admin/system/export/users', { token: traveller.token })).status).toBe(403);
    expect((await t.request('GET', '/api/backend/admin/system/export/users')).status).toBe(401);
  });

  it('reads rows a batch at a time as the client reads, not all at once', async () => {
    const many = EXPORT_BATCH * 4;
    await t.db.prisma.user.createMany({
      data: Array.from({ length: many }, (_, i) => ({ email: `bulk-${i}-${uniqueEmail()}`, passwordHash: 'x', firstName: 'Bulk', lastName: String(i) })),
    });
    t.db.stats.queries = 0;
    const res = await t.app.fetch(
      new Request('http://app.test/api/backend/admin/system/export/users', { headers: { authorization: `Bearer ${admin.token}` } }),
    );
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    text += decoder.decode((await reader.read()).value);
    // The header and the first batch are out; the four other batches are not read yet.
    const early = t.db.stats.queries;
    expect(early).toBeLessThan(6);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(JSON.parse(text).users.length).toBeGreaterThanOrEqual(many + 2);
    expect(t.db.stats.queries).toBeGreaterThan(early + 2);
  });

  it('exports the four analytics files, dated, as JSON or CSV', async () => {
    for (const kind of ['user-engagement', 'trip-analytics', 'financial-summary', 'platform-metrics']) {
      const res = await t.request('GET', `/api/backend/admin/system/analytics/${kind}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="tripcrew-${kind}-${today()}.json"`);
      expect(res.body.kind).toBe(kind);
      await expectNoSecrets(JSON.stringify(res.body));
    }
    const trips = (await t.request('GET', '/api/backend/admin/system/analytics/trip-analytics', { token: admin.token })).body.trip_analytics;
    expect(trips).toEqual([expect.objectContaining({ name: 'Lisbon', members: 1, expenses: 1, spent: '42.50', currency: 'EUR' })]);
    const money = (await t.request('GET', '/api/backend/admin/system/analytics/financial-summary', { token: admin.token })).body.financial_summary;
    expect(money).toEqual([expect.objectContaining({ currency: 'EUR', category: 'food', expenses: 1, total: '42.50', unpaid_expenses: 1 })]);
    const engagement = await t.request('GET', '/api/backend/admin/system/analytics/user-engagement?format=csv', { token: admin.token });
    expect(String(engagement.body).split('\r\n')[0]).toBe(
      'user_id,joined_at,last_sign_in_at,trips,trips_owned,expenses_paid,stories,events,page_views,last_event_at',
    );
    expect((await t.request('GET', '/api/backend/admin/system/analytics/secrets', { token: admin.token })).body.error).toBe(
      ExportMessages.unknownAnalyticsKind,
    );
    // Four JSON files, two read again, one CSV; the refused kind is not an export.
    expect(await t.db.prisma.adminAuditEntry.count({ where: { action: 'system.analytics_export' } })).toBe(7);
  });
});

const HEALTH = `mutation($input: AdminRunHealthCheckInput!) { adminRunHealthCheck(input: $input) { __typename
  ... on AdminRunHealthCheckPayload { report { kind status checks { name status durationMs message } } } ... on Error { message } } }`;

describe('health checks', () => {
  it('really tests the database, the API and the storage, with timings, and records each run', async () => {
    for (const kind of ['database', 'api', 'storage']) {
      const res = await t.request('GET', `/api/backend/admin/system/health/${kind}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        kind,
        status: 'healthy',
        checks: [{ name: kind, status: 'ok', duration_ms: expect.any(Number), message: expect.any(String) }],
      });
    }
    const all = await t.graphql(HEALTH, { input: { kind: 'all' } }, admin.token);
    const report = all.body.data.adminRunHealthCheck.report;
    expect(report.status).toBe('healthy');
    expect(report.checks.map((c: { name: string; status: string }) => `${c.name}:${c.status}`)).toEqual([
      'database:ok',
      'api:ok',
      'storage:ok',
      'redis:skipped',
      'smtp:skipped',
    ]);
    expect(report.checks[4].message).toBe(HealthMessages.notConfigured);
    // The storage check leaves nothing behind.
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', 'health')) ? fs.readdirSync(path.join(t.config.dataDir, 'uploads', 'health')) : []).toEqual([]);
    const entries = await t.db.prisma.adminAuditEntry.findMany({ where: { action: 'system.health_check' } });
    expect(entries).toHaveLength(4);
    expect(entries.find((e) => (e.after as { kind: string }).kind === 'all')).toMatchObject({ targetType: 'system', actorId: admin.userId });
    expect((await t.request('GET', '/api/backend/admin/system/health/everything', { token: admin.token })).status).toBe(400);
    expect((await t.request('GET', '/api/backend/admin/system/health/all', { token: traveller.token })).status).toBe(403);
  });

  it('reports a storage it cannot write to as failed, with the reason', async () => {
    const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-health-')), 'a-file');
    fs.writeFileSync(blocker, 'not a folder');
    const storage = t.app.deps.storage;
    t.app.deps.storage = createLocalStorage(path.join(blocker, 'uploads'));
    try {
      const res = await t.request('GET', '/api/backend/admin/system/health/all', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('unhealthy');
      const check = res.body.checks.find((c: { name: string }) => c.name === 'storage');
      expect(check).toMatchObject({ status: 'failed', duration_ms: expect.any(Number) });
      expect(check.message).toMatch(/ENOTDIR|not a directory|EEXIST/i);
      expect(res.body.checks.find((c: { name: string }) => c.name === 'database').status).toBe('ok');
    } finally {
      t.app.deps.storage = storage;
    }
  });

  it('tests SMTP when it is configured, and says when it cannot be reached', async () => {
    const other = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: 'smtp://127.0.0.1:9' }, { db: t.db });
    try {
      const signin = await other.request('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: admin.password } });
      const res = await other.request('GET', '/api/backend/admin/system/health/all', { token: signin.body.access_token });
      const smtp = res.body.checks.find((c: { name: string }) => c.name === 'smtp');
      expect(smtp.status).toBe('failed');
      expect(smtp.message).toMatch(/ECONNREFUSED|connect/i);
      expect(res.body.status).toBe('unhealthy');
    } finally {
      await other.close();
    }
  });
});
