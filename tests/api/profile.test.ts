import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages as M } from '../../api/src/accounts/messages.js';
import { createTestApp, linkFromMail, signedInUser, type TestApp } from '../support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const VIEWER = `{ viewer { id firstName lastName displayName email isAdmin emailVerified city country
  travelPreferences { travelFrequency activities } unreadNotificationCount
  dashboardStats { totalTrips upcomingTrips totalExpenses pendingTasks } } }`;

const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) {
  __typename ... on UpdateProfilePayload { emailChangeSent user { id firstName phone email pendingEmail emailVerified travelPreferences { groupSize transportation } } }
  ... on Error { message } ... on ValidationError { field } ... on ConflictError { field } } }`;

const profileInput = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'King',
  email: 'x@example.com',
  phone: '+44 20 7946 0000',
  city: 'London',
  state: 'England',
  country: 'GB',
  travelPreferences: { groupSize: '4-6', preferredDestinations: [], activities: [], travelStyle: [], accommodation: [], transportation: ['Trains'] },
  ...over,
});

describe('viewer', () => {
  it('returns the signed-in user with true zero stats', async () => {
    const u = await signedInUser(t);
    const res = await t.graphql(VIEWER, {}, u.token);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.viewer).toMatchObject({
      firstName: 'Ada',
      displayName: 'Ada Lovelace',
      email: u.email,
      isAdmin: false,
      emailVerified: true,
      unreadNotificationCount: 0,
      dashboardStats: { totalTrips: 0, upcomingTrips: 0, totalExpenses: 0, pendingTasks: 0 },
    });
  });

  it("node(id:) refuses another user's account", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const idOfB = (await t.graphql('{ viewer { id } }', {}, b.token)).body.data.viewer.id;
    const asA = await t.graphql('query($id: ID!) { node(id: $id) { id ... on User { firstName } } }', { id: idOfB }, a.token);
    expect(asA.body.data?.node ?? null).toBeNull();
    expect(asA.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const asNobody = await t.graphql('query($id: ID!) { node(id: $id) { id } }', { id: idOfB });
    expect(asNobody.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const asSelf = await t.graphql('query($id: ID!) { node(id: $id) { id ... on User { firstName } } }', { id: idOfB }, b.token);
    expect(asSelf.body.data.node.firstName).toBe('Ada');
  });
});

