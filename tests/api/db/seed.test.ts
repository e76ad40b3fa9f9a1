import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, isFreshDatabase, type Database } from '../../../api/src/db/index.js';
import { DEMO_PASSWORD, seedDemoData } from '../../../api/src/server/seed.js';
import { verifyPassword } from '../../../api/src/accounts/passwords.js';

describe('demo data', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  }, 60_000);
  afterAll(() => db?.close());

  it('loads into a fresh database and returns the sign-in hints', async () => {
    expect(await isFreshDatabase(db)).toBe(true);
    const hints = await seedDemoData(db.prisma);
    expect(await isFreshDatabase(db)).toBe(false);
    expect(hints.length).toBeGreaterThanOrEqual(3);
    for (const { email, password } of hints) {
      const user = await db.prisma.user.findUniqueOrThrow({ where: { email } });
      expect(user.emailVerifiedAt).not.toBeNull();
      expect(await verifyPassword(user.passwordHash, password)).toBe(true);
    }
    expect(hints[0].password).toBe(DEMO_PASSWORD);
  }, 30_000);

  it('is idempotent: a second run writes nothing', async () => {
    const before = await counts(db);
    db.stats.queries = 0;
    await seedDemoData(db.prisma);
    expect(db.stats.queries).toBe(1); // the existence check
    expect(await counts(db)).toEqual(before);
  });

  it('has an upcoming, a current and a past trip, each with its owner as a member', async () => {
    const today = new Date();
    const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
    const trips = await db.prisma.trip.findMany({ include: { members: true } });
    const phase = (t: (typeof trips)[number]) => (t.startDate!.getTime() > todayUtc ? 'upcoming' : t.endDate!.getTime() < todayUtc ? 'past' : 'current');
    expect(trips.map(phase).sort()).toEqual(['current', 'past', 'upcoming']);
    for (const trip of trips) expect(trip.members).toContainEqual(expect.objectContaining({ userId: trip.ownerId, status: 'OWNER' }));
  });

  it('splits every expense exactly, in cents', async () => {
    const expenses = await db.prisma.expense.findMany({ include: { splits: true } });
    expect(expenses.length).toBeGreaterThan(0);
    for (const e of expenses) expect(e.splits.reduce((sum, s) => sum + s.amountCents, 0)).toBe(e.amountCents);
  });

  it('has friendships in both directions, a pending invitation, stories and the six guides', async () => {
    const friendships = await db.prisma.friendship.findMany();
    for (const f of friendships) expect(friendships).toContainEqual(expect.objectContaining({ userId: f.friendId, friendId: f.userId }));
    expect(await db.prisma.tripInvitation.count({ where: { status: 'PENDING' } })).toBeGreaterThan(0);
    expect(await db.prisma.story.count({ where: { status: 'PUBLISHED' } })).toBeGreaterThanOrEqual(2);
    const guides = await db.prisma.guide.findMany({ select: { slug: true }, orderBy: { slug: 'asc' } });
    expect(guides.map((g) => g.slug)).toEqual(['barcelona', 'london', 'madrid', 'new-york', 'paris', 'tokyo']);
  });
});

async function counts(db: Database) {
  const p = db.prisma;
  return Promise.all([
    p.user.count(),
    p.trip.count(),
    p.tripMember.count(),
    p.expense.count(),
    p.expenseSplit.count(),
    p.story.count(),
    p.guide.count(),
    p.friendship.count(),
    p.checklistItem.count(),
    p.itineraryItem.count(),
  ]);
}
