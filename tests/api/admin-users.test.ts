import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserMessages as M } from '../../api/src/admin/users/messages.js';
import { adminUserStats } from '../../api/src/admin/users/service.js';
import { AccountMessages } from '../../api/src/accounts/messages.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const ADMIN_EMAIL = 'admin-people-users@example.com';
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
});
afterAll(() => t.close());

const gid = (type: string, uuid: string) => Buffer.from(`${type}:${uuid}`).toString('base64');
const ERR = '... on Error { message } ... on ValidationError { field fieldErrors { field message } }';
const USERS = `query($search: String, $country: String, $first: Int, $after: String) { admin {
  userStats { totalUsers newThisMonth activeUsers usersWithPreferences }
  userCountries
  users(search: $search, country: $country, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor }
    edges { node { id firstName lastName email city state country createdAt preferencesConfigured } } } } }`;
const UPDATE = `mutation($input: AdminUpdateUserInput!) { adminUpdateUser(input: $input) { __typename
  ... on AdminUpdateUserPayload { user { id firstName lastName city state country } } ${ERR} } }`;
const DELETE = `mutation($input: AdminDeleteUserInput!) { adminDeleteUser(input: $input) { __typename
  ... on AdminDeleteUserPayload { deletedUserId tripsPassedOnCount tripsDeletedCount } ${ERR} } }`;

async function gql(query: string, variables: Record<string, unknown>, token = admin.token) {
  const res = await t.graphql(query, variables, token);
  return res.body.data ? (Object.values(res.body.data)[0] as any) : res.body;
}

