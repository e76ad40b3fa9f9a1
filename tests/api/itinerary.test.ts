import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { ItineraryMessages as M, ITINERARY_LIMITS } from '../../api/src/itinerary/messages.js';
import { BudgetMessages as B, TripMessages as T } from '../../api/src/trips/messages.js';
import { budgetTooLarge } from '../../api/src/trips/budgetRule.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
});
afterAll(() => t.close());

const ITEM = `id title type status activityDate startTime endTime location latitude longitude notes checkInDate checkOutDate
  departureTime arrivalTime flightNumber hotelName reservationNumber returnDate fromLocation toLocation affiliatePartner affiliateUrl
  createdBy { id firstName } hasExpense createdAt updatedAt`;
const RESULT = `__typename ... on ItineraryItemPayload { item { ${ITEM} } edge { cursor node { id } } }
  ... on Error { message } ... on ValidationError { field fieldErrors { field message } }`;
const ADD = `mutation($input: AddItineraryItemInput!) { addItineraryItem(input: $input) { ${RESULT} } }`;
const UPDATE = `mutation($input: UpdateItineraryItemInput!) { updateItineraryItem(input: $input) { ${RESULT} } }`;
const BOOK = `mutation($input: MarkItineraryItemBookedInput!) { markItineraryItemBooked(input: $input) { ${RESULT} } }`;
const PENDING = `mutation($input: AddPendingItineraryItemInput!) { addPendingItineraryItem(input: $input) { ${RESULT} } }`;
const DELETE = `mutation($input: DeleteItineraryItemInput!) { deleteItineraryItem(input: $input) {
  __typename ... on DeleteItineraryItemPayload { deletedItemId trip { id } } ... on Error { message } } }`;
const BUDGET = `mutation($input: SetTripBudgetInput!) { setTripBudget(input: $input) {
  __typename ... on TripPayload { trip { budget { amount amountCents currency } currency } }
  ... on Error { message } ... on ValidationError { field fieldErrors { field message } } } }`;
const PLAN = `query($id: ID!, $first: Int, $after: String) { node(id: $id) { ... on Trip { itinerary(first: $first, after: $after) {
  edges { cursor node { ${ITEM} } } pageInfo { hasNextPage endCursor } } } } }`;

const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1]!;

/** A trip from 1 to 10 May 2030 owned by `owner`, with `member` on it; `outsider` on none of it. */
async function crew(tripInput: Record<string, unknown> = { startDate: '2030-05-01', endDate: '2030-05-10' }) {
  const [owner, member, outsider] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
  const trip = await createTrip(t, owner.token, { name: 'Lisbon', ...tripInput });
  await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
  return { owner, member, outsider, trip };
}

async function add(token: string | undefined, tripId: string, item: Record<string, unknown>) {
  const res = await t.graphql(ADD, { input: { tripId, item: { type: 'ACTIVITY', ...item } } }, token);
  return res.body.data?.addItineraryItem ?? res.body;
}

async function added(token: string, tripId: string, item: Record<string, unknown>) {
  const r = await add(token, tripId, item);
  if (r.__typename !== 'ItineraryItemPayload') throw new Error(`add failed: ${JSON.stringify(r)}`);
  return r.item as Record<string, any>;
}

