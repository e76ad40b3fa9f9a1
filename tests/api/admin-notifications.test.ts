import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { AdminNotificationMessages as M } from '../../api/src/admin/notifications/messages.js';
import { notify } from '../../api/src/notifications/service.js';
import { withLiveEvents } from '../../api/src/platform/outbox.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
let wsUrl: string;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const ADMIN_EMAIL = 'admin-people-notifications@example.com';
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
});
afterAll(() => t.close());

const gid = (type: string, uuid: string) => Buffer.from(`${type}:${uuid}`).toString('base64');
const ERR = '... on Error { message } ... on ValidationError { field fieldErrors { field message } }';
const BROADCAST = `mutation($input: AdminBroadcastNotificationInput!) { adminBroadcastNotification(input: $input) { __typename
  ... on AdminBroadcastNotificationPayload { count } ${ERR} } }`;
const MARK = `mutation($input: AdminMarkNotificationReadInput!) { adminMarkNotificationRead(input: $input) { __typename
  ... on AdminMarkNotificationReadPayload { notification { id isRead } } ${ERR} } }`;
const DELETE = `mutation($input: AdminDeleteNotificationInput!) { adminDeleteNotification(input: $input) { __typename
  ... on AdminDeleteNotificationPayload { deletedNotificationId } ${ERR} } }`;
const LISTS = `query($search: String, $type: String, $status: String) { admin {
  notificationStats { totalNotifications unreadCount typeBreakdownJson }
  invitationAnalytics { totalInvitations platformUserInvites platformUserRate pendingInvitations totalMembers pendingMembers }
  notifications(search: $search, type: $type, first: 50) { totalCount edges { node { id title message kind isRead createdAt dataJson recipient { id } } } }
  tripInvitations(search: $search, status: $status, first: 50) { totalCount edges { node { id invitedAddress isPlatformUser tripRecordId kind statusLabel createdAt expiresAt } } }
  legacyInvites(search: $search, status: "invited", first: 50) { totalCount edges { node { id email tripRecordId status role invitedAt } } } } }`;

async function gql(query: string, variables: Record<string, unknown>, token = admin.token) {
  const res = await t.graphql(query, variables, token);
  return res.body.data ? (Object.values(res.body.data)[0] as any) : res.body;
}

