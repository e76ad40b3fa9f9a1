/**
 * What `npm run bench` and `npm run load` share: the two hot screens' GraphQL operations, the
 * data they read, and percentiles.
 */
import type { PrismaClient } from '../src/db/index.js';

/** The trips page: a page of trips with dates, budget, destination, people and open invitations. */
export const tripsQuery = (page: number) => `query { viewer { trips(first: ${page}) { edges { node { id name startDate endDate timing memberCount
  budget { amount currency } destination { mainText }
  members { user { id displayName avatarUrl } isOwner } pendingInvitations { invitedEmail } } } } } }`;

/** The dashboard home: the four numbers, invitations waiting and the next three trips. */
export const DASHBOARD_QUERY = `query { viewer { firstName dashboardStats { totalTrips upcomingTrips totalExpenses pendingTasks }
  pendingTripInvitations { id tripName } trips(timing: UPCOMING, first: 3) { edges { node { id name startDate } } } } }`;

/** The trip page: the trip's card, its people and its whole plan (one page of up to 500 items). */
export const tripPageQuery = (tripGlobalId: string) => `query { node(id: "${tripGlobalId}") { ... on Trip { id name startDate endDate
  budget { amount currency } destination { mainText } members { user { id displayName avatarUrl } isOwner }
  itinerary { edges { node { id title type status activityDate startTime endTime location latitude longitude notes
    checkInDate checkOutDate departureTime arrivalTime flightNumber hotelName reservationNumber returnDate fromLocation toLocation
    affiliatePartner affiliateUrl createdBy { id displayName } hasExpense updatedAt } } } } } }`;

/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const DAY = 86_400_000;

/**
 * `members` users who share `trips` trips: the first owns them all, everyone is on every trip,
 * each trip has one open invitation. Returns the users' ids (the first is the owner).
 */
export async function seedSharedTrips(prisma: PrismaClient, trips: number, members: number): Promise<string[]> {
  const stamp = Date.now();
  const users = Array.from({ length: members }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `bench${i}.${stamp}@example.com`,
    passwordHash: 'x',
    emailVerifiedAt: new Date(),
    firstName: `Member${i}`,
    lastName: 'Bench',
  }));
  await prisma.user.createMany({ data: users });
  const rows = Array.from({ length: trips }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Trip ${i}`,
    ownerId: users[0].id,
    startDate: new Date(Date.UTC(2026, 0, 1) + (i - trips / 2) * 7 * DAY),
    endDate: new Date(Date.UTC(2026, 0, 1) + ((i - trips / 2) * 7 + 4) * DAY),
    budgetCents: 100_000 + i,
    currency: 'USD',
    destinationMainText: `City ${i}`,
  }));
  await prisma.trip.createMany({ data: rows });
  await prisma.tripMember.createMany({
    data: rows.flatMap((t) =>
      users.map((u, j) => ({
        tripId: t.id,
        userId: u.id,
        status: j === 0 ? ('OWNER' as const) : ('ACCEPTED' as const),
        role: j === 0 ? ('OWNER' as const) : ('MEMBER' as const),
      })),
    ),
  });
  await prisma.tripInvitation.createMany({
    data: rows.map((t, i) => ({ tripId: t.id, invitedById: users[0].id, invitedEmail: `guest${i}.${stamp}@example.com` })),
  });
  return users.map((u) => u.id);
}

/**
 * A crowd for the load test: `users` people and `trips` trips, each trip owned by one of them with
 * `perTrip - 1` others on it (so everyone is on about trips × perTrip / users trips), one open
 * invitation, two expenses and a checklist of four items per trip; a pending trip invitation
 * waiting for every fifth user. Deterministic. Returns the users' ids.
 */
export async function seedCrowd(prisma: PrismaClient, opts: { users: number; trips: number; perTrip: number }): Promise<string[]> {
  const stamp = Date.now();
  const users = Array.from({ length: opts.users }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `load${i}.${stamp}@example.com`,
    passwordHash: 'x',
    emailVerifiedAt: new Date(),
    firstName: `Traveller${i}`,
    lastName: 'Load',
  }));
  await prisma.user.createMany({ data: users });
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const trips = Array.from({ length: opts.trips }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Trip ${i}`,
    ownerId: users[i % opts.users].id,
    // A third past, a third under way or soon, a third later; every tenth undated.
    startDate: i % 10 === 9 ? null : new Date(today + ((i % 3) - 1) * 60 * DAY + (i % 7) * DAY),
    endDate: i % 10 === 9 ? null : new Date(today + ((i % 3) - 1) * 60 * DAY + (i % 7) * DAY + 5 * DAY),
    budgetCents: 50_000 + i * 100,
    currency: i % 4 === 0 ? 'EUR' : 'USD',
    destinationMainText: `City ${i}`,
    destinationSecondaryText: 'Somewhere',
  }));
  await prisma.trip.createMany({ data: trips });
  const memberRows = trips.flatMap((t, i) =>
    Array.from({ length: opts.perTrip }, (_, j) => {
      const user = users[(i + j * 7) % opts.users];
      return {
        tripId: t.id,
        userId: user.id,
        status: j === 0 ? ('OWNER' as const) : ('ACCEPTED' as const),
        role: j === 0 ? ('OWNER' as const) : ('MEMBER' as const),
        joinedAt: new Date(),
      };
    }),
  );
  await prisma.tripMember.createMany({ data: memberRows, skipDuplicates: true });
  await prisma.tripInvitation.createMany({
    data: trips.map((t, i) => ({ tripId: t.id, invitedById: t.ownerId, invitedEmail: `guest${i}.${stamp}@example.com` })),
  });
  // Invitations out to users who are not on the trip yet.
  const onTrip = new Set(memberRows.map((m) => `${m.tripId}/${m.userId}`));
  const waiting = users
    .filter((_, i) => i % 5 === 0)
    .map((u, k) => ({ u, t: trips.find((t, i) => i >= k && !onTrip.has(`${t.id}/${u.id}`)) }))
    .filter((x) => x.t);
  await prisma.tripInvitation.createMany({
    data: waiting.map(({ u, t }) => ({ tripId: t!.id, invitedById: t!.ownerId, invitedEmail: u.email, invitedUserId: u.id })),
  });
  await prisma.expense.createMany({
    data: trips.flatMap((t) =>
      [0, 1].map((k) => ({
        tripId: t.id,
        title: `Expense ${k}`,
        amountCents: 1000 + k,
        currency: t.currency,
        paidById: t.ownerId,
        expenseDate: t.startDate ?? new Date(today),
      })),
    ),
  });
  const checklists = trips.map((t) => ({ id: crypto.randomUUID(), tripId: t.id, title: 'Packing', createdById: t.ownerId }));
  await prisma.checklist.createMany({ data: checklists });
  await prisma.checklistItem.createMany({
    data: checklists.flatMap((c) => [0, 1, 2, 3].map((k) => ({ checklistId: c.id, description: `Item ${k}`, isCompleted: k === 0, position: k }))),
  });
  return users.map((u) => u.id);
}

