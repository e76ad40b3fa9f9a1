import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminTripMessages as M } from '../../api/src/admin/trips/messages.js';
import { TripMessages } from '../../api/src/trips/messages.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';
import { createTrip, isoDaysFromNow } from '../support/trips.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let traveller: Awaited<ReturnType<typeof signedInUser>>;
const ADMIN = uniqueEmail('boss');
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await signedInUser(t, { email: ADMIN });
  traveller = await signedInUser(t);
});
afterAll(() => t.close());

const api = (method: string, path: string, body?: unknown, token = admin.token) => t.request(method, `/api/backend${path}`, { body, token });

/** A trip of `owner` with `members` accepted on it. */
async function tripWith(owner: { token: string }, members: { userId: string }[], input: Record<string, unknown> = {}) {
  const trip = await createTrip(t, owner.token, { name: `Trip ${Math.random().toString(36).slice(2, 8)}`, ...input });
  if (members.length)
    await t.db.prisma.tripMember.createMany({
      data: members.map((m) => ({ tripId: trip.uuid, userId: m.userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const, joinedAt: new Date() })),
    });
  return trip;
}

describe('trips tab: list and stat cards', () => {
  it('refuses everyone but administrators', async () => {
    expect((await t.request('GET', '/api/backend/trips')).status).toBe(401);
    expect((await api('GET', '/trips', undefined, traveller.token)).status).toBe(403);
    const trip = await tripWith(traveller, []);
    expect((await api('PUT', `/admin/trips/${trip.uuid}`, { name: 'Mine now' }, traveller.token)).status).toBe(403);
    expect((await api('POST', `/admin/trips/${trip.uuid}/cancel`, undefined, traveller.token)).status).toBe(403);
    expect((await api('POST', '/admin/trips', { owner_email: traveller.email, name: 'X' }, traveller.token)).status).toBe(403);
  });

  it('counts statuses from the dates, durations with both days, distinct destinations, and filters and searches on the server', async () => {
    const before = (await api('GET', '/trips?limit=1')).body.analytics;
    const owner = await signedInUser(t);
    const tag = Math.random().toString(36).slice(2, 8);
    await tripWith(owner, [], { name: `Past ${tag}`, startDate: isoDaysFromNow(-10), endDate: isoDaysFromNow(-8), destination: { mainText: `Porto${tag}` } }); // 3 days
    await tripWith(owner, [], { name: `Now ${tag}`, startDate: isoDaysFromNow(-1), endDate: isoDaysFromNow(2), destination: { mainText: `porto${tag}` } }); // 4 days
    await tripWith(owner, [], { name: `Soon ${tag}`, startDate: isoDaysFromNow(30), endDate: isoDaysFromNow(30), destination: { mainText: `Oslo${tag}` } }); // 1 day
    const res = await api('GET', '/trips');
    expect(res.status).toBe(200);
    const a = res.body.analytics;
    expect(a.totalTrips - before.totalTrips).toBe(3);
    expect([a.completedTrips - before.completedTrips, a.ongoingTrips - before.ongoingTrips, a.upcomingTrips - before.upcomingTrips]).toEqual([1, 1, 1]);
    // Porto and porto are one destination.
    expect(a.destinations - before.destinations).toBe(2);
    expect(a.availableDestinations).toEqual(expect.arrayContaining([`Porto${tag}`, `Oslo${tag}`]));

    const search = await api('GET', `/trips?search=${tag}`);
    expect(search.body.trips.map((x: { name: string }) => x.name)).toEqual([`Soon ${tag}`, `Now ${tag}`, `Past ${tag}`]);
    expect(search.body.trips.map((x: { status: string; duration_days: number }) => [x.status, x.duration_days])).toEqual([
      ['upcoming', 1],
      ['ongoing', 4],
      ['completed', 3],
    ]);
    expect(search.body.trips[0]).toMatchObject({ owner_id: owner.userId, owner_email: owner.email, member_count: 1, destination: `Oslo${tag}` });
    const ongoing = await api('GET', `/trips?search=${tag}&status=ongoing`);
    expect(ongoing.body.trips.map((x: { name: string }) => x.name)).toEqual([`Now ${tag}`]);
    const porto = await api('GET', `/trips?destination=PORTO${tag}`);
    expect(porto.body.trips.map((x: { name: string }) => x.name)).toEqual([`Now ${tag}`, `Past ${tag}`]);
    expect(porto.body.total_count).toBe(2);

    // Paged by cursor: two pages of the three, no repeats.
    const first = await api('GET', `/trips?search=${tag}&limit=2`);
    expect(first.body.trips).toHaveLength(2);
    const second = await api('GET', `/trips?search=${tag}&limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.trips.map((x: { name: string }) => x.name)).toEqual([`Past ${tag}`]);
    expect(second.body.next_cursor).toBeNull();
    expect((await api('GET', '/trips?status=someday')).status).toBe(400);
    expect((await api('GET', '/trips?limit=0')).status).toBe(400);
    expect((await api('GET', '/trips?cursor=nonsense')).status).toBe(400);
  });

  it('averages durations rounded, counting both days', async () => {
    // Compared with the database's own figure over every trip with both dates.
    const res = await api('GET', '/trips');
    const rows = await t.db.prisma.trip.findMany({ where: { startDate: { not: null }, endDate: { not: null } }, select: { startDate: true, endDate: true } });
    const days = rows.map((r) => (r.endDate!.getTime() - r.startDate!.getTime()) / 86_400_000 + 1);
    expect(res.body.analytics.averageDuration).toBe(Math.round(days.reduce((s, d) => s + d, 0) / days.length));
  });

  it('reads the list in a constant number of statements, however many trips and members', async () => {
    const measure = async () => {
      t.db.stats.queries = 0;
      const res = await api('GET', '/trips?limit=50');
      expect(res.status).toBe(200);
      return t.db.stats.queries;
    };
    const few = await measure();
    const owner = await signedInUser(t);
    const friends = await Promise.all([1, 2].map(() => signedInUser(t)));
    for (let i = 0; i < 4; i++)
      await tripWith(owner, friends, { startDate: isoDaysFromNow(i), endDate: isoDaysFromNow(i + 2), destination: { mainText: `City${i}` } });
    expect(await measure()).toBe(few);
  });
});

describe('trips tab: edit, cancel, create', () => {
  it('edits name, description, destination and dates by the trips rules; keeps the budget; audits', async () => {
    const trip = await tripWith(traveller, [], {
      name: 'Old name',
      budget: '1200.50',
      currency: 'EUR',
      destination: { mainText: 'Rome', secondaryText: 'Italy' },
    });
    const res = await api('PUT', `/admin/trips/${trip.uuid}`, {
      name: '  New name ',
      description: 'Edited by the console',
      destination: 'Florence, Italy',
      start_date: '2031-04-01',
      end_date: '2031-04-05',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: M.tripUpdated,
      trip: { name: 'New name', destination: 'Florence, Italy', start_date: '2031-04-01', end_date: '2031-04-05' },
    });
    const row = await t.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.uuid } });
    expect([row.budgetCents, row.currency, row.destinationMainText]).toEqual([120050, 'EUR', 'Florence']);
    const audit = await t.db.prisma.adminAuditEntry.findFirstOrThrow({ where: { action: 'trip.update', targetId: trip.uuid } });
    expect(audit).toMatchObject({ actorId: admin.userId, before: { name: 'Old name' }, after: { name: 'New name', destinationMainText: 'Florence' } });

    const bad = await api('PUT', `/admin/trips/${trip.uuid}`, { name: ' ', start_date: '2031-05-02', end_date: '2031-05-01' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: TripMessages.nameRequired, field: 'name' });
    expect(bad.body.field_errors.map((e: { message: string }) => e.message)).toEqual([TripMessages.nameRequired, TripMessages.dateOrder]);
    const missing = await api('PUT', '/admin/trips/00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: TripMessages.notFound });
    // Same destination text: the stored place (and its coordinates) stays.
    await api('PUT', `/admin/trips/${trip.uuid}`, { name: 'New name', destination: 'Florence, Italy' });
    expect((await t.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.uuid } })).destinationMainText).toBe('Florence');
  });

  it('cancels: the trip is cancelled, every member is notified in the app and by e-mail; twice is refused', async () => {
    const [member1, member2] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const trip = await tripWith(traveller, [member1, member2], { name: 'Doomed weekend' });
    const mailsBefore = (await t.mails()).length;
    const res = await api('POST', `/admin/trips/${trip.uuid}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: M.tripCancelled, trip: { status: 'cancelled' }, notified: 3, emailed: 3 });
    const notes = await t.db.prisma.notification.findMany({ where: { title: M.tripCancelledTitle, data: { path: ['tripId'], equals: trip.uuid } } });
    expect(notes.map((n) => n.userId).sort()).toEqual([traveller.userId, member1.userId, member2.userId].sort());
    expect(notes[0]!.message).toBe('The trip "Doomed weekend" was cancelled by an administrator.');
    const mails = (await t.mails()).slice(mailsBefore);
    expect(mails.map((m) => m.to).sort()).toEqual([traveller.email, member1.email, member2.email].sort());
    expect(mails[0]!.subject).toBe('Trip cancelled: Doomed weekend');
    expect(await t.db.prisma.adminAuditEntry.count({ where: { action: 'trip.cancel', targetId: trip.uuid, actorId: admin.userId } })).toBe(1);
    // The trip reads as cancelled in the list and the filter.
    const listed = await api('GET', `/trips?search=Doomed&status=cancelled`);
    expect(listed.body.trips.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([[trip.uuid, 'cancelled']]);
    const again = await api('POST', `/admin/trips/${trip.uuid}/cancel`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, message: M.alreadyCancelled });
  });

  it('creates a real trip for a chosen owner (by e-mail), by the trips rules', async () => {
    const owner = await signedInUser(t);
    const res = await api('POST', '/admin/trips', {
      owner_email: owner.email.toUpperCase(),
      name: 'Made for you',
      destination: 'Lisbon, Portugal',
      start_date: '2031-01-01',
      end_date: '2031-01-03',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: M.tripCreated, trip: { name: 'Made for you', owner_id: owner.userId, status: 'active' } });
    const member = await t.db.prisma.tripMember.findUniqueOrThrow({ where: { tripId_userId: { tripId: res.body.trip.id, userId: owner.userId } } });
    expect(member.status).toBe('OWNER');
    expect(await t.db.prisma.adminAuditEntry.count({ where: { action: 'trip.create', targetId: res.body.trip.id } })).toBe(1);
    // The owner sees it among their trips.
    const mine = await t.request('GET', `/api/backend/user-trips/${owner.userId}`, { token: owner.token });
    expect(mine.body.trips.map((x: { id: string }) => x.id)).toContain(res.body.trip.id);

    expect((await api('POST', '/admin/trips', { name: 'Nobody' })).body).toMatchObject({ success: false, message: M.ownerRequired });
    const unknown = await api('POST', '/admin/trips', { owner_email: 'ghost@example.com', name: 'Ghost' });
    expect([unknown.status, unknown.body.message]).toEqual([400, M.ownerNotFound]);
    const unnamed = await api('POST', '/admin/trips', { owner_email: owner.email, name: '' });
    expect(unnamed.body).toMatchObject({ success: false, message: TripMessages.nameRequired });
  });
});

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

