import type { Prisma } from '../generated/prisma/client.js';
import { once, type RequestContext } from '../platform/context.js';

/** Who the viewer may see: `known` by name and picture, `close` with their whole public profile. */
interface Visibility {
  known: Set<string>;
  close: Set<string>;
}

/**
 * Whose profile the viewer may see: their own; anyone sharing a trip with them (members, and
 * invitees while invited); friends; whoever has a pending invitation out to them; everyone for
 * an administrator. A pending friend request shows only a name and picture, in both directions:
 * asking to be someone's friend must not reveal where they live or how they travel.
 * Loaded once per request in five parallel queries, so lists of users cost nothing extra.
 */
function visibility(ctx: RequestContext): Promise<Visibility> {
  return once(ctx, 'visibleUserIds', async () => {
    const viewer = ctx.viewer;
    if (!viewer) return { known: new Set<string>(), close: new Set<string>() };
    const prisma = ctx.deps.db.prisma;
    // Only present ties count: a declined or cancelled request, an answered invitation or a
    // trip one has left gives no lasting view of someone's profile.
    const myTrips = { members: { some: { userId: viewer.id, status: { in: ['OWNER', 'ACCEPTED'] } } } } satisfies Prisma.TripWhereInput;
    const [companions, friends, requests, invitees, inviters] = await Promise.all([
      prisma.tripMember.findMany({
        where: { trip: myTrips, status: { in: ['OWNER', 'ACCEPTED'] } },
        select: { userId: true },
        distinct: ['userId'],
      }),
      prisma.friendship.findMany({ where: { userId: viewer.id }, select: { friendId: true } }),
      prisma.friendRequest.findMany({
        where: { status: 'PENDING', OR: [{ fromUserId: viewer.id }, { toUserId: viewer.id }] },
        select: { fromUserId: true, toUserId: true },
      }),
      // People invited to my trips, and people who invited me, while the invitation is open.
      prisma.tripInvitation.findMany({
        where: { status: 'PENDING', invitedUserId: { not: null }, trip: myTrips },
        select: { invitedUserId: true },
        distinct: ['invitedUserId'],
      }),
      prisma.tripInvitation.findMany({
        where: { status: 'PENDING', invitedUserId: viewer.id, invitedById: { not: null } },
        select: { invitedById: true },
        distinct: ['invitedById'],
      }),
    ]);
    const close = new Set<string>([viewer.id]);
    for (const c of companions) close.add(c.userId);
    for (const f of friends) close.add(f.friendId);
    for (const i of invitees) close.add(i.invitedUserId!);
    for (const i of inviters) close.add(i.invitedById!);
    const known = new Set(close);
    for (const r of requests) known.add(r.fromUserId === viewer.id ? r.toUserId : r.fromUserId);
    return { known, close };
  });
}

/** A user's private data (e-mail, phone): the user themself and administrators only. */
export const isSelfOrAdmin = (viewer: { id: string; isAdmin: boolean } | null, userId: string) =>
  viewer !== null && (viewer.id === userId || viewer.isAdmin);

/** May the viewer load this user at all (name and picture)? */
export async function canViewProfile(ctx: RequestContext, userId: string): Promise<boolean> {
  if (!ctx.viewer) return false;
  if (ctx.viewer.isAdmin || ctx.viewer.id === userId) return true;
  return (await visibility(ctx)).known.has(userId);
}

/** May the viewer see this user's whole public profile (place, travel preferences)? */
export async function canViewProfileDetails(ctx: RequestContext, userId: string): Promise<boolean> {
  if (!ctx.viewer) return false;
  if (ctx.viewer.isAdmin || ctx.viewer.id === userId) return true;
  return (await visibility(ctx)).close.has(userId);
}

/** Invalidate after a change that alters who may see whom (joining a trip, a new friend). */
export function forgetVisibility(ctx: RequestContext) {
  ctx.cache.delete('visibleUserIds');
}
