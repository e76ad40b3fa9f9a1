import { randomUUID } from 'node:crypto';
import { hashPassword } from '../accounts/passwords.js';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';

/**
 * The demo workspace loaded into a brand-new embedded database (and by `npm run db:seed`):
 * four friends, three trips (upcoming, current, past: relative to today), an itinerary,
 * expenses with splits, a checklist, a pending invitation and stories (the city guides come with the migrations).
 */

export const DEMO_PASSWORD = 'tripcrew-demo';
export const DEMO_DOMAIN = 'demo.tripcrew.local';

export interface SignInHint {
  email: string;
  password: string;
}

const demoEmail = (name: string) => `${name}@${DEMO_DOMAIN}`;

/** A calendar date `offset` days from today, as the UTC midnight Prisma uses for `@db.Date`. */
function day(offset: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + offset));
}

/** Splits `cents` into `n` shares that add up exactly (the first shares take the leftover cents). */
function evenShares(cents: number, n: number): number[] {
  const base = Math.floor(cents / n);
  return Array.from({ length: n }, (_, i) => base + (i < cents - base * n ? 1 : 0));
}

/** Seeds the demo workspace unless its users already exist. Returns how to sign in either way. */
export async function seedDemoData(prisma: PrismaClient): Promise<SignInHint[]> {
  const people = ['alex', 'maria', 'sam', 'priya'] as const;
  const hints = people.map((p) => ({ email: demoEmail(p), password: DEMO_PASSWORD }));
  if (await prisma.user.findUnique({ where: { email: demoEmail('alex') }, select: { id: true } })) return hints;

  // One hash for all four: the password is the same and argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await prisma.$transaction((tx) => createWorkspace(tx, passwordHash), { timeout: 60_000, maxWait: 30_000 });
  return hints;
}