describe('users tab: list and cards', () => {
  it('searches by first name, last name, city or state and filters by country, on both doors', async () => {
    const tag = `Zq${Date.now() % 100000}`;
    const [a, b] = await Promise.all([
      signedInUser(t, { first_name: `${tag}ina`, city: 'Porto', state: 'Norte', country: 'FR' }),
      signedInUser(t, { last_name: `${tag}son`, city: 'Lyon', country: 'US' }),
    ]);
    await t.db.prisma.user.update({ where: { id: a.userId }, data: { activities: ['Hiking'] } });
    const all = await gql(USERS, { search: tag.toLowerCase() });
    expect(all.users.totalCount).toBe(2);
    const byId = new Map(all.users.edges.map((e: any) => [e.node.id, e.node]));
    expect(byId.get(gid('User', a.userId))).toMatchObject({ city: 'Porto', state: 'Norte', country: 'FR', preferencesConfigured: true });
    expect(byId.get(gid('User', b.userId))).toMatchObject({ preferencesConfigured: false, email: b.email });
    expect((await gql(USERS, { search: tag, country: 'US' })).users.edges.map((e: any) => e.node.id)).toEqual([gid('User', b.userId)]);
    expect((await gql(USERS, { search: 'Norte' })).users.edges.map((e: any) => e.node.id)).toContain(gid('User', a.userId));
    expect(all.userCountries).toEqual(['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'IN', 'JP', 'BR', 'MX', 'OTHER']);

    const rest = await t.request('GET', `/api/backend/admin/users?search=${tag}&country=FR`, { token: admin.token });
    expect(rest.status).toBe(200);
    expect(rest.body.users).toHaveLength(1);
    expect(rest.body.users[0]).toMatchObject({ id: a.userId, first_name: `${tag}ina`, city: 'Porto', preferences_configured: true });
    expect(rest.body.analytics).toMatchObject({ totalUsers: expect.any(Number), newThisMonth: expect.any(Number) });
    expect(rest.body.next_cursor).toBeNull();
  });

  it('counts the four cards over every account: deleted accounts are not users', async () => {
    const before = (await gql(USERS, {})).userStats;
    const u = await signedInUser(t);
    await t.db.prisma.user.update({ where: { id: u.userId }, data: { travelFrequency: 'Monthly' } });
    const old = await signedInUser(t);
    await t.db.prisma.user.update({ where: { id: old.userId }, data: { createdAt: new Date(Date.now() - 40 * 86_400_000) } });
    const after = (await gql(USERS, {})).userStats;
    expect(after.totalUsers).toBe(before.totalUsers + 2);
    expect(after.activeUsers).toBe(before.activeUsers + 1);
    expect(after.usersWithPreferences).toBe(before.usersWithPreferences + 1);
    expect(after.newThisMonth).toBeGreaterThanOrEqual(before.newThisMonth + 1);
    await gql(DELETE, { input: { id: gid('User', u.userId) } });
    const gone = (await gql(USERS, {})).userStats;
    expect(gone.totalUsers).toBe(after.totalUsers - 1);
    expect(gone.usersWithPreferences).toBe(after.usersWithPreferences - 1);
  });

  it("counts 'New This Month' from the first of the month in UTC, whatever the server's time zone", async () => {
    // A month far ahead, so that no other account is that new. In Kiritimati (UTC+14) 12:00 UTC on
    // the 31st is already the 1st of April and 00:00 on 1 March is still 28 February in UTC: a
    // local-time month would drop the March accounts and count the February one.
    const now = new Date('2041-03-31T12:00:00.000Z');
    const ctx = { deps: t.app.deps, viewer: { id: admin.userId, isAdmin: true }, clientIp: '127.0.0.1', userAgent: 'test', timeZone: 'UTC', cache: new Map() };
    const dates = ['2041-02-28T23:59:59.999Z', '2041-03-01T00:00:00.000Z', '2041-03-01T09:30:00.000Z', '2041-03-31T11:59:00.000Z'];
    const people = await Promise.all(dates.map(() => signedInUser(t)));
    await Promise.all(people.map((p, i) => t.db.prisma.user.update({ where: { id: p.userId }, data: { createdAt: new Date(dates[i]!) } })));
    const tz = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      expect((await adminUserStats(ctx, now)).newThisMonth).toBe(3);
      process.env.TZ = 'America/Los_Angeles';
      expect((await adminUserStats(ctx, now)).newThisMonth).toBe(3);
      // On the first of the month itself, just after midnight UTC: only what came since.
      expect((await adminUserStats(ctx, new Date('2041-03-01T00:00:00.500Z'))).newThisMonth).toBe(3);
      expect((await adminUserStats(ctx, new Date('2041-02-28T23:59:59.999Z'))).newThisMonth).toBe(4);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
      // Out of the other tests' counts: deleted accounts are not users.
      await t.db.prisma.user.updateMany({ where: { id: { in: people.map((p) => p.userId) } }, data: { deletedAt: new Date() } });
    }
  });

  it('pages on the server and reads a page in the same number of statements for 3 users as for 40', async () => {
    const tag = `Pg${Date.now() % 100000}`;
    const measure = async () => {
      t.db.stats.queries = 0;
      const g = await t.graphql(USERS, { search: tag, first: 50 }, admin.token);
      expect(g.body.errors).toBeUndefined();
      const gqlCount = t.db.stats.queries;
      t.db.stats.queries = 0;
      const r = await t.request('GET', `/api/backend/admin/users?search=${tag}&limit=200`, { token: admin.token });
      return { gqlCount, restCount: t.db.stats.queries, n: g.body.data.admin.users.edges.length, rest: r.body.users.length };
    };
    const add = (n: number) =>
      t.db.prisma.user.createMany({
        data: Array.from({ length: n }, (_, i) => ({
          email: `${tag.toLowerCase()}.${i}.${Math.random()}@example.com`,
          passwordHash: '!',
          firstName: `${tag}${i}`,
          lastName: 'Bulk',
          activities: i % 2 ? ['Hiking'] : [],
        })),
      });
    await add(3);
    const small = await measure();
    await add(37);
    const large = await measure();
    expect([small.n, small.rest, large.n, large.rest]).toEqual([3, 3, 40, 40]);
    expect(large.gqlCount).toBe(small.gqlCount);
    expect(large.restCount).toBe(small.restCount);
    expect(large.restCount).toBeLessThanOrEqual(4);

    const first = await t.request('GET', `/api/backend/admin/users?search=${tag}&limit=25`, { token: admin.token });
    const second = await t.request('GET', `/api/backend/admin/users?search=${tag}&limit=25&cursor=${first.body.next_cursor}`, { token: admin.token });
    expect(first.body.users).toHaveLength(25);
    expect(second.body.users).toHaveLength(15);
    expect(second.body.next_cursor).toBeNull();
    expect(new Set([...first.body.users, ...second.body.users].map((u: any) => u.id)).size).toBe(40);
  });
});

describe('users tab: edit', () => {
  it('edits names and location, records the changed fields, and refuses every field at fault at once', async () => {
    const u = await signedInUser(t, { city: 'Leeds' });
    const ok = await gql(UPDATE, {
      input: { id: gid('User', u.userId), firstName: ' Grace ', lastName: 'Hopper', city: 'Arlington', state: 'VA', country: 'US' },
    });
    expect(ok).toMatchObject({ __typename: 'AdminUpdateUserPayload', user: { firstName: 'Grace', city: 'Arlington', state: 'VA', country: 'US' } });
    const entry = await t.db.prisma.adminAuditEntry.findFirstOrThrow({ where: { action: 'user.update', targetId: u.userId } });
    expect(entry).toMatchObject({ actorId: admin.userId, targetType: 'user' });
    expect(entry.before).toMatchObject({ firstName: 'Ada', city: 'Leeds', country: 'GB' });
    expect(entry.after).toMatchObject({ firstName: 'Grace', city: 'Arlington', country: 'US' });
    expect(entry.before).not.toHaveProperty('countryOther');

    const bad = await gql(UPDATE, { input: { id: gid('User', u.userId), firstName: ' ', lastName: '', country: 'UK' } });
    expect(bad.__typename).toBe('ValidationError');
    expect(bad.fieldErrors.map((f: any) => f.field)).toEqual(['firstName', 'lastName', 'country']);
    expect(bad.message).toBe(AccountMessages.namesRequired);

    const rest = await t.request('PUT', `/api/backend/admin/users/${u.userId}`, {
      token: admin.token,
      body: { first_name: 'Ada', last_name: 'Byron', city: '', state: null, country: 'GB' },
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ success: true, message: M.updated, user: { last_name: 'Byron', city: null, country: 'GB' } });
    const refused = await t.request('PUT', `/api/backend/admin/users/${u.userId}`, { token: admin.token, body: { first_name: '', last_name: 'X' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message: AccountMessages.namesRequired });
    const missing = await t.request('PUT', `/api/backend/admin/users/00000000-0000-4000-8000-000000000000`, {
      token: admin.token,
      body: { first_name: 'A', last_name: 'B' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(M.notFound);
  });

  it('refuses travellers on both doors', async () => {
    const u = await signedInUser(t);
    expect((await t.request('PUT', `/api/backend/admin/users/${u.userId}`, { token: u.token, body: { first_name: 'A', last_name: 'B' } })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/admin/users`, { token: u.token })).status).toBe(403);
    const res = await gql(UPDATE, { input: { id: gid('User', u.userId), firstName: 'A', lastName: 'B' } }, u.token);
    expect(JSON.stringify(res)).toMatch(/FORBIDDEN|Administrator/);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).firstName).toBe('Ada');
  });
});

describe('users tab: delete', () => {
  it('deletes by the self-deletion rule: trips pass on or go, the ledger stays balanced under Deleted user, one audit entry', async () => {
    const [owner, member, payer] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    const shared = await createTrip(t, owner.token, { name: 'Shared' });
    const alone = await createTrip(t, owner.token, { name: 'Alone' });
    const prisma = t.db.prisma;
    await prisma.tripMember.createMany({
      data: [member, payer].map((u, i) => ({
        tripId: shared.uuid,
        userId: u.userId,
        status: 'ACCEPTED' as const,
        role: 'MEMBER' as const,
        joinedAt: new Date(Date.now() - (2 - i) * 86_400_000),
      })),
    });
    await prisma.expense.create({
      data: {
        tripId: shared.uuid,
        title: 'Dinner',
        amountCents: 9000,
        currency: 'USD',
        paidById: owner.userId,
        expenseDate: new Date('2030-01-01'),
        splits: { create: [owner, member, payer].map((u) => ({ userId: u.userId, amountCents: 3000 })) },
      },
    });
    await prisma.settlement.create({ data: { tripId: shared.uuid, fromUserId: member.userId, toUserId: owner.userId, amountCents: 1000, currency: 'USD' } });

    const res = await t.request('DELETE', `/api/backend/admin/users/${owner.userId}/delete`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: M.deleted,
      trips_passed_on: [{ trip_id: shared.uuid, new_owner_id: member.userId }],
      trips_deleted: [alone.uuid],
    });

    expect(await prisma.trip.findUnique({ where: { id: alone.uuid } })).toBeNull();
    expect((await prisma.trip.findUniqueOrThrow({ where: { id: shared.uuid } })).ownerId).toBe(member.userId);
    const retired = await prisma.user.findUniqueOrThrow({ where: { id: owner.userId } });
    expect(retired).toMatchObject({ firstName: 'Deleted', lastName: 'user', city: null });
    const expenses = await prisma.expense.findMany({ where: { tripId: shared.uuid }, include: { splits: true } });
    const settlements = await prisma.settlement.findMany({ where: { tripId: shared.uuid } });
    const balance = new Map<string, number>();
    const add = (id: string, n: number) => balance.set(id, (balance.get(id) ?? 0) + n);
    for (const e of expenses) {
      add(e.paidById, e.amountCents);
      for (const s of e.splits) add(s.userId, -s.amountCents);
    }
    for (const s of settlements) {
      add(s.fromUserId, s.amountCents);
      add(s.toUserId, -s.amountCents);
    }
    expect([...balance.values()].reduce((x, y) => x + y, 0)).toBe(0);
    expect(balance.get(owner.userId)).toBe(5000);

    const entries = await prisma.adminAuditEntry.findMany({ where: { action: 'user.delete', targetId: owner.userId } });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ deleted: true, tripsDeleted: [alone.uuid] });
    expect(JSON.stringify(entries[0])).not.toContain(owner.email);

    // Gone from the list; a second deletion finds nothing.
    expect((await gql(USERS, { search: 'Deleted' })).users.edges.map((e: any) => e.node.id)).not.toContain(gid('User', owner.userId));
    const again = await t.request('DELETE', `/api/backend/admin/users/${owner.userId}/delete`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, message: M.notFound });
  });

  it('deletes through GraphQL and refuses deleting oneself', async () => {
    const u = await signedInUser(t);
    expect(await gql(DELETE, { input: { id: gid('User', u.userId) } })).toMatchObject({
      __typename: 'AdminDeleteUserPayload',
      deletedUserId: gid('User', u.userId),
      tripsPassedOnCount: 0,
      tripsDeletedCount: 0,
    });
    expect(await gql(DELETE, { input: { id: gid('User', admin.userId) } })).toMatchObject({ __typename: 'ForbiddenError', message: M.notYourself });
    expect((await t.request('DELETE', `/api/backend/admin/users/${admin.userId}/delete`, { token: admin.token })).body).toMatchObject({
      message: M.notYourself,
    });
  });
});
