import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { AccountMessages as M } from '../../api/src/accounts/messages.js';
import { authenticate } from '../../api/src/accounts/service.js';
import { createTestApp, linkFromMail, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';
import { createTrip, INVITE } from '../support/trips.js';

/** Settings: changing the password (ending every other session at once) and deleting the account. */
let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
});
afterAll(() => t.close());

const CHANGE = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename
  ... on ChangePasswordPayload { accessToken accessTokenExpiresAt accessTokenExpiresIn user { id email } }
  ... on Error { message } ... on ValidationError { field fieldErrors { field message } } } }`;

const DELETE = `mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { __typename
  ... on DeleteAccountPayload { deletedUserId } ... on Error { message } ... on ValidationError { field } } }`;

const NEW_PASSWORD = 'a brand new secret';

const signIn = (email: string, password: string) => t.request('POST', '/api/auth/signin', { body: { email, password } });
const refresh = (refreshToken: string) => t.request('POST', '/api/auth/refresh', { body: { refresh_token: refreshToken } });
/** 200 while the token is accepted over REST, 401 once refused. */
const restStatus = async (token: string, userId: string) => (await t.request('GET', `/api/backend/user-dashboard/${userId}`, { token })).status;
/** The viewer's id over GraphQL, or the error code. */
async function gqlViewer(token: string) {
  const res = await t.graphql('{ viewer { id } }', {}, token);
  if (res.body.errors) return res.body.errors[0].extensions.code as string;
  return Buffer.from(res.body.data.viewer.id, 'base64')
    .toString()
    .replace(/^User:/, '');
}
const change = (token: string, input: Record<string, unknown>) => t.graphql(CHANGE, { input }, token).then((r) => r.body.data.changePassword);

/** A second signed-in session (another device) of the same account. */
async function secondSession(u: { email: string; password: string }) {
  const res = await signIn(u.email, u.password);
  expect(res.status).toBe(200);
  return { token: res.body.access_token as string, refreshToken: res.body.refresh_token as string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(done: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(25);
  }
}

/** A live subscription opened with `token` (no reconnects): what arrives and how the socket closed. */
async function watch(token: string) {
  const w = { events: [] as unknown[], completed: false, closeCode: undefined as number | undefined };
  const client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams: { authorization: `Bearer ${token}` },
    on: { closed: (event) => void (w.closeCode = (event as { code?: number }).code) },
  });
  client.subscribe(
    { query: 'subscription { viewerChanged { kind } }' },
    { next: (v) => w.events.push(v), error: () => undefined, complete: () => void (w.completed = true) },
  );
  await sleep(300);
  return { client, state: w };
}

describe('changePassword', () => {
  it('refuses a wrong or missing current password and new passwords that break the sign-up rules, changing nothing', async () => {
    const u = await signedInUser(t);
    const wrong = await change(u.token, { currentPassword: 'not my password', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(wrong).toMatchObject({ __typename: 'ValidationError', field: 'currentPassword', message: M.currentPasswordWrong });

    const missing = await change(u.token, { currentPassword: '', newPassword: '123', confirmPassword: '1234' });
    expect(missing).toMatchObject({ __typename: 'ValidationError', field: 'currentPassword', message: M.passwordChangeCurrentRequired });
    // Every field at fault at once, for the form to show beside each.
    expect(missing.fieldErrors).toEqual([
      { field: 'currentPassword', message: M.passwordChangeCurrentRequired },
      { field: 'newPassword', message: M.passwordTooShort },
      { field: 'confirmPassword', message: M.passwordsDiffer },
    ]);
    const tooLong = await change(u.token, { currentPassword: u.password, newPassword: 'x'.repeat(129) });
    expect(tooLong).toMatchObject({ field: 'newPassword', message: M.passwordTooLong });
    const same = await change(u.token, { currentPassword: u.password, newPassword: u.password });
    expect(same).toMatchObject({ field: 'newPassword', message: M.newPasswordSame });

    // Nothing changed: the session works and the old password still signs in.
    expect(await gqlViewer(u.token)).toBe(u.userId);
    expect((await signIn(u.email, u.password)).status).toBe(200);
    expect((await t.graphql(CHANGE, { input: { currentPassword: u.password, newPassword: NEW_PASSWORD } })).body.errors[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('ends every other session at once, access tokens included, and keeps the one that asked', async () => {
    const u = await signedInUser(t);
    const other = await secondSession(u);
    // Both tokens have been used (and remembered as verified) before the change.
    expect(await restStatus(other.token, u.userId)).toBe(200);
    expect(await gqlViewer(u.token)).toBe(u.userId);

    const done = await change(u.token, { currentPassword: u.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done).toMatchObject({ __typename: 'ChangePasswordPayload', user: { id: expect.any(String), email: u.email } });
    expect(done.accessTokenExpiresAt).toBeGreaterThan(Date.now() / 1000);

    // The other device is out at once, not after its access token's 15 minutes...
    expect(await restStatus(other.token, u.userId)).toBe(401);
    expect(await gqlViewer(other.token)).toBe('UNAUTHENTICATED');
    expect((await refresh(other.refreshToken)).status).toBe(401);
    // ...and so is the access token the change was made with; the fresh one carries on,
    expect(await restStatus(u.token, u.userId)).toBe(401);
    expect(await gqlViewer(done.accessToken)).toBe(u.userId);
    expect(await restStatus(done.accessToken, u.userId)).toBe(200);
    // as does this session's refresh token, whose tokens work too.
    const renewed = await refresh(u.session.refresh_token);
    expect(renewed.status).toBe(200);
    expect(await gqlViewer(renewed.body.access_token)).toBe(u.userId);

    expect((await signIn(u.email, u.password)).status).toBe(400);
    expect((await signIn(u.email, NEW_PASSWORD)).status).toBe(200);
    const notice = (await t.mails()).filter((m) => m.to.includes(u.email)).pop();
    expect(notice?.subject).toBe('Your Tripcrew password was changed');
  });

  it('closes the live sockets of ended sessions; a subscription that outlives its session ends at its next event', async () => {
    const u = await signedInUser(t);
    const other = await secondSession(u);
    const ended = await watch(other.token);
    const done = await change(u.token, { currentPassword: u.password, newPassword: NEW_PASSWORD });
    expect(done.__typename).toBe('ChangePasswordPayload');
    await until(() => ended.state.closeCode !== undefined);
    // 4403: the client refreshes before reconnecting, and its refresh token is refused.
    expect(ended.state.closeCode).toBe(4403);
    await ended.client.dispose();

    // Without the announcement (another instance's, lost), the next event ends it instead.
    const stays = await watch(done.accessToken);
    await t.db.prisma.user.update({ where: { id: u.userId }, data: { sessionVersion: { increment: 1 } } });
    t.app.deps.pubsub.publish('viewer', u.userId, { kind: 'friends' });
    await until(() => stays.state.completed);
    expect(stays.state.events).toEqual([]);
    await stays.client.dispose();
  });

  it('checks the session in the one statement that loads the viewer', async () => {
    const u = await signedInUser(t);
    await authenticate(t.app.deps, `Bearer ${u.token}`);
    t.db.stats.queries = 0;
    expect(await authenticate(t.app.deps, `Bearer ${u.token}`)).toMatchObject({ id: u.userId });
    expect(t.db.stats.queries).toBe(1);
  });
});

describe('password reset', () => {
  it('refuses the access tokens of every session at once', async () => {
    const u = await signedInUser(t);
    expect(await restStatus(u.token, u.userId)).toBe(200);
    await t.request('POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const token = new URL(await linkFromMail(t, u.email, 'reset-password')).searchParams.get('token');
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token, password: NEW_PASSWORD } })).status).toBe(200);
    expect(await restStatus(u.token, u.userId)).toBe(401);
    expect(await gqlViewer(u.token)).toBe('UNAUTHENTICATED');
    expect((await refresh(u.session.refresh_token)).status).toBe(401);
    const fresh = await signIn(u.email, NEW_PASSWORD);
    expect(await gqlViewer(fresh.body.access_token)).toBe(u.userId);
  });
});

describe('deleteAccount', () => {
  it('refuses a wrong or missing password and deletes nothing', async () => {
    const u = await signedInUser(t);
    expect((await t.graphql(DELETE, { input: { password: 'nope' } }, u.token)).body.data.deleteAccount).toMatchObject({
      __typename: 'ValidationError',
      field: 'password',
      message: M.currentPasswordWrong,
    });
    expect((await t.graphql(DELETE, { input: { password: '' } }, u.token)).body.data.deleteAccount).toMatchObject({
      field: 'password',
      message: M.deletePasswordRequired,
    });
    expect(await gqlViewer(u.token)).toBe(u.userId);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).deletedAt).toBeNull();
  });

  it('hands owned trips on, keeps ledgers balanced under the placeholder, removes the rest and frees the address', async () => {
    const prisma = t.db.prisma;
    const [u, first, second, owner, friend, stranger, invitee] = await Promise.all(Array.from({ length: 7 }, () => signedInUser(t)));
    const day = (n: number) => new Date(Date.UTC(2030, 0, n));

    // A trip of u's with two members (`first` joined earlier), and one nobody else joined.
    const shared = await createTrip(t, u.token, { name: 'Shared' });
    await prisma.tripMember.createMany({
      data: [
        { tripId: shared.uuid, userId: second.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: day(5) },
        { tripId: shared.uuid, userId: first.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: day(2) },
      ],
    });
    const alone = await createTrip(t, u.token, { name: 'Alone' });
    // Someone else's trip where u paid, owes and settled.
    const theirs = await createTrip(t, owner.token, { name: 'Theirs' });
    await prisma.tripMember.create({ data: { tripId: theirs.uuid, userId: u.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: day(1) } });
    await prisma.expense.create({
      data: {
        tripId: theirs.uuid,
        title: 'Dinner',
        amountCents: 9000,
        paidById: u.userId,
        expenseDate: day(3),
        splits: { create: [u, owner].map((p) => ({ userId: p.userId, amountCents: 4500 })) },
      },
    });
    await prisma.settlement.create({ data: { tripId: theirs.uuid, fromUserId: owner.userId, toUserId: u.userId, amountCents: 1000 } });
    // Friends, requests and invitations both ways.
    await prisma.friendship.createMany({
      data: [
        { userId: u.userId, friendId: friend.userId },
        { userId: friend.userId, friendId: u.userId },
      ],
    });
    const request = await t.graphql(
      'mutation($input: SendFriendRequestInput!) { sendFriendRequest(input: $input) { __typename } }',
      {
        input: { email: stranger.email },
      },
      u.token,
    );
    expect(request.body.data.sendFriendRequest.__typename).toBe('SendFriendRequestPayload');
    const sent = await t.graphql(INVITE, { input: { tripId: shared.id, email: invitee.email } }, u.token);
    expect(sent.body.data.inviteToTrip.__typename).toBe('InviteToTripPayload');
    const received = await t.graphql(INVITE, { input: { tripId: theirs.id, email: uniqueEmail('not-yet') } }, owner.token);
    expect(received.body.data.inviteToTrip.__typename).toBe('InviteToTripPayload');
    const toU = await t.graphql(INVITE, { input: { tripId: (await createTrip(t, owner.token)).id, email: u.email } }, owner.token);
    expect(toU.body.data.inviteToTrip.__typename).toBe('InviteToTripPayload');
    expect(await prisma.notification.count({ where: { userId: u.userId } })).toBeGreaterThan(0);
    expect(await prisma.notification.count({ where: { userId: { in: [stranger.userId, invitee.userId] } } })).toBe(2);

    // Sent as the web app sends mutations, with an Idempotency-Key.
    const res = await t.request('POST', '/graphql', {
      body: { query: DELETE, variables: { input: { password: u.password } } },
      token: u.token,
      headers: { 'idempotency-key': 'delete-account-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.deleteAccount.__typename).toBe('DeleteAccountPayload');

    // Signed out everywhere, for good.
    expect(await restStatus(u.token, u.userId)).toBe(401);
    expect(await gqlViewer(u.token)).toBe('UNAUTHENTICATED');
    expect((await refresh(u.session.refresh_token)).status).toBe(401);
    expect((await signIn(u.email, u.password)).status).toBe(400);

    // The row stays as the placeholder, with nothing personal.
    const row = await prisma.user.findUniqueOrThrow({ where: { id: u.userId } });
    expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'user', city: null, state: null, country: null, phone: null, passwordHash: '!' });
    expect(row.email).not.toBe(u.email);
    expect(row.deletedAt).not.toBeNull();

    // The shared trip passed to the longest-standing member, who was told; the other was deleted.
    const handedOn = await prisma.trip.findUniqueOrThrow({ where: { id: shared.uuid }, include: { members: true } });
    expect(handedOn.ownerId).toBe(first.userId);
    expect(handedOn.members.map((m) => [m.userId, m.status]).sort()).toEqual(
      [
        [first.userId, 'OWNER'],
        [second.userId, 'ACCEPTED'],
      ].sort(),
    );
    expect(await prisma.notification.findFirst({ where: { userId: first.userId, title: 'You own a trip now' } })).not.toBeNull();
    const edit = await t.graphql('mutation($id: ID!) { updateTrip(tripId: $id, input: { name: "Ours now" }) { __typename } }', { id: shared.id }, first.token);
    expect(edit.body.data.updateTrip.__typename).toBe('TripPayload');
    expect(await prisma.trip.findUnique({ where: { id: alone.uuid } })).toBeNull();

    // The ledger still names the placeholder and balances.
    const expenses = await prisma.expense.findMany({ where: { tripId: theirs.uuid }, include: { splits: true } });
    const settlements = await prisma.settlement.findMany({ where: { tripId: theirs.uuid } });
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
    expect(expenses[0]!.paidById).toBe(u.userId);
    expect([...balance.values()].reduce((x, y) => x + y, 0)).toBe(0);
    expect(balance.get(u.userId)).toBe(3500);

    // Everything else of the account is gone, including others' notices about it.
    const mine = { userId: u.userId };
    expect(
      await Promise.all([
        prisma.tripMember.count({ where: mine }),
        prisma.friendship.count({ where: { OR: [mine, { friendId: u.userId }] } }),
        prisma.friendRequest.count({ where: { OR: [{ fromUserId: u.userId }, { toUserId: u.userId }] } }),
        prisma.tripInvitation.count({ where: { OR: [{ invitedById: u.userId }, { invitedUserId: u.userId }, { invitedEmail: u.email }] } }),
        prisma.notification.count({ where: mine }),
        prisma.notification.count({ where: { userId: { in: [stranger.userId, invitee.userId] } } }),
        prisma.refreshToken.count({ where: mine }),
      ]),
    ).toEqual([0, 0, 0, 0, 0, 0, 0]);
    // An invitation someone else sent stays.
    expect(await prisma.tripInvitation.count({ where: { tripId: theirs.uuid } })).toBe(1);

    // The address is free to sign up with again, as a new account.
    const again = await signedInUser(t, { email: u.email });
    expect(again.userId).not.toBe(u.userId);
    // Its old token cannot ask again.
    expect((await t.graphql(DELETE, { input: { password: u.password } }, u.token)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
