import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsMessages as M } from '../../api/src/analytics/service.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (body: unknown, opts: { token?: string; ip?: string } = {}) =>
  t.request('POST', '/api/backend/analytics/event', { body, token: opts.token, headers: opts.ip ? { 'x-forwarded-for': opts.ip } : {} });

describe('POST /api/backend/analytics/event', () => {
  it('stores an anonymous page view', async () => {
    const page = `/?anon=${Date.now()}`;
    const res = await post({ event_type: 'page_view', page, metadata: { referrer: 'https://example.com' } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true });
    const rows = await t.db.prisma.analyticsEvent.findMany({ where: { page } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventType: 'page_view', userId: null, metadata: { referrer: 'https://example.com' } });
  });

  it('stores time on page with the signed-in user', async () => {
    const u = await signedInUser(t);
    const res = await post({ event_type: 'time_on_page', page: '/dashboard/trips', metadata: { duration_ms: 12_345 } }, { token: u.token });
    expect(res.status).toBe(202);
    const rows = await t.db.prisma.analyticsEvent.findMany({ where: { userId: u.userId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventType: 'time_on_page', page: '/dashboard/trips', metadata: { duration_ms: 12_345 } });
    // Neither page nor metadata is required.
    expect((await post({ event_type: 'page_view' }, { token: u.token })).status).toBe(202);
    expect(await t.db.prisma.analyticsEvent.count({ where: { userId: u.userId } })).toBe(2);
    // Events the server records itself are not taken from clients.
    expect((await post({ event_type: 'feedback_submit' }, { token: u.token })).status).toBe(400);
    expect(await t.db.prisma.analyticsEvent.count({ where: { userId: u.userId } })).toBe(2);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const page = `/bad-${Date.now()}`;
    const cases: [unknown, string][] = [
      [{ event_type: 'click', page }, M.unknownType],
      [{ page }, M.unknownType],
      [{ event_type: 42, page }, M.unknownType],
      [{ event_type: 'page_view', page: 'x'.repeat(501) }, M.pageTooLong],
      [{ event_type: 'page_view', page: ['/'] }, M.pageInvalid],
      [{ event_type: 'page_view', page, metadata: 'text' }, M.metadataInvalid],
      [{ event_type: 'page_view', page, metadata: [1, 2] }, M.metadataInvalid],
      [{ event_type: 'page_view', page, metadata: { blob: 'x'.repeat(4100) } }, M.metadataTooLarge],
      [{ event_type: 'time_on_page', page, metadata: { duration_ms: -5 } }, M.durationInvalid],
      [{ event_type: 'time_on_page', page, metadata: { duration_ms: 'long' } }, M.durationInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await t.db.prisma.analyticsEvent.count({ where: { page } })).toBe(0);
    // Exactly 500 characters and 4 KB are still fine.
    expect((await post({ event_type: 'page_view', page: 'y'.repeat(500), metadata: { blob: 'z'.repeat(4000) } })).status).toBe(202);
  });

  it('refuses a malformed body', async () => {
    const res = await t.app.fetch(new Request('http://app.test/api/backend/analytics/event', { method: 'POST', body: '{not json' }));
    expect(res.status).toBe(400);
  });

  it('accepts a beacon (text/plain body, no token)', async () => {
    const page = `/beacon-${Date.now()}`;
    const res = await t.app.fetch(
      new Request('http://app.test/api/backend/analytics/event', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ event_type: 'time_on_page', page, metadata: { duration_ms: 1000 } }),
      }),
    );
    expect(res.status).toBe(202);
    expect(await t.db.prisma.analyticsEvent.count({ where: { page } })).toBe(1);
  });

  it('limits each client address to 120 events a minute', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 120; i++) {
      // Refused events count too, and cost no database write.
      expect((await post({ event_type: 'nope' }, { ip })).status).toBe(400);
    }
    const limited = await post({ event_type: 'page_view', page: '/' }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(M.tooMany);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another address is unaffected.
    expect((await post({ event_type: 'page_view', page: '/' }, { ip: '203.0.113.8' })).status).toBe(202);
  });
});
