import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

describe('ids that name nothing', () => {
  it('read as not found, never as a server error, over GraphQL and REST', async () => {
    const u = await signedInUser(t);
    for (const id of ['abc', '00000000-0000-0000-0000-000000000000']) {
      const mark = await t.graphql(
        'mutation($id: ID!) { markNotificationRead(notificationId: $id) { __typename } }',
        { id: globalId('Notification', id) },
        u.token,
      );
      const codes = [mark.body.errors?.[0]?.extensions?.code, mark.body.data?.markNotificationRead?.__typename];
      expect(codes.join(' '), id).toMatch(/NOT_FOUND|NotFoundError/);
      for (const [method, path] of [
        ['POST', `/api/backend/accept-trip-invitation/${id}`],
        ['DELETE', `/api/backend/decline-trip-invitation/${id}`],
        ['GET', `/api/backend/trip-members/${id}`],
      ] as const) {
        const res = await t.request(method, path, { token: u.token });
        expect([res.status, path]).toEqual([404, path]);
      }
    }
  });
});

describe('cross-origin reads', () => {
  it("answers CORS for the app's own origin only", async () => {
    const preflight = (origin: string) =>
      t.request('OPTIONS', '/graphql', { headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const own = await preflight('http://app.test');
    expect(own.headers.get('access-control-allow-origin')).toBe('http://app.test');
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    expect(evil.headers.get('access-control-allow-credentials')).not.toBe('true');
  });
});
