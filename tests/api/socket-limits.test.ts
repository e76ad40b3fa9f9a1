import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_LIMITS } from '../../api/src/server/socketLimits.js';
import { DOCUMENT_LIMITS } from '../../api/src/server/documentLimits.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

const PRESENCE = 'subscription($id: ID!) { tripPresence(tripId: $id) { viewers { id } } }';

/**
 * A graphql-transport-ws client by hand, so a test sees every message (graphql-ws's own client
 * hides the socket) and waits for the very message it expects, never for time.
 */
class RawSocket {
  readonly messages: any[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: { test: () => boolean; resolve: () => void; reject: (err: Error) => void }[] = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)));
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  static async open(url: string, token: string, headers: Record<string, string> = {}) {
    const ws = new WebSocket(url, 'graphql-transport-ws', { headers });
    const socket = new RawSocket(ws);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    await socket.until(() => socket.messages.some((m) => m.type === 'connection_ack'));
    return socket;
  }

  private wake() {
    this.waiters = this.waiters.filter((w) => {
      if (w.test()) w.resolve();
      else if (this.closed) w.reject(new Error(`the socket closed (${this.closed.code} ${this.closed.reason})`));
      else return true;
      return false;
    });
  }

  /** Resolves once `test()` holds; fails if the socket closes first. */
  until(test: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ test, resolve, reject });
      this.wake();
    });
  }

  subscribe(id: string, query: string, variables: Record<string, unknown> = {}) {
    this.ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
  }

  complete(id: string) {
    this.ws.send(JSON.stringify({ id, type: 'complete' }));
  }

  of(id: string) {
    return this.messages.filter((m) => m.id === id);
  }

  /** The errors answering operation `id` (fails when its first answer is a result instead). */
  async errorOf(id: string) {
    await this.until(() => this.of(id).some((m) => m.type === 'error' || m.type === 'next'));
    const first = this.of(id).find((m) => m.type === 'error' || m.type === 'next');
    expect(first, `operation ${id} answered with a result`).toMatchObject({ type: 'error' });
    return first.payload;
  }

  /** Waits for operation `id`'s `count`-th next message and returns it. */
  async nextOf(id: string, count = 1) {
    const nexts = () => this.of(id).filter((m) => m.type === 'next');
    await this.until(() => nexts().length >= count);
    return nexts()[count - 1].payload;
  }

  close() {
    this.ws.close();
  }
}

const secret = `tripcrew-socket-limits-${process.pid}`.padEnd(48, 'x');
let t: TestApp;
let tight: TestApp;
let wsUrl: string;
let tightUrl: string;
const sockets: RawSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: secret });
  // The same database and keys, with a budget of 6 requests a minute per client.
  tight = await createTestApp({ AUTH_SECRET: secret, REQUESTS_PER_CLIENT_PER_MINUTE: '6' }, { db: t.db });
  wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
  tightUrl = (await tight.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await tight?.close();
  await t?.close();
});

async function open(url: string, token: string, headers?: Record<string, string>) {
  const s = await RawSocket.open(url, token, headers);
  sockets.push(s);
  return s;
}

async function tripWithMember() {
  const owner = await signedInUser(t);
  const member = await signedInUser(t);
  const trip = await createTrip(t, owner.token, { name: 'Sockets' });
  await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER' } });
  return { owner, member, trip };
}

const viewerCount = (payload: any) => payload.data.tripPresence.viewers.length;

