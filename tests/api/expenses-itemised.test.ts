import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpenseMessages as M } from '../../api/src/expenses/messages.js';
import { expensesScreenQuery } from '../../api/scripts/expenseFixtures.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

/** Statements the expenses screen's query may take, whatever the trip's size (measured: see the test). */
const SCREEN_STATEMENTS = 6;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const RESULT = `__typename ... on ExpensePayload { expense { id splitType amount { amountCents }
  items { description amount { amount } participantIds } tax { amount } tip { amount } splits { userId amount { amountCents } } } }
  ... on Error { message } ... on ValidationError { field fieldErrors { field message } }`;
const ADD = `mutation($input: AddExpenseInput!) { addExpense(input: $input) { ${RESULT} } }`;
const UPDATE = `mutation($input: UpdateExpenseInput!) { updateExpense(input: $input) { ${RESULT} } }`;
const DELETE = `mutation($input: DeleteExpenseInput!) { deleteExpense(input: $input) { __typename } }`;
const HISTORY = `query($id: ID!) { node(id: $id) { ... on Trip { ledger { balances { balance { amountCents } } }
  expenseHistory(first: 20) { edges { node { action actorName changes { field from to } } } } } } }`;

/** A trip of three in USD (Ada owns it; Bea and Cy are members) and an outsider. */
async function crew() {
  const [a, b, c, outsider] = await Promise.all([
    signedInUser(t),
    signedInUser(t, { first_name: 'Bea' }),
    signedInUser(t, { first_name: 'Cy' }),
    signedInUser(t, { first_name: 'Oz' }),
  ]);
  const trip = await createTrip(t, a.token, { name: 'Lisbon =Crew', startDate: '2030-05-01', endDate: '2030-05-10' });
  await t.db.prisma.tripMember.createMany({
    data: [b, c].map((u) => ({ tripId: trip.uuid, userId: u.userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const, joinedAt: new Date() })),
  });
  return { a, b, c, outsider, trip };
}

const receipt = (a: string, b: string, c: string) => ({
  title: 'Dinner',
  amount: '66.00',
  paidBy: gid('User', a),
  expenseDate: '2030-05-02',
  splitType: 'ITEMISED',
  participants: [],
  items: [
    { description: 'Pizza', amount: '30.00', participants: [a, b, c].map((u) => gid('User', u)) },
    { description: 'Wine', amount: '20.00', participants: [a, b].map((u) => gid('User', u)) },
    { description: 'Salad', amount: '10.00', participants: [gid('User', c)] },
  ],
  tax: '4.00',
  tip: '2.00',
});

