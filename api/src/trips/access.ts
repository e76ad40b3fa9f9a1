import { once, type RequestContext } from '../platform/context.js';
import { ForbiddenError, NotFoundError } from '../platform/errors.js';
import { requireViewer } from '../accounts/service.js';

export type MemberStatus = 'OWNER' | 'ACCEPTED' | 'INVITED';

/**
 * The viewer's relation to every trip they are on, loaded in one query per request: all trip
 * rules (and the GraphQL scopes tripMember / tripOwner) read from this map.
 */
export function viewerTrips(ctx: RequestContext): Promise<Map<string, MemberStatus>> {
  return once(ctx, 'viewerTrips', async () => {
    if (!ctx.viewer) return new Map();
    const rows = await ctx.deps.db.prisma.tripMember.findMany({
      where: { userId: ctx.viewer.id },
      select: { tripId: true, status: true },
    });
    return new Map(rows.map((r) => [r.tripId, r.status as MemberStatus]));
  });
}

export function forgetViewerTrips(ctx: RequestContext) {
  ctx.cache.delete('viewerTrips');
  ctx.cache.delete('visibleUserIds');
}

/** Owner or accepted member (an invitee is not a member until they accept). */
export async function isTripMember(ctx: RequestContext, tripId: string): Promise<boolean> {
  const status = (await viewerTrips(ctx)).get(tripId);
  return status === 'OWNER' || status === 'ACCEPTED';
}

export async function isTripOwner(ctx: RequestContext, tripId: string): Promise<boolean> {
  return (await viewerTrips(ctx)).get(tripId) === 'OWNER';
}

export const TRIP_NOT_FOUND = 'Trip not found.';

/**
 * A trip the viewer may not see reads as missing, so ids of other people's trips reveal
 * nothing. Administrators see every trip.
 */
export async function requireTripMember(ctx: RequestContext, tripId: string): Promise<void> {
  const viewer = requireViewer(ctx);
  if (viewer.isAdmin) return;
  if (!(await isTripMember(ctx, tripId))) throw new NotFoundError(TRIP_NOT_FOUND);
}

export async function requireTripOwner(ctx: RequestContext, tripId: string, message = 'Only the trip owner can do that.'): Promise<void> {
  await requireTripMember(ctx, tripId);
  if (ctx.viewer!.isAdmin) return;
  if (!(await isTripOwner(ctx, tripId))) throw new ForbiddenError(message);
}

/**
 * For a live subscriber to a trip who could watch it up to now (the previous event, or the
 * subscription's start): still 'watching' (owner, accepted member or administrator), 'deleted'
 * (the trip is gone, and its member rows with it) or 'removed'. Uses `viewerTrips` — one indexed
 * query per event, which the event's own field checks (tripMember) then share.
 */
export async function tripWatchStatus(ctx: RequestContext, tripId: string): Promise<'watching' | 'deleted' | 'removed'> {
  if (ctx.viewer?.isAdmin || (await isTripMember(ctx, tripId))) return 'watching';
  // Only on the way out: is this a deletion (members hear of it) or the viewer's own removal?
  const trip = await ctx.deps.db.prisma.trip.findUnique({ where: { id: tripId }, select: { id: true } });
  return trip ? 'removed' : 'deleted';
}
