import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { ROUND_TRIP } from '../support/zoneTrips.js';

/** Money dates are days in the trip's zone, and the CSV export says which zone that is. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const ADD = `mutation($input: AddExpenseInput!) { addExpense(input: $input) { __typename ... on Error { message } } }`;

describe('money dates in the trip’s zone', () => {
  it('exports the expenses with a date column naming the trip’s zone, the file dated by today there', async () => {
    const u = await signedInUser(t);
    const trip = await createTrip(t, u.token, ROUND_TRIP.trip);
    const added = await t.graphql(
      ADD,
      {
        input: {
          tripId: trip.id,
          expense: { title: 'Ramen', amount: '12.50', expenseDate: '2030-03-30', paidBy: gid('User', u.userId), participants: [gid('User', u.userId)] },
        },
      },
      u.token,
    );
    expect(added.body.data.addExpense.__typename, JSON.stringify(added.body)).toBe('ExpensePayload');
    const res = await t.request('GET', `/api/backend/trip-expenses/${trip.uuid}/export.csv`, { token: u.token });
    expect(res.status).toBe(200);
    const [header, line] = (res.body as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.startsWith('Date (Asia/Tokyo),Title,')).toBe(true);
    expect(line!.startsWith('2030-03-30,Ramen,')).toBe(true);
    // Asked for in the dying minutes of a Tokyo day or not, the file is dated by Tokyo's calendar.
    const tokyoToday = DateTime.now().setZone('Asia/Tokyo').toISODate();
    expect(res.headers.get('content-disposition')).toContain(`-expenses-${tokyoToday}.csv`);
  });
});