describe('itemised expenses', () => {
  it('over GraphQL: each line to its own people, tax and tip in proportion, exact; refusals name the line', async () => {
    const { a, b, c, outsider, trip } = await crew();
    const res = await t.graphql(ADD, { input: { tripId: trip.id, expense: receipt(a.userId, b.userId, c.userId) } }, b.token);
    const e = res.body.data.addExpense.expense;
    expect(e.splitType).toBe('ITEMISED');
    expect(e.splits.map((s: any) => s.amount.amountCents)).toEqual([2200, 2200, 2200]);
    expect(e.items.map((i: any) => [i.description, i.amount.amount, i.participantIds.length])).toEqual([
      ['Pizza', '30.00', 3],
      ['Wine', '20.00', 2],
      ['Salad', '10.00', 1],
    ]);
    expect([e.tax.amount, e.tip.amount]).toEqual(['4.00', '2.00']);
    // The dashboard's 'Expenses' stat counts it for every member.
    const stats = await t.graphql('{ viewer { dashboardStats { totalExpenses } } }', {}, c.token);
    expect(stats.body.data.viewer.dashboardStats.totalExpenses).toBe(1);

    const bad = await t.graphql(
      ADD,
      { input: { tripId: trip.id, expense: { ...receipt(a.userId, b.userId, c.userId), amount: '70.00', tax: '-1' } } },
      a.token,
    );
    expect(bad.body.data.addExpense.fieldErrors).toEqual([{ field: 'tax', message: M.invalidTax }]);
    const short = await t.graphql(ADD, { input: { tripId: trip.id, expense: { ...receipt(a.userId, b.userId, c.userId), amount: '70.00' } } }, a.token);
    expect(short.body.data.addExpense.fieldErrors).toEqual([
      { field: 'items', message: 'The lines, tax and tip add up to less than the amount: 4.00 USD more is needed.' },
    ]);
    const stranger = receipt(a.userId, b.userId, outsider.userId);
    const notMember = await t.graphql(ADD, { input: { tripId: trip.id, expense: stranger } }, a.token);
    expect(notMember.body.data.addExpense.fieldErrors).toEqual([{ field: 'items', message: 'Line 1: everyone sharing it must be a member of this trip.' }]);
    const outside = await t.graphql(ADD, { input: { tripId: trip.id, expense: receipt(a.userId, b.userId, c.userId) } }, outsider.token);
    expect(outside.body.data.addExpense.__typename).toBe('ForbiddenError');
    expect(await t.db.prisma.expense.count({ where: { tripId: trip.uuid } })).toBe(1);
  });

  it('over REST save-expense: itemised (or itemized) with tax and tip, in decimal units', async () => {
    const { a, b, c, trip } = await crew();
    const body = {
      trip_id: trip.uuid,
      title: 'Brunch',
      amount: 21,
      paid_by: c.userId,
      expense_date: '2030-05-03',
      split_type: 'itemized',
      items: [
        { description: 'Bread', amount: 10, participants: [a.userId, b.userId, c.userId] },
        { description: 'Steak', amount: '10.00', participants: [c.userId] },
      ],
      tax: 1,
    };
    const res = await t.request('POST', '/api/backend/save-expense', { token: a.token, body });
    expect(res.status).toBe(200);
    expect(res.body.expense.split_type).toBe('itemised');
    expect(res.body.expense.items).toEqual([
      { description: 'Bread', amount: 10, participants: [a.userId, b.userId, c.userId].sort() },
      { description: 'Steak', amount: 10, participants: [c.userId] },
    ]);
    expect(res.body.expense.tax).toBe(1);
    expect(res.body.expense.tip).toBe(0);
    const share = (id: string) => res.body.expense.splits.find((s: any) => s.user_id === id).amount;
    expect(share(c.userId)).toBeGreaterThan(13.9);
    expect(res.body.expense.splits.reduce((sum: number, s: any) => sum + Math.round(s.amount * 100), 0)).toBe(2100);

    const refused = await t.request('POST', '/api/backend/save-expense', {
      token: a.token,
      body: { ...body, items: [{ description: 'Bread', amount: 21, participants: [] }], tax: undefined },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error ?? refused.body.message).toContain('Line 1: please choose who shares it.');
  });
});

describe('history and notifications of edits and deletes', () => {
  it('records a change of payer and every changed field, and tells the members involved in the same change', async () => {
    const { a, b, c, trip } = await crew();
    const created = (await t.graphql(ADD, { input: { tripId: trip.id, expense: receipt(a.userId, b.userId, c.userId) } }, a.token)).body.data.addExpense
      .expense;
    const before = await t.db.prisma.notification.count({ where: { type: 'EXPENSE_SPLIT', userId: { in: [b.userId, c.userId] } } });
    // Every change reaches the trip's watchers through the bus (Redis across instances): watch what is published.
    const published: string[] = [];
    const bus = t.app.deps.pubsub;
    const original = bus.publish.bind(bus);
    bus.publish = ((topic: string, key: string, payload: unknown) => {
      if (topic === 'expenses' && key === trip.uuid) published.push(topic);
      return (original as (...args: unknown[]) => unknown)(topic, key, payload);
    }) as typeof bus.publish;
    const edited = {
      title: 'Dinner',
      amount: '60.00',
      payers: [
        { userId: gid('User', b.userId), amount: '40' },
        { userId: gid('User', c.userId), amount: '20' },
      ],
      expenseDate: '2030-05-02',
      participants: [a.userId, b.userId].map((u) => gid('User', u)),
      splitType: 'EQUAL',
    };
    const upd = await t.graphql(UPDATE, { input: { id: created.id, expense: edited } }, a.token);
    expect(upd.body.data.updateExpense.__typename).toBe('ExpensePayload');
    const notes = await t.db.prisma.notification.findMany({
      where: { type: 'EXPENSE_SPLIT', userId: { in: [a.userId, b.userId, c.userId] }, title: 'Shared expense edited' },
    });
    expect(notes.map((n) => n.userId).sort()).toEqual([b.userId, c.userId].sort());
    expect(notes.find((n) => n.userId === c.userId)!.message).toContain('you no longer share it');

    await t.graphql(DELETE, { input: { id: created.id } }, b.token);
    const gone = await t.db.prisma.notification.findMany({ where: { title: 'Shared expense deleted', userId: { in: [a.userId, b.userId, c.userId] } } });
    expect(gone.map((n) => n.userId).sort()).toEqual([a.userId, c.userId].sort());
    expect(await t.db.prisma.notification.count({ where: { type: 'EXPENSE_SPLIT', userId: { in: [b.userId, c.userId] } } })).toBe(before + 3);

    const res = await t.graphql(HISTORY, { id: trip.id }, c.token);
    const [deleted, updated] = res.body.data.node.expenseHistory.edges.map((e: any) => e.node);
    expect(deleted.action).toBe('DELETED');
    expect(updated.actorName).toBe('Ada Lovelace');
    const changed = Object.fromEntries(updated.changes.map((x: any) => [x.field, [x.from, x.to]]));
    expect(changed['Paid by']).toEqual(['Ada Lovelace', 'Bea Lovelace 40.00, Cy Lovelace 20.00']);
    expect(changed['Amount']).toEqual(['66.00 USD', '60.00 USD']);
    expect(changed['Split']).toEqual(['itemised', 'equal']);
    expect(changed['Lines'][0]).toContain('Pizza 30.00');
    expect(changed['Lines'][1]).toBeNull();
    expect(changed['Tax']).toEqual(['4.00', null]);
    expect(changed['Tip']).toEqual(['2.00', null]);
    expect(changed['Shares'][1]).toBe('Ada Lovelace 30.00, Bea Lovelace 30.00');
    expect(res.body.data.node.ledger.balances.every((x: any) => x.balance.amountCents === 0)).toBe(true);

    // A payment too (c owes nothing now: confirmed as an overpayment); the edit, the delete and
    // the payment were each published once.
    const paid = await t.request('POST', '/api/backend/settle-expense', {
      token: c.token,
      body: { trip_id: trip.uuid, from_user_id: c.userId, to_user_id: a.userId, amount: '5', allow_overpayment: true },
    });
    expect(paid.status).toBe(200);
    bus.publish = original;
    expect(published).toHaveLength(3);
  });
});

describe('CSV export', () => {
  it('streams the trip’s expenses to members as a formula-safe CSV file; outsiders get 403, nobody 401', async () => {
    const { a, b, c, outsider, trip } = await crew();
    await t.graphql(ADD, { input: { tripId: trip.id, expense: receipt(a.userId, b.userId, c.userId) } }, a.token);
    const add = (expense: Record<string, unknown>) => t.graphql(ADD, { input: { tripId: trip.id, expense } }, b.token);
    const plain = { expenseDate: '2030-05-01', paidBy: gid('User', b.userId), participants: [a.userId, b.userId].map((u) => gid('User', u)) };
    await add({ ...plain, title: '=HYPERLINK("http://evil","x")', amount: '0.10', notes: '+1, "quoted"\nnext line' });
    await add({ ...plain, title: '@Taxi', amount: '12000', currency: 'EUR', exchangeRate: '1.0825', category: 'TRANSPORT' });

    const path = `/api/backend/trip-expenses/${trip.uuid}/export.csv`;
    const res = await t.request('GET', path, { token: c.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Lisbon-Crew-expenses-${day}.csv"`);
    const text = (res.body as string).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Date,Title,Category,Amount,Currency,Exchange rate,Amount in trip currency,Trip currency,Paid by,Split,Shares,Notes');
    expect(lines.at(-1)).toBe('');
    expect(text).toContain(`2030-05-02,Dinner,other,66.00,USD,,66.00,USD,Ada Lovelace,itemised,Ada Lovelace: 22.00; Bea Lovelace: 22.00; Cy Lovelace: 22.00,`);
    expect(text).toContain(`2030-05-01,"'=HYPERLINK(""http://evil"",""x"")",other,0.10,USD,,0.10,USD,Bea Lovelace,equal,`);
    expect(text).toContain(`"'+1, ""quoted""\nnext line"`);
    expect(text).toContain(`2030-05-01,'@Taxi,transport,12000.00,EUR,1.0825,12990.00,USD,Bea Lovelace,equal,Ada Lovelace: 6000.00; Bea Lovelace: 6000.00,`);
    // Newest day first, as on the screen.
    expect(lines[1]!.startsWith('2030-05-02')).toBe(true);

    expect((await t.request('GET', path, { token: outsider.token })).status).toBe(403);
    expect((await t.request('GET', path)).status).toBe(401);
    expect((await t.request('GET', `/api/backend/trip-expenses/not-a-trip/export.csv`, { token: a.token })).status).toBe(404);
  });

  it('streams a long trip page by page, every expense once', async () => {
    const { a, b, trip } = await crew();
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      tripId: trip.uuid,
      title: `Item ${i}`,
      amountCents: 100 + i,
      currency: 'USD',
      paidById: a.userId,
      expenseDate: new Date(Date.UTC(2030, 4, 1 + (i % 9))),
      baseAmountCents: 100 + i,
      baseCurrency: 'USD',
    }));
    await t.db.prisma.expense.createMany({ data: rows });
    const res = await t.request('GET', `/api/backend/trip-expenses/${trip.uuid}/export.csv`, { token: b.token });
    const titles = (res.body as string)
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.split(',')[1]);
    expect(titles.length).toBe(1203);
    expect(new Set(titles).size).toBe(1203);
  });
});