describe('itinerary rules', () => {
  it('refuses each rule with the specification message, every field at once, and adds nothing', async () => {
    const { member, trip } = await crew();
    const refused = (item: Record<string, unknown>) => add(member.token, trip.id, item);
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [{ title: '   ' }, [{ field: 'title', message: M.titleRequired }]],
      [{ title: 'Early', activityDate: '2030-04-30' }, [{ field: 'activityDate', message: 'Activity date cannot be before trip start date (2030-05-01)' }]],
      [{ title: 'Late', activityDate: '2030-05-11' }, [{ field: 'activityDate', message: 'Activity date cannot be after trip end date (2030-05-10)' }]],
      [
        { type: 'ACCOMMODATION', checkInDate: '2030-04-29', checkOutDate: '2030-05-12' },
        [
          { field: 'checkInDate', message: 'Check-in date cannot be before trip start date (2030-05-01)' },
          { field: 'checkOutDate', message: 'Check-out date cannot be after trip end date (2030-05-10)' },
        ],
      ],
      [
        { type: 'ACCOMMODATION', checkInDate: '2030-05-11', checkOutDate: '2030-04-30' },
        [
          { field: 'checkInDate', message: 'Check-in date cannot be after trip end date (2030-05-10)' },
          { field: 'checkOutDate', message: 'Check-out date cannot be before trip start date (2030-05-01)' },
        ],
      ],
      [{ type: 'ACCOMMODATION', checkInDate: '2030-05-05', checkOutDate: '2030-05-04' }, [{ field: 'checkOutDate', message: M.checkOutBeforeCheckIn }]],
      [{ type: 'FLIGHT', activityDate: '2030-05-05', returnDate: '2030-05-04' }, [{ field: 'returnDate', message: M.returnBeforeDeparture }]],
      [
        {
          title: 'x'.repeat(ITINERARY_LIMITS.title + 1),
          startTime: '25:00',
          endTime: '9:5',
          latitude: 91,
          longitude: 10,
          notes: 'n'.repeat(ITINERARY_LIMITS.notes + 1),
          reservationNumber: 'r'.repeat(ITINERARY_LIMITS.reservationNumber + 1),
        },
        [
          { field: 'title', message: 'Title must be at most 200 characters.' },
          { field: 'startTime', message: M.invalidTime },
          { field: 'endTime', message: M.invalidTime },
          { field: 'latitude', message: M.invalidLatitude },
          { field: 'notes', message: 'Notes must be at most 4,000 characters.' },
          { field: 'reservationNumber', message: 'Reservation number must be at most 100 characters.' },
        ],
      ],
      [{ title: 'Half a point', latitude: 38.7 }, [{ field: 'longitude', message: M.latitudeWithoutLongitude }]],
      [{ title: 'Far east', latitude: 1, longitude: 181 }, [{ field: 'longitude', message: M.invalidLongitude }]],
      [
        { type: 'FLIGHT', flightNumber: 'F'.repeat(21), departureTime: '7pm', fromLocation: 'f'.repeat(201) },
        [
          { field: 'departureTime', message: M.invalidTime },
          { field: 'flightNumber', message: 'Flight number must be at most 20 characters.' },
          { field: 'fromLocation', message: 'From must be at most 200 characters.' },
        ],
      ],
    ];
    for (const [item, fieldErrors] of cases) {
      const r = await refused(item);
      expect(r, JSON.stringify(item)).toEqual({ __typename: 'ValidationError', message: fieldErrors[0]!.message, field: fieldErrors[0]!.field, fieldErrors });
    }
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } })).toBe(0);
  });

  it('names flights and stays without a title, stores empty fields as null, and keeps only the fields of the type', async () => {
    const { member, trip } = await crew();
    const flight = await added(member.token, trip.id, {
      type: 'FLIGHT',
      title: '  ',
      flightNumber: ' AC 123 ',
      fromLocation: 'Toronto',
      toLocation: 'Paris',
      activityDate: '2030-05-01',
      returnDate: '2030-05-10',
      departureTime: '21:40',
      arrivalTime: '09:55',
      startTime: '08:00',
      hotelName: 'Not a hotel',
      notes: '   ',
      location: '',
    });
    expect(flight).toMatchObject({
      title: 'AC 123: Toronto → Paris',
      flightNumber: 'AC 123',
      startTime: '21:40',
      endTime: '09:55',
      hotelName: null,
      notes: null,
      location: null,
      status: null,
      hasExpense: false,
      createdBy: { firstName: 'Ada' },
    });
    expect((await added(member.token, trip.id, { type: 'FLIGHT', flightNumber: 'TP 258' })).title).toBe('TP 258');
    expect((await added(member.token, trip.id, { type: 'FLIGHT' })).title).toBe('Flight');
    const stay = await added(member.token, trip.id, {
      type: 'ACCOMMODATION',
      hotelName: 'Casa do Alfama',
      checkInDate: '2030-05-02',
      checkOutDate: '2030-05-05',
      activityDate: '2031-01-01',
      flightNumber: 'dropped',
    });
    expect(stay).toMatchObject({
      title: 'Casa do Alfama',
      activityDate: '2030-05-02',
      checkInDate: '2030-05-02',
      checkOutDate: '2030-05-05',
      flightNumber: null,
    });
    expect((await added(member.token, trip.id, { type: 'ACCOMMODATION' })).title).toBe('Accommodation');
    const row = await t.db.prisma.itineraryItem.findUniqueOrThrow({ where: { id: uuidOf(flight.id) } });
    expect([row.notes, row.location, row.hotelName, row.reservationNumber, row.latitude]).toEqual([null, null, null, null, null]);
    // A trip without dates takes any date.
    const open = await crew({});
    expect((await added(open.member.token, open.trip.id, { title: 'Whenever', activityDate: '1999-01-01' })).activityDate).toBe('1999-01-01');
  });

  it("shows an item's author while the viewer may see them: not once they left the trip", async () => {
    const { owner, member, trip } = await crew();
    const item = await added(member.token, trip.id, { title: 'Left behind' });
    expect(item.createdBy.firstName).toBe('Ada');
    await t.graphql('mutation($id: ID!) { leaveTrip(tripId: $id) { __typename } }', { id: trip.id }, member.token);
    const plan = await t.graphql(PLAN, { id: trip.id }, owner.token);
    expect(plan.body.errors).toBeUndefined();
    expect(plan.body.data.node.itinerary.edges[0].node).toMatchObject({ title: 'Left behind', createdBy: null });
    const rest = await t.request('GET', `/api/backend/trip-itinerary/${trip.uuid}`, { token: owner.token });
    expect(rest.body.items[0].created_by).toBe(member.userId);
  });

  it('refuses outsiders (403, nothing changed) and signed-out callers (401)', async () => {
    const { owner, outsider, trip } = await crew();
    const item = await added(owner.token, trip.id, { title: 'Tram 28', activityDate: '2030-05-03' });
    const input = { id: item.id, item: { type: 'ACTIVITY', title: 'Hijacked' } };
    const forbidden = { __typename: 'ForbiddenError', message: T.notMember };
    expect(await add(outsider.token, trip.id, { title: 'Intruder' })).toEqual(forbidden);
    expect((await t.graphql(UPDATE, { input }, outsider.token)).body.data.updateItineraryItem).toEqual(forbidden);
    expect((await t.graphql(BOOK, { input: { id: item.id } }, outsider.token)).body.data.markItineraryItemBooked).toEqual(forbidden);
    expect((await t.graphql(DELETE, { input: { id: item.id } }, outsider.token)).body.data.deleteItineraryItem).toEqual(forbidden);
    expect(
      (await t.graphql(PENDING, { input: { tripId: trip.id, title: 'x', type: 'RESTAURANT' } }, outsider.token)).body.data.addPendingItineraryItem,
    ).toEqual(forbidden);
    for (const [doc, variables] of [
      [ADD, { input: { tripId: trip.id, item: { type: 'ACTIVITY', title: 'x' } } }],
      [UPDATE, { input }],
      [BOOK, { input: { id: item.id } }],
      [DELETE, { input: { id: item.id } }],
    ] as const) {
      expect((await t.graphql(doc, variables)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    // The outsider cannot read the plan or the item either.
    const asOutsider = await t.graphql(PLAN, { id: trip.id }, outsider.token);
    expect(asOutsider.body.data.node).toBeNull();
    const node = await t.graphql('query($id: ID!) { node(id: $id) { id ... on ItineraryItem { title } } }', { id: item.id }, outsider.token);
    expect(node.body.data.node).toBeNull();
    const row = await t.db.prisma.itineraryItem.findUniqueOrThrow({ where: { id: uuidOf(item.id) } });
    expect([row.title, row.status]).toEqual(['Tram 28', null]);
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } })).toBe(1);
    // An id that names no item.
    const missing = Buffer.from('ItineraryItem:00000000-0000-4000-8000-000000000000').toString('base64');
    expect((await t.graphql(BOOK, { input: { id: missing } }, owner.token)).body.data.markItineraryItemBooked).toEqual({
      __typename: 'NotFoundError',
      message: M.notFound,
    });
  });
});

