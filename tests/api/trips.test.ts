import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TripMessages as M } from '../../api/src/trips/messages.js';
import { budgetTooLarge } from '../../api/src/trips/budgetRule.js';
import { todayIso } from '../../api/src/trips/timing.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { CREATE_TRIP, INVITE, createTrip, isoDaysFromNow } from '../support/trips.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TRIPS = `query($timing: TripTiming) { viewer { tripSummary { upcomingCount currentCount pastCount companionCount totalBudgets { currency amountCents } }
  trips(first: 20, timing: $timing) { edges { node { id name timing memberCount viewerIsOwner
    members { user { id firstName } status isOwner } pendingInvitations { invitedEmail invitedUser { firstName } } } } } } }`;

describe('createTrip', () => {
  it('checks the documented rules and changes nothing on bad input', async () => {
    const u = await signedInUser(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, M.nameRequired, 'name'],
      [{ name: 'x', startDate: '2030-05-10', endDate: '2030-05-09' }, M.dateOrder, 'endDate'],
      [{ name: 'x', budget: '-5' }, M.invalidBudget, 'budget'],
      [{ name: 'x', budget: '12.345' }, M.invalidBudget, 'budget'],
      [{ name: 'x', currency: 'JPY' }, M.invalidCurrency, 'currency'],
    ];
    for (const [input, message, field] of cases) {
      const res = await t.graphql(CREATE_TRIP, { input }, u.token);
      expect(res.body.data.createTrip, JSON.stringify(input)).toMatchObject({ __typename: 'ValidationError', message, field });
    }
    expect(await t.db.prisma.trip.count({ where: { ownerId: u.userId } })).toBe(0);
    const nobody = await t.graphql(CREATE_TRIP, { input: { name: 'x' } });
    expect(nobody.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('stores money in cents, dates as dates, and makes the creator the owner', async () => {
    const u = await signedInUser(t);
    const res = await t.graphql(
      CREATE_TRIP,
      {
        input: {
          name: 'Kyoto',
          startDate: '2030-04-01',
          endDate: '2030-04-01',
          budget: '1250.5',
          currency: 'EUR',
          destination: { mainText: 'Kyoto', secondaryText: 'Kyoto, Japan' },
        },
      },
      u.token,
    );
    expect(res.body.data.createTrip.trip).toMatchObject({
      name: 'Kyoto',
      startDate: '2030-04-01',
      endDate: '2030-04-01',
      budget: { amountCents: 125050, amount: '1250.50', currency: 'EUR' },
      destination: { mainText: 'Kyoto', secondaryText: 'Kyoto, Japan' },
      timing: 'UPCOMING',
      viewerIsOwner: true,
      memberCount: 1,
    });
  });

  it('REST create-trip accepts the legacy destination forms and refuses another owner_id', async () => {
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const forms = [
      { main_text: 'Rome', secondary_text: 'Lazio, Italy', place_id: 'p1' },
      JSON.stringify({ main_text: 'Oslo', secondary_text: 'Norway' }),
      'Porto, Portugal',
    ];
    for (const destination of forms) {
      const res = await t.request('POST', '/api/backend/create-trip', {
        token: u.token,
        body: { owner_id: u.userId, name: 'Trip', destination, start_date: '2031-01-01', end_date: '2031-01-03', total_budget: 99.99, currency: 'USD' },
      });
      expect(res.status).toBe(201);
      expect(res.body.trip.destination.main_text).toMatch(/Rome|Oslo|Porto/);
      expect(res.body.trip.total_budget_cents).toBe(9999);
    }
    const bad = await t.request('POST', '/api/backend/create-trip', { token: u.token, body: { owner_id: other.userId, name: 'x' } });
    expect(bad.status).toBe(403);
    const badDate = await t.request('POST', '/api/backend/create-trip', {
      token: u.token,
      body: { name: 'x', start_date: '2031-01-01', end_date: '2031-02-30' },
    });
    expect([badDate.status, badDate.body.error]).toEqual([400, M.invalidDate]);
    const missing = await t.request('POST', '/api/backend/create-trip', { token: u.token, body: { name: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(M.nameRequired);
    expect((await t.request('POST', '/api/backend/create-trip', { body: { name: 'x' } })).status).toBe(401);
  });
});

describe('one set of rules for both doors', () => {
  it('refuses the same input with the same messages over GraphQL and REST, every field at once, never cutting text', async () => {
    const u = await signedInUser(t);
    const before = await t.db.prisma.trip.count();
    const long = 'x'.repeat(10_000);
    const gql = await t.graphql(
      `mutation($input: TripInput!) { createTrip(input: $input) { __typename ... on ValidationError { message field fieldErrors { field message } } } }`,
      { input: { name: long, description: long, budget: '99999999999999', currency: 'XYZ' } },
      u.token,
    );
    const rest = await t.request('POST', '/api/backend/create-trip', {
      token: u.token,
      body: { name: long, description: long, total_budget: '99999999999999', currency: 'XYZ' },
    });
    const expected = [
      { field: 'name', message: M.nameTooLong },
      { field: 'budget', message: budgetTooLarge('USD') },
      { field: 'currency', message: M.invalidCurrency },
      { field: 'description', message: M.descriptionTooLong },
    ];
    expect(gql.body.data.createTrip).toEqual({ __typename: 'ValidationError', message: M.nameTooLong, field: 'name', fieldErrors: expected });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ error: M.nameTooLong, field: 'name', field_errors: expected });
    // A name of exactly the limit is kept whole on both doors.
    const atLimit = 'n'.repeat(120);
    expect((await createTrip(t, u.token, { name: atLimit })).name).toBe(atLimit);
    const viaRest = await t.request('POST', '/api/backend/create-trip', { token: u.token, body: { name: atLimit } });
    expect(viaRest.body.trip.name).toBe(atLimit);
    expect(await t.db.prisma.trip.count()).toBe(before + 2);
  });

  it('refuses REST bodies of the wrong types with 400 naming the field', async () => {
    const u = await signedInUser(t);
    const res = await t.request('POST', '/api/backend/create-trip', { token: u.token, body: { name: 123, start_date: ['2030-01-01'] } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('name');
    expect(res.body.field_errors.map((f: { field: string }) => f.field)).toEqual(['name', 'start_date']);
  });
});

describe('trips list', () => {
  it('puts trips in tabs by date, sums budgets per currency and counts companions', async () => {
    const u = await signedInUser(t);
    await createTrip(t, u.token, { name: 'Soon', startDate: isoDaysFromNow(5), endDate: isoDaysFromNow(8), budget: '100', currency: 'USD' });
    await createTrip(t, u.token, { name: 'Now', startDate: isoDaysFromNow(-1), endDate: isoDaysFromNow(1), budget: '50.25', currency: 'USD' });
    await createTrip(t, u.token, { name: 'Done', startDate: isoDaysFromNow(-10), endDate: isoDaysFromNow(-5), budget: '10', currency: 'EUR' });
    await createTrip(t, u.token, { name: 'Someday' });
    const all = await t.graphql(TRIPS, {}, u.token);
    expect(all.body.errors).toBeUndefined();
    expect(all.body.data.viewer.tripSummary).toEqual({
      upcomingCount: 2,
      currentCount: 1,
      pastCount: 1,
      companionCount: 0,
      totalBudgets: [
        { currency: 'EUR', amountCents: 1000 },
        { currency: 'USD', amountCents: 15025 },
      ],
    });
    const names = (timing: string) => t.graphql(TRIPS, { timing }, u.token).then((r) => r.body.data.viewer.trips.edges.map((e: any) => e.node.name));
    expect(await names('UPCOMING')).toEqual(['Soon', 'Someday']);
    expect(await names('CURRENT')).toEqual(['Now']);
    expect(await names('PAST')).toEqual(['Done']);
  });

  it('reads the same trips in the same order whichever way a page is read: a first page in one statement, later pages through Prisma', async () => {
    const u = await signedInUser(t);
    // Every edge of the tabs on the server's calendar (no X-Time-Zone: UTC).
    const dated: [string, number | null, number | null][] = [
      ['Starts today', 0, 3],
      ['Ends today', -3, 0],
      ['Starts tomorrow', 1, 2],
      ['Ended yesterday', -4, -1],
      ['Undated', null, null],
      ['Start only, past', -2, null],
      ['Start only, future', 2, null],
      ['End only, future', null, 2],
      ['End only, past', null, -2],
      ['Same start, older', 5, 6],
      ['Same start, newer', 5, 6],
    ];
    for (const [name, start, end] of dated) {
      const trip = await createTrip(t, u.token, { name });
      const day = (n: number | null) => (n === null ? null : new Date(`${isoDaysFromNow(n)}T00:00:00.000Z`));
      await t.db.prisma.trip.update({ where: { id: trip.uuid }, data: { startDate: day(start), endDate: day(end) } });
    }
    const read = async (timing: string | null, selection: string, page: string) => {
      t.db.stats.queries = 0;
      const res = await t.graphql(
        `query($timing: TripTiming, $after: String) { viewer { trips(${page}, timing: $timing, after: $after) { edges { node { name ${selection} } }
          pageInfo { hasNextPage endCursor } } } }`,
        { timing },
        u.token,
      );
      expect(res.body.errors).toBeUndefined();
      return { names: res.body.data.viewer.trips.edges.map((e: { node: { name: string } }) => e.node.name), statements: t.db.stats.queries };
    };
    const pageByPage = async (timing: string | null) => {
      const names: string[] = [];
      let after: string | null = null;
      do {
        const res = await t.graphql(
          'query($timing: TripTiming, $after: String) { viewer { trips(first: 2, timing: $timing, after: $after) { edges { node { name } } pageInfo { hasNextPage endCursor } } } }',
          { timing, after },
          u.token,
        );
        const trips = res.body.data.viewer.trips;
        names.push(...trips.edges.map((e: { node: { name: string } }) => e.node.name));
        after = trips.pageInfo.hasNextPage ? trips.pageInfo.endCursor : null;
      } while (after);
      return names;
    };
    const summary = (await t.graphql('{ viewer { tripSummary { upcomingCount currentCount pastCount } dashboardStats { upcomingTrips } } }', {}, u.token)).body
      .data.viewer;
    const counts: Record<string, number> = {
      UPCOMING: summary.tripSummary.upcomingCount,
      CURRENT: summary.tripSummary.currentCount,
      PAST: summary.tripSummary.pastCount,
    };
    const tabs: Record<string, string[]> = {};
    for (const timing of [null, 'UPCOMING', 'CURRENT', 'PAST']) {
      const oneStatement = await read(timing, 'members { isOwner }', 'first: 20');
      // The owner relation is planned by Prisma: the page is read through it.
      const throughPrisma = await read(timing, 'members { isOwner } owner { id }', 'first: 20');
      expect(oneStatement.statements).toBeLessThan(throughPrisma.statements);
      expect(throughPrisma.names).toEqual(oneStatement.names);
      expect(await pageByPage(timing)).toEqual(oneStatement.names);
      // Counted from the end (the calendar's past trips): Prisma reads it backwards.
      expect((await read(timing, '', 'last: 2')).names).toEqual(oneStatement.names.slice(-2));
      if (timing) tabs[timing] = oneStatement.names;
      if (timing) expect(oneStatement.names.length).toBe(counts[timing]);
    }
    expect(tabs).toEqual({
      UPCOMING: ['Starts tomorrow', 'Start only, future', 'Same start, newer', 'Same start, older', 'End only, future', 'Undated'],
      CURRENT: ['Ends today', 'Start only, past', 'Starts today'],
      PAST: ['Ended yesterday', 'End only, past'],
    });
    expect(summary.dashboardStats.upcomingTrips).toBe(tabs.UPCOMING.length);
  });

  it("uses the caller's calendar day: a trip today in Kiritimati (UTC+14) is still upcoming in Pago Pago (UTC-11)", async () => {
    const u = await signedInUser(t);
    // 25 hours apart, so the two places never share a date.
    const kiritimatiToday = todayIso(new Date(), 'Pacific/Kiritimati');
    await createTrip(t, u.token, { name: 'Line Islands', startDate: kiritimatiToday, endDate: kiritimatiToday });
    const ask = async (timeZone?: string) => {
      const headers: Record<string, string> = timeZone ? { 'x-time-zone': timeZone } : {};
      const gql = await t.request('POST', '/graphql', {
        token: u.token,
        headers,
        body: {
          query: '{ viewer { tripSummary { upcomingCount currentCount } dashboardStats { upcomingTrips } trips(first: 5) { edges { node { timing } } } } }',
        },
      });
      const rest = await t.request('GET', `/api/backend/user-dashboard/${u.userId}`, { token: u.token, headers });
      const v = gql.body.data.viewer;
      return [
        v.trips.edges[0].node.timing,
        v.tripSummary.upcomingCount,
        v.tripSummary.currentCount,
        v.dashboardStats.upcomingTrips,
        rest.body.stats.upcomingTrips,
      ];
    };
    expect(await ask('Pacific/Kiritimati')).toEqual(['CURRENT', 0, 1, 0, 0]);
    expect(await ask('Pacific/Pago_Pago')).toEqual(['UPCOMING', 1, 0, 1, 1]);
    // An unknown zone is read as UTC, which is never ahead of Kiritimati's date.
    expect((await ask('Mars/Olympus_Mons'))[0]).toBe((await ask())[0]);
  });

  it('runs a constant number of SQL statements whatever the number of trips and members', async () => {
    const owner = await signedInUser(t);
    const friends = await Promise.all([1, 2, 3].map(() => signedInUser(t)));
    const measure = async () => {
      t.db.stats.queries = 0;
      const gql = await t.graphql(TRIPS, {}, owner.token);
      expect(gql.body.errors).toBeUndefined();
      const gqlCount = t.db.stats.queries;
      t.db.stats.queries = 0;
      const rest = await t.request('GET', `/api/backend/user-trips/${owner.userId}`, { token: owner.token });
      expect(rest.status).toBe(200);
      const restCount = t.db.stats.queries;
      t.db.stats.queries = 0;
      await t.graphql('{ viewer { dashboardStats { totalTrips } } }', {}, owner.token);
      return { gqlCount, restCount, dash: t.db.stats.queries, trips: rest.body.trips.length };
    };
    const addTrip = async (i: number, people: typeof friends) => {
      const trip = await createTrip(t, owner.token, { name: `Trip ${i}` });
      for (const f of people) {
        await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: f.userId, status: 'ACCEPTED', role: 'MEMBER' } });
      }
      await t.graphql(INVITE, { input: { tripId: trip.id, email: `nobody${i}@example.com` } }, owner.token);
    };
    await addTrip(0, friends.slice(0, 1));
    const small = await measure();
    for (let i = 1; i <= 5; i++) await addTrip(i, friends);
    const large = await measure();
    expect(large.trips).toBe(6);
    expect(large.gqlCount).toBe(small.gqlCount);
    expect(large.restCount).toBe(small.restCount);
    expect(large.dash).toBe(small.dash);
  });

  it("shows the people of the viewer's trips as companions without reading their ties again; invitees by the invitation rule", async () => {
    const owner = await signedInUser(t);
    const [companion, invitee, stranger] = await Promise.all([1, 2, 3].map(() => signedInUser(t)));
    const trip = await createTrip(t, owner.token, { name: 'Companions' });
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: companion.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    await t.graphql(INVITE, { input: { tripId: trip.id, email: invitee.email } }, owner.token);
    const city = (u: { user: { city: string | null } } | { invitedUser: { city: string | null } }) => ('user' in u ? u.user : u.invitedUser).city;
    const read = async (selection: string) => {
      t.db.stats.queries = 0;
      const res = await t.graphql(`{ viewer { trips(first: 5) { edges { node { ${selection} } } } } }`, {}, owner.token);
      expect(res.body.errors).toBeUndefined();
      return { node: res.body.data.viewer.trips.edges[0].node, statements: t.db.stats.queries };
    };
    // Companions are shown (a close tie: they share the trip) with the members alone: no statement
    // reads their ties. Their whole profile (city) is theirs to see too.
    const counted = await read('memberCount');
    const members = await read('members { user { id firstName } }');
    expect(members.node.members.map((m: { user: { firstName: string } }) => m.user.firstName)).toEqual(['Ada', 'Ada']);
    expect(members.statements).toBe(counted.statements);
    expect((await read('members { user { id city } }')).node.members.map(city)).toEqual(['London', 'London']);
    // The invitee is no member: until they accept, the owner (no friend of theirs) is not told who it is.
    const invited = await read('pendingInvitations { invitedUser { id city } }');
    expect(invited.node.pendingInvitations.map((i: { invitedUser: unknown }) => i.invitedUser)).toEqual([null]);
    // Nobody else's profile is opened by this: the stranger stays unknown to the owner.
    const gid = Buffer.from(`User:${stranger.userId}`).toString('base64');
    const other = await t.graphql('query($id: ID!) { node(id: $id) { ... on User { firstName } } }', { id: gid }, owner.token);
    expect([other.body.data.node, other.body.errors?.[0]?.extensions?.code]).toEqual([null, 'FORBIDDEN']);
  });

  it('lists the same people in the same order through GraphQL, the REST list and the query form of the members rule', async () => {
    const { tripListInclude } = await import('../../api/src/trips/json.js');
    const owner = await signedInUser(t);
    const [early, late, unknownTime, invited] = await Promise.all([1, 2, 3, 4].map(() => signedInUser(t)));
    const trip = await createTrip(t, owner.token, { name: 'Members rule' });
    const day = 86_400_000;
    await t.db.prisma.tripMember.createMany({
      data: [
        { tripId: trip.uuid, userId: late.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date(Date.now() - day) },
        { tripId: trip.uuid, userId: unknownTime.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: null },
        { tripId: trip.uuid, userId: early.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date(Date.now() - 3 * day) },
        { tripId: trip.uuid, userId: invited.userId, status: 'INVITED', role: 'MEMBER' },
      ],
    });
    const byQuery = await t.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.uuid }, include: tripListInclude(owner.userId) });
    const expected = byQuery.members.map((m) => ({ userId: m.userId, status: m.status, joinedAt: m.joinedAt?.toISOString() ?? null }));
    expect(expected.map((m) => m.userId)).toEqual([owner.userId, early.userId, late.userId, unknownTime.userId]);

    const gql = await t.graphql(
      'query($id: ID!) { node(id: $id) { ... on Trip { memberCount members { status joinedAt user { id displayName } } } } }',
      { id: trip.id },
      owner.token,
    );
    const node = gql.body.data.node;
    const userIdOf = (id: string) => Buffer.from(id, 'base64').toString().split(':')[1];
    expect(node.members.map((m: any) => ({ userId: userIdOf(m.user.id), status: m.status, joinedAt: m.joinedAt }))).toEqual(expected);
    expect(node.memberCount).toBe(expected.length);
    expect(node.members[1].user.displayName).toBe('Ada Lovelace');

    const rest = await t.request('GET', `/api/backend/user-trips/${owner.userId}`, { token: owner.token });
    const listed = rest.body.trips.find((x: { id: string }) => x.id === trip.uuid);
    expect(listed.members.map((m: any) => ({ userId: m.user_id, status: m.status.toUpperCase(), joinedAt: m.joined_at }))).toEqual(expected);
  });

  it("refuses another user's trips (403) and nobody (401); hides a stranger's trip", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const trip = await createTrip(t, a.token);
    expect((await t.request('GET', `/api/backend/user-trips/${a.userId}`, { token: b.token })).status).toBe(403);
    expect((await t.request('GET', `/api/backend/user-trips/${a.userId}`)).status).toBe(401);
    const asB = await t.graphql('query($id: ID!) { node(id: $id) { id ... on Trip { name } } }', { id: trip.id }, b.token);
    expect(asB.body.data.node).toBeNull();
    // Someone else's trip: 403 (CONTRACT), an id that names no trip: 404.
    const refused = await t.request('GET', `/api/backend/trip-members/${trip.uuid}`, { token: b.token });
    expect([refused.status, refused.body.error]).toEqual([403, M.notMember]);
    expect((await t.request('GET', '/api/backend/trip-members/00000000-0000-4000-8000-000000000000', { token: b.token })).status).toBe(404);
    const members = await t.request('GET', `/api/backend/trip-members/${trip.uuid}`, { token: a.token });
    expect(members.body.members).toMatchObject([{ user_id: a.userId, status: 'owner', profile: { first_name: 'Ada' } }]);
  });
});

