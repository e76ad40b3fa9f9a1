import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PRESENCE = 'subscription($id: ID!) { tripPresence(tripId: $id) { faces { userId displayName } } }';
const userId = (id: string) => encodeGlobalID('User', id);

/**
 * Two API instances on one database sharing Redis: who has a trip's page open, seen from either.
 * Presence entries live 1.5 s past their last heartbeat here, so a dead instance's entry goes soon.
 */
describe('tripPresence across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let redis: Redis;
  const clients: Client[] = [];

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await redis.ping();
    const secret = `tripcrew-presence-${process.pid}-${Date.now()}`.padEnd(48, 'x');
    const env = { REDIS_URL, AUTH_SECRET: secret, PRESENCE_TTL_MS: '1500' };
    a = await createTestApp(env);
    b = await createTestApp(env, { db: a.db });
    urlA = (await a.app.listen(0, '127.0.0.1')).url;
    urlB = (await b.app.listen(0, '127.0.0.1')).url;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await b?.close();
    await a?.close();
    await redis?.quit();
  });

  /** Opens the trip's page as `token` on an instance: every list it is sent, and how it ended. */
  function watch(url: string, token: string, tripId: string) {
    const client = createClient({
      url: url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    clients.push(client);
    const seen = { lists: [] as string[][], completed: false, errors: null as unknown, client };
    client.subscribe(
      { query: PRESENCE, variables: { id: tripId } },
      {
        next: (v: any) => {
          if (v.errors) seen.errors = v.errors;
          else seen.lists.push(v.data.tripPresence.faces.map((f: { userId: string }) => f.userId));
        },
        error: (err) => void (seen.errors = err),
        complete: () => void (seen.completed = true),
      },
    );
    return seen;
  }
  const latest = (seen: { lists: string[][] }) => seen.lists.at(-1);
  const poll = { timeout: 10_000, interval: 20 };

  async function tripWithMember() {
    const owner = await signedInUser(a);
    const member = await signedInUser(a);
    const trip = await createTrip(a, owner.token, { name: 'Presence' });
    await a.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    return { owner, member, trip };
  }

  it('sends the current list first, then every arrival and departure, across instances', async () => {
    const { owner, member, trip } = await tripWithMember();
    const onB = watch(urlB, member.token, trip.id);
    await expect.poll(() => latest(onB), poll).toEqual([userId(member.userId)]);
    expect(onB.lists).toHaveLength(1);

    // The owner opens the page on the other instance: both see both, in the order they came.
    const onA = watch(urlA, owner.token, trip.id);
    await expect.poll(() => latest(onA), poll).toEqual([userId(member.userId), userId(owner.userId)]);
    await expect.poll(() => latest(onB), poll).toEqual([userId(member.userId), userId(owner.userId)]);
    expect(onA.lists).toHaveLength(1);

    // A second tab of the owner's changes nothing anyone sees; closing it neither.
    const secondTab = watch(urlB, owner.token, trip.id);
    await expect.poll(() => latest(secondTab), poll).toEqual([userId(member.userId), userId(owner.userId)]);
    await secondTab.client.dispose();

    // The owner closes the page on A: B sees them leave.
    await onA.client.dispose();
    await expect.poll(() => latest(onB), poll).toEqual([userId(member.userId)]);
    expect(onB.lists).toEqual([[userId(member.userId)], [userId(member.userId), userId(owner.userId)], [userId(member.userId)]]);
  });

  it('drops an entry its instance stopped refreshing (the instance died) and tells everyone', async () => {
    const { owner, member, trip } = await tripWithMember();
    const onB = watch(urlB, member.token, trip.id);
    await expect.poll(() => latest(onB), poll).toEqual([userId(member.userId)]);
    // What a crashed instance leaves behind: the owner's entry, never refreshed again.
    await redis.zadd(`presence:trip:${trip.uuid}`, Date.now() + 500, `${Date.now()}|${owner.userId}|dead-instance-connection`);
    await redis.publish(`presence:${trip.uuid}`, JSON.stringify({ tripId: trip.uuid }));
    await expect.poll(() => latest(onB), poll).toEqual([userId(member.userId), userId(owner.userId)]);
    // B's next heartbeat after the expiry removes it.
    await expect.poll(() => latest(onB), poll).toEqual([userId(member.userId)]);
  });

  it('is for members only, and ends for someone who leaves the trip, whom the others see go', async () => {
    const { owner, member, trip } = await tripWithMember();
    const stranger = await signedInUser(a);
    const refused = watch(urlA, stranger.token, trip.id);
    await expect.poll(() => refused.errors, poll).toBeTruthy();
    const errors = Array.isArray(refused.errors) ? refused.errors : (refused.errors as { errors: any[] }).errors;
    expect(errors[0].extensions.code).toBe('FORBIDDEN');
    expect(refused.lists).toEqual([]);

    // One after the other: the list is in order of arrival.
    const ownerOnA = watch(urlA, owner.token, trip.id);
    await expect.poll(() => latest(ownerOnA), poll).toEqual([userId(owner.userId)]);
    const memberOnB = watch(urlB, member.token, trip.id);
    await expect.poll(() => latest(ownerOnA), poll).toEqual([userId(owner.userId), userId(member.userId)]);
    const left = await a.graphql('mutation($id: ID!) { leaveTrip(tripId: $id) { __typename } }', { id: trip.id }, member.token);
    expect(left.body.data.leaveTrip.__typename).toBe('TripRemovedPayload');
    await expect.poll(() => memberOnB.completed, poll).toBe(true);
    await expect.poll(() => latest(ownerOnA), poll).toEqual([userId(owner.userId)]);
  });
});

describe('tripPresence on a single instance without Redis', () => {
  it('counts arrivals and departures in the process', async () => {
    const t = await createTestApp();
    const url = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
    const owner = await signedInUser(t);
    const member = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Local' });
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    const open = (token: string) => {
      const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
      const lists: string[][] = [];
      client.subscribe(
        { query: PRESENCE, variables: { id: trip.id } },
        { next: (v: any) => void lists.push(v.data.tripPresence.faces.map((f: { userId: string }) => f.userId)), error: () => {}, complete: () => {} },
      );
      return { client, lists };
    };
    try {
      const first = open(owner.token);
      await expect.poll(() => first.lists.at(-1), { timeout: 10_000 }).toEqual([userId(owner.userId)]);
      const second = open(member.token);
      await expect.poll(() => first.lists.at(-1), { timeout: 10_000 }).toEqual([userId(owner.userId), userId(member.userId)]);
      await second.client.dispose();
      await expect.poll(() => first.lists.at(-1), { timeout: 10_000 }).toEqual([userId(owner.userId)]);
      expect(first.lists).toHaveLength(3);
      await first.client.dispose();
    } finally {
      await t.close();
    }
  });
});
