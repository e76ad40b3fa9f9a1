import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../api/src/platform/sql.js';
import { openInvitationWhere } from '../../api/src/invitations/rules.js';
import {
  firstTripsPage,
  membersOfTrips,
  peopleOfTrips,
  timingSql,
  timingWhere,
  TRIP_ORDER,
  tripsOf,
  tripsOfSql,
  tripSummary,
  tripsWithPeople,
} from '../../api/src/trips/service.js';
import { tripListInclude } from '../../api/src/trips/json.js';
import type { TripTiming } from '../../api/src/trips/timing.js';
import { itemsByIds, itineraryPage, viewOf, VIEW_INCLUDE } from '../../api/src/itinerary/view.js';
import { dashboardStats } from '../../api/src/dashboard/service.js';
import { byVotes, ideasByIds, tripIdeas } from '../../api/src/decisions/view.js';
import { planItemsOutside } from '../../api/src/trips/datesChange.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';

/**
 * The statements written by hand (the SQL kit, api/src/platform/sql.ts) each have a Prisma form
 * of the same rule, the one the rest of the code reads through. Here every pair reads the same
 * seeded rows and must answer the same: a drift in either form fails. (expenses/parts.ts is held
 * to its Prisma form in its own test.)
 */
let t: TestApp;
let me: string;
const trips: Record<string, string> = {};
const DAY = 86_400_000;
const TODAY = new Date('2030-06-15T00:00:00.000Z');
const day = (offset: number | null) => (offset === null ? null : new Date(TODAY.getTime() + offset * DAY));

beforeAll(async () => {
  t = await createTestApp();
  const [owner, friend, invitee, stranger] = await Promise.all([1, 2, 3, 4].map(() => signedInUser(t)));
  me = owner.userId;
  const prisma = t.db.prisma;
  // Every edge of the timing tabs around TODAY, two trips sharing a start (order by creation).
  const dated: [string, number | null, number | null][] = [
    ['starts today', 0, 3],
    ['ends today', -3, 0],
    ['starts tomorrow', 1, 2],
    ['ended yesterday', -4, -1],
    ['undated', null, null],
    ['start only, past', -2, null],
    ['start only, future', 2, null],
    ['end only, future', null, 2],
    ['end only, past', null, -2],
    ['same start, older', 5, 6],
    ['same start, newer', 5, 6],
  ];
  for (const [i, [name, start, end]] of dated.entries()) {
    const trip = await prisma.trip.create({
      data: {
        name,
        ownerId: me,
        startDate: day(start),
        endDate: day(end),
        currency: i % 3 ? 'EUR' : 'USD',
        budgetCents: i % 2 ? 10_000 * (i + 1) : null,
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)),
        members: { create: { userId: me, status: 'OWNER', role: 'OWNER', joinedAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)) } },
      },
    });
    trips[name] = trip.id;
  }
  // Someone else's trips: one the owner joined, one they are only invited to, one not theirs at all.
  for (const [name, status] of [
    ['joined', 'ACCEPTED'],
    ['invited to', 'INVITED'],
    ['not mine', null],
  ] as const) {
    const trip = await prisma.trip.create({
      data: {
        name,
        ownerId: friend.userId,
        startDate: day(10),
        members: { create: { userId: friend.userId, status: 'OWNER', role: 'OWNER', joinedAt: new Date() } },
      },
    });
    if (status)
      await prisma.tripMember.create({ data: { tripId: trip.id, userId: me, status, role: 'MEMBER', joinedAt: status === 'ACCEPTED' ? new Date() : null } });
    trips[name] = trip.id;
  }
  // People on one trip: members joined at known times, one with none, one only invited; open,
  // expired and answered invitations; the invitee a friend of the owner.
  const crewTrip = trips['starts tomorrow']!;
  await prisma.tripMember.createMany({
    data: [
      { tripId: crewTrip, userId: friend.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date(Date.now() - 2 * DAY) },
      { tripId: crewTrip, userId: stranger.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: null },
      { tripId: crewTrip, userId: invitee.userId, status: 'INVITED', role: 'MEMBER' },
    ],
  });
  await prisma.friendship.create({ data: { userId: me, friendId: invitee.userId } });
  const hour = 3_600_000;
  await prisma.tripInvitation.createMany({
    data: [
      { tripId: crewTrip, invitedById: me, invitedUserId: invitee.userId, invitedEmail: 'invitee@example.test', expiresAt: new Date(Date.now() + hour) },
      { tripId: crewTrip, invitedById: me, invitedEmail: 'open@example.test', expiresAt: null, message: 'Come along' },
      { tripId: crewTrip, invitedById: me, invitedEmail: 'expired@example.test', expiresAt: new Date(Date.now() - hour) },
      { tripId: crewTrip, invitedById: me, invitedEmail: 'declined@example.test', status: 'DECLINED' as const, respondedAt: new Date() },
    ].map((i, n) => ({ ...i, createdAt: new Date(Date.now() - n * hour) })),
  });
  // A plan with dated, undated, timed and untimed items by two authors.
  const plan: [string, number | null, string | null][] = [
    ['lunch', 1, '12:30'],
    ['breakfast', 1, '08:00'],
    ['all day', 1, null],
    ['someday', null, null],
    ['someday at noon', null, '12:00'],
    ['first day', 0, '09:00'],
  ];
  for (const [i, [title, offset, startTime]] of plan.entries()) {
    await prisma.itineraryItem.create({
      data: {
        tripId: crewTrip,
        title,
        activityDate: day(offset),
        startTime,
        createdById: i % 2 ? friend.userId : me,
        createdAt: new Date(Date.UTC(2030, 0, 2, 0, 0, i)),
      },
    });
  }
});
afterAll(() => t.close());

