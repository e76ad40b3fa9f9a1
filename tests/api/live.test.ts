import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { notify } from '../../api/src/notifications/service.js';
import { withLiveEvents } from '../../api/src/platform/outbox.js';
import { createTrip } from '../support/trips.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two API instances on one database sharing Redis: a change made through instance A reaches a
 * subscriber connected to instance B over graphql-ws.
 */
describe('live notifications across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  const prefix = `tripcrew-test-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await probe.connect();
    await probe.quit();
    // Both instances sign with one secret, at least 32 characters whatever the process id.
    const secret = prefix.padEnd(48, 'x');
    a = await createTestApp({ REDIS_URL, AUTH_SECRET: secret });
    b = await createTestApp({ REDIS_URL, AUTH_SECRET: secret }, { db: a.db });
    urlB = (await b.app.listen(0, '127.0.0.1')).url;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.quit();
  });

  /**
   * Waits until some instance has subscribed in Redis to a channel whose name contains `name`.
   * Name the topic as well as the id: a socket also listens for its user's ended sessions, a
   * channel with the same user id that exists before the subscription under test does.
   */
  let redis: Redis | undefined;
  async function untilSubscribed(id: string) {
    redis ??= new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await expect.poll(async () => (await redis!.pubsub('CHANNELS', `*${id}*`)).length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
  }

  /** The first answer instance B gives a stranger (`token`) who asks to watch `tripId` with `query`: it must be a refusal. */
  async function strangerIsRefused(token: string, query: string, tripId: string) {
    const refused = createClient({
      url: urlB.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
    });
    const result = await new Promise<any>((resolve) => {
      refused.subscribe({ query, variables: { id: tripId } }, { next: resolve, error: resolve, complete: () => {} });
    });
    await refused.dispose();
    const errors = Array.isArray(result) ? result : result.errors;
    expect(errors[0].extensions.code).toBe('FORBIDDEN');
  }

  it('delivers the unread count to a subscriber on the other instance', async () => {
    const u = await signedInUser(a);
    const client = createClient({
      url: urlB.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${u.token}` },
    });
    const received: any[] = [];
    const done = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { notificationsChanged { unreadCount notification { title } viewer { unreadNotificationCount } } }' },
        {
          next: (v) => {
            received.push(v);
            if (received.length === 2) resolve();
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    await untilSubscribed(`viewer:${u.userId}`);
    await withLiveEvents(a.app.deps, (tx, events) => notify(tx, events, u.userId, { type: 'ANNOUNCEMENT', title: 'Welcome aboard', message: 'Hello' }));
    // The event reads the viewer's count when it is delivered: mark it read only after that.
    // Generous: on a machine loaded far beyond its cores, one event took over 10 s to arrive.
    await expect.poll(() => received.length, { timeout: 50_000 }).toBe(1);
    // Reading it through instance A's GraphQL API also reaches B's subscriber.
    const list = await a.graphql('{ viewer { notifications(first: 5) { edges { node { id isRead } } } } }', {}, u.token);
    const id = list.body.data.viewer.notifications.edges[0].node.id;
    const read = await a.graphql(
      'mutation($id: ID!) { markNotificationRead(notificationId: $id) { __typename ... on MarkNotificationReadPayload { notification { isRead } viewer { unreadNotificationCount } } } }',
      { id },
      u.token,
    );
    expect(read.body.data.markNotificationRead.notification.isRead).toBe(true);
    await done;
    expect(received[0].data.notificationsChanged).toMatchObject({
      unreadCount: 1,
      notification: { title: 'Welcome aboard' },
      viewer: { unreadNotificationCount: 1 },
    });
    expect(received[1].data.notificationsChanged).toMatchObject({ unreadCount: 0, notification: null });
    expect(received.map((r) => r.errors)).toEqual([undefined, undefined]);
    await client.dispose();
  }, 90_000);

  it('delivers a trip edit made on one instance to a member watching the trip on the other', async () => {
    const owner = await signedInUser(a);
    const member = await signedInUser(a);
    const trip = await createTrip(a, owner.token, { name: 'Before' });
    await a.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    const client = createClient({
      url: urlB.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${member.token}` },
    });
    const event = new Promise<any>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription($id: ID!) { tripChanged(tripId: $id) { kind trip { name memberCount } } }', variables: { id: trip.id } },
        { next: resolve, error: reject, complete: () => {} },
      );
    });
    await untilSubscribed(trip.uuid);
    const edit = await a.graphql('mutation($id: ID!) { updateTrip(tripId: $id, input: { name: "After" }) { __typename } }', { id: trip.id }, owner.token);
    expect(edit.body.data.updateTrip.__typename).toBe('TripPayload');
    expect((await event).data.tripChanged).toEqual({ kind: 'UPDATED', trip: { name: 'After', memberCount: 2 } });
    await client.dispose();

    // A stranger may not watch the trip.
    const stranger = await signedInUser(a);
    await strangerIsRefused(stranger.token, 'subscription($id: ID!) { tripChanged(tripId: $id) { kind } }', trip.id);
  });

  it("delivers an expense added on one instance to a member watching the trip's money on the other, with the balances it moved", async () => {
    const owner = await signedInUser(a);
    const member = await signedInUser(a);
    const trip = await createTrip(a, owner.token, { name: 'Shared costs' });
    await a.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    const client = createClient({
      url: urlB.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${member.token}` },
    });
    const event = new Promise<any>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription($id: ID!) { tripExpensesChanged(tripId: $id) { trip { ledger { youOwe { amountCents } } } } }', variables: { id: trip.id } },
        { next: resolve, error: reject, complete: () => {} },
      );
    });
    await untilSubscribed(`expenses:${trip.uuid}`);
    const gid = (id: string) => Buffer.from(`User:${id}`).toString('base64');
    const added = await a.graphql(
      'mutation($input: AddExpenseInput!) { addExpense(input: $input) { __typename } }',
      {
        input: {
          tripId: trip.id,
          expense: {
            title: 'Ferry',
            amount: '30.00',
            paidBy: gid(owner.userId),
            expenseDate: '2030-05-02',
            participants: [gid(owner.userId), gid(member.userId)],
          },
        },
      },
      owner.token,
    );
    expect(added.body.data.addExpense.__typename).toBe('ExpensePayload');
    const heard = await event;
    expect(heard.errors).toBeUndefined();
    expect(heard.data.tripExpensesChanged.trip.ledger.youOwe.amountCents).toBe(1500);
    await client.dispose();

    // A stranger may not watch the trip's money.
    const stranger = await signedInUser(a);
    await strangerIsRefused(stranger.token, 'subscription($id: ID!) { tripExpensesChanged(tripId: $id) { actorId } }', trip.id);
  }, 90_000);

  it('refuses a subscription without a token', async () => {
    const client = createClient({ url: urlB.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, retryAttempts: 0 });
    const result = await new Promise<any>((resolve) => {
      client.subscribe({ query: 'subscription { notificationsChanged { unreadCount } }' }, { next: resolve, error: resolve, complete: () => {} });
    });
    const errors = Array.isArray(result) ? result : result.errors;
    expect(errors[0].extensions.code).toBe('UNAUTHENTICATED');
    await client.dispose();
  });
});
