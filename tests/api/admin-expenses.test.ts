import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminExpenseMessages as M } from '../../api/src/admin/trips/messages.js';
import { ExpenseMessages } from '../../api/src/expenses/messages.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const ADMIN = uniqueEmail('boss');
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await signedInUser(t, { email: ADMIN });
});
afterAll(() => t.close());

const api = (method: string, path: string, body?: unknown, token = admin.token) => t.request(method, `/api/backend${path}`, { body, token });

/** Owner and two members on a EUR trip. */
async function crew() {
  const [owner, a, b] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
  const trip = await createTrip(t, owner.token, { name: `Money ${Math.random().toString(36).slice(2, 8)}`, currency: 'EUR' });
  await t.db.prisma.tripMember.createMany({
    data: [a, b].map((m) => ({ tripId: trip.uuid, userId: m.userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const, joinedAt: new Date() })),
  });
  return { owner, a, b, trip, people: [owner, a, b] };
}

async function addExpense(token: string, body: Record<string, unknown>) {
  const res = await t.request('POST', '/api/backend/save-expense', { token, body: { expense_date: '2031-02-01', category: 'food', ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.expense as { id: string; splits: { user_id: string; amount: number }[] };
}

/** Every balance of the trip, in minor units, from the trip's own ledger. */
async function balances(tripId: string, token: string, userId: string) {
  const res = await t.request('GET', `/api/backend/user-expenses/${userId}?tripId=${tripId}`, { token });
  return (res.body.balances as { amount: number }[]).map((b) => Math.round(b.amount * 100));
}

describe('expenses tab', () => {
  it('refuses everyone but administrators', async () => {
    const { owner, trip } = await crew();
    const e = await addExpense(owner.token, { trip_id: trip.uuid, title: 'Lunch', amount: '30', paid_by: owner.userId, participants: [owner.userId] });
    for (const [method, path] of [
      ['GET', '/expenses'],
      ['GET', '/expenses/splits'],
      ['GET', '/expenses/settlements'],
      ['PUT', `/admin/expenses/${e.id}`],
      ['DELETE', `/admin/expenses/${e.id}/delete`],
    ] as const) {
      expect((await t.request(method, `/api/backend${path}`, { body: method === 'PUT' ? { title: 'x' } : undefined })).status).toBe(401);
      expect((await api(method, path, method === 'PUT' ? { title: 'x' } : undefined, owner.token)).status).toBe(403);
    }
  });

  it('lists with analytics per currency (never adding currencies), splits with payment rate, settlements with completion rate', async () => {
    const before = await api('GET', '/expenses');
    const { owner, a, b, trip } = await crew();
    const ids = [owner.userId, a.userId, b.userId];
    await addExpense(owner.token, { trip_id: trip.uuid, title: 'Dinner', amount: '90', currency: 'EUR', paid_by: owner.userId, participants: ids });
    await addExpense(a.token, {
      trip_id: trip.uuid,
      title: 'Taxi',
      amount: '20',
      currency: 'USD',
      exchange_rate: '0.9',
      category: 'transport',
      paid_by: a.userId,
      participants: ids,
    });
    const res = await api('GET', '/expenses');
    expect(res.status).toBe(200);
    const an = res.body.analytics;
    expect(an.totalExpenses - before.body.analytics.totalExpenses).toBe(2);
    const total = (body: typeof an, c: string) => body.totalAmount.find((x: { currency: string }) => x.currency === c)?.amount ?? 0;
    expect(total(an, 'EUR') - total(before.body.analytics, 'EUR')).toBeCloseTo(90);
    expect(total(an, 'USD') - total(before.body.analytics, 'USD')).toBeCloseTo(20);
    expect(an.availableCategories).toEqual(expect.arrayContaining(['food', 'transport']));
    expect(an.categoryBreakdown.transport.count).toBeGreaterThanOrEqual(1);
    expect(an.categoryBreakdown.transport.total).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'USD' })]));
    expect(an.pendingExpenses).toBeGreaterThanOrEqual(2);

    const found = await api('GET', `/expenses?search=${encodeURIComponent(trip.name)}`);
    expect(found.body.expenses.map((e: { title: string }) => e.title)).toEqual(['Taxi', 'Dinner']);
    expect(found.body.expenses[1]).toMatchObject({
      trip_name: trip.name,
      amount: 90,
      currency: 'EUR',
      category: 'food',
      status: 'unpaid',
      paid_at: null,
      split_count: 3,
    });
    expect((await api('GET', `/expenses?search=${encodeURIComponent(trip.name)}&currency=USD`)).body.expenses.map((e: { title: string }) => e.title)).toEqual([
      'Taxi',
    ]);
    expect((await api('GET', `/expenses?search=${encodeURIComponent(trip.name)}&category=transport`)).body.total_count).toBe(1);
    expect((await api('GET', '/expenses?category=spaceships')).status).toBe(400);

    const splits = await api('GET', '/expenses/splits?search=Dinner');
    expect(splits.status).toBe(200);
    expect(splits.body.analytics.totalSplits).toBeGreaterThanOrEqual(6);
    const rate = (splits.body.analytics.paidSplits / splits.body.analytics.totalSplits) * 100;
    expect(splits.body.analytics.paymentRate).toBeCloseTo(Math.round(rate * 10) / 10);
    expect(splits.body.splits.filter((s: { expense_title: string }) => s.expense_title === 'Dinner')).toHaveLength(3);

    // a pays the owner back: a settlement.
    const settle = await t.request('POST', '/api/backend/settle-expense', {
      token: a.token,
      body: { trip_id: trip.uuid, from_user_id: b.userId, to_user_id: owner.userId, amount: '30', currency: 'EUR' },
    });
    expect(settle.status).toBe(200);
    const settlements = await api('GET', `/expenses/settlements?search=${encodeURIComponent(trip.name)}`);
    expect(settlements.body.settlements).toHaveLength(1);
    expect(settlements.body.settlements[0]).toMatchObject({
      trip_name: trip.name,
      amount: 30,
      currency: 'EUR',
      from_user_id: b.userId,
      to_user_id: owner.userId,
    });
    expect(settlements.body.analytics.totalSettlements).toBeGreaterThanOrEqual(1);
    expect(typeof settlements.body.analytics.completionRate).toBe('number');
  });

  it('edits through the expenses service: shares re-apportioned exactly, history kept, ledger still zero-sum', async () => {
    const { owner, a, b, trip } = await crew();
    const ids = [owner.userId, a.userId, b.userId];
    const equal = await addExpense(owner.token, { trip_id: trip.uuid, title: 'Hotel', amount: '90', paid_by: owner.userId, participants: ids });
    const custom = await addExpense(a.token, {
      trip_id: trip.uuid,
      title: 'Museum',
      amount: '60',
      paid_by: a.userId,
      split_type: 'custom',
      custom_splits: [
        { user_id: owner.userId, amount: '10' },
        { user_id: a.userId, amount: '20' },
        { user_id: b.userId, amount: '30' },
      ],
    });
    const res = await api('PUT', `/admin/expenses/${equal.id}`, {
      title: 'Hotel (2 nights)',
      amount: 100,
      currency: 'EUR',
      category: 'accommodation',
      expense_date: '2031-03-03',
      notes: 'fixed by admin',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: M.expenseUpdated,
      expense: { title: 'Hotel (2 nights)', amount: 100, category: 'accommodation', expense_date: '2031-03-03', notes: 'fixed by admin' },
    });
    const shares = (res.body.expense.splits as { amount: number }[]).map((s) => Math.round(s.amount * 100));
    expect(shares.reduce((x, y) => x + y, 0)).toBe(10000);
    expect(shares.sort()).toEqual([3333, 3333, 3334]);
    // A custom split keeps its proportions (1:2:3) at the new amount, to the cent.
    const edited = await api('PUT', `/admin/expenses/${custom.id}`, { amount: '100' });
    const customShares = Object.fromEntries(
      (edited.body.expense.splits as { user_id: string; amount: number }[]).map((s) => [s.user_id, Math.round(s.amount * 100)]),
    );
    expect([customShares[owner.userId], customShares[a.userId], customShares[b.userId]]).toEqual([1667, 3333, 5000]);
    expect((await balances(trip.uuid, owner.token, owner.userId)).reduce((x, y) => x + y, 0)).toBe(0);
    const history = await t.db.prisma.expenseChange.findMany({ where: { expenseId: equal.id, action: 'UPDATED' } });
    expect(history).toHaveLength(1);
    expect(history[0]!.actorId).toBe(admin.userId);
    const audit = await t.db.prisma.adminAuditEntry.findFirstOrThrow({ where: { action: 'expense.update', targetId: equal.id } });
    expect(audit).toMatchObject({
      actorId: admin.userId,
      before: { title: 'Hotel', amountCents: 9000 },
      after: { title: 'Hotel (2 nights)', amountCents: 10000 },
    });

    const bad = await api('PUT', `/admin/expenses/${equal.id}`, { title: '', amount: 'lots' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: ExpenseMessages.titleRequired });
    expect(bad.body.field_errors.map((e: { field: string }) => e.field)).toEqual(['title', 'amount']);
    const other = await api('PUT', `/admin/expenses/${equal.id}`, { currency: 'GBP' });
    expect(other.body.message).toBe('Please enter the exchange rate from GBP to EUR.');
    const withRate = await api('PUT', `/admin/expenses/${equal.id}`, { currency: 'GBP', exchange_rate: '1.2' });
    expect(withRate.body.expense).toMatchObject({ currency: 'GBP', base_currency: 'EUR', base_amount: 120 });
    expect((await balances(trip.uuid, owner.token, owner.userId)).reduce((x, y) => x + y, 0)).toBe(0);
    const missing = await api('PUT', '/admin/expenses/00000000-0000-4000-8000-000000000000', { title: 'x' });
    expect([missing.status, missing.body.message]).toEqual([404, ExpenseMessages.notFound]);
  });

  it('deletes through the expenses service: history stays, ledger stays zero-sum', async () => {
    const { owner, a, b, trip } = await crew();
    const ids = [owner.userId, a.userId, b.userId];
    const e1 = await addExpense(owner.token, { trip_id: trip.uuid, title: 'Boat', amount: '100', paid_by: owner.userId, participants: ids });
    await addExpense(b.token, { trip_id: trip.uuid, title: 'Snacks', amount: '10', paid_by: b.userId, participants: ids });
    const res = await api('DELETE', `/admin/expenses/${e1.id}/delete`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: M.expenseDeleted, id: e1.id });
    expect(await t.db.prisma.expense.findUnique({ where: { id: e1.id } })).toBeNull();
    expect(await t.db.prisma.expenseChange.count({ where: { expenseId: e1.id, action: 'DELETED', actorId: admin.userId } })).toBe(1);
    expect(await t.db.prisma.adminAuditEntry.count({ where: { action: 'expense.delete', targetId: e1.id } })).toBe(1);
    const left = await balances(trip.uuid, owner.token, owner.userId);
    expect(left.reduce((x, y) => x + y, 0)).toBe(0);
    expect(left.some((x) => x !== 0)).toBe(true);
    const again = await api('DELETE', `/admin/expenses/${e1.id}/delete`);
    expect([again.status, again.body]).toEqual([404, { success: false, message: ExpenseMessages.notFound }]);
  });

  it('reads each list in a constant number of statements', async () => {
    const measure = async () => {
      const counts: number[] = [];
      for (const path of ['/expenses', '/expenses/splits', '/expenses/settlements']) {
        t.db.stats.queries = 0;
        expect((await api('GET', path)).status).toBe(200);
        counts.push(t.db.stats.queries);
      }
      return counts;
    };
    const few = await measure();
    const { owner, a, b, trip } = await crew();
    for (let i = 0; i < 4; i++)
      await addExpense(owner.token, {
        trip_id: trip.uuid,
        title: `Item ${i}`,
        amount: String(10 + i),
        paid_by: owner.userId,
        participants: [owner.userId, a.userId, b.userId],
      });
    await t.request('POST', '/api/backend/settle-expense', {
      token: a.token,
      body: { trip_id: trip.uuid, from_user_id: a.userId, to_user_id: owner.userId, amount: '5' },
    });
    expect(await measure()).toEqual(few);
  });
});

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

