import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { CREATE_TRIP } from '../support/trips.js';
import { IdempotencyMessages, sweepIdempotentRequests } from '../../api/src/server/idempotency.js';

/** A retried or replayed change acts once, on both doors. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (token: string, key: string, name = 'Retried trip') =>
  t.request('POST', '/graphql', { token, headers: { 'idempotency-key': key }, body: { query: CREATE_TRIP, variables: { input: { name } } } });

describe('Idempotency-Key', () => {
  it('answers a replayed GraphQL mutation from the first answer, creating one trip', async () => {
    const u = await signedInUser(t);
    const key = crypto.randomUUID();
    const first = await create(u.token, key);
    const again = await create(u.token, key);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await t.db.prisma.trip.count({ where: { ownerId: u.userId } })).toBe(1);
    // Without a key, or with a new one, the change happens again.
    await create(u.token, crypto.randomUUID());
    expect(await t.db.prisma.trip.count({ where: { ownerId: u.userId } })).toBe(2);
  });

  it('acts once when the same request arrives twice at the same moment', async () => {
    const u = await signedInUser(t);
    const key = crypto.randomUUID();
    const answers = await Promise.all([create(u.token, key), create(u.token, key), create(u.token, key)]);
    expect(await t.db.prisma.trip.count({ where: { ownerId: u.userId } })).toBe(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(answers.some((a) => a.status === 200 && a.body.data?.createTrip?.trip)).toBe(true);
  });

  it('refuses the same key for a different request, and keys are per account', async () => {
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const key = crypto.randomUUID();
    await create(u.token, key, 'One');
    const different = await create(u.token, key, 'Two');
    expect([different.status, different.body.error]).toEqual([400, IdempotencyMessages.reused]);
    const otherAccount = await create(other.token, key, 'Two');
    expect(otherAccount.body.data.createTrip.trip.name).toBe('Two');
  });

  it('works for REST rows too, and refuses malformed keys', async () => {
    const u = await signedInUser(t);
    const key = crypto.randomUUID();
    const send = () => t.request('POST', '/api/backend/create-trip', { token: u.token, headers: { 'idempotency-key': key }, body: { name: 'REST trip' } });
    const [a, b] = [await send(), await send()];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.trip.id).toBe(a.body.trip.id);
    expect(await t.db.prisma.trip.count({ where: { ownerId: u.userId } })).toBe(1);
    const bad = await t.request('POST', '/api/backend/create-trip', { token: u.token, headers: { 'idempotency-key': 'x' }, body: { name: 'n' } });
    expect([bad.status, bad.body.error]).toEqual([400, IdempotencyMessages.badKey]);
  });

  it('replays nothing to an access token whose session ended: after a password change it gets 401, on both doors', async () => {
    const u = await signedInUser(t);
    const restKey = crypto.randomUUID();
    const gqlKey = crypto.randomUUID();
    const rest = () => t.request('POST', '/api/backend/create-trip', { token: u.token, headers: { 'idempotency-key': restKey }, body: { name: 'Kept' } });
    expect((await rest()).status).toBeLessThan(300);
    expect((await create(u.token, gqlKey)).body.data.createTrip.trip).toBeTruthy();

    // The password is changed from another session: every other session ends, its tokens too.
    const other = await t.request('POST', '/api/auth/signin', { body: { email: u.email, password: u.password } });
    const CHANGE = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename } }';
    const changed = await t.graphql(CHANGE, { input: { currentPassword: u.password, newPassword: 'another long secret' } }, other.body.access_token);
    expect(changed.body.data.changePassword.__typename).toBe('ChangePasswordPayload');

    const replayedRest = await rest();
    expect([replayedRest.status, replayedRest.headers.get('idempotent-replayed')]).toEqual([401, null]);
    const replayedGql = await create(u.token, gqlKey);
    expect([replayedGql.status, replayedGql.headers.get('idempotent-replayed')]).toEqual([401, null]);
    expect(replayedGql.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await t.db.prisma.trip.count({ where: { ownerId: u.userId } })).toBe(2);
  });

  it('keeps answers for a day, then forgets them', async () => {
    const u = await signedInUser(t);
    const key = crypto.randomUUID();
    await create(u.token, key);
    await t.db.prisma.idempotentRequest.updateMany({ where: { userId: u.userId }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    expect(await sweepIdempotentRequests(t.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await t.db.prisma.idempotentRequest.count({ where: { userId: u.userId } })).toBe(0);
  });
});