const ITEM_TYPES = ['ACTIVITY', 'RESTAURANT', 'FLIGHT', 'ACCOMMODATION', 'TRANSPORT', 'EVENT'] as const;

/**
 * `count` itinerary items on `tripId`, spread over its days (every seventh undated, every third
 * untimed), written by `authors` in turn, every fourth pending and every fifth with an expense:
 * each kind of row the trip page reads. Deterministic.
 */
export async function seedItinerary(prisma: PrismaClient, tripId: string, authors: string[], count: number): Promise<void> {
  const trip = await prisma.trip.findUniqueOrThrow({ where: { id: tripId }, select: { startDate: true } });
  const first = (trip.startDate ?? new Date(Date.UTC(2026, 0, 1))).getTime();
  const items = Array.from({ length: count }, (_, i) => {
    const type = ITEM_TYPES[i % ITEM_TYPES.length];
    return {
      id: crypto.randomUUID(),
      tripId,
      title: `Plan ${i}`,
      type,
      activityDate: i % 7 === 6 ? null : new Date(first + (i % 5) * DAY),
      startTime: i % 3 === 0 ? null : `${String(7 + (i % 14)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      location: `Place ${i}`,
      latitude: 38.7 + (i % 50) / 1000,
      longitude: -9.14 - (i % 50) / 1000,
      notes: i % 2 ? `Note ${i}` : null,
      flightNumber: type === 'FLIGHT' ? `TP ${200 + i}` : null,
      hotelName: type === 'ACCOMMODATION' ? `Hotel ${i}` : null,
      status: i % 4 === 0 ? ('PENDING' as const) : null,
      createdById: authors[i % authors.length],
    };
  });
  await prisma.itineraryItem.createMany({ data: items });
  await prisma.expense.createMany({
    data: items
      .filter((_, i) => i % 5 === 0)
      .map((item) => ({ tripId, title: item.title, amountCents: 2500, paidById: authors[0], expenseDate: new Date(first), itineraryItemId: item.id })),
  });
}
