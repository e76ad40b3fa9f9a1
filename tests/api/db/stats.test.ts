import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type Database } from '../../../api/src/db/index.js';

// stats.queries is what later tests use to prove there is no N+1: it must count exactly.
describe.each(['pglite', 'postgres'] as const)('stats.queries on %s', (kind) => {
  let db: Database;
  let ownerId: string;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    ownerId = (await db.prisma.user.create({ data: { email: 'o@example.com', passwordHash: 'x', firstName: 'O', lastName: 'W' } })).id;
  }, 60_000);
  afterAll(() => db?.close());
  beforeEach(() => {
    db.stats.queries = 0;
  });

  it('counts one statement per simple query', async () => {
    await db.prisma.user.findMany();
    await db.prisma.user.count();
    await db.prisma.$queryRaw`SELECT 1`;
    expect(db.stats.queries).toBe(3);
  });

  it('counts every statement of a nested write and of transactions, bookends included', async () => {
    await db.prisma.trip.create({
      data: { name: 'Counted', ownerId, members: { create: { userId: ownerId, status: 'OWNER', role: 'OWNER' } } },
    });
    // BEGIN, INSERT trip, INSERT member, SELECT trip, COMMIT.
    expect(db.stats.queries).toBe(5);
    db.stats.queries = 0;
    await db.prisma.$transaction([db.prisma.trip.count(), db.prisma.tripMember.count()]);
    expect(db.stats.queries).toBe(4);
    db.stats.queries = 0;
    await db.prisma.$transaction(async (tx) => {
      await tx.trip.findFirst();
      await tx.tripMember.findFirst();
    });
    expect(db.stats.queries).toBe(4);
    db.stats.queries = 0;
    await expect(
      db.prisma.$transaction(async (tx) => {
        await tx.trip.findFirst();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(db.stats.queries).toBe(3); // BEGIN, SELECT, ROLLBACK
  });

  it('counts a relation load independently of the number of parents', async () => {
    await db.prisma.trip.createMany({ data: [1, 2, 3, 4, 5].map((n) => ({ name: `T${n}`, ownerId })) });
    db.stats.queries = 0;
    // Relations are joined in the database (the relationJoins strategy): one statement.
    const trips = await db.prisma.trip.findMany({ include: { members: true, owner: true } });
    expect(trips.length).toBeGreaterThan(5);
    expect(db.stats.queries).toBe(1);
    // Loaded one relation at a time instead: trips, then all their members, then all their owners.
    db.stats.queries = 0;
    await db.prisma.trip.findMany({ include: { members: true, owner: true }, relationLoadStrategy: 'query' });
    expect(db.stats.queries).toBe(3);
  });

  it('counts failed statements too', async () => {
    await expect(db.prisma.$queryRawUnsafe('SELECT * FROM no_such_table')).rejects.toThrow();
    expect(db.stats.queries).toBe(1);
  });
});