describe('a bad operation on a socket errors alone', () => {
  it('answers a syntax error, an over-limit document, a mutation and an unknown field as their own errors; the other subscription keeps receiving', async () => {
    const { owner, member, trip } = await tripWithMember();
    const s = await open(wsUrl, owner.token);
    s.subscribe('live', PRESENCE, { id: trip.id });
    expect(viewerCount(await s.nextOf('live'))).toBe(1);

    s.subscribe('syntax', 'subscription { tripPresence(');
    expect((await s.errorOf('syntax'))[0].message).toMatch(/Syntax Error/);
    const huge = `{ ${Array.from({ length: DOCUMENT_LIMITS.tokens }, (_, i) => `f${i}: __typename`).join(' ')} }`;
    s.subscribe('huge', huge);
    expect((await s.errorOf('huge'))[0].message).toMatch(/token/i);
    s.subscribe('mutation', 'mutation { signOut { __typename } }');
    expect((await s.errorOf('mutation'))[0]).toMatchObject({ message: expect.stringMatching(/over HTTP/), extensions: { code: 'BAD_REQUEST' } });
    s.subscribe('unknown', 'subscription { noSuchThing }');
    expect((await s.errorOf('unknown'))[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');

    // The socket is open and its subscription alive: the member's arrival reaches it.
    const m = await open(wsUrl, member.token);
    m.subscribe('live', PRESENCE, { id: trip.id });
    expect(viewerCount(await s.nextOf('live', 2))).toBe(2);
    expect(s.closed).toBeNull();
  });
});

describe('subscriptions per socket', () => {
  it(`refuses operation ${SOCKET_LIMITS.operationsPerSocket + 1} with TOO_MANY_SUBSCRIPTIONS; the others keep working, and an ended one frees its place`, async () => {
    const { owner, member, trip } = await tripWithMember();
    const s = await open(wsUrl, owner.token);
    const ids = Array.from({ length: SOCKET_LIMITS.operationsPerSocket }, (_, i) => `p${i}`);
    for (const id of ids) s.subscribe(id, PRESENCE, { id: trip.id });
    for (const id of ids) await s.nextOf(id);

    s.subscribe('over', PRESENCE, { id: trip.id });
    expect((await s.errorOf('over'))[0]).toMatchObject({ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } });
    expect(s.closed).toBeNull();

    // Every one of the first fifty still hears the member arrive.
    const m = await open(wsUrl, member.token);
    m.subscribe('live', PRESENCE, { id: trip.id });
    for (const id of ids) expect(viewerCount(await s.nextOf(id, 2))).toBe(2);

    s.complete('p0');
    s.subscribe('again', PRESENCE, { id: trip.id });
    expect(viewerCount(await s.nextOf('again'))).toBe(2);
    expect(s.of('again').some((x) => x.type === 'error')).toBe(false);
  });
});

describe('one request budget per client across REST, GraphQL over HTTP and the WebSocket', () => {
  it('counts socket operations against the budget HTTP spends, refuses each over it alone, and leaves the socket open', async () => {
    const { owner, member, trip } = await tripWithMember();
    const client = { 'x-forwarded-for': '198.51.100.7' };
    // Two requests over HTTP: one GraphQL, one REST.
    expect((await tight.request('POST', '/graphql', { body: { query: '{ __typename }' }, headers: client })).status).toBe(200);
    expect((await tight.request('GET', '/api/backend/stories?limit=1', { headers: client })).status).toBe(200);

    const s = await open(tightUrl, owner.token, client);
    s.subscribe('live', PRESENCE, { id: trip.id }); // 3
    expect(viewerCount(await s.nextOf('live'))).toBe(1);
    for (const id of ['q4', 'q5', 'q6']) {
      s.subscribe(id, '{ __typename }');
      expect(await s.nextOf(id)).toEqual({ data: { __typename: 'Query' } });
    }
    s.subscribe('q7', '{ __typename }');
    expect((await s.errorOf('q7'))[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });

    // Spent on the socket, spent over HTTP too.
    const http = await tight.request('POST', '/graphql', { body: { query: '{ __typename }' }, headers: client });
    expect(http.status).toBe(429);
    expect(http.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await tight.request('GET', '/api/backend/stories?limit=1', { headers: client })).status).toBe(429);

    // The socket stays open and its subscription alive (another client's arrival reaches it).
    const m = await open(tightUrl, member.token, { 'x-forwarded-for': '198.51.100.8' });
    m.subscribe('live', PRESENCE, { id: trip.id });
    expect(viewerCount(await s.nextOf('live', 2))).toBe(2);
    expect(s.closed).toBeNull();
  });
});
