import type { Prisma } from '../../generated/prisma/client.js';
import { FriendMessages } from '../../friends/messages.js';
import { endFriendship, settleFriendRequest } from '../../friends/service.js';
import type { RequestContext } from '../../platform/context.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { withLiveEvents } from '../../platform/outbox.js';
import { requireAdmin } from '../access.js';
import { recordAdminAction } from '../audit.js';
import { takePage, type PageRequest } from '../listQuery.js';
import { AdminFriendMessages as M, FRIEND_REQUEST_STATUS_FILTERS } from './messages.js';
import { displayName } from '../../accounts/accountFields.js';

const PERSON = { select: { id: true, firstName: true, lastName: true } } as const;

const nameMatches = (search: string): Prisma.UserWhereInput => ({
  OR: [{ firstName: { contains: search, mode: 'insensitive' } }, { lastName: { contains: search, mode: 'insensitive' } }],
});

// ---------- friendships ----------

export const FRIENDSHIPS_ORDER: Prisma.FriendshipOrderByWithRelationInput[] = [{ friendshipDate: 'desc' }, { id: 'desc' }];

/**
 * A friendship is stored as two rows, one each way; the console lists each pair once, by the row
 * whose user id sorts first.
 */
export function adminFriendshipsWhere(ctx: RequestContext, filter: { search?: string | null }): Prisma.FriendshipWhereInput {
  requireAdmin(ctx);
  const search = filter.search?.trim();
  return {
    userId: { lt: ctx.deps.db.prisma.friendship.fields.friendId },
    ...(search ? { OR: [{ user: nameMatches(search) }, { friend: nameMatches(search) }] } : {}),
  };
}

export async function listAdminFriendships(ctx: RequestContext, filter: { search?: string | null }, p: PageRequest) {
  return takePage(p, (paging) =>
    ctx.deps.db.prisma.friendship.findMany({
      where: adminFriendshipsWhere(ctx, filter),
      orderBy: FRIENDSHIPS_ORDER,
      include: { user: PERSON, friend: PERSON, firstTrip: { select: { id: true, name: true } } },
      ...paging,
    }),
  );
}

export interface FriendAnalytics {
  /** Friendships (each pair once). */
  totalFriendships: number;
  /** Users with at least one friend. */
  activeUsers: number;
  /** Friends per user with friends, to one decimal. */
  avgFriendsPerUser: number;
  /** Friendships made through a trip. */
  friendsWithTrips: number;
  /** Users with at least one friend, as a whole percentage of all users. */
  socialEngagementRate: number;
}

export interface RequestAnalytics {
  totalRequests: number;
  pendingRequests: number;
  /** Accepted requests as a whole percentage of all requests (0 when none). */
  acceptanceRate: number;
}

/** The tab's figures over every friendship, request and user, in one statement. */
export async function adminFriendAnalytics(ctx: RequestContext): Promise<FriendAnalytics & RequestAnalytics> {
  requireAdmin(ctx);
  const [r] = await ctx.deps.db.prisma.$queryRaw<
    { rows: bigint; with_trip: bigint; people: bigint; users: bigint; requests: bigint; pending: bigint; accepted: bigint }[]
  >`
    SELECT
      (SELECT count(*) FROM friendships) AS rows,
      (SELECT count(*) FROM friendships WHERE first_trip_id IS NOT NULL) AS with_trip,
      (SELECT count(DISTINCT user_id) FROM friendships) AS people,
      (SELECT count(*) FROM users WHERE deleted_at IS NULL) AS users,
      (SELECT count(*) FROM friend_requests) AS requests,
      (SELECT count(*) FROM friend_requests WHERE status = 'pending') AS pending,
      (SELECT count(*) FROM friend_requests WHERE status = 'accepted') AS accepted`;
  const rows = Number(r?.rows ?? 0);
  const people = Number(r?.people ?? 0);
  const users = Number(r?.users ?? 0);
  const requests = Number(r?.requests ?? 0);
  return {
    totalFriendships: rows / 2,
    activeUsers: people,
    avgFriendsPerUser: people ? Math.round((rows / people) * 10) / 10 : 0,
    friendsWithTrips: Number(r?.with_trip ?? 0) / 2,
    socialEngagementRate: users ? Math.round((people / users) * 100) : 0,
    totalRequests: requests,
    pendingRequests: Number(r?.pending ?? 0),
    acceptanceRate: requests ? Math.round((Number(r?.accepted ?? 0) / requests) * 100) : 0,
  };
}

