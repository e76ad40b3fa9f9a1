import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, createTestDatabase, type Database } from '../../../api/src/db/index.js';
import { MIGRATIONS_DIR } from '../../../api/src/db/migrate.js';

const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('migration folders', () => {
  it('are numbered NNNN_name so that they sort in order', () => {
    expect(folders[0]).toBe('0001_init');
    folders.forEach((name, i) => expect(name).toMatch(new RegExp(`^${String(i + 1).padStart(4, '0')}_[a-z0-9_]+$`)));
  });
});

describe.each(['pglite', 'postgres'] as const)('migrations on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  }, 60_000);
  afterAll(() => db?.close());

  it('applies every folder on a fresh database, recorded like `prisma migrate deploy`', async () => {
    expect(db.kind).toBe(kind);
    expect(db.appliedMigrations).toEqual(folders);
    const rows = await db.prisma.$queryRaw<{ migration_name: string; finished: boolean; rolled_back: boolean }[]>`
      SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
      FROM _prisma_migrations ORDER BY migration_name`;
    expect(rows).toEqual(folders.map((migration_name) => ({ migration_name, finished: true, rolled_back: false })));
  });

  it('is a no-op when applied again', async () => {
    expect(await applyMigrations(db)).toEqual([]);
    const [{ count }] = await db.prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM _prisma_migrations`;
    expect(count).toBe(folders.length);
  });

  it('creates the tables the client expects', async () => {
    expect(await db.ping()).toBe(true);
    expect(await db.prisma.user.count()).toBe(0);
    const owner = await db.prisma.user.create({
      data: { email: 'owner@example.com', passwordHash: 'x', firstName: 'O', lastName: 'W', activities: ['Hiking'] },
    });
    const trip = await db.prisma.trip.create({
      data: {
        name: 'Test trip',
        ownerId: owner.id,
        startDate: new Date('2030-05-01'),
        endDate: new Date('2030-05-03'),
        members: { create: { userId: owner.id, status: 'OWNER', role: 'OWNER' } },
      },
      include: { members: true },
    });
    expect(trip.startDate?.toISOString()).toBe('2030-05-01T00:00:00.000Z');
    expect(trip.members).toHaveLength(1);
    // Enum values are stored lower-case.
    const [row] = await db.prisma.$queryRaw<{ status: string }[]>`SELECT status::text FROM trip_members`;
    expect(row.status).toBe('owner');
    // Deleting the owner cascades to the trip and its members.
    await db.prisma.user.delete({ where: { id: owner.id } });
    expect(await db.prisma.tripMember.count()).toBe(0);
  });

  // Last: it leaves a failed migration recorded in this database.
  it('reports a failing migration and applies none of its statements', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tripcrew-migrations-'));
    try {
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      mkdirSync(path.join(dir, '9999_broken'));
      writeFileSync(path.join(dir, '9999_broken', 'migration.sql'), 'CREATE TABLE half_done (id int);\nSELECT 1/0;\n');
      await expect(applyMigrations(db, { migrationsDir: dir })).rejects.toThrow(/division by zero/);
      const [{ exists }] = await db.prisma.$queryRaw<{ exists: boolean }[]>`SELECT to_regclass('half_done') IS NOT NULL AS exists`;
      expect(exists).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