describe('itinerary changes', () => {
  it('edits (a field left out is cleared, the status kept), marks booked, deletes; an expense link shows and survives', async () => {
    const { owner, member, trip } = await crew();
    const item = await added(owner.token, trip.id, {
      title: 'Dinner',
      type: 'RESTAURANT',
      status: 'PENDING',
      notes: 'Window seat',
      activityDate: '2030-05-04',
    });
    const edited = (await t.graphql(UPDATE, { input: { id: item.id, item: { type: 'RESTAURANT', title: ' Dinner at Ramiro ' } } }, member.token)).body.data
      .updateItineraryItem;
    expect(edited.item).toMatchObject({ title: 'Dinner at Ramiro', notes: null, activityDate: null, status: 'PENDING' });
    expect(edited.item.createdBy.firstName).toBe('Ada');

    const before = (await t.db.prisma.itineraryItem.findUniqueOrThrow({ where: { id: uuidOf(item.id) } })).updatedAt;
    const booked = (await t.graphql(BOOK, { input: { id: item.id } }, member.token)).body.data.markItineraryItemBooked;
    expect(booked.item.status).toBe('BOOKED');
    expect(new Date(booked.item.updatedAt).getTime()).toBeGreaterThan(before.getTime());

    await t.db.prisma.expense.create({
      data: {
        tripId: trip.uuid,
        title: 'Dinner',
        amountCents: 8000,
        paidById: owner.userId,
        expenseDate: new Date('2030-05-04'),
        itineraryItemId: uuidOf(item.id),
      },
    });
    const plan = await t.graphql(PLAN, { id: trip.id }, member.token);
    expect(plan.body.data.node.itinerary.edges.map((e: any) => e.node.hasExpense)).toEqual([true]);
    const rest = await t.request('GET', `/api/backend/trip-itinerary/${trip.uuid}`, { token: member.token });
    expect(rest.body.items[0]).toMatchObject({ has_expense: true, status: 'booked', type: 'restaurant' });

    const deleted = (await t.graphql(DELETE, { input: { id: item.id } }, member.token)).body.data.deleteItineraryItem;
    expect(deleted).toEqual({ __typename: 'DeleteItineraryItemPayload', deletedItemId: item.id, trip: { id: trip.id } });
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } })).toBe(0);
    expect((await t.db.prisma.expense.findFirstOrThrow({ where: { tripId: trip.uuid } })).itineraryItemId).toBeNull();
  });

  it('adds a pending item from a recommendation with its partner link, under the same rules', async () => {
    const { member, trip } = await crew();
    const input = {
      tripId: trip.id,
      title: 'Time Out Market',
      type: 'RESTAURANT',
      location: 'Av. 24 de Julho 49',
      latitude: 38.7069,
      longitude: -9.1459,
      activityDate: '2030-05-06',
      affiliatePartner: 'viator',
      affiliateUrl: 'https://www.viator.com/x?aff=1',
    };
    const r = (await t.graphql(PENDING, { input }, member.token)).body.data.addPendingItineraryItem;
    expect(r.item).toMatchObject({ status: 'PENDING', latitude: 38.7069, longitude: -9.1459, affiliatePartner: 'viator', affiliateUrl: input.affiliateUrl });
    // An edit keeps the partner link and the status it does not mention.
    const edit = await t.graphql(UPDATE, { input: { id: r.item.id, item: { type: 'RESTAURANT', title: 'Time Out' } } }, member.token);
    expect(edit.body.data.updateItineraryItem.item).toMatchObject({ status: 'PENDING', affiliateUrl: input.affiliateUrl });
    const bad = (await t.graphql(PENDING, { input: { ...input, title: ' ', activityDate: '2030-06-01', affiliateUrl: 'javascript:alert(1)' } }, member.token))
      .body.data.addPendingItineraryItem;
    expect(bad.fieldErrors).toEqual([
      { field: 'title', message: M.titleRequired },
      { field: 'activityDate', message: 'Activity date cannot be after trip end date (2030-05-10)' },
      { field: 'affiliateUrl', message: M.invalidAffiliateUrl },
    ]);
  });

  it("puts a story's stay on the plan as a pending stay, named by its hotel and dated by its check-in", async () => {
    const { member, trip } = await crew();
    const input = { tripId: trip.id, title: 'Casa do Principe', type: 'ACCOMMODATION', location: 'Lisbon', activityDate: '2030-05-03' };
    const r = (await t.graphql(PENDING, { input }, member.token)).body.data.addPendingItineraryItem;
    expect(r.item).toMatchObject({
      type: 'ACCOMMODATION',
      status: 'PENDING',
      title: 'Casa do Principe',
      hotelName: 'Casa do Principe',
      checkInDate: '2030-05-03',
    });
  });

  it('lists the plan by date (undated last), then time (untimed first), then creation, through both doors and across pages', async () => {
    const { owner, member, trip } = await crew();
    const titles = [
      ['undated', {}],
      ['day 3 14:00', { activityDate: '2030-05-03', startTime: '14:00' }],
      ['day 3 untimed', { activityDate: '2030-05-03' }],
      ['day 2 09:00', { activityDate: '2030-05-02', startTime: '09:00' }],
      ['day 3 08:30', { activityDate: '2030-05-03', startTime: '08:30' }],
      ['day 3 14:00 second', { activityDate: '2030-05-03', startTime: '14:00' }],
      ['undated second', {}],
    ] as const;
    for (const [title, fields] of titles) await added(owner.token, trip.id, { title, ...fields });
    const expected = ['day 2 09:00', 'day 3 untimed', 'day 3 08:30', 'day 3 14:00', 'day 3 14:00 second', 'undated', 'undated second'];
    const all = await t.graphql(PLAN, { id: trip.id }, member.token);
    expect(all.body.data.node.itinerary.edges.map((e: any) => e.node.title)).toEqual(expected);
    const rest = await t.request('GET', `/api/backend/trip-itinerary/${trip.uuid}`, { token: member.token });
    expect(rest.body.items.map((i: any) => i.title)).toEqual(expected);
    // Pages of two: every item once, in the same order, past the undated and untimed ones.
    const paged: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: any = await t.graphql(PLAN, { id: trip.id, first: 2, after }, member.token);
      const conn = res.body.data.node.itinerary;
      paged.push(...conn.edges.map((e: any) => e.node.title));
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(paged).toEqual(expected);
    // A cursor holds its place even once its item is gone.
    const firstTwo = (await t.graphql(PLAN, { id: trip.id, first: 2 }, member.token)).body.data.node.itinerary;
    await t.db.prisma.itineraryItem.delete({ where: { id: uuidOf(firstTwo.edges[1].node.id) } });
    const next = await t.graphql(PLAN, { id: trip.id, first: 2, after: firstTwo.pageInfo.endCursor }, member.token);
    expect(next.body.data.node.itinerary.edges.map((e: any) => e.node.title)).toEqual(expected.slice(2, 4));
    // Backwards from the end, and a cursor that is not the plan's.
    const LAST = `query($id: ID!) { node(id: $id) { ... on Trip { itinerary(last: 3) { edges { node { title } } pageInfo { hasPreviousPage } } } } }`;
    const last = (await t.graphql(LAST, { id: trip.id }, member.token)).body.data.node.itinerary;
    expect([last.edges.map((e: any) => e.node.title), last.pageInfo.hasPreviousPage]).toEqual([expected.slice(-3), true]);
    const bogus = await t.graphql(PLAN, { id: trip.id, after: Buffer.from('plan:[1,2]').toString('base64') }, member.token);
    expect(bogus.body.errors[0].message).toMatch(/cursor/);
    const negative = await t.graphql(PLAN, { id: trip.id, first: -1 }, member.token);
    expect(negative.body.errors[0].message).toMatch(/first/);
    const huge = await t.graphql(PLAN, { id: trip.id, first: 100_000 }, member.token);
    expect(huge.body.data.node.itinerary.edges.length).toBe(expected.length - 1);
    // An item by its id, as Relay refetches it.
    const one = await t.graphql(
      'query($id: ID!) { node(id: $id) { ... on ItineraryItem { title hasExpense trip { name } } } }',
      { id: firstTwo.edges[0].node.id },
      owner.token,
    );
    expect(one.body.data.node).toEqual({ title: expected[0], hasExpense: false, trip: { name: 'Lisbon' } });
  });

  it('reads the plan in the same number of SQL statements for 3 items as for 60', async () => {
    const { owner, member, trip } = await crew();
    const measure = async () => {
      t.db.stats.queries = 0;
      const gql = await t.graphql(PLAN, { id: trip.id }, member.token);
      expect(gql.body.errors).toBeUndefined();
      const gqlCount = t.db.stats.queries;
      t.db.stats.queries = 0;
      const rest = await t.request('GET', `/api/backend/trip-itinerary/${trip.uuid}`, { token: member.token });
      return { gqlCount, restCount: t.db.stats.queries, items: gql.body.data.node.itinerary.edges.length, restItems: rest.body.items.length };
    };
    const fill = async (from: number, to: number) => {
      const rows = Array.from({ length: to - from }, (_, k) => {
        const i = from + k;
        return {
          id: crypto.randomUUID(),
          tripId: trip.uuid,
          title: `Item ${i}`,
          activityDate: i % 4 === 0 ? null : new Date(Date.UTC(2030, 4, 1 + (i % 10))),
          startTime: i % 3 === 0 ? null : `${String(8 + (i % 12)).padStart(2, '0')}:00`,
          // Two authors, and some items with an expense: each kind of nested read is exercised.
          createdById: i % 2 ? owner.userId : member.userId,
        };
      });
      await t.db.prisma.itineraryItem.createMany({ data: rows });
      await t.db.prisma.expense.createMany({
        data: rows
          .filter((_, k) => k % 2 === 0)
          .map((r) => ({
            tripId: trip.uuid,
            title: r.title,
            amountCents: 100,
            paidById: owner.userId,
            expenseDate: new Date('2030-05-02'),
            itineraryItemId: r.id,
          })),
      });
    };
    await fill(0, 3);
    const small = await measure();
    await fill(3, 60);
    const large = await measure();
    expect([small.items, small.restItems, large.items, large.restItems]).toEqual([3, 3, 60, 60]);
    expect(large.gqlCount).toBe(small.gqlCount);
    expect(large.restCount).toBe(small.restCount);
  });
});