describe('broadcast', () => {
  it("reaches every user, answers the count, records itself, and refuses without title and message ('Title and message are required!')", async () => {
    const [a, b] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const users = await t.db.prisma.user.count({ where: { deletedAt: null } });
    const res = await t.request('POST', '/api/backend/admin/notifications/broadcast', {
      token: admin.token,
      body: { title: 'Maintenance tonight', message: 'Back at 2am.', type: 'maintenance', action_url: '/dashboard' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: users, message: M.sentTo.replace('{count}', String(users)) });
    for (const u of [a, b, admin]) {
      const mine = await t.db.prisma.notification.findMany({ where: { userId: u.userId, title: 'Maintenance tonight' } });
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ type: 'MAINTENANCE', message: 'Back at 2am.', actionUrl: '/dashboard', readAt: null });
    }
    const entry = await t.db.prisma.adminAuditEntry.findFirstOrThrow({ where: { action: 'notification.broadcast' }, orderBy: { createdAt: 'desc' } });
    expect(entry.after).toMatchObject({ title: 'Maintenance tonight', type: 'maintenance', count: users });

    for (const body of [{ title: '', message: 'x' }, { title: 'x', message: '  ' }, {}]) {
      const bad = await t.request('POST', '/api/backend/admin/notifications/broadcast', { token: admin.token, body });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, details: M.titleAndMessageRequired, error: M.titleAndMessageRequired });
    }
    const badUrl = await t.request('POST', '/api/backend/admin/notifications/broadcast', {
      token: admin.token,
      body: { title: 'x', message: 'y', action_url: 'javascript:alert(1)' },
    });
    expect(badUrl.body.details).toBe(M.invalidActionUrl);
    const badType = await gql(BROADCAST, { input: { title: ' ', message: '' } });
    expect(badType).toMatchObject({ __typename: 'ValidationError', message: M.titleAndMessageRequired });

    const viaGraphql = await gql(BROADCAST, { input: { title: 'New: wishlists', message: 'Save places for later.' } });
    expect(viaGraphql).toMatchObject({ __typename: 'AdminBroadcastNotificationPayload', count: users });
    expect(await t.db.prisma.notification.count({ where: { title: 'New: wishlists', type: 'ANNOUNCEMENT' } })).toBe(users);
    // Deleted accounts are not reached.
    expect((await t.request('POST', '/api/backend/admin/notifications/broadcast', { token: a.token, body: { title: 'x', message: 'y' } })).status).toBe(403);
  });

  it('arrives live for those online, each with their own unread count', async () => {
    const u = await signedInUser(t);
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${u.token}` } });
    const received: any[] = [];
    let wake = () => {};
    client.subscribe(
      { query: 'subscription { notificationsChanged { unreadCount notification { title } } }' },
      { next: (v) => (received.push(v.data?.notificationsChanged), wake()), error: () => {}, complete: () => {} },
    );
    const next = (pred: (e: any) => boolean) =>
      new Promise<any>((resolve) => {
        const check = () => {
          const hit = received.find(pred);
          if (hit) resolve(hit);
        };
        wake = check;
        check();
      });
    // The subscription is in place once a notification of the user's own arrives.
    const probe = next((e) => e?.notification?.title === 'probe');
    let probing = true;
    void (async () => {
      while (probing) {
        await withLiveEvents(t.app.deps, (tx, events) => notify(tx, events, u.userId, { type: 'TRIP_UPDATE', title: 'probe', message: 'probe' }));
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    await probe;
    probing = false;
    const unreadBefore = await t.db.prisma.notification.count({ where: { userId: u.userId, readAt: null } });
    const arrived = next((e) => e?.notification?.title === 'Live hello');
    await gql(BROADCAST, { input: { title: 'Live hello', message: 'Everyone hears this.', type: 'FEATURE' } });
    const event = await arrived;
    expect(event.unreadCount).toBeGreaterThanOrEqual(unreadBefore + 1);
    await client.dispose();
  });
});

describe('notifications: list, mark read, delete', () => {
  it('lists every user’s notifications searched and filtered by type, with stats; marks read and deletes with audit entries', async () => {
    const u = await signedInUser(t);
    const made = await withLiveEvents(t.app.deps, async (tx, events) => [
      await notify(tx, events, u.userId, { type: 'EXPENSE_SPLIT', title: 'Zebra split', message: 'You owe 10' }),
      await notify(tx, events, u.userId, { type: 'TRIP_UPDATE', title: 'Zebra trip', message: 'Dates moved' }),
    ]);
    const before = await gql(LISTS, { search: 'zebra' });
    expect(before.notifications.totalCount).toBe(2);
    expect(before.notifications.edges[0].node).toMatchObject({
      title: 'Zebra trip',
      kind: 'trip_update',
      isRead: false,
      recipient: { id: gid('User', u.userId) },
    });
    expect((await gql(LISTS, { search: 'zebra', type: 'expense_split' })).notifications.edges.map((e: any) => e.node.title)).toEqual(['Zebra split']);
    const stats = before.notificationStats;
    expect(JSON.parse(stats.typeBreakdownJson)).toMatchObject({ expense_split: expect.any(Number), trip_update: expect.any(Number) });

    const rest = await t.request('GET', '/api/backend/admin/notifications?search=zebra&type=trip_update', { token: admin.token });
    expect(rest.body.notifications).toEqual([expect.objectContaining({ title: 'Zebra trip', user_id: u.userId, is_read: false, type: 'trip_update' })]);
    expect(rest.body.analytics).toMatchObject({ totalNotifications: stats.totalNotifications, unreadCount: stats.unreadCount });
    expect((await t.request('GET', '/api/backend/admin/notifications?type=nonsense', { token: admin.token })).status).toBe(400);

    const [split, trip] = made;
    const marked = await t.request('POST', `/api/backend/admin/notifications/${split!.id}/mark-read`, { token: admin.token });
    expect(marked.body).toMatchObject({ success: true, message: M.markedRead, notification: { is_read: true } });
    expect(await gql(MARK, { input: { id: gid('Notification', trip!.id) } })).toMatchObject({ notification: { isRead: true } });
    const after = await gql(LISTS, { search: 'zebra' });
    expect(after.notificationStats.unreadCount).toBe(stats.unreadCount - 2);

    const deleted = await t.request('DELETE', `/api/backend/admin/notifications/${split!.id}/delete`, { token: admin.token });
    expect(deleted.body).toMatchObject({ success: true, message: M.deleted });
    expect(await gql(DELETE, { input: { id: gid('Notification', trip!.id) } })).toMatchObject({ deletedNotificationId: gid('Notification', trip!.id) });
    expect(await t.db.prisma.notification.count({ where: { id: { in: [split!.id, trip!.id] } } })).toBe(0);
    const missing = await t.request('DELETE', `/api/backend/admin/notifications/${split!.id}/delete`, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, details: M.notFound });
    expect((await t.request('POST', `/api/backend/admin/notifications/nope/mark-read`, { token: admin.token })).body.details).toBe(M.notFound);

    const actions = await t.db.prisma.adminAuditEntry.findMany({ where: { targetId: { in: [split!.id, trip!.id] } }, orderBy: { createdAt: 'asc' } });
    expect(actions.map((a) => a.action).sort()).toEqual(['notification.delete', 'notification.delete', 'notification.markRead', 'notification.markRead']);
    // A traveller may do none of it.
    expect((await t.request('GET', '/api/backend/admin/notifications', { token: u.token })).status).toBe(403);
  });

  it('reads a page of notifications in the same number of statements for 3 as for 40', async () => {
    const u = await signedInUser(t);
    const tag = `Stmt${Date.now() % 100000}`;
    const add = (n: number) =>
      t.db.prisma.notification.createMany({
        data: Array.from({ length: n }, (_, i) => ({ userId: u.userId, type: 'ANNOUNCEMENT' as const, title: `${tag} ${i}`, message: 'm' })),
      });
    const measure = async () => {
      t.db.stats.queries = 0;
      const g = await t.graphql(LISTS, { search: tag }, admin.token);
      expect(g.body.errors).toBeUndefined();
      const gqlCount = t.db.stats.queries;
      t.db.stats.queries = 0;
      const r = await t.request('GET', `/api/backend/admin/notifications?search=${tag}&limit=200`, { token: admin.token });
      return { gqlCount, restCount: t.db.stats.queries, n: g.body.data.admin.notifications.edges.length, rest: r.body.notifications.length };
    };
    await add(3);
    const small = await measure();
    await add(37);
    const large = await measure();
    expect([small.n, small.rest, large.n, large.rest]).toEqual([3, 3, 40, 40]);
    expect(large.gqlCount).toBe(small.gqlCount);
    expect(large.restCount).toBe(small.restCount);
  });
});

describe('invitations and legacy invites', () => {
  it('lists trip invitations with the console statuses and analytics, and pending members as legacy invites', async () => {
    const [owner, existing, pendingMember] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    const trip = await createTrip(t, owner.token, { name: 'Invites' });
    const tag = `inv${Date.now() % 100000}`;
    const prisma = t.db.prisma;
    const past = new Date(Date.now() - 86_400_000);
    const future = new Date(Date.now() + 7 * 86_400_000);
    await prisma.tripInvitation.createMany({
      data: [
        { tripId: trip.uuid, invitedById: owner.userId, invitedEmail: `${tag}.open@example.com`, expiresAt: future },
        { tripId: trip.uuid, invitedById: owner.userId, invitedEmail: `${tag}.late@example.com`, expiresAt: past },
        { tripId: trip.uuid, invitedById: owner.userId, invitedEmail: `${tag}.no@example.com`, status: 'DECLINED', invitationType: 'FRIEND' },
        { tripId: trip.uuid, invitedById: owner.userId, invitedEmail: `${tag}.yes@example.com`, invitedUserId: existing.userId, status: 'ACCEPTED' },
      ],
    });
    await prisma.tripMember.create({ data: { tripId: trip.uuid, userId: pendingMember.userId, status: 'INVITED', role: 'MEMBER' } });

    const all = await gql(LISTS, { search: tag });
    expect(all.tripInvitations.totalCount).toBe(4);
    const byEmail = Object.fromEntries(all.tripInvitations.edges.map((e: any) => [e.node.invitedAddress.split('.')[1].split('@')[0], e.node]));
    expect(byEmail.open).toMatchObject({ statusLabel: 'pending', kind: 'email', isPlatformUser: false, tripRecordId: trip.uuid });
    expect(byEmail.late.statusLabel).toBe('expired');
    expect(byEmail.no).toMatchObject({ statusLabel: 'rejected', kind: 'friend' });
    expect(byEmail.yes).toMatchObject({ statusLabel: 'accepted', isPlatformUser: true });
    for (const [status, key] of [
      ['pending', 'open'],
      ['expired', 'late'],
      ['rejected', 'no'],
      ['accepted', 'yes'],
    ] as const) {
      const one = await gql(LISTS, { search: tag, status });
      expect(one.tripInvitations.edges.map((e: any) => e.node.id)).toEqual([byEmail[key].id]);
    }
    const a = all.invitationAnalytics;
    expect(a.platformUserRate).toBe(Math.round((a.platformUserInvites / a.totalInvitations) * 100));

    const rest = await t.request('GET', `/api/backend/invitations/trip-invitations?search=${tag}&status=expired`, { token: admin.token });
    expect(rest.status).toBe(200);
    expect(rest.body.invitations).toEqual([expect.objectContaining({ invited_email: `${tag}.late@example.com`, status: 'expired', trip_id: trip.uuid })]);
    expect(rest.body.analytics).toEqual({
      totalInvitations: a.totalInvitations,
      platformUserInvites: a.platformUserInvites,
      platformUserRate: a.platformUserRate,
      pendingInvitations: a.pendingInvitations,
    });
    expect((await t.request('GET', `/api/backend/invitations/trip-invitations?status=maybe`, { token: admin.token })).status).toBe(400);

    const legacy = await gql(LISTS, { search: pendingMember.email });
    expect(legacy.legacyInvites.edges.map((e: any) => e.node)).toEqual([
      expect.objectContaining({ email: pendingMember.email, tripRecordId: trip.uuid, status: 'invited', role: 'member' }),
    ]);
    const members = await t.request('GET', `/api/backend/trip-members?status=invited&search=${encodeURIComponent(pendingMember.email)}`, {
      token: admin.token,
    });
    expect(members.body.members).toEqual([expect.objectContaining({ email: pendingMember.email, status: 'invited', role: 'member', trip_id: trip.uuid })]);
    expect(members.body.analytics).toEqual({ totalMembers: a.totalMembers, pendingMembers: a.pendingMembers });
    expect(a.pendingMembers).toBeGreaterThanOrEqual(1);
    for (const path of ['/invitations/trip-invitations', '/trip-members']) {
      expect((await t.request('GET', `/api/backend${path}`, { token: owner.token })).status).toBe(403);
    }
  });
});
