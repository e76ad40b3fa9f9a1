import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { ExpenseMessages as M } from '../../api/src/expenses/messages.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
});
afterAll(() => t.close());

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const RESULT = `__typename ... on ExpensePayload { expense { id title amount { amount currency } baseAmount { amountCents currency } exchangeRate
  category splitType payerName expenseDate isPaid itineraryItemId splits { userId name amount { amountCents } baseAmount { amountCents } percentage status } } }
  ... on Error { message } ... on ValidationError { field fieldErrors { field message } }`;
const ADD = `mutation($input: AddExpenseInput!) { addExpense(input: $input) { ${RESULT} } }`;
const UPDATE = `mutation($input: UpdateExpenseInput!) { updateExpense(input: $input) { ${RESULT} } }`;
const DELETE = `mutation($input: DeleteExpenseInput!) { deleteExpense(input: $input) { __typename ... on DeleteExpensePayload { deletedExpenseId } ... on Error { message } } }`;
const SETTLE = `mutation($input: RecordSettlementInput!) { recordSettlement(input: $input) { __typename
  ... on RecordSettlementPayload { settlement { amount { amount } fromName toName } trip { ledger { youOwe { amountCents } } } }
  ... on Error { message } ... on ValidationError { field fieldErrors { field message } } } }`;
const LEDGER = `query($id: ID!) { node(id: $id) { ... on Trip { ledger { baseCurrency totalSpent { amountCents } averagePerPerson { amountCents } expenseCount
  youOwe { amountCents } youAreOwed { amountCents } balances { userId name balance { amountCents currency } }
  suggestedTransfers { fromUserId toUserId amount { amountCents amount } } }
  expenses(first: 50) { edges { node { id title splits { status } isPaid } } }
  expenseHistory(first: 20) { edges { node { action title actorName changes { field from to } } } } } } }`;

/** A trip of three (owner, two members) in USD, and an outsider. */
async function crew() {
  const [a, b, c, outsider] = await Promise.all([
    signedInUser(t),
    signedInUser(t, { first_name: 'Bea' }),
    signedInUser(t, { first_name: 'Cy' }),
    signedInUser(t),
  ]);
  const trip = await createTrip(t, a.token, { name: 'Lisbon', startDate: '2030-05-01', endDate: '2030-05-10' });
  await t.db.prisma.tripMember.createMany({
    data: [b, c].map((u) => ({ tripId: trip.uuid, userId: u.userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const, joinedAt: new Date() })),
  });
  return { a, b, c, outsider, trip };
}

const fields = (payer: string, people: string[], extra: Record<string, unknown> = {}) => ({
  title: 'Dinner',
  amount: '100.00',
  paidBy: gid('User', payer),
  expenseDate: '2030-05-02',
  participants: people.map((p) => gid('User', p)),
  ...extra,
});

async function add(token: string | undefined, tripId: string, expense: Record<string, unknown>) {
  const res = await t.graphql(ADD, { input: { tripId, expense } }, token);
  return res.body.data?.addExpense ?? res.body;
}