/** Removes both rows of a friendship (either row's id names it); both people hear of it live. */
export async function adminRemoveFriendship(ctx: RequestContext, friendshipId: string) {
  const admin = requireAdmin(ctx);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const row = isUuid(friendshipId) ? await tx.friendship.findUnique({ where: { id: friendshipId }, include: { user: PERSON, friend: PERSON } }) : null;
    if (!row) throw new NotFoundError(M.friendshipNotFound);
    await endFriendship(tx, events, row.userId, row.friendId);
    await recordAdminAction(tx, admin, {
      action: 'friendship.remove',
      targetType: 'friendship',
      targetId: friendshipId,
      summary: `${displayName(row.user, '')} & ${displayName(row.friend, '')}`,
      before: { userId: row.userId, friendId: row.friendId, friendshipDate: row.friendshipDate },
    });
    return { removedFriendshipId: friendshipId };
  });
}

// ---------- friend requests ----------

export const REQUESTS_ORDER: Prisma.FriendRequestOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

export function adminFriendRequestsWhere(ctx: RequestContext, filter: { search?: string | null; status?: string | null }): Prisma.FriendRequestWhereInput {
  requireAdmin(ctx);
  const search = filter.search?.trim();
  const status = filter.status?.toLowerCase();
  if (status && !(FRIEND_REQUEST_STATUS_FILTERS as readonly string[]).includes(status))
    throw new ValidationError(`Unknown request status "${status}".`, 'status');
  return {
    ...(status ? { status: status.toUpperCase() as 'PENDING' } : {}),
    ...(search ? { OR: [{ fromUser: nameMatches(search) }, { toUser: nameMatches(search) }] } : {}),
  };
}

export async function listAdminFriendRequests(ctx: RequestContext, filter: { search?: string | null; status?: string | null }, p: PageRequest) {
  return takePage(p, (paging) =>
    ctx.deps.db.prisma.friendRequest.findMany({
      where: adminFriendRequestsWhere(ctx, filter),
      orderBy: REQUESTS_ORDER,
      include: { fromUser: PERSON, toUser: PERSON },
      ...paging,
    }),
  );
}

/**
 * Approves or rejects a pending request as its recipient would (friends/service.ts
 * `settleFriendRequest`: approving makes them friends and tells the sender); only pending
 * requests can be, anything else is a conflict.
 */
export async function adminSettleFriendRequest(ctx: RequestContext, requestId: string, approve: boolean) {
  const admin = requireAdmin(ctx);
  await withLiveEvents(ctx.deps, async (tx, events) => {
    const request = isUuid(requestId) ? await tx.friendRequest.findUnique({ where: { id: requestId } }) : null;
    if (!request) throw new NotFoundError(FriendMessages.requestNotFound);
    await settleFriendRequest(tx, events, request, approve);
    await recordAdminAction(tx, admin, {
      action: approve ? 'friendRequest.approve' : 'friendRequest.reject',
      targetType: 'friendRequest',
      targetId: requestId,
      before: { status: 'pending' },
      after: { status: approve ? 'accepted' : 'rejected' },
    });
  });
  return ctx.deps.db.prisma.friendRequest.findUniqueOrThrow({ where: { id: requestId }, include: { fromUser: PERSON, toUser: PERSON } });
}
