/**
 * Rules written once and used by both sides: for each, the web form's check (imported from
 * web/src, as the browser runs it) and the API's answer accept and refuse the same values with
 * the same message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFieldProblems } from '../../api/src/accounts/accountFields.js';
import { AccountMessages as A } from '../../api/src/accounts/messages.js';
import { AnalyticsAdminMessages } from '../../api/src/admin/analytics/service.js';
import { BudgetMessages as B, TripMessages as T } from '../../api/src/trips/messages.js';
import { parseBudgetAmount } from '../../web/src/pages/itinerary/budget.js';
import { tripBudget } from '../../web/src/pages/trips/tripBudget.js';
import { checkItem, emptyItemValues, formFieldOf, toItemInput, type ItemValues } from '../../web/src/pages/itinerary/itemForm.js';
import { checkPoll, ideaProblems } from '../../web/src/platform/rules.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';
import { CREATE_TRIP, createTrip } from '../support/trips.js';

const ADMIN_EMAIL = uniqueEmail('admin');
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedInUser(t, { email: ADMIN_EMAIL });
});
afterAll(() => t.close());

/** Amounts where a float-based check and the server's exact one used to part ways, and the edges. */
const AMOUNTS = [
  '0',
  '7',
  ' 7 ',
  '1250.5',
  '00012.10',
  '12.345',
  '1e3',
  '0x10',
  'Infinity',
  '-5',
  'abc',
  '1,5',
  '.5',
  '10000000',
  '10000000.00',
  '10000000.01',
  '99999999999999',
];

const BUDGET = `mutation($input: SetTripBudgetInput!) { setTripBudget(input: $input) {
  __typename ... on TripPayload { trip { budget { amountCents } } } ... on ValidationError { fieldErrors { field message } } } }`;

describe('the budget rule', () => {
  it('the budget form and setTripBudget accept and refuse the same amounts with the same message', async () => {
    const u = await signedInUser(t);
    const trip = await createTrip(t, u.token, { name: 'Budget' });
    for (const amount of AMOUNTS) {
      const web = parseBudgetAmount(amount, 'USD');
      const api = (await t.graphql(BUDGET, { input: { tripId: trip.id, amount, currency: 'USD' } }, u.token)).body.data.setTripBudget;
      if (web.ok) expect(api.__typename, amount).toBe('TripPayload');
      else expect(api.fieldErrors, amount).toEqual([{ field: 'amount', message: web.message }]);
    }
    expect(parseBudgetAmount('', 'USD')).toEqual({ ok: false, message: B.invalidAmount });
  });

  it('the trip form and createTrip accept and refuse the same budgets with the same message', async () => {
    const u = await signedInUser(t);
    for (const budget of [...AMOUNTS, '']) {
      const web = tripBudget(budget, 'EUR');
      const api = (await t.graphql(CREATE_TRIP, { input: { name: 'Budget', budget, currency: 'EUR' } }, u.token)).body.data.createTrip;
      if (web.ok) expect(api.__typename, budget).toBe('TripPayload');
      else expect(api, budget).toMatchObject({ __typename: 'ValidationError', field: 'budget', message: web.message });
    }
    // The messages are the spec's: the trip form's wording for a malformed amount.
    expect(tripBudget('1e3', 'EUR')).toEqual({ ok: false, message: T.invalidBudget });
  });
});