describe('trip budget', () => {
  it('sets the amount and currency; refuses invalid amounts and unlisted currencies, outsiders and the signed out', async () => {
    const { owner, member, outsider, trip } = await crew();
    const set = async (token: string | undefined, amount: unknown, currency: unknown) =>
      (await t.graphql(BUDGET, { input: { tripId: trip.id, amount, currency } }, token)).body;
    expect((await set(member.token, '1250.5', 'EUR')).data.setTripBudget).toEqual({
      __typename: 'TripPayload',
      trip: { budget: { amount: '1250.50', amountCents: 125050, currency: 'EUR' }, currency: 'EUR' },
    });
    for (const amount of ['-1', '12.345', 'abc', '', '1e3']) {
      expect((await set(owner.token, amount, 'USD')).data.setTripBudget, amount).toMatchObject({
        __typename: 'ValidationError',
        field: 'amount',
        message: B.invalidAmount,
      });
    }
    expect((await set(owner.token, '100000000', 'USD')).data.setTripBudget.message).toBe(budgetTooLarge('USD'));
    expect((await set(owner.token, '-3', 'JPY')).data.setTripBudget.fieldErrors).toEqual([
      { field: 'amount', message: B.invalidAmount },
      { field: 'currency', message: B.invalidCurrency },
    ]);
    expect((await set(outsider.token, '1', 'USD')).data.setTripBudget).toEqual({ __typename: 'ForbiddenError', message: T.notMember });
    expect((await set(undefined, '1', 'USD')).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await t.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.uuid }, select: { budgetCents: true, currency: true } })).toEqual({
      budgetCents: 125050,
      currency: 'EUR',
    });
    expect((await set(owner.token, '0', 'usd')).data.setTripBudget.trip).toEqual({ budget: null, currency: 'USD' });

    const put = (token: string | undefined, body: unknown, id = trip.uuid) => t.request('PUT', `/api/backend/trip-budget/${id}`, { token, body });
    const ok = await put(member.token, { total_budget: 99.99, currency: 'CAD' });
    expect([ok.status, ok.body]).toEqual([200, { budget: { trip_id: trip.uuid, total_budget: 99.99, total_budget_cents: 9999, currency: 'CAD' } }]);
    const bad = await put(member.token, { total_budget: -5, currency: 'CAD' });
    expect([bad.status, bad.body.error, bad.body.field]).toEqual([400, B.invalidAmount, 'amount']);
    expect((await put(outsider.token, { total_budget: 1, currency: 'CAD' })).status).toBe(403);
    expect((await put(undefined, { total_budget: 1, currency: 'CAD' })).status).toBe(401);
    expect((await put(member.token, { total_budget: 1, currency: 'CAD' }, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('REST rows', () => {
  it('lists, saves, marks booked, adds pending and deletes, for members only', async () => {
    const { member, outsider, trip } = await crew();
    const api = (method: string, path: string, token?: string, body?: unknown) => t.request(method, `/api/backend${path}`, { token, body });

    const created = await api('POST', '/save-itinerary-item', member.token, {
      trip_id: trip.uuid,
      title: '',
      type: 'flight',
      flight_number: 'AC 123',
      from_location: 'Toronto',
      to_location: 'Paris',
      activity_date: '2030-05-01',
      departure_time: '18:05',
      notes: '',
    });
    expect(created.status).toBe(200);
    expect(created.body.item).toMatchObject({
      trip_id: trip.uuid,
      title: 'AC 123: Toronto → Paris',
      type: 'flight',
      start_time: '18:05',
      notes: null,
      status: null,
    });
    const itemId = created.body.item.id as string;

    const invalid = await api('POST', '/save-itinerary-item', member.token, { trip_id: trip.uuid, title: ' ', type: 'boat', activity_date: '2030-05-20' });
    expect([invalid.status, invalid.body.error, invalid.body.field_errors]).toEqual([
      400,
      M.titleRequired,
      [
        { field: 'title', message: M.titleRequired },
        { field: 'type', message: M.invalidType },
        { field: 'activityDate', message: 'Activity date cannot be after trip end date (2030-05-10)' },
      ],
    ]);
    expect((await api('POST', '/save-itinerary-item', member.token, { title: 'No trip' })).status).toBe(400);

    const edited = await api('POST', '/save-itinerary-item', member.token, { id: itemId, trip_id: trip.uuid, type: 'flight', flight_number: 'AC 124' });
    expect(edited.body.item).toMatchObject({ id: itemId, title: 'AC 124', from_location: null, start_time: null });

    const pending = await api('POST', '/create-pending-itinerary-item', member.token, {
      trip_id: trip.uuid,
      title: 'Belém Tower',
      type: 'activity',
      location: 'Belém',
      affiliate_partner: 'getyourguide',
      affiliate_url: 'https://www.getyourguide.com/belem',
      activity_date: '2030-05-04',
    });
    expect([pending.status, pending.body.item.status, pending.body.item.affiliate_partner]).toEqual([201, 'pending', 'getyourguide']);
    const booked = await api('PUT', `/mark-itinerary-item-booked/${pending.body.item.id}`, member.token);
    expect(booked.body.item.status).toBe('booked');

    const list = await api('GET', `/trip-itinerary/${trip.uuid}`, member.token);
    // The edit left the flight without a day: it goes last.
    expect(list.body.items.map((i: any) => i.title)).toEqual(['Belém Tower', 'AC 124']);

    // Outsiders 403, signed out 401, missing ids 404; nothing changes.
    const missing = '00000000-0000-4000-8000-000000000000';
    const refusals: [string, string, unknown, number][] = [
      ['GET', `/trip-itinerary/${trip.uuid}`, undefined, 403],
      ['POST', '/save-itinerary-item', { trip_id: trip.uuid, title: 'x' }, 403],
      ['POST', '/save-itinerary-item', { id: itemId, title: 'x' }, 403],
      ['PUT', `/mark-itinerary-item-booked/${itemId}`, undefined, 403],
      ['DELETE', `/delete-itinerary-item/${itemId}`, undefined, 403],
      ['POST', '/create-pending-itinerary-item', { trip_id: trip.uuid, title: 'x', type: 'activity' }, 403],
    ];
    for (const [method, path, body, status] of refusals) {
      const res = await api(method, path, outsider.token, body);
      expect([res.status, res.body.error], `${method} ${path}`).toEqual([status, T.notMember]);
      expect((await api(method, path, undefined, body)).status, `${method} ${path} signed out`).toBe(401);
    }
    expect((await api('GET', `/trip-itinerary/${missing}`, member.token)).status).toBe(404);
    expect((await api('PUT', `/mark-itinerary-item-booked/${missing}`, member.token)).body).toMatchObject({ error: M.notFound });
    expect((await api('DELETE', `/delete-itinerary-item/not-a-uuid`, member.token)).status).toBe(404);
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } })).toBe(2);

    const deleted = await api('DELETE', `/delete-itinerary-item/${itemId}`, member.token);
    expect([deleted.status, deleted.body]).toEqual([200, { success: true, id: itemId, trip_id: trip.uuid }]);
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } })).toBe(1);
  });
});