describe('delete and leave', () => {
  it('only the owner deletes; members are told; strangers see nothing', async () => {
    const owner = await signedInUser(t);
    const member = await signedInUser(t);
    const stranger = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Alps' });
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    const DELETE = 'mutation($id: ID!) { deleteTrip(tripId: $id) { __typename ... on TripRemovedPayload { removedTripId } ... on Error { message } } }';
    expect((await t.graphql(DELETE, { id: trip.id }, member.token)).body.data.deleteTrip).toEqual({ __typename: 'ForbiddenError', message: M.onlyOwnerDelete });
    expect((await t.graphql(DELETE, { id: trip.id }, stranger.token)).body.data.deleteTrip).toEqual({ __typename: 'ForbiddenError', message: M.notMember });
    expect((await t.request('DELETE', `/api/backend/delete-trip/${trip.uuid}`, { token: member.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/backend/delete-trip/${trip.uuid}`)).status).toBe(401);
    expect((await t.graphql(DELETE, { id: trip.id }, owner.token)).body.data.deleteTrip).toEqual({ __typename: 'TripRemovedPayload', removedTripId: trip.id });
    expect(await t.db.prisma.trip.count({ where: { id: trip.uuid } })).toBe(0);
    const note = await t.db.prisma.notification.findFirst({ where: { userId: member.userId } });
    expect(note?.message).toBe('The trip "Alps" was deleted by its owner.');
  });

  it('a member may leave, the owner may not', async () => {
    const owner = await signedInUser(t);
    const member = await signedInUser(t);
    const trip = await createTrip(t, owner.token);
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    const LEAVE = 'mutation($id: ID!) { leaveTrip(tripId: $id) { __typename ... on Error { message } } }';
    expect((await t.graphql(LEAVE, { id: trip.id }, owner.token)).body.data.leaveTrip).toEqual({ __typename: 'ForbiddenError', message: M.ownerCannotLeave });
    expect((await t.graphql(LEAVE, { id: trip.id }, member.token)).body.data.leaveTrip.__typename).toBe('TripRemovedPayload');
    expect(await t.db.prisma.tripMember.count({ where: { tripId: trip.uuid } })).toBe(1);
  });

  it('only the owner edits', async () => {
    const owner = await signedInUser(t);
    const member = await signedInUser(t);
    const trip = await createTrip(t, owner.token);
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    const UPDATE =
      'mutation($id: ID!, $input: TripInput!) { updateTrip(tripId: $id, input: $input) { __typename ... on TripPayload { trip { name } } ... on Error { message } } }';
    expect((await t.graphql(UPDATE, { id: trip.id, input: { name: 'Renamed' } }, member.token)).body.data.updateTrip.message).toBe(M.onlyOwnerEdit);
    expect((await t.graphql(UPDATE, { id: trip.id, input: { name: 'Renamed' } }, owner.token)).body.data.updateTrip.trip.name).toBe('Renamed');
  });
});