describe('expenses tab over GraphQL', () => {
  it('lists expenses with figures, edits and deletes one, and refuses a traveller', async () => {
    const { owner, trip } = await crew();
    const e = await addExpense(owner.token, { trip_id: trip.uuid, title: 'Graph taxi', amount: '12.50', paid_by: owner.userId, participants: [owner.userId] });
    const list = await t.graphql(
      'query($s: String) { admin { expenses(search: $s, first: 5) { totalCount edges { node { id title amount currency payerName status } } } expenseAnalytics { totalExpenses totalAmount { currency amount } } } }',
      { s: 'Graph taxi' },
      admin.token,
    );
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.admin.expenses).toMatchObject({
      totalCount: 1,
      edges: [{ node: { id: gid('AdminExpense', e.id), title: 'Graph taxi', amount: '12.50', currency: 'EUR' } }],
    });
    expect(list.body.data.admin.expenseAnalytics.totalExpenses).toBeGreaterThan(0);

    const edit = `mutation($input: AdminUpdateExpenseInput!) { adminUpdateExpense(input: $input) {
      __typename ... on AdminUpdateExpensePayload { expense { id title amount } } ... on Error { message } } }`;
    const expenseId = gid('AdminExpense', e.id);
    const refused = await t.graphql(edit, { input: { expenseId, title: 'Mine' } }, owner.token);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const edited = await t.graphql(edit, { input: { expenseId, title: 'Graph cab', amount: '15' } }, admin.token);
    expect(edited.body.data.adminUpdateExpense).toEqual({
      __typename: 'AdminUpdateExpensePayload',
      expense: { id: expenseId, title: 'Graph cab', amount: '15.00' },
    });

    const del = `mutation($input: AdminDeleteExpenseInput!) { adminDeleteExpense(input: $input) {
      __typename ... on AdminDeleteExpensePayload { deletedExpenseId } ... on Error { message } } }`;
    const deleted = await t.graphql(del, { input: { expenseId } }, admin.token);
    expect(deleted.body.data.adminDeleteExpense).toEqual({ __typename: 'AdminDeleteExpensePayload', deletedExpenseId: expenseId });
    expect(await t.db.prisma.expense.findUnique({ where: { id: e.id } })).toBeNull();
    expect(await t.db.prisma.adminAuditEntry.count({ where: { targetId: e.id } })).toBe(2);
  });

  const SPLITS = `query($first: Int, $after: String, $search: String, $paid: String) { admin {
    expenseSplits(first: $first, after: $after, search: $search, paid: $paid) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id expenseTitle userName amount currency status } } }
    splitAnalytics { totalSplits paidSplits paymentRate } } }`;
  const SETTLEMENTS = `query($first: Int, $after: String, $search: String) { admin {
    settlements(first: $first, after: $after, search: $search) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id tripName fromName toName amount currency note } } }
    settlementAnalytics { totalSettlements completionRate totalAmount { currency amount } } } }`;

  it('pages the shares by cursor, searches and filters them, and lists settlements with their figures', async () => {
    const { owner, a, b, trip } = await crew();
    const tag = Math.random().toString(36).slice(2, 8);
    await addExpense(owner.token, {
      trip_id: trip.uuid,
      title: `Share ${tag}`,
      amount: '30',
      paid_by: owner.userId,
      participants: [owner.userId, a.userId, b.userId],
    });
    const p1 = (await t.graphql(SPLITS, { first: 2, search: tag }, admin.token)).body.data.admin.expenseSplits;
    expect([p1.totalCount, p1.edges.length, p1.pageInfo.hasNextPage]).toEqual([3, 2, true]);
    const p2 = (await t.graphql(SPLITS, { first: 2, after: p1.pageInfo.endCursor, search: tag }, admin.token)).body.data.admin.expenseSplits;
    expect([p2.edges.length, p2.pageInfo.hasNextPage]).toEqual([1, false]);
    const ids = new Set([...p1.edges, ...p2.edges].map((e: { node: { id: string } }) => e.node.id));
    expect(ids.size).toBe(3);
    expect(p1.edges[0].node).toMatchObject({ expenseTitle: `Share ${tag}`, amount: '10.00', currency: 'EUR' });
    const paid = (await t.graphql(SPLITS, { search: tag, paid: 'paid' }, admin.token)).body.data.admin.expenseSplits;
    const unpaid = (await t.graphql(SPLITS, { search: tag, paid: 'unpaid' }, admin.token)).body.data.admin.expenseSplits;
    expect(paid.totalCount + unpaid.totalCount).toBe(3);
    expect((await t.graphql(SPLITS, { paid: 'maybe' }, admin.token)).body.errors?.[0]?.message).toMatch(/paid/);

    await t.request('POST', '/api/backend/settle-expense', {
      token: a.token,
      body: { trip_id: trip.uuid, from_user_id: a.userId, to_user_id: owner.userId, amount: '10', note: `Back ${tag}` },
    });
    const settled = await t.graphql(SETTLEMENTS, { search: tag }, admin.token);
    expect(settled.body.errors).toBeUndefined();
    expect(settled.body.data.admin.settlements).toMatchObject({ totalCount: 1, edges: [{ node: { tripName: trip.name, amount: '10.00', currency: 'EUR' } }] });
    expect(settled.body.data.admin.settlementAnalytics.totalSettlements).toBeGreaterThan(0);
  });

  it('reads each page in the same number of statements whatever its size', async () => {
    const { owner, a, b, trip } = await crew();
    for (let i = 0; i < 3; i++)
      await addExpense(owner.token, {
        trip_id: trip.uuid,
        title: `Count ${i}`,
        amount: '9',
        paid_by: owner.userId,
        participants: [owner.userId, a.userId, b.userId],
      });
    const measure = async (first: number) => {
      const counts: number[] = [];
      for (const q of [
        'query($first: Int) { admin { expenses(first: $first) { totalCount edges { node { id title tripName payerName splitCount } } } } }',
        SPLITS,
        SETTLEMENTS,
      ]) {
        t.db.stats.queries = 0;
        const res = await t.graphql(q, { first }, admin.token);
        expect(res.body.errors).toBeUndefined();
        counts.push(t.db.stats.queries);
      }
      return counts;
    };
    expect(await measure(3)).toEqual(await measure(1));
  });
});