describe('live itinerary', () => {
  const SUBSCRIBE = `subscription($id: ID!) { tripItineraryChanged(tripId: $id) { kind deletedItemId item { id title status } actor { firstName } } }`;

  interface Watch {
    client: Client;
    /** What arrived, leaving out the probes `heard` sent. */
    events: any[];
    /** Settles when the subscription completes or fails. */
    ended: Promise<{ error?: unknown }>;
    probeId?: string;
  }

  function watch(token: string, tripId: string): Watch {
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${token}` } });
    const w: Watch = { client, events: [], ended: undefined as never };
    w.ended = new Promise<{ error?: unknown }>((resolve) => {
      client.subscribe(
        { query: SUBSCRIBE, variables: { id: tripId } },
        {
          next: (v: any) => {
            const change = v.data?.tripItineraryChanged;
            if (w.probeId && change && (change.item?.id ?? change.deletedItemId) === w.probeId) probes.push(v);
            else w.events.push(v);
          },
          error: (error) => resolve({ error }),
          complete: () => resolve({}),
        },
      );
    });
    return w;
  }
  const probes: unknown[] = [];

  /**
   * Waits until the subscription hears the trip's events: an event about a probe item is
   * published until one arrives (probes are kept out of `events`).
   */
  async function heard(w: Watch, tripUuid: string, probeId: string) {
    w.probeId = probeId;
    const before = probes.length;
    await expect
      .poll(
        () => {
          const itemId = uuidOf(probeId);
          t.app.deps.pubsub.publish('itinerary', tripUuid, { kind: 'UPDATED', tripId: tripUuid, itemId, actorId: null });
          return probes.length;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBeGreaterThan(before);
  }

  it("delivers another member's changes as they happen, each item as it is now; outsiders may not watch", async () => {
    const { owner, member, outsider, trip } = await crew();
    const first = await added(owner.token, trip.id, { title: 'Probe', activityDate: '2030-05-02' });
    const w = watch(member.token, trip.id);
    await heard(w, trip.uuid, first.id);

    const item = await added(owner.token, trip.id, { title: 'Fado night', type: 'EVENT', status: 'PENDING' });
    await expect.poll(() => w.events.length, { timeout: 10_000 }).toBe(1);
    await t.graphql(BOOK, { input: { id: item.id } }, owner.token);
    await expect.poll(() => w.events.length, { timeout: 10_000 }).toBe(2);
    await t.graphql(DELETE, { input: { id: item.id } }, owner.token);
    await expect.poll(() => w.events.length, { timeout: 10_000 }).toBe(3);
    expect(w.events.map((e) => e.data.tripItineraryChanged)).toEqual([
      { kind: 'ADDED', deletedItemId: null, item: { id: item.id, title: 'Fado night', status: 'PENDING' }, actor: { firstName: 'Ada' } },
      { kind: 'UPDATED', deletedItemId: null, item: { id: item.id, title: 'Fado night', status: 'BOOKED' }, actor: { firstName: 'Ada' } },
      { kind: 'DELETED', deletedItemId: item.id, item: null, actor: { firstName: 'Ada' } },
    ]);
    // An event about an item gone since tells of its deletion.
    t.app.deps.pubsub.publish('itinerary', trip.uuid, { kind: 'UPDATED', tripId: trip.uuid, itemId: uuidOf(item.id), actorId: owner.userId });
    await expect.poll(() => w.events.length, { timeout: 10_000 }).toBe(4);
    expect(w.events[3].data.tripItineraryChanged).toMatchObject({ kind: 'DELETED', deletedItemId: item.id, item: null });
    await w.client.dispose();

    const refused = watch(outsider.token, trip.id);
    const { error } = await refused.ended;
    // graphql-ws hands a refusal at subscribe time over as a result with errors, or as an error.
    const errors = (error as any[] | undefined) ?? refused.events[0]?.errors;
    expect(errors[0].extensions.code).toBe('FORBIDDEN');
    await refused.client.dispose();
  });

  it('ends for a member who leaves the trip, at once and without a word of later changes', async () => {
    const { owner, member, trip } = await crew();
    const probe = await added(owner.token, trip.id, { title: 'Probe' });
    const w = watch(member.token, trip.id);
    await heard(w, trip.uuid, probe.id);
    const left = await t.graphql('mutation($id: ID!) { leaveTrip(tripId: $id) { __typename } }', { id: trip.id }, member.token);
    expect(left.body.data.leaveTrip.__typename).toBe('TripRemovedPayload');
    expect(await w.ended).toEqual({});
    await added(owner.token, trip.id, { title: 'Secret plans' });
    expect(JSON.stringify(w.events)).not.toContain('Secret plans');
    await w.client.dispose();
  });
});
