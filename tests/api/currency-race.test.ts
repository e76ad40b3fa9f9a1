import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

/**
 * A trip's currency may change only while it has no expenses or payments. The change and a new
 * expense (or payment) arriving in the same instant must not both go through: the trip would end
 * in the new currency with an expense in the old one, out of every balance.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const ADD = `mutation($input: AddExpenseInput!) { addExpense(input: $input) { __typename ... on Error { message } } }`;
const SETTLE = `mutation($input: RecordSettlementInput!) { recordSettlement(input: $input) { __typename ... on Error { message } } }`;
const UPDATE_TRIP = `mutation($id: ID!, $input: TripInput!) { updateTrip(tripId: $id, input: $input) { __typename ... on Error { message } } }`;
const FIXED = "The currency can't change once the trip has expenses or payments.";

async function crew() {
  const [a, b] = await Promise.all([signedInUser(t), signedInUser(t, { first_name: 'Bea' })]);
  const trip = await createTrip(t, a.token, { name: 'Lisbon', currency: 'USD' });
  await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: b.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
  return { a, b, trip };
}

type Crew = Awaited<ReturnType<typeof crew>>;

/** The two kinds of money a trip's ledger holds, each added through its own mutation. */
const WRITES = [
  {
    kind: 'an expense',
    table: 'expenses',
    write: ({ a, b, trip }: Crew) =>
      t.graphql(
        ADD,
        {
          input: {
            tripId: trip.id,
            expense: {
              title: 'Dinner',
              amount: '40.00',
              paidBy: gid('User', a.userId),
              expenseDate: '2030-05-02',
              participants: [a.userId, b.userId].map((id) => gid('User', id)),
            },
          },
        },
        b.token,
      ),
    typename: 'ExpensePayload',
  },
  {
    kind: 'a payment',
    table: 'settlements',
    write: ({ a, b, trip }: Crew) =>
      // Nothing is owed yet: the payment is confirmed as an overpayment.
      t.graphql(
        SETTLE,
        { input: { tripId: trip.id, fromUserId: gid('User', b.userId), toUserId: gid('User', a.userId), amount: '15', allowOverpayment: true } },
        b.token,
      ),
    typename: 'RecordSettlementPayload',
  },
] as const;

const changeCurrency = ({ a, trip }: Crew, currency: string) => t.graphql(UPDATE_TRIP, { id: trip.id, input: { name: 'Lisbon', currency } }, a.token);

/**
 * The trip's currency, and every expense's base currency and payment's currency, agree; and the
 * change answered as it should: refused when the money came first, taken when it came after.
 */
async function expectConsistent({ trip }: Crew, write: { body: any }, change: { body: any }, typename: string) {
  const [row, expenses, settlements] = await Promise.all([
    t.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.uuid }, select: { currency: true } }),
    t.db.prisma.expense.findMany({ where: { tripId: trip.uuid }, select: { baseCurrency: true } }),
    t.db.prisma.settlement.findMany({ where: { tripId: trip.uuid }, select: { currency: true } }),
  ]);
  expect([...expenses.map((e) => e.baseCurrency), ...settlements.map((s) => s.currency)].filter((c) => c !== row.currency)).toEqual([]);
  const changed = change.body.data.updateTrip;
  if (row.currency === 'USD') expect(changed).toMatchObject({ __typename: 'ValidationError', message: FIXED });
  else expect(changed.__typename).toBe('TripPayload');
  // The write names no currency, so it is in the trip's whichever came first: it is always saved.
  expect(Object.values(write.body.data)[0]).toMatchObject({ __typename: typename });
  expect(expenses.length + settlements.length).toBe(1);
}

/** Polls `check` until it is true; fails after the deadline. */
async function until(what: string, check: () => Promise<boolean>, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sessions of this test's database waiting for a lock. */
async function waiting(): Promise<number> {
  const [row] = await t.db.prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return row!.n;
}

describe("a currency change racing the trip's first expense or payment", () => {
  it.each(WRITES)('never leaves $kind in the old currency (attempts at once)', async ({ write, typename }) => {
    for (let i = 0; i < 3; i++) {
      const people = await crew();
      const [w, c] = await Promise.all([write(people), changeCurrency(people, 'EUR')]);
      await expectConsistent(people, w, c, typename);
    }
  });

  // The interleavings that let both through, held in place by a third session holding a lock on a
  // table the first one's transaction writes last (its own table for a write, the live-event
  // outbox for the change): the first has done its reading and waits there when the second starts.
  // Whichever came first, the second either waits for it or finishes on its own, and the two end
  // consistent.
  const HELD = WRITES.flatMap((w) => [
    { ...w, first: 'write' as const, hold: w.table },
    { ...w, first: 'change' as const, hold: 'outbox_events' },
  ]);
  it.runIf(dbKind() === 'postgres').each(HELD)(
    'never leaves $kind in the old currency (the $first held just before it commits)',
    async ({ first, hold, write, typename }) => {
      const people = await crew();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holding = t.db.prisma.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe(`LOCK TABLE ${hold} IN SHARE MODE`);
          locked();
          await released;
        },
        { timeout: 60_000 },
      );
      try {
        await isLocked;
        const start = { write: () => write(people), change: () => changeCurrency(people, 'EUR') };
        const firstDone = start[first]();
        await until(`the ${first} waits for ${hold}`, async () => (await waiting()) === 1);
        let secondFinished = false;
        const secondDone = start[first === 'write' ? 'change' : 'write']().finally(() => (secondFinished = true));
        await until('the second finished or waits', async () => secondFinished || (await waiting()) === 2);
        release();
        await holding;
        const [w, c] = first === 'write' ? [await firstDone, await secondDone] : [await secondDone, await firstDone];
        await expectConsistent(people, w, c, typename);
      } finally {
        release();
        await holding.catch(() => undefined);
      }
    },
  );
});