describe('the itinerary rules', () => {
  const ADD = `mutation($input: AddItineraryItemInput!) { addItineraryItem(input: $input) {
    __typename ... on ValidationError { fieldErrors { field message } } } }`;

  it('the Add Item form and addItineraryItem find the same problems on the same fields', async () => {
    const u = await signedInUser(t);
    const trip = await createTrip(t, u.token, { name: 'Plan', startDate: '2031-06-01', endDate: '2031-06-10' });
    const days = { startDate: '2031-06-01', endDate: '2031-06-10' };
    const cases: ItemValues[] = [
      { ...emptyItemValues('ACTIVITY'), title: 'Museum', activityDate: '2031-06-02', startTime: '10:00' },
      { ...emptyItemValues('ACTIVITY'), activityDate: '2031-05-30' },
      { ...emptyItemValues('ACTIVITY'), title: 'Late', activityDate: '2031-06-03', startTime: '25:00' },
      { ...emptyItemValues('RESTAURANT'), title: 't'.repeat(500), activityDate: '2031-06-11' },
      { ...emptyItemValues('FLIGHT'), activityDate: '2031-06-05', returnDate: '2031-06-03', departureTime: '9:5' },
      { ...emptyItemValues('ACCOMMODATION'), checkInDate: '2031-06-04', checkOutDate: '2031-06-02' },
      { ...emptyItemValues('ACCOMMODATION'), hotelName: 'Inn', checkInDate: '2031-06-04', checkOutDate: '2031-06-12' },
    ];
    for (const values of cases) {
      const web = checkItem(values, days);
      const res = (await t.graphql(ADD, { input: { tripId: trip.id, item: toItemInput(values) } }, u.token)).body.data.addItineraryItem;
      const api =
        res.__typename === 'ValidationError'
          ? res.fieldErrors.map((e: { field: string; message: string }) => ({ field: formFieldOf(e.field, values.type), message: e.message }))
          : [];
      expect(web, JSON.stringify(values)).toEqual(api);
    }
  });
});

describe('the Decide together rules', () => {
  const ADD_IDEA = `mutation($trip: ID!, $input: TripIdeaFields!) { addTripIdea(tripId: $trip, input: $input) {
    __typename ... on ValidationError { fieldErrors { field message } } } }`;
  const CREATE_POLL = `mutation($trip: ID!, $input: CreateTripPollInput!) { createTripPoll(tripId: $trip, input: $input) {
    __typename ... on ValidationError { fieldErrors { field message } } } }`;

  it('the idea form and addTripIdea find the same problems on the same fields', async () => {
    const u = await signedInUser(t);
    const trip = await createTrip(t, u.token, { name: 'Ideas' });
    const cases = [
      { title: 'Tram 28', estimatedCost: '3.10' },
      { title: ' ', url: 'ftp://x', estimatedCost: '-2' },
      { title: 't'.repeat(201), notes: 'n'.repeat(2001), estimatedCost: '1.234' },
      { title: 'Far', latitude: 91, longitude: 10 },
    ];
    for (const input of cases) {
      const web = ideaProblems(input, 'USD');
      const res = (await t.graphql(ADD_IDEA, { trip: trip.id, input }, u.token)).body.data.addTripIdea;
      const api = res.__typename === 'ValidationError' ? res.fieldErrors : [];
      expect(web, JSON.stringify(input)).toEqual(api);
    }
  });

  it('the poll form and createTripPoll find the same problems on the same fields', async () => {
    const u = await signedInUser(t);
    const trip = await createTrip(t, u.token, { name: 'Polls' });
    const cases = [
      { question: 'Dinner?', kind: 'CHOICE', options: [{ label: 'Fish' }, { label: 'Tapas' }] },
      { question: '', kind: 'CHOICE', options: [{ label: 'Only' }] },
      { question: 'When?', kind: 'DATES', options: [{ startDate: '2031-06-05', endDate: '2031-06-01' }, { startDate: '2031-06-01' }] },
      { question: 'Same?', kind: 'CHOICE', options: [{ label: 'A' }, { label: 'a' }] },
    ];
    for (const input of cases) {
      const web = checkPoll(input, new Date()).problems;
      const res = (await t.graphql(CREATE_POLL, { trip: trip.id, input }, u.token)).body.data.createTripPoll;
      const api = res.__typename === 'ValidationError' ? res.fieldErrors : [];
      expect(web, JSON.stringify(input)).toEqual(api);
    }
  });
});

