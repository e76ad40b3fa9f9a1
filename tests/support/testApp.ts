import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { simpleParser } from 'mailparser';
import { buildApp, type App } from '../../api/src/server/app.js';
import { loadConfig, type Config } from '../../api/src/platform/config.js';
import { createTestDatabase, type Database } from '../../api/src/db/index.js';
import type { Logger } from '../../api/src/platform/logger.js';
import { databaseStart } from './dbTemplates.js';

export type DbKind = 'pglite' | 'postgres';
export const dbKind = (): DbKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export interface TestApp {
  app: App;
  db: Database;
  config: Config;
  /** JSON request against the app's fetch handler (no socket). */
  request(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  graphql(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ status: number; body: any }>;
  /** Messages written to the outbox so far, newest last. */
  mails(): Promise<{ to: string; subject: string; text: string; html: string }[]>;
  close(): Promise<void>;
}

/** Two instances on one database, joined through Redis, the second listening on a port (live tests across instances). */
export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  urlB: string;
  /** A Redis client of the test's own (to watch the channels). */
  redis: Redis;
  close(): Promise<void>;
}

export async function twoInstances(name: string): Promise<TwoInstances> {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  // One secret for both, so a token from one is good on the other.
  const secret = `tripcrew-${name}-${process.pid}-${Date.now()}`.padEnd(48, 'x');
  const a = await createTestApp({ REDIS_URL, AUTH_SECRET: secret });
  const b = await createTestApp({ REDIS_URL, AUTH_SECRET: secret }, { db: a.db });
  const urlB = (await b.app.listen(0, '127.0.0.1')).url;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  return {
    a,
    b,
    urlB,
    redis,
    async close() {
      await b.close();
      await a.close();
      await redis.quit();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}, shared?: { db?: Database; logger?: Logger }): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-test-'));
  // Background sweeps would add their statements to the counts tests take; a test that needs
  // them turns them on (BACKGROUND_SWEEPS: 'on').
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://app.test',
    TRUST_PROXY: '1',
    BACKGROUND_SWEEPS: 'off',
    ...env,
  });
  const db = shared?.db ?? (await createTestDatabase(dbKind(), await databaseStart(dbKind())));
  const app = await buildApp(config, { db, logger: shared?.logger });
  const request: TestApp['request'] = async (method, p, opts = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.fetch(
      new Request(`http://app.test${p}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), redirect: 'manual' }),
    );
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    app,
    db,
    config,
    request,
    graphql: (query, variables, token) => request('POST', '/graphql', { body: { query, variables }, token }),
    async mails() {
      const dir = path.join(dataDir, 'outbox');
      if (!fs.existsSync(dir)) return [];
      const files = fs.readdirSync(dir).sort();
      return Promise.all(
        files.map(async (f) => {
          const m = await simpleParser(fs.readFileSync(path.join(dir, f)));
          const to = Array.isArray(m.to) ? m.to[0]?.text : m.to?.text;
          return { to: to ?? '', subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '' };
        }),
      );
    },
    async close() {
      await app.close();
      if (!shared?.db) await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link in the latest mail to `to` whose URL contains `fragment`. */
export async function linkFromMail(t: TestApp, to: string, fragment: string): Promise<string> {
  const mail = (await t.mails()).filter((m) => m.to.includes(to)).pop();
  if (!mail) throw new Error(`no mail to ${to}`);
  const url = mail.text.match(new RegExp(`https?://\\S*${fragment}\\S*`))?.[0];
  if (!url) throw new Error(`no ${fragment} link in mail to ${to}`);
  return url;
}

let counter = 0;
/** A unique address per call, so tests never collide on the unique e-mail index. */
export const uniqueEmail = (name = 'user') => `${name}.${process.pid}.${Date.now()}.${++counter}@example.com`;

/** Signs up and verifies through the public API, then signs in; returns the session. */
export async function signedInUser(t: TestApp, overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string) ?? uniqueEmail();
  const password = 'correct horse battery';
  // Each test user signs up and signs in from its own address, as real people do: per-address
  // limits (kept in Redis across runs by the live tests) never pile up on one shared address.
  const address = `10.${counter % 250}.${Math.floor(counter / 250) % 250}.${process.pid % 250}`;
  const signup = await t.request('POST', '/api/auth/signup', {
    headers: { 'x-forwarded-for': address },
    body: {
      email,
      password,
      confirm_password: password,
      first_name: 'Ada',
      last_name: 'Lovelace',
      city: 'London',
      state: 'England',
      country: 'GB',
      ...overrides,
    },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const link = await linkFromMail(t, email, 'verify-email');
  await t.request('GET', new URL(link).pathname + new URL(link).search);
  const signin = await t.request('POST', '/api/auth/signin', { body: { email, password }, headers: { 'x-forwarded-for': address } });
  if (signin.status !== 200) throw new Error(`signin failed: ${JSON.stringify(signin.body)}`);
  return { email, password, session: signin.body, token: signin.body.access_token as string, userId: signin.body.user.id as string };
}
