import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

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

describe('nodes(ids:) of people', () => {
  it('answers each person as the viewer may see them when they are asked together', async () => {
    const [me, companion, requester, stranger] = await Promise.all([1, 2, 3, 4].map(() => signedInUser(t)));
    const trip = await createTrip(t, me.token);
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: companion.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    await t.db.prisma.friendRequest.create({ data: { fromUserId: requester.userId, toUserId: me.userId } });
    const gid = (id: string) => Buffer.from(`User:${id}`).toString('base64');
    const res = await t.graphql(
      'query($ids: [ID!]!) { nodes(ids: $ids) { ... on User { firstName city } } }',
      { ids: [me, companion, requester, stranger].map((u) => gid(u.userId)) },
      me.token,
    );
    expect(res.body.data.nodes).toEqual([
      { firstName: 'Ada', city: 'London' },
      { firstName: 'Ada', city: 'London' },
      // A pending friend request shows a name and picture only.
      { firstName: 'Ada', city: null },
      null,
    ]);
    expect(new Set(res.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code))).toEqual(new Set(['FORBIDDEN']));
  });
});
