import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';

/**
 * Driver adapters for the two databases. Both the Prisma client and the schema engine
 * (migrations) talk to the database through these, so there is one code path above them.
 */

/** Discrete connection fields: PrismaPg loses host/port of a bare connection string when the
 * schema engine asks it for a shadow database. */
export function poolConfigFromUrl(databaseUrl: string): pg.PoolConfig {
  const url = new URL(databaseUrl);
  if (!/^postgres(ql)?:$/.test(url.protocol)) {
    throw new Error(`DATABASE_URL must be a postgres:// or postgresql:// URL, got ${url.protocol}`);
  }
  const sslmode = url.searchParams.get('sslmode');
  return {
    host: url.hostname ? decodeURIComponent(url.hostname) : (url.searchParams.get('host') ?? '127.0.0.1'),
    port: url.port ? Number(url.port) : 5432,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres',
    ssl: sslmode && sslmode !== 'disable' ? { rejectUnauthorized: sslmode === 'verify-full' } : undefined,
    application_name: 'tripcrew',
  };
}

/**
 * PrismaPg whose `executeScript` sends the script as one simple-protocol query instead of
 * splitting it on ';' (which breaks on semicolons inside strings and runs a migration as
 * separate, non-atomic statements). PostgreSQL runs a multi-statement simple query as one
 * implicit transaction, so a failing migration leaves nothing half-applied.
 */
export class PostgresAdapterFactory extends PrismaPg implements SqlMigrationAwareDriverAdapterFactory {
  override async connect() {
    return withWholeScripts(await super.connect());
  }

  override async connectToShadowDb() {
    return withWholeScripts(await super.connectToShadowDb());
  }
}

type PgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;

function withWholeScripts(adapter: PgAdapter): PgAdapter {
  const pool = adapter.underlyingDriver();
  adapter.executeScript = async (script: string) => {
    try {
      await pool.query(script);
    } catch (error) {
      (adapter as unknown as { onError(e: unknown): never }).onError(error); // maps to Prisma error kinds
    }
  };
  return adapter;
}

/**
 * PrismaPGlite whose `executeScript` awaits the script (the published adapter fires it and
 * forgets, so a failing migration would go unnoticed), and whose shadow database is a fresh
 * in-memory PGlite that is closed again when the engine lets go of it.
 */
export class PGliteAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres' as const;
  readonly adapterName: string;
  private readonly inner: PrismaPGlite;

  constructor(private readonly pglite: PGlite) {
    this.inner = new PrismaPGlite(pglite);
    this.adapterName = this.inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return withAwaitedScripts(await this.inner.connect(), this.pglite);
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = await PGlite.create();
    const adapter = withAwaitedScripts(await new PrismaPGlite(shadow).connect(), shadow);
    adapter.dispose = () => shadow.close();
    return adapter;
  }
}

function withAwaitedScripts(adapter: SqlDriverAdapter, pglite: PGlite): SqlDriverAdapter {
  adapter.executeScript = async (script: string) => {
    try {
      await pglite.exec(script);
    } catch (error) {
      (adapter as unknown as { onError(e: unknown): never }).onError(error);
    }
  };
  return adapter;
}

/** Counts statements sent to the database. */
export interface QueryStats {
  queries: number;
}

/**
 * Wraps a factory so that every statement the Prisma client sends adds one to `stats.queries`:
 * queryRaw / executeRaw on the connection or inside a transaction, scripts, and the transaction
 * bookends (BEGIN, COMMIT or ROLLBACK, savepoints). The drivers issue the bookends differently
 * (PrismaPg runs BEGIN itself and gets COMMIT from the client; PGlite does both itself), so they
 * are counted at startTransaction / commit / rollback: a transaction of n statements counts
 * n + 2 on both databases. Set LOG_SQL=1 to print every counted statement.
 */
export function countingFactory(factory: SqlDriverAdapterFactory, stats: QueryStats): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => counting(await factory.connect(), stats),
  };
}

const STATEMENTS = new Set(['queryRaw', 'executeRaw', 'executeScript']);
const BOOKENDS = new Set(['commit', 'rollback', 'createSavepoint', 'rollbackToSavepoint', 'releaseSavepoint']);

function counting<T extends object>(target: T, stats: QueryStats): T {
  const log = process.env.LOG_SQL === '1';
  const count = (what: string) => {
    stats.queries += 1;
    if (log) console.error(`[sql ${stats.queries}]`, what);
  };
  return new Proxy(target, {
    get(obj, prop) {
      const value = Reflect.get(obj, prop, obj);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      if (STATEMENTS.has(prop)) {
        return (query: { sql: string } | string) => {
          const sql = typeof query === 'string' ? query : query.sql;
          // Counted at commit()/rollback() instead (see above).
          if (!/^\s*(COMMIT|ROLLBACK)\s*;?\s*$/i.test(sql)) count(sql);
          return value.call(obj, query);
        };
      }
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) => {
          count('BEGIN');
          return counting(await value.apply(obj, args), stats);
        };
      }
      if (BOOKENDS.has(prop)) {
        return (...args: unknown[]) => {
          count(prop.toUpperCase());
          return value.apply(obj, args);
        };
      }
      return value.bind(obj);
    },
  });
}
