import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { ExpenseMessages as M } from '../../api/src/expenses/messages.js';

/**
 * Issue 25, points 8 and 9: impossible dates and overflowing amounts are a 400 at every door (they
 * were 500s), and payments can be undone, need confirming beyond the debt, and are not recorded
 * twice when two identical ones arrive at once.
 */
const ADMIN = 'money-guards-admin@example.com';
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await signedInUser(t, { email: ADMIN });
});
afterAll(() => t.close());

const BAD_DATES = ['2026-13-45', '2026-00-10', '0000-01-01', '2024-02-30'];
const api = (method: string, path: string, token: string, body?: unknown) => t.request(method, `/api/backend${path}`, { token, body });

async function crew(currency = 'USD') {
  const [owner, a, b] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
  const trip = await createTrip(t, owner.token, { currency });
  await t.db.prisma.tripMember.createMany({
    data: [a, b].map((u) => ({ tripId: trip.uuid, userId: u.userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const })),
  });
  return { owner, a, b, trip };
}

/** A 400 whose `error` is a date message, and nothing written. */
function expectDateRefusal(res: { status: number; body: { error?: string; message?: string } }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.error ?? res.body.message, what).toMatch(/date/i);
}

describe('impossible dates', () => {
  it('are refused with a field message by every door that takes a date, and nothing is stored', async () => {
    const { owner, trip } = await crew();
    const checklist = await api('POST', '/save-checklist', owner.token, { trip_id: trip.uuid, title: 'Packing' });
    expect(checklist.status).toBe(200);
    const before = {
      items: await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } }),
      expenses: await t.db.prisma.expense.count({ where: { tripId: trip.uuid } }),
      trips: await t.db.prisma.trip.count(),
    };
    for (const day of BAD_DATES) {
      const doors: [string, Promise<{ status: number; body: { error?: string; message?: string } }>][] = [
        ['activity_date', api('POST', '/save-itinerary-item', owner.token, { trip_id: trip.uuid, title: 'Museum', type: 'activity', activity_date: day })],
        [
          'check_in_date',
          api('POST', '/save-itinerary-item', owner.token, { trip_id: trip.uuid, type: 'accommodation', hotel_name: 'Inn', check_in_date: day }),
        ],
        [
          'check_out_date',
          api('POST', '/save-itinerary-item', owner.token, { trip_id: trip.uuid, type: 'accommodation', hotel_name: 'Inn', check_out_date: day }),
        ],
        ['return_date', api('POST', '/save-itinerary-item', owner.token, { trip_id: trip.uuid, type: 'flight', flight_number: 'AC1', return_date: day })],
        [
          'expense_date',
          api('POST', '/save-expense', owner.token, {
            trip_id: trip.uuid,
            title: 'Taxi',
            amount: '10',
            paid_by: owner.userId,
            participants: [owner.userId],
            expense_date: day,
          }),
        ],
        ['due_date', api('POST', '/save-checklist-item', owner.token, { checklist_id: checklist.body.checklist.id, description: 'Passport', due_date: day })],
        ['start_date', api('POST', '/create-trip', owner.token, { name: 'Bad start', start_date: day })],
        ['end_date', api('POST', '/create-trip', owner.token, { name: 'Bad end', end_date: day })],
        ['admin start_date', api('POST', '/admin/trips', admin.token, { name: 'Bad', owner_id: owner.userId, start_date: day })],
        ['admin events from', api('GET', `/admin/events?from=${day}`, admin.token)],
        ['admin events to', api('GET', `/admin/events?to=${day}`, admin.token)],
      ];
      for (const [what, res] of doors) expectDateRefusal(await res, `${what} ${day}`);
    }
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } })).toBe(before.items);
    expect(await t.db.prisma.expense.count({ where: { tripId: trip.uuid } })).toBe(before.expenses);
    expect(await t.db.prisma.trip.count()).toBe(before.trips);
  });

  it('through GraphQL too: a trip edit with an impossible end date is refused (the Date scalar or a ValidationError), never stored', async () => {
    const { owner, trip } = await crew();
    for (const day of BAD_DATES) {
      const res = await t.graphql(
        `mutation($id: ID!, $input: TripInput!) { updateTrip(tripId: $id, input: $input) { __typename ... on ValidationError { field message } } }`,
        { id: trip.id, input: { name: 'Lisbon', endDate: day } },
        owner.token,
      );
      const refused = res.body.data?.updateTrip ?? res.body.errors?.[0];
      expect(refused, JSON.stringify(res.body)).toBeTruthy();
      if (res.body.data?.updateTrip) expect(res.body.data.updateTrip).toMatchObject({ __typename: 'ValidationError', field: 'endDate' });
      else expect(res.body.errors[0].message).toMatch(/date/i);
    }
    expect((await t.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.uuid } })).endDate).toBeNull();
  });
});

