import crypto from 'node:crypto';
import type { TestApp } from './testApp.js';

type Prisma = TestApp['db']['prisma'];

interface TripSeed {
  name: string;
  ownerId: string;
  start: string;
  end: string;
  main?: string;
  secondary?: string;
  lat?: number;
  lng?: number;
  currency?: string;
  status?: 'ACTIVE' | 'CANCELLED';
  members?: string[];
}

/** A trip written straight to the database (owner row included; `members` as accepted). */
export async function seedTrip(prisma: Prisma, s: TripSeed) {
  const trip = await prisma.trip.create({
    data: {
      name: s.name,
      ownerId: s.ownerId,
      startDate: new Date(`${s.start}T00:00:00Z`),
      endDate: new Date(`${s.end}T00:00:00Z`),
      destinationMainText: s.main ?? null,
      destinationSecondaryText: s.secondary ?? null,
      destinationDescription: s.main ? `${s.main}, ${s.secondary ?? ''}` : null,
      destinationLat: s.lat ?? null,
      destinationLng: s.lng ?? null,
      currency: s.currency ?? 'USD',
      status: s.status ?? 'ACTIVE',
      members: {
        create: [
          { userId: s.ownerId, status: 'OWNER', role: 'OWNER', joinedAt: new Date() },
          ...(s.members ?? []).map((userId) => ({ userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const, joinedAt: new Date() })),
        ],
      },
    },
  });
  return trip;
}

export async function seedFlight(prisma: Prisma, tripId: string, from: string, to: string, date: string, returnDate: string | null) {
  return prisma.itineraryItem.create({
    data: {
      tripId,
      title: `${from} to ${to}`,
      type: 'FLIGHT',
      activityDate: new Date(`${date}T00:00:00Z`),
      fromLocation: from,
      toLocation: to,
      returnDate: returnDate ? new Date(`${returnDate}T00:00:00Z`) : null,
    },
  });
}

/** An expense and its splits ({userId: [share, baseShare]}), as the expenses service stores them. */
export async function seedExpense(
  prisma: Prisma,
  e: {
    tripId: string;
    paidById: string;
    amount: number;
    currency: string;
    category: string;
    date: string;
    rate?: string;
    base?: number;
    baseCurrency?: string;
  },
  splits: Record<string, [number, number]>,
) {
  return prisma.expense.create({
    data: {
      tripId: e.tripId,
      title: `${e.category} ${e.amount}`,
      amountCents: e.amount,
      currency: e.currency,
      category: e.category.toUpperCase() as never,
      paidById: e.paidById,
      expenseDate: new Date(`${e.date}T00:00:00Z`),
      exchangeRate: e.rate ?? null,
      baseAmountCents: e.base ?? null,
      baseCurrency: e.baseCurrency ?? null,
      splits: { create: Object.entries(splits).map(([userId, [amountCents, baseAmountCents]]) => ({ userId, amountCents, baseAmountCents })) },
    },
  });
}

export async function seedPhoto(prisma: Prisma, tripId: string, uploadedById: string, title: string) {
  return prisma.photo.create({
    data: {
      tripId,
      uploadedById,
      title,
      storageKey: `photos/${tripId}/${crypto.randomUUID()}.webp`,
      fileName: `${title}.jpg`,
      fileSize: 1000,
      mimeType: 'image/webp',
      width: 10,
      height: 10,
    },
  });
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