describe('the expenses screen', () => {
  it('reads in the same small number of statements for 3 expenses as for 20 (itemised, several payers, settlements)', async () => {
    const { a, b, c, trip } = await crew();
    const measure = async () => {
      t.db.stats.queries = 0;
      const res = await t.graphql(expensesScreenQuery(trip.id), {}, a.token);
      expect(res.body.errors).toBeUndefined();
      return t.db.stats.queries;
    };
    const fill = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const expense =
          i % 2 === 0
            ? receipt(a.userId, b.userId, c.userId)
            : {
                title: 'Taxi',
                amount: '30',
                expenseDate: '2030-05-03',
                participants: [a.userId, b.userId, c.userId].map((u) => gid('User', u)),
                payers: [
                  { userId: gid('User', b.userId), amount: '10' },
                  { userId: gid('User', c.userId), amount: '20' },
                ],
              };
        await t.graphql(ADD, { input: { tripId: trip.id, expense } }, [a, b, c][i % 3]!.token);
      }
      await t.request('POST', '/api/backend/settle-expense', {
        token: b.token,
        // The same small payment each round, confirmed (it may exceed b's debt, and repeats).
        body: { trip_id: trip.uuid, from_user_id: b.userId, to_user_id: a.userId, amount: 1, allow_overpayment: true, allow_duplicate: true },
      });
    };
    await fill(3);
    const few = await measure();
    await fill(17);
    const many = await measure();
    expect(many).toBe(few);
    console.log(`expenses screen: ${many} SQL statements`);
    expect(many).toBeLessThanOrEqual(SCREEN_STATEMENTS);
  }, 180_000);
});