describe('updateProfile', () => {
  it('saves profile and preferences', async () => {
    const u = await signedInUser(t);
    const res = await t.graphql(UPDATE, { input: profileInput({ email: u.email }) }, u.token);
    expect(res.body.data.updateProfile).toMatchObject({
      __typename: 'UpdateProfilePayload',
      user: { firstName: 'Ada', phone: '+44 20 7946 0000', travelPreferences: { groupSize: '4-6', transportation: ['Trains'] } },
    });
  });

  it('keeps a typed country for Other and shows it by name, never as the code', async () => {
    const u = await signedInUser(t);
    const missing = await t.graphql(UPDATE, { input: profileInput({ email: u.email, country: 'OTHER' }) }, u.token);
    expect(missing.body.data.updateProfile).toMatchObject({ __typename: 'ValidationError', message: M.countryOtherRequired, field: 'countryOther' });
    const saved = await t.graphql(UPDATE, { input: profileInput({ email: u.email, country: 'OTHER', countryOther: 'Iceland' }) }, u.token);
    expect(saved.body.data.updateProfile.__typename).toBe('UpdateProfilePayload');
    const me = await t.graphql('{ viewer { country countryOther countryName } }', {}, u.token);
    expect(me.body.data.viewer).toEqual({ country: 'OTHER', countryOther: 'Iceland', countryName: 'Iceland' });
    await t.graphql(UPDATE, { input: profileInput({ email: u.email, country: 'DE', countryOther: 'ignored' }) }, u.token);
    expect((await t.graphql('{ viewer { countryOther countryName } }', {}, u.token)).body.data.viewer).toEqual({ countryOther: null, countryName: 'Germany' });
  });

  it('returns typed errors and changes nothing on bad input', async () => {
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ firstName: '' }, 'ValidationError', M.namesRequired, 'firstName'],
      [{ email: 'not an email' }, 'ValidationError', M.invalidEmail, 'email'],
      [{ email: other.email, currentPassword: u.password }, 'ConflictError', M.emailInUse, 'email'],
      [{ travelPreferences: { ...profileInput().travelPreferences, groupSize: '100' } }, 'ValidationError', M.invalidPreference, 'groupSize'],
    ];
    for (const [over, typename, message, field] of cases) {
      const res = await t.graphql(UPDATE, { input: profileInput({ email: u.email, ...over }) }, u.token);
      expect(res.body.data.updateProfile).toMatchObject({ __typename: typename, message, field });
    }
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { email: u.email } });
    expect(row.lastName).toBe('Lovelace');
  });

  it('needs a signed-in user', async () => {
    const res = await t.graphql(UPDATE, { input: profileInput() });
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('keeps the current address until the new one is confirmed from its link', async () => {
    const u = await signedInUser(t);
    const next = `changed.${u.email}`;
    const res = await t.graphql(UPDATE, { input: profileInput({ email: next, currentPassword: u.password }) }, u.token);
    expect(res.body.data.updateProfile).toMatchObject({ emailChangeSent: true, user: { email: u.email, pendingEmail: next, emailVerified: true } });
    // The old address hears about it; sign-in still works with it (a typo locks nobody out).
    expect((await t.mails()).some((m) => m.to.includes(u.email) && /about to change/.test(m.subject))).toBe(true);
    expect((await t.request('POST', '/api/auth/signin', { body: { email: u.email, password: u.password } })).status).toBe(200);
    // Saving the profile again without touching the e-mail leaves the change pending.
    const again = await t.graphql(UPDATE, { input: profileInput({ email: u.email }) }, u.token);
    expect(again.body.data.updateProfile).toMatchObject({ emailChangeSent: false, user: { pendingEmail: next } });

    const link = new URL(await linkFromMail(t, next, 'verify-email'));
    const opened = await t.request('GET', link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/^\/signin\?email_changed=1/);
    expect((await t.request('POST', '/api/auth/signin', { body: { email: next, password: u.password } })).status).toBe(200);
    expect((await t.request('POST', '/api/auth/signin', { body: { email: u.email, password: u.password } })).status).toBe(400);
    const after = await t.graphql('{ viewer { email pendingEmail emailVerified } }', {}, u.token);
    expect(after.body.data.viewer).toEqual({ email: next, pendingEmail: null, emailVerified: true });
    // The link works once; opened again it says the address is already confirmed.
    expect((await t.request('GET', link.pathname + link.search)).headers.get('location')).toBe('/signin?verified=already');
  });

  it('asks for the current password before an e-mail change, and changes nothing without it', async () => {
    const u = await signedInUser(t);
    const next = `elsewhere.${u.email}`;
    const missing = await t.graphql(UPDATE, { input: profileInput({ email: next }) }, u.token);
    expect(missing.body.data.updateProfile).toMatchObject({ __typename: 'ValidationError', message: M.currentPasswordRequired, field: 'currentPassword' });
    const wrong = await t.graphql(UPDATE, { input: profileInput({ email: next, currentPassword: 'guess-guess' }) }, u.token);
    expect(wrong.body.data.updateProfile).toMatchObject({ __typename: 'ValidationError', message: M.currentPasswordWrong, field: 'currentPassword' });
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } });
    expect([row.email, row.pendingEmail, row.firstName]).toEqual([u.email, null, 'Ada']);
    expect((await t.mails()).some((m) => m.to.includes(next))).toBe(false);
  });

  it('cancels a pending change: its link stops working', async () => {
    const u = await signedInUser(t);
    const next = `typo.${u.email}`;
    await t.graphql(UPDATE, { input: profileInput({ email: next, currentPassword: u.password }) }, u.token);
    const CANCEL = 'mutation { cancelEmailChange { __typename ... on CancelEmailChangePayload { user { email pendingEmail } } } }';
    expect((await t.graphql(CANCEL)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const res = await t.graphql(CANCEL, {}, u.token);
    expect(res.body.data.cancelEmailChange.user).toEqual({ email: u.email, pendingEmail: null });
    const link = new URL(await linkFromMail(t, next, 'verify-email'));
    expect((await t.request('GET', link.pathname + link.search)).headers.get('location')).toContain('verify_error');
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).email).toBe(u.email);
  });

  it('refuses the link when another account took the address meanwhile', async () => {
    const u = await signedInUser(t);
    const next = `contested.${u.email}`;
    await t.graphql(UPDATE, { input: profileInput({ email: next, currentPassword: u.password }) }, u.token);
    const link = new URL(await linkFromMail(t, next, 'verify-email'));
    await signedInUser(t, { email: next });
    expect((await t.request('GET', link.pathname + link.search)).headers.get('location')).toContain('verify_error');
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).email).toBe(u.email);
  });

  it('hides the pending address from other users', async () => {
    const u = await signedInUser(t);
    await t.graphql(UPDATE, { input: profileInput({ email: `secret.${u.email}`, currentPassword: u.password }) }, u.token);
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId }, select: { pendingEmail: true } });
    expect(row.pendingEmail).toBe(`secret.${u.email}`);
    // A friend may see the profile, but neither address.
    const friend = await signedInUser(t);
    await t.db.prisma.friendship.create({ data: { userId: friend.userId, friendId: u.userId } });
    const userId = Buffer.from(`User:${u.userId}`).toString('base64');
    const res = await t.graphql('query($id: ID!) { node(id: $id) { ... on User { firstName pendingEmail email } } }', { id: userId }, friend.token);
    expect(res.body.data.node).toEqual({ firstName: 'Ada', pendingEmail: null, email: null });
  });
});

