import { loaded, once, type RequestContext } from '../platform/context.js';

/** Who the viewer may see: `known` by name and picture, `close` with their whole public profile. */
interface Visibility {
  known: Set<string>;
  close: Set<string>;
}

const KEY = 'visibleUserIds';

/**
 * Whose profile the viewer may see: their own; anyone sharing a trip with them (members, and
 * invitees while invited); friends; whoever has a pending invitation out to them; everyone for
 * an administrator. A pending friend request shows only a name and picture, in both directions:
 * asking to be someone's friend must not reveal where they live or how they travel.
 * Loaded once per request in one statement (the five kinds of tie in a UNION, duplicates removed
 * by the database), so lists of users cost nothing extra.
 */
function visibility(ctx: RequestContext): Promise<Visibility> {
  return once(ctx, KEY, async () => {
    const viewer = ctx.viewer;
    if (!viewer) return { known: new Set<string>(), close: new Set<string>() };
    // Only present ties count: a declined or cancelled request, an answered invitation or a
    // trip one has left gives no lasting view of someone's profile.
    const me = viewer.id;
    const rows = await ctx.deps.db.prisma.$queryRaw<{ id: string; close: boolean }[]>`
      WITH my_trips AS (SELECT trip_id FROM trip_members WHERE user_id = ${me}::uuid AND status IN ('owner', 'accepted'))
      SELECT m.user_id AS id, true AS close FROM trip_members m
        WHERE m.trip_id IN (SELECT trip_id FROM my_trips) AND m.status IN ('owner', 'accepted')
      UNION SELECT f.friend_id, true FROM friendships f WHERE f.user_id = ${me}::uuid
      -- People invited to my trips, and people who invited me, while the invitation is open.
      UNION SELECT i.invited_user_id, true FROM trip_invitations i
        WHERE i.status = 'pending' AND i.invited_user_id IS NOT NULL AND i.trip_id IN (SELECT trip_id FROM my_trips)
      UNION SELECT i.invited_by_id, true FROM trip_invitations i
        WHERE i.status = 'pending' AND i.invited_user_id = ${me}::uuid AND i.invited_by_id IS NOT NULL
      UNION SELECT CASE WHEN r.from_user_id = ${me}::uuid THEN r.to_user_id ELSE r.from_user_id END, false FROM friend_requests r
        WHERE r.status = 'pending' AND (r.from_user_id = ${me}::uuid OR r.to_user_id = ${me}::uuid)`;
    const close = new Set<string>([me]);
    const known = new Set<string>([me]);
    for (const r of rows) {
      known.add(r.id);
      if (r.close) close.add(r.id);
    }
    return { known, close };
  });
}

/** `check` against the viewer's visibility: at once when this request has loaded it already. */
function withVisibility(ctx: RequestContext, check: (v: Visibility) => boolean): boolean | Promise<boolean> {
  const ready = loaded<Visibility>(ctx, KEY);
  return ready ? check(ready.value) : visibility(ctx).then(check);
}

/** A user's private data (e-mail, phone): the user themself and administrators only. */
export const isSelfOrAdmin = (viewer: { id: string; isAdmin: boolean } | null, userId: string) => viewer !== null && (viewer.id === userId || viewer.isAdmin);

/** May the viewer load this user at all (name and picture)? (Synchronous once loaded: lists check every item.) */
export function canViewProfile(ctx: RequestContext, userId: string): boolean | Promise<boolean> {
  if (!ctx.viewer) return false;
  if (ctx.viewer.isAdmin || ctx.viewer.id === userId) return true;
  return withVisibility(ctx, (v) => v.known.has(userId));
}

/** May the viewer see this user's whole public profile (place, travel preferences)? */
export function canViewProfileDetails(ctx: RequestContext, userId: string): boolean | Promise<boolean> {
  if (!ctx.viewer) return false;
  if (ctx.viewer.isAdmin || ctx.viewer.id === userId) return true;
  return withVisibility(ctx, (v) => v.close.has(userId));
}

/** Invalidate after a change that alters who may see whom (joining a trip, a new friend). */
export function forgetVisibility(ctx: RequestContext) {
  ctx.cache.delete(KEY);
}
