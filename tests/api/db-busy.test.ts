import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.js';
import { BUSY_MESSAGE, ServiceUnavailableError, domainErrorOf, isDatabaseBusy } from '../../api/src/platform/errors.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a transaction that runs out of time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is read as busy (503, try again), not as a fault, and changes nothing', async () => {
    const before = await t.db.prisma.user.count();
    const err = await t.db.prisma
      .$transaction(
        async (tx) => {
          await tx.user.count();
          await pause(300);
          await tx.user.create({ data: { email: `busy.${Date.now()}@example.com`, firstName: 'Busy', lastName: 'Test', passwordHash: 'x' } });
        },
        { timeout: 50 },
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).not.toBeNull();
    expect(isDatabaseBusy(err)).toBe(true);
    const mapped = domainErrorOf(err);
    expect(mapped).toBeInstanceOf(ServiceUnavailableError);
    expect(mapped).toMatchObject({ status: 503, message: BUSY_MESSAGE });
    expect(await t.db.prisma.user.count()).toBe(before);
  });

  it("outlasts Prisma's 5 s default, so a save slowed by a busy machine still lands", async () => {
    const n = await t.db.prisma.$transaction(async (tx) => {
      await pause(5_500);
      return tx.user.count();
    });
    expect(n).toBeGreaterThanOrEqual(0);
  });
});