describe('trips tab over GraphQL', () => {
  it('lists trips with the count and figures, renames and cancels one, and refuses a traveller', async () => {
    const trip = await tripWith(traveller, [], { name: 'Graph trip' });
    const list = await t.graphql(
      'query($s: String) { admin { trips(search: $s, first: 5) { totalCount edges { cursor node { id name status ownerName } } } tripStats { total } } }',
      { s: 'Graph trip' },
      admin.token,
    );
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.admin.trips.totalCount).toBe(1);
    expect(list.body.data.admin.trips.edges[0].node).toMatchObject({ id: gid('AdminTrip', trip.uuid), name: 'Graph trip', status: 'upcoming' });
    expect(list.body.data.admin.tripStats.total).toBeGreaterThan(0);

    const rename = `mutation($input: AdminUpdateTripInput!) { adminUpdateTrip(input: $input) {
      __typename ... on AdminTripPayload { trip { id name } } ... on Error { message } } }`;
    const renamed = await t.graphql(rename, { input: { tripId: gid('AdminTrip', trip.uuid), name: 'Graph trip renamed' } }, admin.token);
    expect(renamed.body.data.adminUpdateTrip).toEqual({
      __typename: 'AdminTripPayload',
      trip: { id: gid('AdminTrip', trip.uuid), name: 'Graph trip renamed' },
    });
    const audit = await t.db.prisma.adminAuditEntry.findFirst({ where: { action: 'trip.update', targetId: trip.uuid } });
    expect(audit?.after).toEqual({ name: 'Graph trip renamed' });

    const cancel = `mutation($input: AdminCancelTripInput!) { adminCancelTrip(input: $input) {
      __typename ... on AdminCancelTripPayload { trip { status } notified } ... on Error { message } } }`;
    const input = { tripId: gid('AdminTrip', trip.uuid) };
    const refused = await t.graphql(cancel, { input }, traveller.token);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.uuid } })).status).toBe('ACTIVE');
    const done = await t.graphql(cancel, { input }, admin.token);
    expect(done.body.data.adminCancelTrip).toMatchObject({ __typename: 'AdminCancelTripPayload', trip: { status: 'cancelled' }, notified: 1 });
    const again = await t.graphql(cancel, { input }, admin.token);
    expect(again.body.data.adminCancelTrip).toEqual({ __typename: 'ValidationError', message: M.alreadyCancelled });

    const noTraveller = await t.graphql('{ admin { trips { totalCount } } }', {}, traveller.token);
    expect(noTraveller.body.data?.admin ?? null).toBeNull();
  });

  it('creates a trip for an owner named by global id, answered as the list shows it', async () => {
    const create = `mutation($input: AdminCreateTripInput!) { adminCreateTrip(input: $input) {
      __typename ... on AdminTripPayload { trip { id name ownerName memberCount } } ... on Error { message } } }`;
    const res = await t.graphql(create, { input: { ownerId: gid('User', traveller.userId), name: 'Graph made' } }, admin.token);
    expect(res.body.data.adminCreateTrip).toMatchObject({ __typename: 'AdminTripPayload', trip: { name: 'Graph made', memberCount: 1 } });
  });

  const LIST = `query($first: Int, $after: String, $search: String, $status: String) { admin {
    trips(first: $first, after: $after, search: $search, status: $status) {
      totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name status destinationMainText ownerName memberCount } } } } }`;

  it('pages by cursor with the count of every match, searches and filters on the server, and reads a row again by node id', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const owner = await signedInUser(t);
    for (const [i, days] of [30, 31, 32].entries())
      await tripWith(owner, [], { name: `Page ${tag} ${i}`, startDate: isoDaysFromNow(days), endDate: isoDaysFromNow(days) });
    await tripWith(owner, [], { name: `Page ${tag} past`, startDate: isoDaysFromNow(-9), endDate: isoDaysFromNow(-8) });

    const first = await t.graphql(LIST, { first: 3, search: tag }, admin.token);
    expect(first.body.errors).toBeUndefined();
    const p1 = first.body.data.admin.trips;
    expect(p1.totalCount).toBe(4);
    expect(p1.edges).toHaveLength(3);
    expect(p1.pageInfo.hasNextPage).toBe(true);
    const second = await t.graphql(LIST, { first: 3, after: p1.pageInfo.endCursor, search: tag }, admin.token);
    const p2 = second.body.data.admin.trips;
    expect(p2.edges).toHaveLength(1);
    expect(p2.pageInfo.hasNextPage).toBe(false);
    const names = [...p1.edges, ...p2.edges].map((e: { node: { name: string } }) => e.node.name);
    expect(names).toEqual([`Page ${tag} past`, `Page ${tag} 2`, `Page ${tag} 1`, `Page ${tag} 0`]);

    const past = await t.graphql(LIST, { search: tag, status: 'completed' }, admin.token);
    expect(past.body.data.admin.trips.totalCount).toBe(1);
    expect(past.body.data.admin.trips.edges[0].node).toMatchObject({ name: `Page ${tag} past`, status: 'completed' });
    // The same rules as the REST row: a wrong status or page size is refused, naming the field.
    expect((await t.graphql(LIST, { status: 'lost' }, admin.token)).body.errors?.[0]?.message).toMatch(/status/);
    expect((await t.graphql(LIST, { first: 500 }, admin.token)).body.errors?.length).toBeGreaterThan(0);

    const node = await t.graphql('query($id: ID!) { node(id: $id) { __typename ... on AdminTrip { name } } }', { id: p2.edges[0].node.id }, admin.token);
    expect(node.body.data.node).toEqual({ __typename: 'AdminTrip', name: `Page ${tag} 0` });
    const hidden = await t.graphql('query($id: ID!) { node(id: $id) { id } }', { id: p2.edges[0].node.id }, traveller.token);
    expect(hidden.body.data?.node ?? null).toBeNull();
  });

  it('reads a page in the same number of statements whatever its size', async () => {
    const owner = await signedInUser(t);
    const friends = await Promise.all([1, 2].map(() => signedInUser(t)));
    for (let i = 0; i < 4; i++) await tripWith(owner, friends, { destination: { mainText: `Count${i}` } });
    const measure = async (first: number) => {
      t.db.stats.queries = 0;
      const res = await t.graphql(LIST, { first }, admin.token);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.admin.trips.edges).toHaveLength(first);
      return t.db.stats.queries;
    };
    expect(await measure(4)).toBe(await measure(1));
  });
});
