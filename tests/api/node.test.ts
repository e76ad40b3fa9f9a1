import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('node(id:)', () => {
  it('answers null, without an error, for ids that name nothing', async () => {
    const u = await signedInUser(t);
    for (const type of ['Trip', 'User', 'Notification', 'TripInvitation']) {
      const id = Buffer.from(`${type}:00000000-0000-4000-8000-000000000000`).toString('base64');
      const res = await t.graphql('query($id: ID!) { node(id: $id) { id } }', { id }, u.token);
      expect(res.body.errors, type).toBeUndefined();
      expect(res.body.data.node, type).toBeNull();
    }
  });
});
