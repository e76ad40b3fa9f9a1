import { loaded, once, requestScoped, type RequestContext } from '../platform/context.js';
import { ForbiddenError, NotFoundError } from '../platform/errors.js';
import { requireViewer } from '../platform/context.js';
import { isUuid } from '../platform/ids.js';
import { TripMessages as M } from './messages.js';

import { isOnTrip, type TripMemberStatus } from './memberStatus.js';
import { forgetVisibility } from '../accounts/visibility.js';

export type MemberStatus = TripMemberStatus;

/**
 * The viewer's relation to every trip they are on, read with the viewer (or, for a viewer made
 * without them, in one query per request): all trip rules (and the GraphQL scopes tripMember /
 * tripOwner) read from this map.
 */
export function viewerTrips(ctx: RequestContext): Promise<Map<string, MemberStatus>> {
  return once(ctx, 'viewerTrips', async () => {
    if (!ctx.viewer) return new Map();
    // Read with the viewer, when this request loaded one (accounts/users.ts).
    const known = ctx.viewer.memberships;
    if (known) return new Map(known.map(({ tripId, status }) => [tripId, status.toUpperCase() as MemberStatus]));
    // One JSON array rather than a row per trip: a traveller on hundreds of trips costs the
    // drivers one value to decode, not hundreds of rows.
    const [{ trips }] = await ctx.deps.db.prisma.$queryRaw<{ trips: [string, string][] | null }[]>`
      SELECT json_agg(json_build_array(trip_id, status)) AS trips FROM trip_members WHERE user_id = ${ctx.viewer.id}::uuid`;
    return new Map((trips ?? []).map(([tripId, status]) => [tripId, status.toUpperCase() as MemberStatus]));
  });
}

/**
 * Trips this request has read through a condition that already demands the viewer's membership
 * (their own trips list): the member checks of those trips then need no query of every trip the
 * viewer is on. Forgotten with `forgetViewerTrips`, as after leaving a trip.
 */
const CONFIRMED = 'confirmedMemberTrips';
export function noteViewerMemberships(ctx: RequestContext, tripIds: Iterable<string>): void {
  const confirmed = requestScoped(ctx, CONFIRMED, () => new Set<string>());
  for (const id of tripIds) confirmed.add(id);
}

export function forgetViewerTrips(ctx: RequestContext) {
  if (ctx.viewer) ctx.viewer.memberships = undefined;
  ctx.cache.delete('viewerTrips');
  ctx.cache.delete(CONFIRMED);
  forgetVisibility(ctx);
}

/** `check` against the viewer's trips: at once when this request has loaded them already (lists check every item). */
function withViewerTrips(ctx: RequestContext, check: (trips: Map<string, MemberStatus>) => boolean): boolean | Promise<boolean> {
  const ready = loaded<Map<string, MemberStatus>>(ctx, 'viewerTrips');
  return ready ? check(ready.value) : viewerTrips(ctx).then(check);
}

/** Owner or accepted member (an invitee is not a member until they accept). */
export function isTripMember(ctx: RequestContext, tripId: string): boolean | Promise<boolean> {
  if (loaded<Set<string>>(ctx, CONFIRMED)?.value.has(tripId)) return true;
  return withViewerTrips(ctx, (trips) => {
    const status = trips.get(tripId);
    return status !== undefined && isOnTrip(status);
  });
}

export function isTripOwner(ctx: RequestContext, tripId: string): boolean | Promise<boolean> {
  return withViewerTrips(ctx, (trips) => trips.get(tripId) === 'OWNER');
}

/**
 * Owner or accepted member, else refused: 403 for someone else's trip (CONTRACT: another user's
 * data is refused with 403), 404 for an id that names no trip. Administrators see every trip.
 * (Reading by id, `node(id:)`, still answers null for both, as Relay expects.)
 */
export async function requireTripMember(ctx: RequestContext, tripId: string): Promise<void> {
  const viewer = requireViewer(ctx);
  // A malformed id names no trip, for administrators too (and never reaches a uuid column).
  if (!isUuid(tripId)) throw new NotFoundError(M.notFound);
  if (viewer.isAdmin) return;
  if (await isTripMember(ctx, tripId)) return;
  if (!(await tripExists(ctx, tripId))) throw new NotFoundError(M.notFound);
  throw new ForbiddenError(M.notMember);
}

/** Only on refusal paths: tells someone else's trip (403, 'removed') from no trip at all. */
async function tripExists(ctx: RequestContext, tripId: string): Promise<boolean> {
  return (await ctx.deps.db.prisma.trip.findUnique({ where: { id: tripId }, select: { id: true } })) !== null;
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
  return (await tripExists(ctx, tripId)) ? 'removed' : 'deleted';
}