describe('amounts that would overflow the money columns', () => {
  it('20,000,000 USD at 2 on a EUR trip is a 400 on amount, not a 500', async () => {
    const { owner, trip } = await crew('EUR');
    const res = await api('POST', '/save-expense', owner.token, {
      trip_id: trip.uuid,
      title: 'Yacht',
      amount: '20000000',
      currency: 'USD',
      exchange_rate: '2',
      paid_by: owner.userId,
      participants: [owner.userId],
      expense_date: '2030-01-01',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatch(/too large.*21474836\.47 EUR/);
    // The same amount at a rate that fits is taken.
    const fits = await api('POST', '/save-expense', owner.token, {
      trip_id: trip.uuid,
      title: 'Yacht',
      amount: '20000000',
      currency: 'USD',
      exchange_rate: '0.9',
      paid_by: owner.userId,
      participants: [owner.userId],
      expense_date: '2030-01-01',
    });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
  });
});

async function owes(owner: { token: string; userId: string }, trip: { uuid: string }, ids: string[], amount = '90') {
  const res = await api('POST', '/save-expense', owner.token, {
    trip_id: trip.uuid,
    title: 'Dinner',
    amount,
    paid_by: owner.userId,
    participants: ids,
    expense_date: '2030-01-01',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const balances = async (token: string, userId: string, tripId: string) => {
  const res = await api('GET', `/user-expenses/${userId}?tripId=${tripId}`, token);
  return Object.fromEntries((res.body.balances as { user_id: string; amount: number }[]).map((b) => [b.user_id, b.amount]));
};

describe('payments', () => {
  it('two identical payments sent at once (no idempotency keys) record one; the other is a 409', async () => {
    const { owner, a, b, trip } = await crew();
    await owes(owner, trip, [owner.userId, a.userId, b.userId]);
    const pay = () => api('POST', '/settle-expense', a.token, { trip_id: trip.uuid, from_user_id: a.userId, to_user_id: owner.userId, amount: '10' });
    const answers = await Promise.all([pay(), pay()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error).toMatch(/same payment/);
    expect(await t.db.prisma.settlement.count({ where: { tripId: trip.uuid } })).toBe(1);
    // Confirmed, the same payment again is taken.
    const again = await api('POST', '/settle-expense', a.token, {
      trip_id: trip.uuid,
      from_user_id: a.userId,
      to_user_id: owner.userId,
      amount: '10',
      allow_duplicate: true,
    });
    expect(again.status).toBe(200);
  });

  it('more than the payer owes needs allow_overpayment; every suggestion still settles to zero without it', async () => {
    const { owner, a, b, trip } = await crew();
    await owes(owner, trip, [owner.userId, a.userId, b.userId]);
    const over = await api('POST', '/settle-expense', a.token, { trip_id: trip.uuid, from_user_id: a.userId, to_user_id: owner.userId, amount: '31' });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatch(/owes \$30\.00: a payment of \$31\.00 is more/);
    expect(await t.db.prisma.settlement.count({ where: { tripId: trip.uuid } })).toBe(0);
    const list = await api('GET', `/user-expenses/${owner.userId}?tripId=${trip.uuid}`, owner.token);
    for (const s of list.body.suggested_settlements as { from_user_id: string; to_user_id: string; amount: number }[]) {
      const res = await api('POST', '/settle-expense', owner.token, { trip_id: trip.uuid, ...s });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(Object.values(await balances(owner.token, owner.userId, trip.uuid))).toEqual([0, 0, 0]);
    const confirmed = await api('POST', '/settle-expense', a.token, {
      trip_id: trip.uuid,
      from_user_id: a.userId,
      to_user_id: owner.userId,
      amount: '5',
      allow_overpayment: true,
    });
    expect(confirmed.status).toBe(200);
  });

  it('can be undone by its recorder, either person, or the owner: kept in the history, balances as before; 403, 404, 409', async () => {
    const { owner, a, b, trip } = await crew();
    const stranger = await signedInUser(t);
    await owes(owner, trip, [owner.userId, a.userId, b.userId]);
    const before = await balances(owner.token, owner.userId, trip.uuid);
    const record = async (by: string) =>
      (await api('POST', '/settle-expense', by, { trip_id: trip.uuid, from_user_id: a.userId, to_user_id: owner.userId, amount: '30', allow_duplicate: true }))
        .body.settlement as { id: string };
    const paid = await record(a.token);
    expect((await balances(owner.token, owner.userId, trip.uuid))[a.userId]).toBe(0);

    expect((await api('POST', `/undo-settlement/${paid.id}`, b.token)).status).toBe(403);
    expect((await api('POST', `/undo-settlement/${paid.id}`, stranger.token)).status).toBe(403);
    expect((await api('POST', '/undo-settlement/00000000-0000-4000-8000-000000000000', a.token)).status).toBe(404);
    expect((await api('POST', '/undo-settlement/not-an-id', a.token)).status).toBe(404);

    const undone = await api('POST', `/undo-settlement/${paid.id}`, owner.token);
    expect(undone.status).toBe(200);
    expect(undone.body.settlement).toMatchObject({ id: paid.id, undone_by: owner.userId });
    expect(undone.body.settlement.undone_at).toEqual(expect.any(String));
    expect(await balances(owner.token, owner.userId, trip.uuid)).toEqual(before);
    expect((await api('POST', `/undo-settlement/${paid.id}`, a.token)).status).toBe(409);
    // Still in the list, marked undone; a's shares are pending again.
    const list = await api('GET', `/user-expenses/${owner.userId}?tripId=${trip.uuid}`, owner.token);
    expect(list.body.settlements).toEqual([expect.objectContaining({ id: paid.id, undone_by: owner.userId })]);
    expect(list.body.splits.find((s: { user_id: string }) => s.user_id === a.userId).status).toBe('pending');
    // a (named) was told.
    const told = await t.db.prisma.notification.findFirst({ where: { userId: a.userId, title: 'Payment undone' } });
    expect(told?.message).toMatch(/undid a payment of \$30\.00 from you/);

    // The recorder (b records a's payment) and the payee may undo too, over GraphQL as well.
    const byB = (
      await api('POST', '/settle-expense', b.token, {
        trip_id: trip.uuid,
        from_user_id: a.userId,
        to_user_id: owner.userId,
        amount: '30',
        allow_duplicate: true,
      })
    ).body.settlement as { id: string };
    const gql = await t.graphql(
      `mutation($input: UndoSettlementInput!) { undoSettlement(input: $input) { __typename
        ... on UndoSettlementPayload { settlement { id undoneAt undoneByName viewerCanUndo } }
        ... on Error { message } } }`,
      { input: { id: byB.id } },
      b.token,
    );
    expect(gql.body.data.undoSettlement).toMatchObject({ __typename: 'UndoSettlementPayload', settlement: { id: byB.id, viewerCanUndo: false } });
    const again = await t.graphql(
      `mutation($input: UndoSettlementInput!) { undoSettlement(input: $input) { __typename ... on Error { message } } }`,
      { input: { id: byB.id } },
      owner.token,
    );
    expect(again.body.data.undoSettlement).toMatchObject({ __typename: 'ConflictError', message: M.alreadyUndone });
    expect(await balances(owner.token, owner.userId, trip.uuid)).toEqual(before);
  });
});
