import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminFriendMessages as M } from '../../api/src/admin/friends/messages.js';
import { FriendMessages } from '../../api/src/friends/messages.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const ADMIN_EMAIL = 'admin-people-friends@example.com';
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
});
afterAll(() => t.close());

const gid = (type: string, uuid: string) => Buffer.from(`${type}:${uuid}`).toString('base64');
const ERR = '... on Error { message }';
const LISTS = `query($search: String, $status: String) { admin {
  friendAnalytics { totalFriendships activeUsers avgFriendsPerUser friendsWithTrips socialEngagementRate totalRequests pendingRequests acceptanceRate }
  friendships(search: $search, first: 50) { totalCount edges { node { id friendsSince user { id firstName } friend { id firstName } } } }
  friendRequests(search: $search, status: $status, first: 50) { totalCount edges { node { id status message createdAt from { id firstName } to { id firstName } } } } } }`;
const REMOVE = `mutation($input: AdminRemoveFriendshipInput!) { adminRemoveFriendship(input: $input) { __typename
  ... on AdminRemoveFriendshipPayload { removedFriendshipId } ${ERR} } }`;
const APPROVE = `mutation($input: AdminApproveFriendRequestInput!) { adminApproveFriendRequest(input: $input) { __typename
  ... on AdminFriendRequestPayload { request { id status } } ${ERR} } }`;
const REJECT = `mutation($input: AdminRejectFriendRequestInput!) { adminRejectFriendRequest(input: $input) { __typename
  ... on AdminFriendRequestPayload { request { id status } } ${ERR} } }`;

async function gql(query: string, variables: Record<string, unknown>, token = admin.token) {
  const res = await t.graphql(query, variables, token);
  return res.body.data ? (Object.values(res.body.data)[0] as any) : res.body;
}

async function friends(tag: string) {
  const [a, b] = await Promise.all([signedInUser(t, { first_name: `${tag}Ann` }), signedInUser(t, { first_name: `${tag}Bob` })]);
  await t.db.prisma.friendship.createMany({
    data: [
      { userId: a.userId, friendId: b.userId },
      { userId: b.userId, friendId: a.userId },
    ],
  });
  return { a, b };
}

describe('friendships', () => {
  it('lists each friendship once, searched by name, with analytics; removes both rows with an audit entry', async () => {
    const tag = `Fr${Date.now() % 100000}`;
    const { a, b } = await friends(tag);
    const list = await gql(LISTS, { search: tag });
    expect(list.friendships.totalCount).toBe(1);
    const node = list.friendships.edges[0].node;
    expect([node.user.firstName, node.friend.firstName].sort()).toEqual([`${tag}Ann`, `${tag}Bob`]);
    expect(list.friendAnalytics.totalFriendships).toBeGreaterThanOrEqual(1);

    const rest = await t.request('GET', `/api/backend/friends?search=${tag}`, { token: admin.token });
    expect(rest.status).toBe(200);
    expect(rest.body.friends).toHaveLength(1);
    expect(rest.body.friends[0]).toMatchObject({
      id: expect.any(String),
      friendship_date: expect.any(String),
      user_profile: { first_name: expect.stringContaining(tag) },
    });
    expect(Object.keys(rest.body.analytics).sort()).toEqual([
      'activeUsers',
      'avgFriendsPerUser',
      'friendsWithTrips',
      'socialEngagementRate',
      'totalFriendships',
    ]);

    const removed = await t.request('DELETE', `/api/backend/admin/friends/${rest.body.friends[0].id}/remove`, { token: admin.token });
    expect(removed.body).toEqual({ success: true, message: M.removed });
    expect(await t.db.prisma.friendship.count({ where: { OR: [{ userId: a.userId }, { userId: b.userId }] } })).toBe(0);
    const entry = await t.db.prisma.adminAuditEntry.findFirstOrThrow({ where: { action: 'friendship.remove', targetId: rest.body.friends[0].id } });
    expect(entry.summary).toContain(`${tag}Ann`);
    const again = await t.request('DELETE', `/api/backend/admin/friends/${rest.body.friends[0].id}/remove`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, details: M.friendshipNotFound, error: M.friendshipNotFound });

    const { a: c } = await friends(`${tag}x`);
    const row = await t.db.prisma.friendship.findFirstOrThrow({ where: { userId: c.userId } });
    expect(await gql(REMOVE, { input: { id: gid('Friendship', row.id) } })).toEqual({
      __typename: 'AdminRemoveFriendshipPayload',
      removedFriendshipId: gid('Friendship', row.id),
    });
    expect(await t.db.prisma.friendship.count({ where: { OR: [{ userId: c.userId }, { friendId: c.userId }] } })).toBe(0);
  });

  it('reads a page of friendships in the same number of statements for 2 as for 30', async () => {
    const tag = `Fs${Date.now() % 100000}`;
    const hub = await signedInUser(t, { first_name: `${tag}Hub` });
    const add = async (n: number) => {
      const users = await t.db.prisma.user.createManyAndReturn({
        data: Array.from({ length: n }, (_, i) => ({
          email: `${tag}.${i}.${Math.random()}@example.com`.toLowerCase(),
          passwordHash: '!',
          firstName: `${tag}${i}`,
          lastName: 'F',
        })),
        select: { id: true },
      });
      await t.db.prisma.friendship.createMany({
        data: users.flatMap((u) => [
          { userId: hub.userId, friendId: u.id },
          { userId: u.id, friendId: hub.userId },
        ]),
      });
    };
    const measure = async () => {
      t.db.stats.queries = 0;
      const g = await t.graphql(LISTS, { search: tag }, admin.token);
      expect(g.body.errors).toBeUndefined();
      const gqlCount = t.db.stats.queries;
      t.db.stats.queries = 0;
      const r = await t.request('GET', `/api/backend/friends?search=${tag}&limit=200`, { token: admin.token });
      return { gqlCount, restCount: t.db.stats.queries, n: g.body.data.admin.friendships.edges.length, rest: r.body.friends.length };
    };
    await add(2);
    const small = await measure();
    await add(28);
    const large = await measure();
    expect([small.n, small.rest, large.n, large.rest]).toEqual([2, 2, 30, 30]);
    expect(large.gqlCount).toBe(small.gqlCount);
    expect(large.restCount).toBe(small.restCount);
  });
});