describe('the profile rule', () => {
  const long = 'n'.repeat(101);
  const PREFS = { preferredDestinations: [], activities: [], travelStyle: [], accommodation: [], transportation: [] };
  const PROFILE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) {
    __typename ... on ValidationError { message field fieldErrors { field message } } } }`;
  const ADMIN_EDIT = `mutation($input: AdminUpdateUserInput!) { adminUpdateUser(input: $input) {
    __typename ... on ValidationError { message field fieldErrors { field message } } } }`;

  it('sign-up, the profile and the admin edit all refuse a name over 100 characters with one message, and keep the name stored', async () => {
    const signup = await t.request('POST', '/api/auth/signup', {
      body: { email: uniqueEmail(), password: 'correct horse', confirm_password: 'correct horse', first_name: long, last_name: 'L', city: 'C', state: 'S' },
    });
    expect(signup.status).toBe(400);
    expect(signup.body.error).toBe(A.nameTooLong);

    const u = await signedInUser(t);
    const profile = await t.graphql(
      PROFILE,
      { input: { firstName: long, lastName: 'King', email: u.email, city: 'c'.repeat(150), travelPreferences: PREFS } },
      u.token,
    );
    const expected = [
      { field: 'firstName', message: A.nameTooLong },
      { field: 'city', message: A.placeTooLong },
    ];
    expect(profile.body.data.updateProfile).toEqual({ __typename: 'ValidationError', message: A.nameTooLong, field: 'firstName', fieldErrors: expected });

    const id = Buffer.from(`User:${u.userId}`).toString('base64');
    const gql = await t.graphql(ADMIN_EDIT, { input: { id, firstName: long, city: 'c'.repeat(150) } }, admin.token);
    expect(gql.body.data.adminUpdateUser).toEqual({ __typename: 'ValidationError', message: A.nameTooLong, field: 'firstName', fieldErrors: expected });
    const rest = await t.request('PUT', `/api/backend/admin/users/${u.userId}`, { token: admin.token, body: { first_name: long, city: 'c'.repeat(150) } });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(A.nameTooLong);

    // The web forms' check says the same (settings page and admin edit both use it).
    expect(profileFieldProblems({ firstName: long, lastName: 'King', city: 'c'.repeat(150), state: null, country: null, countryOther: null })).toEqual(
      expected,
    );
    // Nothing was cut and stored.
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId }, select: { firstName: true, city: true } })).toEqual({
      firstName: 'Ada',
      city: 'London',
    });
    // Exactly the limit is kept whole.
    const atLimit = 'n'.repeat(100);
    expect((await t.graphql(ADMIN_EDIT, { input: { id, firstName: atLimit } }, admin.token)).body.data.adminUpdateUser.__typename).toBe(
      'AdminUpdateUserPayload',
    );
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.userId } })).firstName).toBe(atLimit);
  });
});

describe('the calendar-date rule', () => {
  it('admin analytics refuses 2024-02-31 on both doors with a 4xx and a clear message (it used to become 2 March)', async () => {
    const EVENTS = `query($from: String, $to: String) { admin { analyticsEvents(from: $from, to: $to, first: 5) { totalCount } } }`;
    for (const day of ['2024-02-31', '2023-02-29', '2024-04-31']) {
      const gql = await t.graphql(EVENTS, { from: day }, admin.token);
      expect(gql.body.errors?.[0]?.message, day).toBe(AnalyticsAdminMessages.badDate);
      const rest = await t.request('GET', `/api/backend/admin/events?to=${day}`, { token: admin.token });
      expect(rest.status, day).toBe(400);
      expect(rest.body.error, day).toBe(AnalyticsAdminMessages.badDate);
    }
    // A real leap day is a day.
    expect((await t.graphql(EVENTS, { from: '2024-02-29' }, admin.token)).body.errors).toBeUndefined();
  });
});

describe('the rewards wallet rule', () => {
  it('the wallet form and setMyRewardsWallet refuse a number-looking status and an unknown level with the same message', async () => {
    const { walletStatusProblems: webCheck } = await import('../../web/src/platform/domain.js');
    const user = await signedInUser(t);
    const levels = ['Premier Silver', 'Premier Gold', 'Premier Platinum', 'Premier 1K'];
    for (const status of ['4111 1111 1111 1111', 'Mega Gold', 'premier gold', '']) {
      const web = webCheck(status, levels);
      const res = await t.request('PUT', '/api/backend/my-rewards', { token: user.token, body: { programs: [{ program_id: 'united-mileageplus', status }] } });
      if (web.length) {
        expect(res.status, status).toBe(400);
        expect(JSON.stringify(res.body), status).toContain(web[0]!.message);
      } else expect(res.status, status).toBe(200);
    }
  });
});