async function ledger(token: string, tripId: string) {
  const res = await t.graphql(LEDGER, { id: tripId }, token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.node;
}

describe('expense rules', () => {
  it('refuses every rule with its message, all fields at once, and stores nothing', async () => {
    const { a, b, outsider, trip } = await crew();
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [
        fields(a.userId, [a.userId], { title: ' ', amount: '0' }),
        [
          { field: 'title', message: M.titleRequired },
          { field: 'amount', message: M.invalidAmount },
        ],
      ],
      [fields(a.userId, [a.userId], { amount: 'abc' }), [{ field: 'amount', message: M.invalidAmount }]],
      [fields(a.userId, []), [{ field: 'participants', message: M.participantsRequired }]],
      [
        fields(outsider.userId, [a.userId, outsider.userId]),
        [
          { field: 'paidById', message: M.payerNotMember },
          { field: 'participants', message: M.participantNotMember },
        ],
      ],
      [
        fields(a.userId, [a.userId, b.userId], {
          splitType: 'CUSTOM',
          splits: [
            { userId: gid('User', a.userId), amount: '50' },
            { userId: gid('User', b.userId), amount: '49.98' },
          ],
        }),
        [{ field: 'splits', message: 'The splits add up to less than the amount: 0.02 USD more is needed.' }],
      ],
      [
        fields(a.userId, [a.userId, b.userId], {
          splitType: 'CUSTOM',
          splits: [
            { userId: gid('User', a.userId), amount: '70' },
            { userId: gid('User', b.userId), amount: '40' },
          ],
        }),
        [{ field: 'splits', message: 'The splits add up to more than the amount: 10.00 USD too much.' }],
      ],
      [
        fields(a.userId, [a.userId, b.userId], {
          splitType: 'PERCENTAGE',
          splits: [
            { userId: gid('User', a.userId), percentage: '60' },
            { userId: gid('User', b.userId), percentage: '30.5' },
          ],
        }),
        [{ field: 'splits', message: 'Percentages must add up to 100% (they add up to 90.5%).' }],
      ],
      [fields(a.userId, [a.userId], { itineraryItemId: 'not-a-uuid' }), [{ field: 'itineraryItemId', message: 'Invalid itinerary item ID format' }]],
      [fields(a.userId, [a.userId], { currency: 'EUR' }), [{ field: 'exchangeRate', message: 'Please enter the exchange rate from EUR to USD.' }]],
      [fields(a.userId, [a.userId], { currency: 'XYZ' }), [{ field: 'currency', message: M.invalidCurrency }]],
    ];
    for (const [input, expected] of cases) {
      const r = await add(a.token, trip.id, input);
      expect(r.__typename, JSON.stringify(input)).toBe('ValidationError');
      expect(r.fieldErrors).toEqual(expected);
    }
    expect(await t.db.prisma.expense.count({ where: { tripId: trip.uuid } })).toBe(0);
  });

  it('lets members, and only members, read and change expenses (outsider refused, nobody unauthenticated)', async () => {
    const { a, b, outsider, trip } = await crew();
    const ok = await add(b.token, trip.id, fields(a.userId, [a.userId, b.userId]));
    expect(ok.__typename).toBe('ExpensePayload');
    const id = ok.expense.id;

    expect((await add(outsider.token, trip.id, fields(a.userId, [a.userId]))).__typename).toBe('ForbiddenError');
    expect((await t.graphql(ADD, { input: { tripId: trip.id, expense: fields(a.userId, [a.userId]) } })).body.errors[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    const upd = await t.graphql(UPDATE, { input: { id, expense: fields(a.userId, [a.userId], { title: 'Mine now' }) } }, outsider.token);
    expect(upd.body.data.updateExpense.__typename).toBe('ForbiddenError');
    const del = await t.graphql(DELETE, { input: { id } }, outsider.token);
    expect(del.body.data.deleteExpense.__typename).toBe('ForbiddenError');
    const read = await t.graphql(LEDGER, { id: trip.id }, outsider.token);
    expect(read.body.data.node).toBeNull();
    const settle = await t.graphql(
      SETTLE,
      { input: { tripId: trip.id, fromUserId: gid('User', b.userId), toUserId: gid('User', a.userId), amount: '50' } },
      outsider.token,
    );
    expect(settle.body.data.recordSettlement.__typename).toBe('ForbiddenError');

    // REST: 401 signed out, 403 outsider, for every row.
    const body = { trip_id: trip.uuid, title: 'x', amount: 10, paid_by: a.userId, expense_date: '2030-05-02', participants: [a.userId] };
    expect((await t.request('POST', '/api/backend/save-expense', { body })).status).toBe(401);
    expect((await t.request('POST', '/api/backend/save-expense', { body, token: outsider.token })).status).toBe(403);
    expect(
      (
        await t.request('POST', '/api/backend/save-expense', {
          body: { ...body, id: ok.expense.id && (await t.db.prisma.expense.findFirstOrThrow({ where: { tripId: trip.uuid } })).id },
          token: outsider.token,
        })
      ).status,
    ).toBe(403);
    expect((await t.request('GET', `/api/backend/user-expenses/${outsider.userId}?tripId=${trip.uuid}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/user-expenses/${a.userId}?tripId=${trip.uuid}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/user-expenses/${a.userId}?tripId=${trip.uuid}`)).status).toBe(401);
    const stored = await t.db.prisma.expense.findFirstOrThrow({ where: { tripId: trip.uuid } });
    expect((await t.request('DELETE', `/api/backend/delete-expense/${stored.id}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/backend/delete-expense/${stored.id}`)).status).toBe(401);
    expect((await t.request('DELETE', '/api/backend/delete-expense/nope', { token: a.token })).status).toBe(404);
    const settleBody = { trip_id: trip.uuid, from_user_id: b.userId, to_user_id: a.userId, amount: 50, currency: 'USD' };
    expect((await t.request('POST', '/api/backend/settle-expense', { body: settleBody, token: outsider.token })).status).toBe(403);
    expect((await t.request('POST', '/api/backend/settle-expense', { body: settleBody })).status).toBe(401);
    // Bad input: 400 with the message, nothing changed.
    const bad = await t.request('POST', '/api/backend/settle-expense', { body: { ...settleBody, amount: -1 }, token: b.token });
    expect(bad).toMatchObject({ status: 400, body: { error: M.invalidAmount } });
    const self = await t.request('POST', '/api/backend/settle-expense', { body: { ...settleBody, to_user_id: b.userId }, token: b.token });
    expect(self).toMatchObject({ status: 400, body: { error: M.settleSameMember } });
    const eur = await t.request('POST', '/api/backend/settle-expense', { body: { ...settleBody, currency: 'EUR' }, token: b.token });
    expect(eur).toMatchObject({ status: 400, body: { error: "Payments are recorded in the trip's currency (USD)." } });
    expect(await t.db.prisma.settlement.count({ where: { tripId: trip.uuid } })).toBe(0);
    expect((await t.db.prisma.expense.findUniqueOrThrow({ where: { id: stored.id } })).title).toBe('Dinner');
  });
});

describe('balances and settling up', () => {
  it('three people, equal / percentage / custom in two currencies: balances sum to zero and the suggestions settle them to the cent', async () => {
    const { a, b, c, trip } = await crew();
    const people = [a.userId, b.userId, c.userId];
    const equal = await add(a.token, trip.id, fields(a.userId, people, { amount: '100.00' }));
    expect(equal.expense.splits.map((s: any) => s.amount.amountCents).sort()).toEqual([3333, 3333, 3334]);
    const pct = await add(
      b.token,
      trip.id,
      fields(b.userId, [a.userId, b.userId], {
        amount: '80',
        category: 'TRANSPORT',
        splitType: 'PERCENTAGE',
        splits: [
          { userId: gid('User', a.userId), percentage: '70' },
          { userId: gid('User', b.userId), percentage: '30' },
        ],
      }),
    );
    expect(pct.__typename).toBe('ExpensePayload');
    // In euros at a typed rate: frozen with the amount it gave.
    const eur = await add(
      c.token,
      trip.id,
      fields(c.userId, people, {
        amount: '45.50',
        currency: 'EUR',
        exchangeRate: '1.1',
        splitType: 'CUSTOM',
        splits: [
          { userId: gid('User', a.userId), amount: '20' },
          { userId: gid('User', b.userId), amount: '15.50' },
          { userId: gid('User', c.userId), amount: '10' },
        ],
      }),
    );
    expect(eur.expense).toMatchObject({
      amount: { amount: '45.50', currency: 'EUR' },
      baseAmount: { amountCents: 5005, currency: 'USD' },
      exchangeRate: '1.1',
    });
    expect(eur.expense.splits.reduce((n: number, s: any) => n + s.baseAmount.amountCents, 0)).toBe(5005);

    let l = await ledger(a.token, trip.id);
    expect(l.ledger.totalSpent.amountCents).toBe(10000 + 8000 + 5005);
    expect(l.ledger.balances.reduce((n: number, x: any) => n + x.balance.amountCents, 0)).toBe(0);
    // a paid 100 and owes an equal third (33.33 or 33.34, by the stable rule), 70% of 80 and 20 EUR at 1.1.
    const aEqual = equal.expense.splits.find((s: any) => s.userId === gid('User', a.userId)).amount.amountCents;
    const mine = l.ledger.balances.find((x: any) => x.userId === gid('User', a.userId));
    expect(mine.balance.amountCents).toBe(10000 - aEqual - 5600 - 2200);
    expect(l.ledger.youOwe.amountCents).toBe(aEqual + 5600 + 2200 - 10000);
    expect(l.ledger.youAreOwed.amountCents).toBe(0);
    expect(l.ledger.suggestedTransfers.length).toBeLessThanOrEqual(2);

    // REST agrees, and recording each suggestion through settle-expense brings everyone to zero.
    const rest = await t.request('GET', `/api/backend/user-expenses/${b.userId}?tripId=${trip.uuid}`, { token: b.token });
    expect(rest.status).toBe(200);
    expect(rest.body.expenses).toHaveLength(3);
    expect(rest.body.splits).toHaveLength(8);
    expect(rest.body.balances.find((x: any) => x.user_id === a.userId)).toEqual({ user_id: a.userId, amount: mine.balance.amountCents / 100, currency: 'USD' });
    for (const s of rest.body.suggested_settlements) {
      const r = await t.request('POST', '/api/backend/settle-expense', { body: { ...s, trip_id: trip.uuid }, token: c.token });
      expect(r.status).toBe(200);
    }
    l = await ledger(a.token, trip.id);
    expect(l.ledger.balances.map((x: any) => x.balance.amountCents)).toEqual([0, 0, 0]);
    expect(l.ledger.suggestedTransfers).toEqual([]);
    // Split statuses follow: everyone is even, so every share is paid and every expense with it.
    expect(l.expenses.edges.every((e: any) => e.node.isPaid && e.node.splits.every((s: any) => s.status === 'PAID'))).toBe(true);
    // Participants were notified (type expense_split), never the one who added it.
    const notes = await t.db.prisma.notification.findMany({ where: { type: 'EXPENSE_SPLIT', userId: { in: people } } });
    expect(notes.filter((n) => n.userId === a.userId && n.title === 'New shared expense')).toHaveLength(2);
  });

  it('a dinner paid partly by two cards: each payer is credited what they paid, exactly', async () => {
    const { a, b, c, trip } = await crew();
    const r = await t.request('POST', '/api/backend/save-expense', {
      token: c.token,
      body: {
        trip_id: trip.uuid,
        title: 'Dinner for three',
        amount: 100,
        currency: 'USD',
        expense_date: '2030-05-03',
        split_type: 'equal',
        participants: [a.userId, b.userId, c.userId],
        payers: [
          { user_id: a.userId, amount: 70 },
          { user_id: b.userId, amount: 30 },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.expense.paid_by).toBe(a.userId);
    expect(r.body.expense.payers).toEqual(
      expect.arrayContaining([
        { user_id: a.userId, amount: 70 },
        { user_id: b.userId, amount: 30 },
      ]),
    );
    const list = await t.request('GET', `/api/backend/user-expenses/${c.userId}?tripId=${trip.uuid}`, { token: c.token });
    const share = (id: string) => r.body.expense.splits.find((s: any) => s.user_id === id).amount;
    const balance = (id: string) => list.body.balances.find((x: any) => x.user_id === id).amount;
    expect(balance(a.userId)).toBeCloseTo(70 - share(a.userId), 10);
    expect(balance(b.userId)).toBeCloseTo(30 - share(b.userId), 10);
    expect(balance(c.userId)).toBeCloseTo(-share(c.userId), 10);
    const bad = await t.request('POST', '/api/backend/save-expense', {
      token: c.token,
      body: { trip_id: trip.uuid, title: 'x', amount: 100, expense_date: '2030-05-03', participants: [a.userId], payers: [{ user_id: a.userId, amount: 50 }] },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: "The payers' amounts add up to less than the amount: 50.00 USD more is needed." } });
  });

  it('someone who left the trip still owing is in the suggestions, and recording them settles everyone to zero', async () => {
    const { a, b, c, outsider, trip } = await crew();
    expect((await add(a.token, trip.id, fields(a.userId, [a.userId, b.userId, c.userId], { amount: '90.00' }))).__typename).toBe('ExpensePayload');
    const left = await t.graphql('mutation($id: ID!) { leaveTrip(tripId: $id) { __typename } }', { id: trip.id }, c.token);
    expect(left.body.errors).toBeUndefined();

    const before = await t.request('GET', `/api/backend/user-expenses/${a.userId}?tripId=${trip.uuid}`, { token: a.token });
    expect(before.body.profiles[c.userId]).toMatchObject({ is_member: false });
    expect(before.body.suggested_settlements).toEqual(expect.arrayContaining([{ from_user_id: c.userId, to_user_id: a.userId, amount: 30, currency: 'USD' }]));
    // Someone with no money in the trip is still refused, and so is a payment to oneself.
    const stranger = { trip_id: trip.uuid, from_user_id: outsider.userId, to_user_id: a.userId, amount: 30, currency: 'USD' };
    expect(await t.request('POST', '/api/backend/settle-expense', { body: stranger, token: a.token })).toMatchObject({
      status: 400,
      body: { error: M.settleNotMember, field: 'fromUserId' },
    });
    const self = { ...stranger, from_user_id: c.userId, to_user_id: c.userId };
    expect((await t.request('POST', '/api/backend/settle-expense', { body: self, token: a.token })).status).toBe(400);

    for (const s of before.body.suggested_settlements) {
      const r = await t.request('POST', '/api/backend/settle-expense', { body: { ...s, trip_id: trip.uuid }, token: a.token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const after = await t.request('GET', `/api/backend/user-expenses/${a.userId}?tripId=${trip.uuid}`, { token: a.token });
    expect(after.body.balances.map((x: any) => x.amount)).toEqual([0, 0, 0]);
    expect(after.body.suggested_settlements).toEqual([]);
  });

  it('over 60 random expenses and settlements in the database: balances always sum to zero, suggestions always settle', async () => {
    const { a, b, c, trip } = await crew();
    const people = [a.userId, b.userId, c.userId];
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 60; i++) {
      const payer = people[Math.floor(rand() * 3)]!;
      const who = people.filter(() => rand() < 0.7);
      if (!who.length) who.push(payer);
      const cents = 1 + Math.floor(rand() * 50000);
      const r = await add(
        a.token,
        trip.id,
        fields(payer, who, { amount: (cents / 100).toFixed(2), ...(i % 4 === 0 ? { currency: 'MXN', exchangeRate: '0.0583' } : {}) }),
      );
      expect(r.__typename).toBe('ExpensePayload');
    }
    const l = await ledger(a.token, trip.id);
    expect(l.ledger.balances.reduce((n: number, x: any) => n + x.balance.amountCents, 0)).toBe(0);
    for (const s of l.ledger.suggestedTransfers) {
      const r = await t.graphql(SETTLE, { input: { tripId: trip.id, fromUserId: s.fromUserId, toUserId: s.toUserId, amount: s.amount.amount } }, b.token);
      expect(r.body.data.recordSettlement.__typename).toBe('RecordSettlementPayload');
    }
    expect((await ledger(a.token, trip.id)).ledger.balances.every((x: any) => x.balance.amountCents === 0)).toBe(true);
    // Sixty additions: generous on a machine shared by many runs.
  }, 180_000);

  it('reads the expenses screen in the same number of SQL statements for 3 expenses as for 60', async () => {
    const { a, b, c, trip } = await crew();
    const measure = async () => {
      t.db.stats.queries = 0;
      const res = await t.graphql(LEDGER, { id: trip.id }, a.token);
      expect(res.body.errors).toBeUndefined();
      return t.db.stats.queries;
    };
    const fill = async (n: number) => {
      for (let i = 0; i < n; i++) await add(a.token, trip.id, fields([a, b, c][i % 3]!.userId, [a.userId, b.userId, c.userId]));
    };
    await fill(3);
    const few = await measure();
    await fill(57);
    expect(await measure()).toBe(few);
    // Sixty additions: generous on a machine shared by many runs.
  }, 180_000);
});

describe('editing, history, the itinerary link and live updates', () => {
  it('two members adding an expense for the same itinerary item at once: one is kept, the other is told it has one', async () => {
    const { a, b, trip } = await crew();
    const item = await t.db.prisma.itineraryItem.create({ data: { tripId: trip.uuid, title: 'Boat', type: 'ACTIVITY', createdById: a.userId } });
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        [a, b, a, b].map((u) => add(u.token, trip.id, fields(u.userId, [a.userId, b.userId], { title: `Boat ${round}`, itineraryItemId: item.id }))),
      );
      const kept = results.filter((r) => r.__typename === 'ExpensePayload');
      expect(kept).toHaveLength(1);
      for (const r of results.filter((x) => x !== kept[0]))
        expect(r.fieldErrors, JSON.stringify(r)).toEqual([{ field: 'itineraryItemId', message: M.itemHasExpense }]);
      expect(await t.db.prisma.expense.count({ where: { itineraryItemId: item.id } })).toBe(1);
      await t.graphql(DELETE, { input: { id: kept[0].expense.id } }, a.token);
    }
  });

  it('keeps who changed what, links one expense per itinerary item, and tells watching members at once', async () => {
    const { a, b, c, trip } = await crew();
    const item = await t.db.prisma.itineraryItem.create({ data: { tripId: trip.uuid, title: 'Museum', type: 'ACTIVITY', createdById: a.userId } });

    const events: any[] = [];
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${c.token}` } });
    const heard = new Promise<void>((resolve) => {
      client.subscribe(
        {
          query: `subscription($id: ID!) { tripExpensesChanged(tripId: $id) { actorId trip { ledger { youOwe { amountCents } } } } }`,
          variables: { id: trip.id },
        },
        { next: (v) => (events.push(v), resolve()), error: () => resolve(), complete: () => resolve() },
      );
    });
    // The subscription is open once an event published now reaches it: retry the add until one does.
    let created: any;
    for (let i = 0; i < 50 && !events.length; i++) {
      if (!created) {
        created = await add(a.token, trip.id, fields(a.userId, [a.userId, c.userId], { itineraryItemId: gid('ItineraryItem', item.id) }));
        expect(created.__typename).toBe('ExpensePayload');
      } else await t.app.deps.pubsub.publish('expenses', trip.uuid, { tripId: trip.uuid, actorId: a.userId });
      await Promise.race([heard, new Promise((r) => setTimeout(r, 100))]);
    }
    expect(events[0].data.tripExpensesChanged.trip.ledger.youOwe.amountCents).toBe(5000);
    await client.dispose();

    const plan = await t.request('GET', `/api/backend/trip-itinerary/${trip.uuid}`, { token: b.token });
    expect(plan.body.items[0].has_expense).toBe(true);
    const second = await add(b.token, trip.id, fields(b.userId, [b.userId], { itineraryItemId: item.id }));
    expect(second.fieldErrors).toEqual([{ field: 'itineraryItemId', message: M.itemHasExpense }]);

    const upd = await t.graphql(
      UPDATE,
      { input: { id: created.expense.id, expense: fields(a.userId, [a.userId, b.userId, c.userId], { title: 'Museum tickets', amount: '90' }) } },
      b.token,
    );
    expect(upd.body.data.updateExpense.__typename).toBe('ExpensePayload');
    const del = await t.graphql(DELETE, { input: { id: created.expense.id } }, c.token);
    expect(del.body.data.deleteExpense.__typename).toBe('DeleteExpensePayload');

    const l = await ledger(b.token, trip.id);
    const history = l.expenseHistory.edges.map((e: any) => e.node);
    expect(history.map((h: any) => [h.action, h.title])).toEqual([
      ['DELETED', 'Museum tickets'],
      ['UPDATED', 'Museum tickets'],
      ['CREATED', 'Dinner'],
    ]);
    expect(history[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'Title', from: 'Dinner', to: 'Museum tickets' },
        { field: 'Amount', from: '100.00 USD', to: '90.00 USD' },
      ]),
    );
    expect(history[1].actorName).toBe('Bea Lovelace');
    expect(l.ledger.balances.every((x: any) => x.balance.amountCents === 0)).toBe(true);
  });
});

describe("the trip's currency once it has expenses", () => {
  const UPDATE_TRIP = `mutation($id: ID!, $input: TripInput!) { updateTrip(tripId: $id, input: $input) { __typename
    ... on Error { message } ... on ValidationError { field fieldErrors { field message } } } }`;
  const SET_BUDGET = `mutation($input: SetTripBudgetInput!) { setTripBudget(input: $input) { __typename
    ... on Error { message } ... on ValidationError { field fieldErrors { field message } } } }`;
  const FIXED = "The currency can't change once the trip has expenses or payments.";

  it('is refused on the trip form and the budget (both doors), so no expense ever drops out of the balances', async () => {
    const { a, b, trip } = await crew();
    const edit = { name: 'Lisbon', startDate: '2030-05-01', endDate: '2030-05-10' };
    expect((await add(a.token, trip.id, fields(a.userId, [a.userId, b.userId]))).__typename).toBe('ExpensePayload');
    const before = await ledger(a.token, trip.id);

    const gqlEdit = await t.graphql(UPDATE_TRIP, { id: trip.id, input: { ...edit, currency: 'EUR' } }, a.token);
    expect(gqlEdit.body.data.updateTrip).toMatchObject({ __typename: 'ValidationError', message: FIXED, field: 'currency' });
    const gqlBudget = await t.graphql(SET_BUDGET, { input: { tripId: trip.id, amount: '500', currency: 'EUR' } }, b.token);
    expect(gqlBudget.body.data.setTripBudget).toMatchObject({ __typename: 'ValidationError', message: FIXED, field: 'currency' });
    const restBudget = await t.request('PUT', `/api/backend/trip-budget/${trip.uuid}`, { body: { total_budget: 500, currency: 'GBP' }, token: b.token });
    expect(restBudget).toMatchObject({ status: 400, body: { error: FIXED } });

    // Nothing changed: the trip is still in USD and every expense is in its balances.
    expect((await t.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.uuid } })).currency).toBe('USD');
    const after = await ledger(a.token, trip.id);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.ledger.balances.reduce((sum: number, p: { balance: { amountCents: number } }) => sum + p.balance.amountCents, 0)).toBe(0);

    // The same currency, or anything else on the form, still saves; and a trip without expenses may change.
    expect(
      (await t.graphql(UPDATE_TRIP, { id: trip.id, input: { ...edit, name: 'Lisbon again', currency: 'USD' } }, a.token)).body.data.updateTrip.__typename,
    ).toBe('TripPayload');
    const restSame = await t.request('PUT', `/api/backend/trip-budget/${trip.uuid}`, { body: { total_budget: 500, currency: 'usd' }, token: b.token });
    expect(restSame.status).toBe(200);
    const empty = await createTrip(t, a.token, { name: 'Porto' });
    expect((await t.graphql(UPDATE_TRIP, { id: empty.id, input: { name: 'Porto', currency: 'EUR' } }, a.token)).body.data.updateTrip.__typename).toBe(
      'TripPayload',
    );
    // A payment is in the ledger too: once one is recorded the currency stays.
    await t.db.prisma.settlement.create({ data: { tripId: empty.uuid, fromUserId: a.userId, toUserId: b.userId, amountCents: 500, currency: 'EUR' } });
    expect((await t.graphql(UPDATE_TRIP, { id: empty.id, input: { name: 'Porto', currency: 'GBP' } }, a.token)).body.data.updateTrip).toMatchObject({
      __typename: 'ValidationError',
      message: FIXED,
    });
  });
});