async function createWorkspace(tx: Prisma.TransactionClient, passwordHash: string): Promise<void> {
  const id = { alex: randomUUID(), maria: randomUUID(), sam: randomUUID(), priya: randomUUID() };
  const verified = day(-90);
  const preferences = {
    travelFrequency: 'Every few months',
    groupSize: '4-6',
    budgetRange: 'Mid-range $2000-5000',
    preferredDestinations: ['Big cities', 'Historic towns'],
    activities: ['Food & drink', 'Museums & culture', 'Sightseeing'],
    travelStyle: ['Relaxed', 'Cultural'],
    accommodation: ['Boutique stays', 'Vacation rentals'],
    transportation: ['Flights', 'Trains'],
  };

  await tx.user.createMany({
    data: [
      { id: id.alex, email: demoEmail('alex'), firstName: 'Alex', lastName: 'Rivera', city: 'Toronto', state: 'ON', country: 'CA', ...preferences },
      {
        id: id.maria,
        email: demoEmail('maria'),
        firstName: 'Maria',
        lastName: 'Garcia',
        city: 'Austin',
        state: 'TX',
        country: 'US',
        ...preferences,
        travelStyle: ['Adventure', 'Cultural'],
      },
      {
        id: id.sam,
        email: demoEmail('sam'),
        firstName: 'Sam',
        lastName: 'Chen',
        city: 'Vancouver',
        state: 'BC',
        country: 'CA',
        ...preferences,
        groupSize: '2-3',
      },
      { id: id.priya, email: demoEmail('priya'), firstName: 'Priya', lastName: 'Patel', city: 'Chicago', state: 'IL', country: 'US', preferencesSkipped: true },
    ].map((u) => ({ ...u, passwordHash, emailVerifiedAt: verified })),
  });

  const trip = { lisbon: randomUUID(), tokyo: randomUUID(), barcelona: randomUUID() };
  await tx.trip.createMany({
    data: [
      {
        id: trip.lisbon,
        ownerId: id.alex,
        name: 'Lisbon Long Weekend',
        description: 'Pastéis, trams and sunsets over the Tagus.',
        destinationMainText: 'Lisbon',
        destinationSecondaryText: 'Portugal',
        destinationDescription: 'Lisbon, Portugal',
        destinationLat: 38.7223,
        destinationLng: -9.1393,
        startDate: day(21),
        endDate: day(25),
        budgetCents: 250_000,
        currency: 'EUR',
      },
      {
        id: trip.tokyo,
        ownerId: id.maria,
        name: 'Tokyo Food Tour',
        description: 'Ramen, sushi and every konbini in between.',
        destinationMainText: 'Tokyo',
        destinationSecondaryText: 'Japan',
        destinationDescription: 'Tokyo, Japan',
        destinationLat: 35.6762,
        destinationLng: 139.6503,
        startDate: day(-2),
        endDate: day(4),
        budgetCents: 600_000,
        currency: 'USD',
      },
      {
        id: trip.barcelona,
        ownerId: id.alex,
        name: 'Barcelona Beach Week',
        description: 'Tapas, Gaudí and the Mediterranean.',
        destinationMainText: 'Barcelona',
        destinationSecondaryText: 'Catalonia, Spain',
        destinationDescription: 'Barcelona, Catalonia, Spain',
        destinationLat: 41.3874,
        destinationLng: 2.1686,
        startDate: day(-60),
        endDate: day(-54),
        budgetCents: 300_000,
        currency: 'EUR',
      },
    ],
  });

  const owner = (tripId: string, userId: string) => ({ tripId, userId, status: 'OWNER' as const, role: 'OWNER' as const, joinedAt: day(-70) });
  const member = (tripId: string, userId: string) => ({ tripId, userId, status: 'ACCEPTED' as const, joinedAt: day(-65) });
  await tx.tripMember.createMany({
    data: [
      owner(trip.lisbon, id.alex),
      member(trip.lisbon, id.maria),
      member(trip.lisbon, id.sam),
      owner(trip.tokyo, id.maria),
      member(trip.tokyo, id.alex),
      member(trip.tokyo, id.sam),
      owner(trip.barcelona, id.alex),
      member(trip.barcelona, id.maria),
    ],
  });

  // Friendships are two directed rows (see api/prisma/schema/social.prisma).
  const friends = (a: string, b: string, firstTripId: string | null) => [
    { userId: a, friendId: b, firstTripId, friendshipDate: day(-80) },
    { userId: b, friendId: a, firstTripId, friendshipDate: day(-80) },
  ];
  await tx.friendship.createMany({
    data: [...friends(id.alex, id.maria, trip.barcelona), ...friends(id.alex, id.sam, null), ...friends(id.maria, id.sam, trip.tokyo)],
  });

  // Priya: invited to Lisbon by Alex (with a friend request made alongside), not yet answered.
  const invitationId = randomUUID();
  await tx.tripInvitation.create({
    data: {
      id: invitationId,
      tripId: trip.lisbon,
      invitedById: id.alex,
      invitedUserId: id.priya,
      invitedEmail: demoEmail('priya'),
      invitationType: 'EMAIL',
      message: 'Come to Lisbon with us!',
      expiresAt: day(14),
    },
  });
  await tx.friendRequest.create({
    data: {
      fromUserId: id.alex,
      toUserId: id.priya,
      autoGenerated: true,
      message: 'Invited you to Lisbon Long Weekend',
      contextTripId: trip.lisbon,
      contextTripName: 'Lisbon Long Weekend',
    },
  });
  await tx.notification.createMany({
    data: [
      {
        userId: id.priya,
        type: 'TRIP_INVITE_WITH_FRIEND_REQUEST',
        title: 'Trip invitation',
        message: 'Alex Rivera invited you to Lisbon Long Weekend',
        actionUrl: '/dashboard/trips',
        data: { tripId: trip.lisbon, invitationId },
      },
      {
        userId: id.alex,
        type: 'ANNOUNCEMENT',
        title: 'Welcome to Tripcrew',
        message: 'This is a demo workspace: explore trips, expenses, checklists and stories.',
        actionUrl: '/dashboard',
      },
    ],
  });

  await tx.itineraryItem.createMany({
    data: [
      {
        tripId: trip.lisbon,
        type: 'FLIGHT',
        title: 'TP 258 YYZ → LIS',
        activityDate: day(21),
        returnDate: day(25),
        departureTime: '21:40',
        arrivalTime: '09:55',
        flightNumber: 'TP 258',
        fromLocation: 'Toronto (YYZ)',
        toLocation: 'Lisbon (LIS)',
        status: 'BOOKED',
        createdById: id.alex,
      },
      {
        tripId: trip.lisbon,
        type: 'ACCOMMODATION',
        title: 'Casa do Alfama',
        hotelName: 'Casa do Alfama',
        location: 'Alfama, Lisbon',
        checkInDate: day(22),
        checkOutDate: day(25),
        reservationNumber: 'ALF-4821',
        status: 'BOOKED',
        createdById: id.alex,
      },
      {
        tripId: trip.lisbon,
        type: 'ACTIVITY',
        title: 'Tram 28 and São Jorge Castle',
        activityDate: day(23),
        startTime: '10:00',
        endTime: '13:00',
        location: 'Castelo de São Jorge',
        createdById: id.maria,
      },
      {
        tripId: trip.lisbon,
        type: 'RESTAURANT',
        title: 'Dinner at Time Out Market',
        activityDate: day(23),
        startTime: '19:30',
        location: 'Mercado da Ribeira',
        status: 'PENDING',
        affiliatePartner: 'opentable',
        affiliateUrl: 'https://example.com/book/time-out-market',
        createdById: id.sam,
      },
      {
        tripId: trip.tokyo,
        type: 'ACTIVITY',
        title: 'Tsukiji Outer Market breakfast',
        activityDate: day(0),
        startTime: '08:00',
        location: 'Tsukiji, Chūō City',
        createdById: id.maria,
      },
    ],
  });

  const expense = async (data: {
    tripId: string;
    title: string;
    amountCents: number;
    currency: string;
    category: Prisma.ExpenseCreateManyInput['category'];
    paidById: string;
    expenseDate: Date;
    participants: string[];
    settled?: boolean;
  }) => {
    const { participants, settled, ...fields } = data;
    const shares = evenShares(fields.amountCents, participants.length);
    await tx.expense.create({
      data: {
        ...fields,
        baseAmountCents: fields.amountCents,
        baseCurrency: fields.currency,
        splitType: 'EQUAL',
        createdById: fields.paidById,
        paidAt: fields.expenseDate,
        payers: { create: { userId: fields.paidById, amountCents: fields.amountCents, baseAmountCents: fields.amountCents } },
        splits: {
          createMany: {
            data: participants.map((userId, i) => ({
              userId,
              amountCents: shares[i],
              baseAmountCents: shares[i],
              status: userId === fields.paidById ? 'PAID' : settled ? 'SETTLED' : 'PENDING',
            })),
          },
        },
      },
    });
  };
  const tokyoCrew = [id.maria, id.alex, id.sam];
  await expense({
    tripId: trip.tokyo,
    title: 'Ramen at Ichiran',
    amountCents: 5_400,
    currency: 'USD',
    category: 'FOOD',
    paidById: id.alex,
    expenseDate: day(-1),
    participants: tokyoCrew,
  });
  await expense({
    tripId: trip.tokyo,
    title: 'Suica top-ups',
    amountCents: 9_000,
    currency: 'USD',
    category: 'TRANSPORT',
    paidById: id.sam,
    expenseDate: day(-2),
    participants: tokyoCrew,
  });
  await expense({
    tripId: trip.tokyo,
    title: 'Shinjuku apartment',
    amountCents: 84_000,
    currency: 'USD',
    category: 'ACCOMMODATION',
    paidById: id.maria,
    expenseDate: day(-2),
    participants: tokyoCrew,
  });
  await expense({
    tripId: trip.barcelona,
    title: 'Sagrada Família tickets',
    amountCents: 6_600,
    currency: 'EUR',
    category: 'ACTIVITIES',
    paidById: id.maria,
    expenseDate: day(-58),
    participants: [id.alex, id.maria],
    settled: true,
  });
  await expense({
    tripId: trip.barcelona,
    title: 'Tapas crawl',
    amountCents: 9_350,
    currency: 'EUR',
    category: 'FOOD',
    paidById: id.alex,
    expenseDate: day(-57),
    participants: [id.alex, id.maria],
    settled: true,
  });
  await tx.settlement.create({
    data: {
      tripId: trip.barcelona,
      fromUserId: id.maria,
      toUserId: id.alex,
      amountCents: 1_375,
      currency: 'EUR',
      note: 'Settled up after Barcelona',
      createdById: id.maria,
      createdAt: day(-50),
    },
  });

  await tx.checklist.create({
    data: {
      tripId: trip.lisbon,
      title: 'Lisbon packing list',
      category: 'PACKING_LIST',
      createdById: id.alex,
      items: {
        createMany: {
          data: [
            { description: 'Passports', assignedToId: id.alex, isCompleted: true, completedAt: day(-1), position: 0 },
            { description: 'Comfortable walking shoes (the hills!)', position: 1 },
            { description: 'Power adapter (type F)', assignedToId: id.sam, position: 2 },
            { description: 'Book the Sintra day trip', assignedToId: id.maria, dueDate: day(14), position: 3 },
          ],
        },
      },
    },
  });

  await tx.reservation.create({
    data: {
      userId: id.alex,
      tripId: null,
      type: 'RESTAURANT',
      title: 'Cervejaria Ramiro',
      date: day(24),
      time: '20:00',
      confirmationNumber: 'RAM-2210',
      location: 'Av. Almirante Reis 1, Lisbon',
      sourceSender: 'bookings@example.com',
    },
  });

  await createStories(tx, id.alex, id.maria);
}