describe('GET /api/backend/user-dashboard/{userId}', () => {
  it('answers the user, refuses others (403) and nobody (401); administrators may read', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const own = await t.request('GET', `/api/backend/user-dashboard/${a.userId}`, { token: a.token });
    expect(own.status).toBe(200);
    expect(own.body.profile).toMatchObject({ id: a.userId, first_name: 'Ada', email: a.email });
    expect(own.body.stats).toEqual({ totalTrips: 0, upcomingTrips: 0, totalExpenses: 0, pendingChecklists: 0 });
    expect(own.body.pendingInvitations).toEqual([]);
    expect(own.body.recentTrips).toEqual([]);
    expect((await t.request('GET', `/api/backend/user-dashboard/${a.userId}`, { token: b.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/user-dashboard/${a.userId}`)).status).toBe(401);
    await t.db.prisma.user.update({ where: { id: b.userId }, data: { role: 'ADMIN' } });
    expect((await t.request('GET', `/api/backend/user-dashboard/${a.userId}`, { token: b.token })).status).toBe(200);
  });

  it('counts real trips and runs a constant number of statements', async () => {
    const u = await signedInUser(t);
    const measure = async () => {
      t.db.stats.queries = 0;
      const res = await t.request('GET', `/api/backend/user-dashboard/${u.userId}`, { token: u.token });
      expect(res.status).toBe(200);
      return { count: t.db.stats.queries, body: res.body };
    };
    const before = await measure();
    const future = new Date(Date.now() + 10 * 86400_000);
    for (let i = 0; i < 4; i++) {
      await t.db.prisma.trip.create({
        data: {
          name: `Trip ${i}`,
          ownerId: u.userId,
          startDate: i % 2 ? future : null,
          members: { create: { userId: u.userId, status: 'OWNER', role: 'OWNER' } },
        },
      });
    }
    const after = await measure();
    expect(after.body.stats.totalTrips).toBe(4);
    // Undated trips count as upcoming, as on the trips page's tab.
    expect(after.body.stats.upcomingTrips).toBe(4);
    expect(after.body.recentTrips).toHaveLength(4);
    expect(after.count).toBe(before.count);
  });
});
