import { isDatabaseUnreachable } from '../platform/errors.js';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { countingFactory, PGliteAdapterFactory, PostgresAdapterFactory, poolConfigFromUrl, type QueryStats } from './adapters.js';
import { applyMigrations } from './migrate.js';

export { applyMigrations, diffSchemaAgainstMigrations } from './migrate.js';
export { PrismaClient };
export type { QueryStats };

/** An open database: the Prisma client plus what start-up, health checks and tests need. */
export interface Database {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  /** True when the database answers a trivial query (within 2 s). */
  ping(): Promise<boolean>;
  /** Disconnects the client and releases the pool / closes PGlite. Safe to call twice. */
  close(): Promise<void>;
  /** Every SQL statement the client sends adds one (reset it freely: `db.stats.queries = 0`). */
  stats: QueryStats;
  /** Names of the migrations applied when this database was opened. */
  appliedMigrations: string[];
  /** The connection the schema engine uses (for `applyMigrations(db)`). */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Most connections to that server held at once (default 10). */
  poolSize?: number;
  /** PGlite keeps its files in `${dataDir}/pglite` (default ./data). */
  dataDir?: string;
  /** PGlite in memory only (tests). */
  memory?: boolean;
  /** Apply pending migrations first (default true). */
  migrate?: boolean;
  /** PGlite starts from this dump of a data directory (`dumpDataDir`): tests start from a migrated copy. */
  snapshot?: Blob;
}

/** How long start-up keeps retrying migrations that wait on another instance or a database still coming up. */
export const STARTUP_RETRY_MS = 120_000;

/**
 * Instances started together race for the migration lock; the losers time out (P1002), and a
 * database that is still starting refuses connections. Both pass: wait (1, 2, 4 ... 10 s apart)
 * and try again, for up to two minutes; any other error fails start-up at once.
 */
export async function withStartupRetries<T>(run: () => Promise<T>, deadlineMs = STARTUP_RETRY_MS, onWait?: (err: unknown, ms: number) => void): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const text = String((err as { message?: unknown })?.message ?? err);
      const passing = /P1002|advisory lock|timed out|ECONNREFUSED|ECONNRESET|starting up|Connection terminated/i.test(text) || isDatabaseUnreachable(err);
      const wait = Math.min(1000 * 2 ** attempt, 10_000);
      if (!passing || Date.now() - started + wait > deadlineMs) throw err;
      (onWait ?? ((e, ms) => console.warn(`Database not ready for migrations (${String((e as Error)?.message ?? e).slice(0, 120)}); retrying in ${ms} ms`)))(
        err,
        wait,
      );
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** How long a transaction may wait for a connection and then run, in milliseconds. */
export const TRANSACTION_LIMITS = { maxWait: 10_000, timeout: 15_000 } as const;

/** Opens PostgreSQL (when `databaseUrl` is given) or PGlite. PGlite's first start takes seconds: open once per process. */
export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  const { factory, kind, release } = opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize)
    : await openPGlite(opts.memory ? undefined : path.join(path.resolve(opts.dataDir ?? './data'), 'pglite'), opts.snapshot);

  try {
    const appliedMigrations = opts.migrate === false ? [] : await withStartupRetries(() => applyMigrations(factory));
    const stats: QueryStats = { queries: 0 };
    // Prisma's defaults (2 s to get a connection, 5 s per transaction) fail a save outright when
    // the cores are busy for a moment; these still end a transaction that hangs, and a save that
    // runs out of them is answered 503 'busy' (platform/errors.ts), never 500.
    const prisma = new PrismaClient({ adapter: countingFactory(factory, stats), transactionOptions: TRANSACTION_LIMITS });

    let closed: Promise<void> | undefined;
    return {
      prisma,
      kind,
      stats,
      appliedMigrations,
      adapterFactory: factory,
      ping: () => ping(prisma),
      close: () => {
        closed ??= prisma.$disconnect().finally(release);
        return closed;
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

function openPostgres(databaseUrl: string, poolSize = 10) {
  // One pool shared by the client and the schema engine, ended on close.
  const pool = new pg.Pool({ ...poolConfigFromUrl(databaseUrl), max: poolSize });
  return {
    kind: 'postgres' as const,
    factory: new PostgresAdapterFactory(pool),
    release: () => pool.end(),
  };
}

async function openPGlite(dir: string | undefined, snapshot?: Blob) {
  if (dir) await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create({ dataDir: dir, loadDataDir: snapshot });
  return {
    kind: 'pglite' as const,
    factory: new PGliteAdapterFactory(pglite),
    release: () => pglite.close(),
  };
}

async function ping(prisma: PrismaClient): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 2000);
  });
  try {
    return await Promise.race([prisma.$queryRaw`SELECT 1`.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** True while nobody has signed up yet: start-up loads the demo workspace into such a database. */
export async function isFreshDatabase(db: Pick<Database, 'prisma'>): Promise<boolean> {
  return (await db.prisma.user.findFirst({ select: { id: true } })) === null;
}

export const DEFAULT_TEST_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, migrated, empty database for one test file: an in-memory PGlite, or a new database
 * `tripcrew_test_<unix seconds>_<random>` on the server of TEST_DATABASE_URL, dropped again on
 * `close()`. The creation time in the name lets `sweepTestDatabases` clear what crashed runs left.
 */
/**
 * A fresh database for one test file. `from` starts it from a migrated copy instead of migrating
 * an empty one (seconds saved per file): a PGlite dump, or a PostgreSQL template database.
 */
export async function createTestDatabase(kind: 'pglite' | 'postgres', from: { snapshot?: Blob; template?: string } = {}): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ memory: true, snapshot: from.snapshot });

  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const name = `tripcrew_test_${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
  const template = from.template && /^[a-z0-9_]+$/.test(from.template) ? ` TEMPLATE "${from.template}"` : '';
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"${template}`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: url.toString() });
  } catch (error) {
    await dropDatabase(adminUrl, name);
    throw error;
  }
  const close = db.close;
  let dropped: Promise<void> | undefined;
  return {
    ...db,
    close: () => {
      dropped ??= close().then(() => dropDatabase(adminUrl, name));
      return dropped;
    },
  };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  // FORCE (PostgreSQL 13+) ends connections a test may have left open.
  await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

export async function withAdminClient<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(poolConfigFromUrl(adminUrl));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops test databases older than `maxAgeSeconds` (a crashed run cannot drop its own). */
export async function sweepTestDatabases(maxAgeSeconds = 2 * 60 * 60): Promise<string[]> {
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const rows = await withAdminClient(adminUrl, (client) =>
    client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'tripcrew\\_test\\_%'"),
  );
  const cutoff = Date.now() / 1000 - maxAgeSeconds;
  const stale = rows.rows
    .map((r) => r.datname)
    .filter((name) => {
      const created = Number(/^tripcrew_test_(\d+)_/.exec(name)?.[1]);
      // Names from before the timestamp was added have none: they are stale by definition.
      return !Number.isFinite(created) || created < cutoff;
    });
  for (const name of stale) await dropDatabase(adminUrl, name);
  return stale;
}
