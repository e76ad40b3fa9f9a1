import { randomBytes } from 'node:crypto';
import type { AppDeps, RequestContext } from '../platform/context.js';
import { requireTripMember } from '../trips/access.js';
import { FEED_ITEM_COLUMNS, tripCalendar } from './feed.js';

/** 32 random bytes, base64url: as unguessable as the session secrets. */
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The feed's public address, built like the e-mailed links (PUBLIC_URL). */
export function calendarFeedUrl(deps: AppDeps, token: string): string {
  return `${deps.config.publicUrl}/api/calendar/${token}.ics`;
}

/**
 * The trip's private feed address, for its members. A trip gets its token the first time a
 * member asks; two members asking at once share whichever token was written first.
 */
export async function tripCalendarFeedUrl(ctx: RequestContext, trip: { id: string; calendarToken: string | null }): Promise<string> {
  await requireTripMember(ctx, trip.id);
  if (trip.calendarToken) return calendarFeedUrl(ctx.deps, trip.calendarToken);
  const prisma = ctx.deps.db.prisma;
  const token = newToken();
  // Raw, so that giving the trip a feed does not count as editing it (updated_at stays).
  const written = await prisma.$executeRaw`UPDATE trips SET calendar_token = ${token} WHERE id = ${trip.id}::uuid AND calendar_token IS NULL`;
  if (written) return calendarFeedUrl(ctx.deps, token);
  const row = await prisma.trip.findUniqueOrThrow({ where: { id: trip.id }, select: { calendarToken: true } });
  return calendarFeedUrl(ctx.deps, row.calendarToken!);
}

/** A member replaces the trip's feed token: the old address answers 404 from now on. */
export async function resetTripCalendarFeed(ctx: RequestContext, tripId: string): Promise<{ tripId: string }> {
  await requireTripMember(ctx, tripId);
  await ctx.deps.db.prisma.$executeRaw`UPDATE trips SET calendar_token = ${newToken()} WHERE id = ${tripId}::uuid`;
  return { tripId };
}

/**
 * The iCalendar text of the trip whose feed token this is, or null for a token that names no
 * trip (never issued, or reset since). Two statements whatever the size of the itinerary.
 */
export async function calendarFeed(deps: AppDeps, token: string): Promise<string | null> {
  // A malformed token cannot name a trip: no query for it.
  if (!TOKEN.test(token)) return null;
  const trip = await deps.db.prisma.trip.findUnique({
    where: { calendarToken: token },
    select: {
      id: true,
      name: true,
      startDate: true,
      endDate: true,
      destinationMainText: true,
      createdAt: true,
      updatedAt: true,
      // The itinerary is read here rather than through the itinerary service: the feed has no
      // viewer, its token is its authority, and it needs every item, undated ones aside.
      itineraryItems: { select: FEED_ITEM_COLUMNS, orderBy: [{ activityDate: 'asc' }, { startTime: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] },
    },
  });
  if (!trip) return null;
  return tripCalendar(trip, trip.itineraryItems, deps.config.publicUrl);
}
