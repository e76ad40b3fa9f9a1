import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEST_DATABASE_URL, openDatabase, withStartupRetries } from '../../../api/src/db/index.js';

describe('start-up retries', () => {
  it('wait out a migration lock held by another instance, and give up on real errors at once', async () => {
    let calls = 0;
    const waits: number[] = [];
    const value = await withStartupRetries(
      async () => {
        if (++calls < 3)
          throw Object.assign(new Error('Timed out trying to acquire a postgres advisory lock (SELECT pg_advisory_lock(72707369)).'), { code: 'P1002' });
        return 'migrated';
      },
      60_000,
      (_err, ms) => waits.push(ms),
    );
    expect([value, calls, waits]).toEqual(['migrated', 3, [1000, 2000]]);
    let broken = 0;
    await expect(
      withStartupRetries(
        async () => {
          broken++;
          throw new Error('syntax error at or near "TABLE"');
        },
        60_000,
        () => {},
      ),
    ).rejects.toThrow('syntax error');
    expect(broken).toBe(1);
  }, 30_000);
});

describe.runIf(process.env.TEST_DB === 'postgres')('instances started together on an empty database', () => {
  it('all start, and each migration is applied once', async () => {
    const admin = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
    const name = `tripcrew_test_${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    try {
      const dbs = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: url.toString() })));
      try {
        const rows = await dbs[0]!.prisma.$queryRaw<
          { migration_name: string; n: bigint }[]
        >`SELECT migration_name, count(*) AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL GROUP BY migration_name`;
        expect(rows.length).toBeGreaterThanOrEqual(6);
        expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
        expect(dbs.flatMap((d) => d.appliedMigrations).sort()).toEqual(rows.map((r) => r.migration_name).sort());
      } finally {
        await Promise.all(dbs.map((d) => d.close()));
      }
    } finally {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    }
  }, 180_000);
});
