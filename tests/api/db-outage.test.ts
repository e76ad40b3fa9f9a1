import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { DEFAULT_TEST_DATABASE_URL, openDatabase, type Database } from '../../api/src/db/index.js';

/** A TCP proxy in front of PostgreSQL that the test can stop and start: the database "going away". */
function tcpProxy(target: { host: string; port: number }) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
      port = (server!.address() as net.AddressInfo).port;
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}

describe.runIf(process.env.TEST_DB === 'postgres')('a database outage', () => {
  const admin = new URL(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL);
  const name = `tripcrew_test_${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
  const proxy = tcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
  const unhandled: unknown[] = [];
  const record = (e: unknown) => unhandled.push(e);
  let db: Database;
  let t: TestApp;

  beforeAll(async () => {
    process.on('unhandledRejection', record);
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    await client.end();
    await proxy.start();
    const url = new URL(admin);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    db = await openDatabase({ databaseUrl: url.toString() });
    t = await createTestApp({}, { db });
  }, 120_000);
  afterAll(async () => {
    process.off('unhandledRejection', record);
    await t?.close();
    await db?.close().catch(() => undefined);
    await proxy.stop();
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  });

  it('answers 503 with a clear message while it lasts, and recovers by itself when it is back', async () => {
    const u = await signedInUser(t);
    const trips = () => t.request('GET', `/api/backend/user-trips/${u.userId}`, { token: u.token });
    expect((await trips()).status).toBe(200);

    await proxy.stop();
    for (const call of [
      trips,
      () => t.request('POST', '/api/auth/signin', { body: { email: u.email, password: u.password }, headers: { 'x-forwarded-for': '192.0.2.200' } }),
    ]) {
      const started = Date.now();
      const res = await call();
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/database/i);
    }
    const gql = await t.graphql('{ viewer { id } }', {}, u.token);
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect((await t.request('GET', '/readyz')).status).toBe(503);

    await proxy.start();
    await expect.poll(async () => (await trips()).status, { timeout: 30_000, interval: 250 }).toBe(200);
    expect(unhandled).toEqual([]);
  }, 120_000);
});
