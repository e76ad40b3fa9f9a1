import { loaded, requestScoped, type RequestContext } from '../platform/context.js';
import { answeredForViewer } from '../platform/liveShare.js';
import { batchLoader } from '../platform/batch.js';
import { Prisma } from '../generated/prisma/client.js';
import { onTripStatus } from '../trips/memberStatusSql.js';

/** The viewer's tie to one person: `known` by name and picture, `close` with their whole public profile. */
interface Tie {
  known: boolean;
  close: boolean;
}

const NO_TIE: Tie = { known: false, close: false };
const CLOSE: Tie = { known: true, close: true };
const KEY = 'visibleUserIds';
/** The lists of trip companions noted in this request (see `noteTripCompanions`). */
const COMPANIONS = 'tripCompanions';

/**
 * Whose profile the viewer may see: their own; anyone sharing a trip with them (its members);
 * friends; whoever has a pending invitation out to them; everyone for an administrator. Someone
 * merely invited to the viewer's trip is not among them until they accept. A pending friend
 * request shows only a name and picture, in both directions:
 * asking to be someone's friend must not reveal where they live or how they travel.
 *
 * Read for the people a request shows (`asked`, a query of user ids), not for everyone the
 * viewer knows: one statement, the four kinds of tie in a UNION, each looked up for those ids
 * only. A shared trip is searched person by person and the search
 * stops at the first (LATERAL ... LIMIT 1), so a page of trips whose people share hundreds of
 * trips with the viewer reads a handful of rows, not all of them.
 * Every asked id comes back, with its tie or none.
 */
async function readTies(ctx: RequestContext, asked: Prisma.Sql): Promise<Map<string, Tie>> {
  const me = ctx.viewer!.id;
  // Only present ties count: a declined or cancelled request, an answered invitation or a
  // trip one has left gives no lasting view of someone's profile.
  const rows = await ctx.deps.db.prisma.$queryRaw<{ id: string; known: boolean; close: boolean }[]>`
    WITH asked AS (${asked}),
      my_trips AS (SELECT trip_id FROM trip_members WHERE user_id = ${me}::uuid AND ${onTripStatus('status')}),
      ties AS (
        SELECT a.id, true AS close FROM asked a, LATERAL (SELECT 1 FROM trip_members m
          WHERE m.user_id = a.id AND ${onTripStatus('m.status')} AND m.trip_id IN (SELECT trip_id FROM my_trips) LIMIT 1) shared
        UNION SELECT f.friend_id, true FROM friendships f WHERE f.user_id = ${me}::uuid AND f.friend_id IN (SELECT id FROM asked)
        -- People who invited me, while the invitation is open. (Not the other way: inviting an
        -- address opens nothing of its owner's profile; see invitations/rules.ts.)
        UNION SELECT i.invited_by_id, true FROM trip_invitations i
          WHERE i.status = 'pending' AND i.invited_user_id = ${me}::uuid AND i.invited_by_id IN (SELECT id FROM asked)
        UNION SELECT CASE WHEN r.from_user_id = ${me}::uuid THEN r.to_user_id ELSE r.from_user_id END, false FROM friend_requests r
          WHERE r.status = 'pending' AND ((r.from_user_id = ${me}::uuid AND r.to_user_id IN (SELECT id FROM asked))
            OR (r.to_user_id = ${me}::uuid AND r.from_user_id IN (SELECT id FROM asked))))
    SELECT a.id, count(t.id) > 0 AS known, coalesce(bool_or(t.close), false) AS close
    FROM asked a LEFT JOIN ties t ON t.id = a.id GROUP BY a.id`;
  return new Map(rows.map((r) => [r.id, { known: r.known, close: r.close }]));
}

/** Ties to the ids asked while a list resolves, read together. */
const loadTies = batchLoader<string, Tie>((ctx, ids) => readTies(ctx, Prisma.sql`SELECT DISTINCT unnest(${ids}::uuid[]) AS id`), NO_TIE);

type Ties = Map<string, Tie | Promise<Tie>>;

/** The ties this request has read (or is reading); `forgetVisibility` starts afresh. */
const ties = (ctx: RequestContext): Ties => requestScoped(ctx, KEY, () => new Map());

/** The viewer's tie to `userId`: at once when this request has read it, else with the next batch. */
function tie(ctx: RequestContext, userId: string): Tie | Promise<Tie> {
  if (loaded<ReadonlySet<string>[]>(ctx, COMPANIONS)?.value.some((people) => people.has(userId))) return CLOSE;
  const known = ties(ctx);
  let found = known.get(userId);
  if (!found) {
    const loading = loadTies(ctx, userId);
    found = loading;
    known.set(userId, loading);
    void loading.then(
      (t) => known.get(userId) === loading && known.set(userId, t),
      () => known.get(userId) === loading && known.delete(userId),
    );
  }
  return found;
}

/**
 * People on a trip the viewer is on (its owner and accepted members, as the viewer is) share that
 * trip with the viewer: the first kind of tie above, close. A list that has just read such a trip's
 * people notes them here, so their profiles are checked without reading their ties again.
 * The caller must know the viewer is on the trip (see trips/people.ts).
 */
export function noteTripCompanions(ctx: RequestContext, userIds: ReadonlySet<string> | Iterable<string>): void {
  // Kept by reference, not copied: a live event's audience (trips/live.ts) is one set that every
  // subscriber of the trip on this instance notes, however many people the trip has.
  const people = userIds instanceof Set ? (userIds as ReadonlySet<string>) : new Set(userIds);
  requestScoped(ctx, COMPANIONS, (): ReadonlySet<string>[] => []).push(people);
}

/** `check` against the viewer's tie to `userId`: at once when this request has read it already. */
function withTie(ctx: RequestContext, userId: string, check: (t: Tie) => boolean): boolean | Promise<boolean> {
  const t = tie(ctx, userId);
  if (!(t instanceof Promise)) return check(t);
  // Read for this viewer alone: a live result that asked it is not shared (platform/liveShare.ts).
  answeredForViewer(ctx);
  return t.then(check);
}

/** A user's private data (e-mail, phone): the user themself and administrators only. */
export const isSelfOrAdmin = (viewer: { id: string; isAdmin: boolean } | null, userId: string) => viewer !== null && (viewer.id === userId || viewer.isAdmin);

/** May the viewer load this user at all (name and picture)? (Synchronous once loaded: lists check every item.) */
export function canViewProfile(ctx: RequestContext, userId: string): boolean | Promise<boolean> {
  if (!ctx.viewer) return false;
  if (ctx.viewer.isAdmin || ctx.viewer.id === userId) return true;
  return withTie(ctx, userId, (t) => t.known);
}

/** May the viewer see this user's whole public profile (place, travel preferences)? */
export function canViewProfileDetails(ctx: RequestContext, userId: string): boolean | Promise<boolean> {
  if (!ctx.viewer) return false;
  if (ctx.viewer.isAdmin || ctx.viewer.id === userId) return true;
  return withTie(ctx, userId, (t) => t.close);
}

/** Invalidate after a change that alters who may see whom (joining a trip, a new friend). */
export function forgetVisibility(ctx: RequestContext) {
  ctx.cache.delete(KEY);
  ctx.cache.delete(COMPANIONS);
}
