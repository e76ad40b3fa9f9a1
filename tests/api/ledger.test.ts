import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { retireAccount } from '../../api/src/accounts/deletion.js';
import { sweepRemovedFiles } from '../../api/src/platform/fileSweeper.js';

/** The data model keeps ledgers whole and refuses what must never be stored, whatever the code path. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tripWithThree() {
  const [a, b, c] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
  const trip = await createTrip(t, a.token);
  await t.db.prisma.tripMember.createMany({
    data: [b, c].map((u) => ({ tripId: trip.uuid, userId: u.userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const })),
  });
  return { a, b, c, trip };
}

describe('ledger rows', () => {
  it("outlive a deleted account: it is retired in place, and the trip's balances still sum to zero", async () => {
    const { a, b, c, trip } = await tripWithThree();
    const prisma = t.db.prisma;
    await prisma.expense.create({
      data: {
        tripId: trip.uuid,
        title: 'Dinner',
        amountCents: 9000,
        currency: 'USD',
        paidById: b.userId,
        expenseDate: new Date('2030-01-01'),
        splits: { create: [a, b, c].map((u) => ({ userId: u.userId, amountCents: 3000 })) },
      },
    });
    await prisma.settlement.create({ data: { tripId: trip.uuid, fromUserId: a.userId, toUserId: b.userId, amountCents: 3000, currency: 'USD' } });
    // Removing the row outright is refused by the database itself.
    await expect(prisma.user.delete({ where: { id: b.userId } })).rejects.toThrow();

    await retireAccount(t.app.deps, b.userId);
    const retired = await prisma.user.findUniqueOrThrow({ where: { id: b.userId } });
    expect(retired).toMatchObject({ firstName: 'Deleted', lastName: 'user', city: null });
    expect(retired.email).not.toBe(b.email);
    expect(retired.deletedAt).not.toBeNull();
    // Its tokens stop working, and it cannot sign in.
    expect((await t.request('GET', `/api/backend/user-trips/${b.userId}`, { token: b.token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/signin', { body: { email: b.email, password: b.password } })).status).toBe(400);

    const expenses = await prisma.expense.findMany({ where: { tripId: trip.uuid }, include: { splits: true } });
    const settlements = await prisma.settlement.findMany({ where: { tripId: trip.uuid } });
    const balance = new Map<string, number>();
    const add = (id: string, n: number) => balance.set(id, (balance.get(id) ?? 0) + n);
    for (const e of expenses) {
      add(e.paidById, e.amountCents);
      for (const s of e.splits) add(s.userId, -s.amountCents);
    }
    for (const s of settlements) {
      add(s.fromUserId, s.amountCents);
      add(s.toUserId, -s.amountCents);
    }
    expect(expenses[0]!.splits).toHaveLength(3);
    expect([...balance.values()].reduce((x, y) => x + y, 0)).toBe(0);
    expect(balance.get(b.userId)).toBe(3000);
  });
});

describe('what is never stored', () => {
  it('refuses non-positive amounts, periods that end before they start, and settling with oneself', async () => {
    const { a, b, trip } = await tripWithThree();
    const prisma = t.db.prisma;
    const expense = (amountCents: number) =>
      prisma.expense.create({ data: { tripId: trip.uuid, title: 'x', amountCents, currency: 'USD', paidById: a.userId, expenseDate: new Date('2030-01-01') } });
    await expect(expense(0)).rejects.toThrow();
    await expect(expense(-100)).rejects.toThrow();
    await expect(
      prisma.expense.create({ data: { tripId: trip.uuid, title: 'x', amountCents: 1, currency: 'usd', paidById: a.userId, expenseDate: new Date() } }),
    ).rejects.toThrow();
    await expect(prisma.settlement.create({ data: { tripId: trip.uuid, fromUserId: a.userId, toUserId: a.userId, amountCents: 100 } })).rejects.toThrow();
    await expect(prisma.settlement.create({ data: { tripId: trip.uuid, fromUserId: a.userId, toUserId: b.userId, amountCents: 0 } })).rejects.toThrow();
    await expect(
      prisma.trip.update({ where: { id: trip.uuid }, data: { startDate: new Date('2030-02-01'), endDate: new Date('2030-01-01') } }),
    ).rejects.toThrow();
    await expect(prisma.trip.update({ where: { id: trip.uuid }, data: { budgetCents: -1 } })).rejects.toThrow();
    expect(await prisma.expense.count({ where: { tripId: trip.uuid } })).toBe(0);
  });
});

describe('files', () => {
  it("are removed from storage with the rows that own them, even when a trip's deletion takes the rows", async () => {
    const { a, trip } = await tripWithThree();
    const key = `photos/${trip.uuid}/${crypto.randomUUID()}.jpg`;
    await t.app.deps.storage.put(key, new Uint8Array([0xff, 0xd8, 0xff]));
    await t.db.prisma.photo.create({
      data: { tripId: trip.uuid, uploadedById: a.userId, storageKey: key, fileName: 'a.jpg', fileSize: 3, mimeType: 'image/jpeg' },
    });
    const del = await t.graphql('mutation($id: ID!) { deleteTrip(tripId: $id) { __typename } }', { id: trip.id }, a.token);
    expect(del.body.errors).toBeUndefined();
    expect(await t.db.prisma.removedFile.count({ where: { storageKey: key } })).toBe(1);
    await sweepRemovedFiles(t.app.deps);
    expect(await t.app.deps.storage.read(key)).toBeNull();
    expect(await t.db.prisma.removedFile.count({ where: { storageKey: key } })).toBe(0);
  });

  it('never resolves a key outside the storage root', async () => {
    await expect(t.app.deps.storage.put('../escape.txt', new Uint8Array([1]))).rejects.toThrow(/invalid storage key/);
    await expect(t.app.deps.storage.remove('photos/../../x')).rejects.toThrow(/invalid storage key/);
  });
});