describe('friend requests', () => {
  it('approves and rejects pending requests only, with messages, notices and audit entries', async () => {
    const tag = `Rq${Date.now() % 100000}`;
    const [a, b, c] = await Promise.all([
      signedInUser(t, { first_name: `${tag}A` }),
      signedInUser(t, { first_name: `${tag}B` }),
      signedInUser(t, { first_name: `${tag}C` }),
    ]);
    const [toB, toC] = await Promise.all([
      t.db.prisma.friendRequest.create({ data: { fromUserId: a.userId, toUserId: b.userId, message: 'hi' } }),
      t.db.prisma.friendRequest.create({ data: { fromUserId: a.userId, toUserId: c.userId } }),
    ]);
    const list = await gql(LISTS, { search: tag, status: 'pending' });
    expect(list.friendRequests.totalCount).toBe(2);
    const rest = await t.request('GET', `/api/backend/friends/requests?search=${tag}`, { token: admin.token });
    expect(rest.body.requests).toHaveLength(2);
    expect(rest.body.requests[0]).toMatchObject({ status: 'pending', from_user_id: a.userId, from_profile: { first_name: `${tag}A` } });
    expect(Object.keys(rest.body.analytics).sort()).toEqual(['acceptanceRate', 'pendingRequests', 'totalRequests']);

    const approved = await t.request('POST', `/api/backend/admin/friends/requests/${toB.id}/approve`, { token: admin.token });
    expect(approved.body).toMatchObject({ success: true, message: M.approved, request: { status: 'accepted' } });
    expect(
      await t.db.prisma.friendship.count({
        where: {
          OR: [
            { userId: a.userId, friendId: b.userId },
            { userId: b.userId, friendId: a.userId },
          ],
        },
      }),
    ).toBe(2);
    expect(await t.db.prisma.notification.count({ where: { userId: a.userId, type: 'FRIEND_REQUEST_ACCEPTED' } })).toBe(1);

    expect(await gql(REJECT, { input: { id: gid('FriendRequest', toC.id) } })).toMatchObject({ request: { status: 'REJECTED' } });
    const rejected = await t.request('POST', `/api/backend/admin/friends/requests/${toC.id}/reject`, { token: admin.token });
    expect(rejected.status).toBe(409);
    expect(rejected.body).toMatchObject({ success: false, details: FriendMessages.notPending });
    expect(await gql(APPROVE, { input: { id: gid('FriendRequest', toB.id) } })).toMatchObject({
      __typename: 'ConflictError',
      message: FriendMessages.notPending,
    });

    const fresh = await t.db.prisma.friendRequest.create({ data: { fromUserId: c.userId, toUserId: b.userId } });
    const r2 = await t.request('POST', `/api/backend/admin/friends/requests/${fresh.id}/reject`, { token: admin.token });
    expect(r2.body).toMatchObject({ success: true, message: M.rejected });
    const missing = await t.request('POST', `/api/backend/admin/friends/requests/00000000-0000-4000-8000-000000000000/approve`, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.details).toBe(FriendMessages.requestNotFound);

    const actions = await t.db.prisma.adminAuditEntry.findMany({ where: { targetId: { in: [toB.id, toC.id, fresh.id] } } });
    expect(actions.map((x) => x.action).sort()).toEqual(['friendRequest.approve', 'friendRequest.reject', 'friendRequest.reject']);
    expect((await gql(LISTS, { search: tag, status: 'accepted' })).friendRequests.edges.map((e: any) => e.node.id)).toEqual([gid('FriendRequest', toB.id)]);
    expect((await t.request('GET', '/api/backend/friends/requests?status=odd', { token: admin.token })).status).toBe(400);
  });

  it('refuses travellers every row and mutation of the tab', async () => {
    const u = await signedInUser(t);
    for (const [method, path] of [
      ['GET', '/friends'],
      ['GET', '/friends/requests'],
      ['DELETE', '/admin/friends/00000000-0000-4000-8000-000000000000/remove'],
      ['POST', '/admin/friends/requests/00000000-0000-4000-8000-000000000000/approve'],
      ['POST', '/admin/friends/requests/00000000-0000-4000-8000-000000000000/reject'],
    ] as const) {
      expect((await t.request(method, `/api/backend${path}`, { token: u.token })).status).toBe(403);
    }
    const res = await t.graphql(REMOVE, { input: { id: gid('Friendship', '00000000-0000-4000-8000-000000000000') } }, u.token);
    expect(JSON.stringify(res.body)).toMatch(/FORBIDDEN|Administrator|Forbidden/);
  });
});