async function createStories(tx: Prisma.TransactionClient, alex: string, maria: string) {
  const stories: Array<Prisma.StoryUncheckedCreateInput> = [
    {
      authorId: alex,
      title: 'Three Perfect Days in Barcelona',
      slug: 'three-perfect-days-in-barcelona',
      city: 'Barcelona',
      intro: 'Gaudí in the morning, tapas at night, and the beach in between.',
      tags: ['food', 'architecture', 'beach'],
      status: 'PUBLISHED',
      publishedAt: day(-50),
      viewCount: 128,
      sections: {
        create: [
          { orderIndex: 0, sectionType: 'TEXT', content: { heading: 'Why Barcelona', body: 'A city that rewards wandering.' } },
          {
            orderIndex: 1,
            sectionType: 'PLACES',
            content: { title: 'Where I Stayed', items: [{ name: 'Hotel Casa Bonay', note: 'Great rooftop in Eixample.' }] },
          },
          {
            orderIndex: 2,
            sectionType: 'FAVORITES',
            content: {
              lists: [
                {
                  title: 'Favorite Cafes',
                  items: [
                    { name: 'Satan’s Coffee Corner', note: 'Flat white done right.' },
                    { name: 'Nømad', note: '' },
                  ],
                },
              ],
            },
          },
        ],
      },
    },
    {
      authorId: maria,
      title: 'Tokyo on a Food Budget',
      slug: 'tokyo-on-a-food-budget',
      city: 'Tokyo',
      intro: 'Eating very well in Tokyo for under $30 a day.',
      tags: ['food', 'budget'],
      status: 'PUBLISHED',
      publishedAt: day(-10),
      viewCount: 64,
      sections: {
        create: [
          {
            orderIndex: 0,
            sectionType: 'PLACES',
            content: {
              title: 'Top Attractions',
              items: [
                { name: 'Tsukiji Outer Market', note: 'Go early, go hungry.' },
                { name: 'Omoide Yokocho', note: 'Yakitori alley.' },
              ],
            },
          },
          { orderIndex: 1, sectionType: 'TEXT', content: { heading: 'Konbini tips', body: 'Egg sandwiches. Trust me.' } },
        ],
      },
    },
    {
      authorId: alex,
      title: 'A Rainy Weekend in London',
      slug: 'a-rainy-weekend-in-london',
      city: 'London',
      intro: 'Museums, markets and pubs: London is best when it pours.',
      tags: ['museums', 'weekend'],
      status: 'PUBLISHED',
      publishedAt: day(-30),
      viewCount: 37,
      sections: {
        create: [{ orderIndex: 0, sectionType: 'TEXT', content: { heading: 'Free museums', body: 'The British Museum and the V&A cost nothing.' } }],
      },
    },
  ];
  for (const data of stories) await tx.story.create({ data });
}
