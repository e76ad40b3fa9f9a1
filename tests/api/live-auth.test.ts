import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { createContextCache } from '@pothos/core';
import { startEvent, systemContext, type AppDeps } from '../../api/src/platform/context.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';
import { createTrip, INVITE } from '../support/trips.js';

/**
 * A graphql-ws subscription keeps one context for its whole life: what was allowed when it
 * started must be checked again for every event (membership, the account, the token's expiry).
 */
describe('live subscriptions re-check access', () => {
  let t: TestApp;
  let wsUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
  });
  afterAll(async () => {
    await t?.close();
  });

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  interface Watch {
    client: Client;
    events: any[];
    completed: boolean;
    error: unknown;
    /** Settles when the subscription completes or fails. */
    ended: Promise<void>;
  }

  /** Subscribes as `token` (no reconnects) and records what arrives. */
  async function watch(token: string, query: string, variables: Record<string, unknown> = {}): Promise<Watch> {
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${token}` } });
    const w = { client, events: [] as any[], completed: false, error: undefined as unknown } as Watch;
    w.ended = new Promise<void>((resolve) => {
      client.subscribe(
        { query, variables },
        {
          next: (v) => w.events.push(v),
          error: (e) => {
            w.error = e;
            resolve();
          },
          complete: () => {
            w.completed = true;
            resolve();
          },
        },
      );
    });
    // Let the server start the subscription before anything is published.
    await sleep(300);
    return w;
  }

  /** Waits until `done()` holds, or fails after `ms`. */
  async function until(done: () => boolean, ms = 5000) {
    const end = Date.now() + ms;
    while (!done()) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await sleep(25);
    }
  }

  const TRIP_CHANGED = `subscription($id: ID!) { tripChanged(tripId: $id) { kind trip { name description pendingInvitations { invitedEmail } } } }`;
  const EDIT = 'mutation($id: ID!, $name: String!) { updateTrip(tripId: $id, input: { name: $name, description: "Secret plans" }) { __typename } }';

  async function tripWithMembers(count: number) {
    const owner = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Before' });
    const members = [];
    for (let i = 0; i < count; i++) {
      const m = await signedInUser(t);
      await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: m.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
      members.push(m);
    }
    return { owner, trip, members };
  }

  it('ends the subscription of a member who leaves; one who stays keeps receiving', async () => {
    const { owner, trip, members } = await tripWithMembers(2);
    const [leaver, stayer] = members;
    const left = await watch(leaver.token, TRIP_CHANGED, { id: trip.id });
    const stays = await watch(stayer.token, TRIP_CHANGED, { id: trip.id });

    const leave = await t.graphql('mutation($id: ID!) { leaveTrip(tripId: $id) { __typename } }', { id: trip.id }, leaver.token);
    expect(leave.body.data.leaveTrip.__typename).toBe('TripRemovedPayload');
    await Promise.race([left.ended, sleep(3000)]);
    expect(left.completed).toBe(true);
    expect(left.error).toBeUndefined();

    const invitee = uniqueEmail('invitee');
    expect((await t.graphql(EDIT, { id: trip.id, name: 'After' }, owner.token)).body.data.updateTrip.__typename).toBe('TripPayload');
    const invited = await t.graphql(INVITE, { input: { tripId: trip.id, email: invitee } }, owner.token);
    expect(invited.body.data.inviteToTrip.__typename).toBe('InviteToTripPayload');

    // The member who stayed sees the edit and the invitation...
    await until(() => stays.events.some((e) => e.data?.tripChanged?.trip?.pendingInvitations?.some((i: any) => i.invitedEmail === invitee)));
    expect(stays.events.map((e) => e.data.tripChanged.kind)).toEqual(['MEMBERS_CHANGED', 'UPDATED', 'MEMBERS_CHANGED']);
    expect(stays.events[1].data.tripChanged.trip).toMatchObject({ name: 'After', description: 'Secret plans' });
    expect(stays.completed).toBe(false);
    // ...the one who left saw nothing more, not even the event of their own leaving.
    expect(left.events).toEqual([]);
    await Promise.all([left.client.dispose(), stays.client.dispose()]);
  });

  it('re-reads membership for every event, not from the memo of the subscription start', async () => {
    const { owner, trip, members } = await tripWithMembers(1);
    const [removed] = members;
    const w = await watch(removed.token, TRIP_CHANGED, { id: trip.id });
    // A first event while still a member fills the subscription's per-request memo...
    await t.graphql(EDIT, { id: trip.id, name: 'Middle' }, owner.token);
    await until(() => w.events.length === 1);
    expect(w.events[0].data.tripChanged.trip.name).toBe('Middle');
    // ...then the membership goes without any event (as a direct database change would).
    await t.db.prisma.tripMember.deleteMany({ where: { tripId: trip.uuid, userId: removed.userId } });
    await t.graphql(EDIT, { id: trip.id, name: 'After' }, owner.token);
    await Promise.race([w.ended, sleep(3000)]);
    expect(w.completed).toBe(true);
    expect(w.events).toHaveLength(1);
    expect(JSON.stringify(w.events)).not.toContain('After');
    await w.client.dispose();
  });

  it("resolves each event's fields with fresh facts: a member who joins later is visible", async () => {
    const { trip, members } = await tripWithMembers(1);
    const w = await watch(members[0].token, 'subscription($id: ID!) { tripChanged(tripId: $id) { kind trip { members { user { firstName } } } } }', {
      id: trip.id,
    });
    const changed = () => t.app.deps.pubsub.publish('trip', trip.uuid, { kind: 'MEMBERS_CHANGED', tripId: trip.uuid });
    // The first event fills the memo of who the viewer may see (the owner and themself)...
    changed();
    await until(() => w.events.length === 1);
    expect(w.events[0].data.tripChanged.trip.members).toHaveLength(2);
    // ...a newcomer's profile must not be refused from that memo.
    const newcomer = await signedInUser(t, { first_name: 'Grace' });
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: newcomer.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
    changed();
    await until(() => w.events.length === 2);
    expect(w.events[1].errors).toBeUndefined();
    expect(w.events[1].data.tripChanged.trip.members.map((m: any) => m.user?.firstName)).toContain('Grace');
    await w.client.dispose();
  });

  it('lets an administrator watch any trip', async () => {
    const { owner, trip } = await tripWithMembers(0);
    const admin = await signedInUser(t);
    await t.db.prisma.user.update({ where: { id: admin.userId }, data: { role: 'ADMIN' } });
    const w = await watch(admin.token, TRIP_CHANGED, { id: trip.id });
    await t.graphql(EDIT, { id: trip.id, name: 'After' }, owner.token);
    await until(() => w.events.length === 1);
    expect(w.events[0].data.tripChanged).toMatchObject({ kind: 'UPDATED', trip: { name: 'After' } });
    expect(w.completed).toBe(false);
    await w.client.dispose();
  });

  it('tells members that the trip was deleted, then ends', async () => {
    const { owner, trip, members } = await tripWithMembers(1);
    const w = await watch(members[0].token, TRIP_CHANGED, { id: trip.id });
    const del = await t.graphql('mutation($id: ID!) { deleteTrip(tripId: $id) { __typename } }', { id: trip.id }, owner.token);
    expect(del.body.data.deleteTrip.__typename).toBe('TripRemovedPayload');
    await Promise.race([w.ended, sleep(3000)]);
    expect(w.events.map((e) => e.data.tripChanged)).toEqual([{ kind: 'DELETED', trip: null }]);
    expect(w.completed).toBe(true);
    await w.client.dispose();
  });

  it('ends the viewer channel of a deleted account', async () => {
    const u = await signedInUser(t);
    const w = await watch(u.token, 'subscription { viewerChanged { kind viewer { id } } }');
    await t.db.prisma.user.delete({ where: { id: u.userId } });
    t.app.deps.pubsub.publish('viewer', u.userId, { kind: 'friends' });
    await Promise.race([w.ended, sleep(3000)]);
    expect(w.events).toEqual([]);
    expect(w.completed).toBe(true);
    await w.client.dispose();
  });

  /** An access token as the API signs them, with the expiry given (Unix seconds). */
  const tokenExpiringAt = (userId: string, exp: number) =>
    new SignJWT({ adm: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('tripcrew')
      .setAudience('tripcrew-api')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(t.app.deps.authSecret);

  it('closes the socket (4403, so clients reconnect with a fresh token) when its access token expires', async () => {
    const u = await signedInUser(t);
    const token = await tokenExpiringAt(u.userId, Math.floor(Date.now() / 1000) + 2);
    const started = Date.now();
    const w = await watch(token, 'subscription { viewerChanged { kind } }');
    // Still delivering while the token is valid.
    t.app.deps.pubsub.publish('viewer', u.userId, { kind: 'friends' });
    await until(() => w.events.length === 1);
    await Promise.race([w.ended, sleep(4000)]);
    expect((w.error as { code?: number } | undefined)?.code).toBe(4403);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // Nothing after the expiry.
    t.app.deps.pubsub.publish('viewer', u.userId, { kind: 'friends' });
    await sleep(200);
    expect(w.events).toHaveLength(1);
    await w.client.dispose();
  });

  it('refuses a socket with a tampered, forged or non-string token with 4403, not a server error', async () => {
    const u = await signedInUser(t);
    const tampered = u.token.slice(0, -3) + (u.token.endsWith('AAA') ? 'BBB' : 'AAA');
    for (const authorization of [`Bearer ${tampered}`, 'Bearer not-a-jwt', 'Basic abc', 42, { token: u.token }]) {
      const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization } as Record<string, unknown> });
      const error = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: 'subscription { viewerChanged { kind } }' }, { next: () => {}, error: resolve, complete: () => resolve(null) });
      });
      expect((error as { code?: number } | null)?.code, String(authorization)).toBe(4403);
      await client.dispose();
    }
  });

  it('refuses a socket whose access token has already expired with 4403', async () => {
    const u = await signedInUser(t);
    const token = await tokenExpiringAt(u.userId, Math.floor(Date.now() / 1000) - 5);
    const w = await watch(token, 'subscription { viewerChanged { kind } }');
    await Promise.race([w.ended, sleep(3000)]);
    expect((w.error as { code?: number } | undefined)?.code).toBe(4403);
    await w.client.dispose();
  });
});

describe('startEvent', () => {
  it("gives the next event fresh memos: ours and Pothos' per-context caches (scope results, loaders)", () => {
    const ctx = systemContext({} as AppDeps);
    const pothosCache = createContextCache(() => ({ scopes: new Map() }));
    ctx.cache.set('viewerTrips', Promise.resolve(new Map()));
    const before = pothosCache(ctx);
    expect(pothosCache(ctx)).toBe(before);
    startEvent(ctx);
    expect(ctx.cache.size).toBe(0);
    const after = pothosCache(ctx);
    expect(after).not.toBe(before);
    // Within one event the caches are shared, as in a request.
    expect(pothosCache(ctx)).toBe(after);
  });
});