const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('each statement written by hand reads as its Prisma form', () => {
  it('tripsOfSql and tripsOf: the trips a user owns or has joined, not those they are only invited to', async () => {
    const bySql = await t.db.prisma.$queryRaw<{ id: string }[]>(sql`SELECT t.id FROM trips t WHERE ${tripsOfSql('t', me)} ORDER BY t.id`);
    const byPrisma = await t.db.prisma.trip.findMany({ where: tripsOf(me), select: { id: true }, orderBy: { id: 'asc' } });
    expect(idsOf(bySql)).toEqual(idsOf(byPrisma));
    expect(idsOf(bySql)).toContain(trips['joined']);
    expect(idsOf(bySql)).not.toContain(trips['invited to']);
    expect(idsOf(bySql)).not.toContain(trips['not mine']);
  });

  it('timingSql and timingWhere: the same trips in each tab, on the same day', async () => {
    for (const tab of ['UPCOMING', 'CURRENT', 'PAST'] as TripTiming[]) {
      const bySql = await t.db.prisma.$queryRaw<{ id: string }[]>(
        sql`SELECT t.id FROM trips t WHERE ${tripsOfSql('t', me)} AND ${timingSql('t', tab, TODAY)} ORDER BY t.id`,
      );
      const byPrisma = await t.db.prisma.trip.findMany({
        where: { AND: [tripsOf(me), timingWhere(tab, TODAY)] },
        select: { id: true },
        orderBy: { id: 'asc' },
      });
      expect(idsOf(bySql), tab).toEqual(idsOf(byPrisma));
    }
    const current = await t.db.prisma.trip.findMany({ where: { AND: [tripsOf(me), timingWhere('CURRENT', TODAY)] }, select: { name: true } });
    expect(current.map((c) => c.name).sort()).toEqual(['ends today', 'start only, past', 'starts today']);
  });

  it('tripsWithPeople (the REST list, one statement) and tripsOf + TRIP_ORDER + tripListInclude: the same trips, people and invitations', async () => {
    const bySql = await tripsWithPeople(t.app.deps, me);
    const byPrisma = await t.db.prisma.trip.findMany({ where: tripsOf(me), orderBy: TRIP_ORDER, include: tripListInclude(me), take: 500 });
    expect(bySql.map((x) => x.name)).toEqual(byPrisma.map((x) => x.name));
    const shape = (x: (typeof bySql)[number]) => ({
      id: x.id,
      name: x.name,
      description: x.description,
      startDate: x.startDate,
      endDate: x.endDate,
      budgetCents: x.budgetCents,
      currency: x.currency,
      ownerId: x.ownerId,
      status: x.status,
      createdAt: x.createdAt,
      destinationMainText: x.destinationMainText,
      destinationLat: x.destinationLat,
      members: x.members.map((m) => ({ id: m.id, tripId: m.tripId, userId: m.userId, status: m.status, role: m.role, joinedAt: m.joinedAt, user: m.user })),
      invitations: x.invitations.map((i) => ({
        id: i.id,
        invitedUserId: i.invitedUserId,
        invitedById: i.invitedById,
        invitedEmail: i.invitedEmail,
        createdAt: i.createdAt,
        expiresAt: i.expiresAt,
        invitedUser: i.invitedUser && { ...i.invitedUser, friendOf: i.invitedUser.friendOf.map((f) => ({ id: f.id })) },
      })),
    });
    const prismaShaped = byPrisma.map((x) => ({
      ...x,
      members: x.members.map((m) => ({
        ...m,
        user: { email: m.user.email, firstName: m.user.firstName, lastName: m.user.lastName, avatarUrl: m.user.avatarUrl },
      })),
      invitations: x.invitations.map((i) => ({
        ...i,
        invitedUser: i.invitedUser && {
          firstName: i.invitedUser.firstName,
          lastName: i.invitedUser.lastName,
          avatarUrl: i.invitedUser.avatarUrl,
          friendOf: i.invitedUser.friendOf,
        },
      })),
    }));
    expect(bySql.map(shape)).toEqual(prismaShaped.map(shape));
    const crew = bySql.find((x) => x.id === trips['starts tomorrow'])!;
    expect([crew.members.length, crew.invitations.map((i) => i.invitedEmail)]).toEqual([3, ['invitee@example.test', 'open@example.test']]);
  });

  it('membersOfTrips and peopleOfTrips: the members rule and the open invitations as Prisma reads them', async () => {
    const ids = Object.values(trips);
    const [members, people] = await Promise.all([membersOfTrips(t.app.deps, ids), peopleOfTrips(t.app.deps, ids)]);
    for (const tripId of ids) {
      const byPrisma = await t.db.prisma.trip.findUniqueOrThrow({ where: { id: tripId }, include: tripListInclude(me) });
      const expected = byPrisma.members.map((m) => ({
        id: m.id,
        tripId,
        userId: m.userId,
        status: m.status,
        joinedAt: m.joinedAt,
        user: { id: m.user.id, firstName: m.user.firstName, lastName: m.user.lastName, avatarUrl: m.user.avatarUrl },
      }));
      expect(members.get(tripId) ?? [], tripId).toEqual(expected);
      expect(people.members.get(tripId) ?? [], tripId).toEqual(expected);
      const invitations = await t.db.prisma.tripInvitation.findMany({
        where: { tripId, ...openInvitationWhere() },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        omit: { tokenHash: true },
      });
      expect(people.invitations.get(tripId) ?? [], tripId).toEqual(invitations);
    }
  });

  it('firstTripsPage and findMany with the same select, filter, order and size', async () => {
    const fields = ['id', 'name', 'startDate', 'endDate', 'budgetCents', 'currency', 'createdAt', 'updatedAt', 'destinationLat'];
    const select = Object.fromEntries(fields.map((f) => [f, true]));
    for (const timing of [undefined, 'UPCOMING', 'CURRENT', 'PAST'] as (TripTiming | undefined)[]) {
      for (const take of [3, 50]) {
        const page = await firstTripsPage(t.app.deps, { userId: me, fields, take, timing: timing && { tab: timing, today: TODAY }, people: false });
        const byPrisma = await t.db.prisma.trip.findMany({
          where: { AND: [tripsOf(me), timing ? timingWhere(timing, TODAY) : {}] },
          orderBy: TRIP_ORDER,
          take,
          select,
        });
        expect(page.trips, `${timing} ${take}`).toEqual(byPrisma);
      }
    }
  });

  it('itineraryPage and itemsByIds and viewOf over VIEW_INCLUDE: the same items, in the plan order', async () => {
    const tripId = trips['starts tomorrow']!;
    const byPrisma = (await t.db.prisma.itineraryItem.findMany({ where: { tripId }, include: VIEW_INCLUDE })).map(viewOf);
    // The plan's order in words: by day (undated last), untimed before timed, then as added.
    const planOrder = [...byPrisma].sort(
      (a, b) =>
        (a.activityDate ?? '9999').localeCompare(b.activityDate ?? '9999') ||
        (a.startTime ?? '').localeCompare(b.startTime ?? '') ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.id.localeCompare(b.id),
    );
    const { items } = await itineraryPage(t.db.prisma, tripId, { limit: 50 });
    expect(items).toEqual(planOrder);
    expect(items.map((i) => i.title)).toEqual(['first day', 'all day', 'breakfast', 'lunch', 'someday', 'someday at noon']);
    const byIds = await itemsByIds(t.db.prisma, idsOf(byPrisma));
    for (const item of byPrisma) expect(byIds.get(item.id)).toEqual(item);
  });

  it('dashboardStats and tripSummary: the same numbers as counted through Prisma', async () => {
    const mine = { AND: [tripsOf(me)] };
    const [total, upcoming, expenses, budgets] = await Promise.all([
      t.db.prisma.trip.count({ where: mine }),
      t.db.prisma.trip.count({ where: { AND: [tripsOf(me), timingWhere('UPCOMING', TODAY)] } }),
      t.db.prisma.expense.count({ where: { trip: mine } }),
      t.db.prisma.trip.groupBy({ by: ['currency'], where: { ...mine, budgetCents: { not: null } }, _sum: { budgetCents: true }, orderBy: { currency: 'asc' } }),
    ]);
    const pendingTasks = await t.db.prisma.checklistItem.count({
      where: { isCompleted: false, checklist: { trip: mine }, OR: [{ assignedToId: me }, { assignedToId: null }] },
    });
    expect(await dashboardStats(t.app.deps, me, TODAY)).toEqual({ totalTrips: total, upcomingTrips: upcoming, totalExpenses: expenses, pendingTasks });
    const companions = await t.db.prisma.tripMember.findMany({
      where: { trip: mine, status: { in: ['OWNER', 'ACCEPTED'] }, userId: { not: me } },
      distinct: ['userId'],
      select: { userId: true },
    });
    const count = (tab: TripTiming) => t.db.prisma.trip.count({ where: { AND: [tripsOf(me), timingWhere(tab, TODAY)] } });
    expect(await tripSummary(t.app.deps, me, TODAY)).toEqual({
      upcoming: await count('UPCOMING'),
      current: await count('CURRENT'),
      past: await count('PAST'),
      budgets: budgets.map((b) => ({ currency: b.currency, amountCents: b._sum.budgetCents })),
      companions: companions.length,
    });
  });

  it('tripIdeas and ideasByIds over IDEA_INCLUDE: the same ideas, voters and comments, most votes first', async () => {
    const tripId = trips['starts today']!;
    const prisma = t.db.prisma;
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedInUser(t)));
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 2, 0, minute));
    const ideas = await Promise.all(
      ['quiet', 'loved', 'tied older', 'tied newer'].map((title, i) =>
        prisma.tripIdea.create({
          data: {
            tripId,
            title,
            createdById: i % 2 ? me : null,
            createdAt: at(i),
            notes: i === 1 ? 'café, "quoted"' : null,
            latitude: i ? 38.7 + i : null,
            longitude: i ? -9.1 : null,
            estimatedCostCents: i * 1250 || null,
          },
        }),
      ),
    );
    const [quiet, loved, tiedOlder, tiedNewer] = ideas.map((i) => i.id) as [string, string, string, string];
    await prisma.ideaVote.createMany({
      data: [
        { ideaId: loved, userId: c!.userId, createdAt: at(10) },
        { ideaId: loved, userId: a!.userId, createdAt: at(11) },
        { ideaId: loved, userId: b!.userId, createdAt: at(10) },
        { ideaId: tiedOlder, userId: a!.userId, createdAt: at(12) },
        { ideaId: tiedNewer, userId: b!.userId, createdAt: at(12) },
      ],
    });
    await prisma.ideaComment.createMany({
      data: [
        { ideaId: loved, userId: b!.userId, body: 'second', createdAt: at(21) },
        { ideaId: loved, userId: null, body: 'by someone who left', createdAt: at(20) },
        { ideaId: quiet, userId: me, body: 'only one', createdAt: at(22) },
      ],
    });
    const bySql = await tripIdeas(prisma, tripId, 50);
    const byPrisma = [...(await ideasByIds(prisma, [quiet, loved, tiedOlder, tiedNewer])).values()].sort(byVotes);
    expect(bySql).toEqual(byPrisma);
    expect(bySql.map((i) => i.title)).toEqual(['loved', 'tied older', 'tied newer', 'quiet']);
    expect(bySql[0]!.comments.map((x) => [x.body, x.author?.id ?? null])).toEqual([
      ['by someone who left', null],
      ['second', b!.userId],
    ]);
    // The limit keeps the oldest ideas, as the Prisma form's `take` did.
    expect((await tripIdeas(prisma, tripId, 2)).map((i) => i.title)).toEqual(['loved', 'quiet']);
  });

  it('planItemsOutside: the same items as the Prisma filter, for ranges read together or alone', async () => {
    const tripId = trips['starts tomorrow']!;
    const ranges: [string, string][] = [
      ['2030-06-16', '2030-06-16'],
      ['2030-06-01', '2030-06-30'],
      ['2030-06-17', '2030-06-20'],
    ];
    for (const [start, end] of ranges) {
      const byPrisma = await t.db.prisma.itineraryItem.findMany({
        where: { tripId, OR: [{ activityDate: { lt: new Date(`${start}T00:00:00Z`) } }, { activityDate: { gt: new Date(`${end}T00:00:00Z`) } }] },
        orderBy: [{ activityDate: 'asc' }, { id: 'asc' }],
        select: { id: true, title: true, activityDate: true },
      });
      expect(await planItemsOutside(t.db.prisma, tripId, start, end), `${start}..${end}`).toEqual(
        byPrisma.map((r) => ({ id: r.id, title: r.title, activityDate: r.activityDate!.toISOString().slice(0, 10) })),
      );
    }
  });
});
