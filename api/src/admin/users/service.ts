import type { Prisma } from '../../generated/prisma/client.js';
import { retireAccount } from '../../accounts/deletion.js';
import type { RequestContext } from '../../platform/context.js';
import { ForbiddenError, NotFoundError } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { requireAdmin } from '../access.js';
import { recordAdminAction } from '../audit.js';
import { takePage, type PageRequest } from '../listQuery.js';
import { ACTIVE_USER_WINDOW_HOURS, AdminUserMessages as M } from './messages.js';
import { validateAdminUserEdit } from './validation.js';
import { displayName } from '../../accounts/accountFields.js';

export interface AdminUserFilter {
  /** Matches the start or any part of the first name, last name, city or state. */
  search?: string | null;
  /** A code of the sign-up list; empty or null for all countries. */
  country?: string | null;
}

/** Newest accounts first; the id breaks ties so that pages never repeat or skip a row. */
export const USERS_ORDER: Prisma.UserOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

/**
 * The users tab's filter as one Prisma condition, for both doors. Deleted accounts (kept only so
 * that ledgers still name them) are not users any more and are never listed.
 */
export function adminUsersWhere(ctx: RequestContext, filter: AdminUserFilter): Prisma.UserWhereInput {
  requireAdmin(ctx);
  const search = filter.search?.trim();
  const contains = (field: 'firstName' | 'lastName' | 'city' | 'state') => ({ [field]: { contains: search, mode: 'insensitive' as const } });
  return {
    deletedAt: null,
    ...(filter.country ? { country: filter.country } : {}),
    ...(search ? { OR: [contains('firstName'), contains('lastName'), contains('city'), contains('state')] } : {}),
  };
}

/** A page of users for REST; GraphQL pages with its connection. */
export async function listAdminUsers(ctx: RequestContext, filter: AdminUserFilter, page: PageRequest) {
  const where = adminUsersWhere(ctx, filter);
  const { rows, nextCursor } = await takePage(page, (paging) => ctx.deps.db.prisma.user.findMany({ where, orderBy: USERS_ORDER, ...paging }));
  return { users: rows, nextCursor };
}

/** A user has configured preferences when any single choice or any list is filled in. */
export { hasPreferences } from '../../accounts/preferences.js';

export interface AdminUserStats {
  totalUsers: number;
  newThisMonth: number;
  activeUsers: number;
  usersWithPreferences: number;
}

/**
 * The four cards over every account (not the filtered page), counted in one statement.
 * 'New this month' counts from the first day of the current month (UTC); 'active' is created
 * within the last 720 hours; preferences as `hasPreferences` says.
 */
export async function adminUserStats(ctx: RequestContext, now = new Date()): Promise<AdminUserStats> {
  requireAdmin(ctx);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const activeSince = new Date(now.getTime() - ACTIVE_USER_WINDOW_HOURS * 3600_000);
  const [row] = await ctx.deps.db.prisma.$queryRaw<{ total: bigint; fresh: bigint; active: bigint; prefs: bigint }[]>`
    SELECT count(*) AS total,
      count(*) FILTER (WHERE created_at >= ${monthStart}) AS fresh,
      count(*) FILTER (WHERE created_at >= ${activeSince}) AS active,
      count(*) FILTER (WHERE travel_frequency IS NOT NULL OR group_size IS NOT NULL OR budget_range IS NOT NULL
        OR cardinality(preferred_destinations) > 0 OR cardinality(activities) > 0 OR cardinality(travel_style) > 0
        OR cardinality(accommodation) > 0 OR cardinality(transportation) > 0) AS prefs
    FROM users WHERE deleted_at IS NULL`;
  return {
    totalUsers: Number(row?.total ?? 0),
    newThisMonth: Number(row?.fresh ?? 0),
    activeUsers: Number(row?.active ?? 0),
    usersWithPreferences: Number(row?.prefs ?? 0),
  };
}

async function findLiveUser(ctx: RequestContext, userId: string) {
  const user = isUuid(userId) ? await ctx.deps.db.prisma.user.findUnique({ where: { id: userId } }) : null;
  if (!user || user.deletedAt) throw new NotFoundError(M.notFound);
  return user;
}

/**
 * The edit modal: names, city, state and country, each changed only when given; the audit entry
 * holds the fields that changed.
 */
export async function adminUpdateUser(ctx: RequestContext, userId: string, raw: Parameters<typeof validateAdminUserEdit>[0]) {
  const admin = requireAdmin(ctx);
  const current = await findLiveUser(ctx, userId);
  // Fields the caller left out keep their stored values (a partial update).
  const input = validateAdminUserEdit(raw, current);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(input) as (keyof typeof input)[]) {
    if (current[key] !== input[key]) {
      before[key] = current[key];
      after[key] = input[key];
    }
  }
  return ctx.deps.db.prisma.$transaction(async (tx) => {
    const user = await tx.user.update({ where: { id: userId }, data: input });
    await recordAdminAction(tx, admin, {
      action: 'user.update',
      targetType: 'user',
      targetId: userId,
      summary: displayName(user, ''),
      before,
      after,
    });
    return user;
  });
}

/**
 * Deletes an account by the one rule self-deletion follows (accounts/deletion.ts); the audit
 * entry is written in the deletion's own transaction. It names what became of the trips, not
 * the person: their personal data goes with the account.
 */
export async function adminDeleteUser(ctx: RequestContext, userId: string) {
  const admin = requireAdmin(ctx);
  if (userId === admin.id) throw new ForbiddenError(M.notYourself);
  await findLiveUser(ctx, userId);
  const outcome = await retireAccount(ctx.deps, userId, (tx, o) =>
    recordAdminAction(tx, admin, {
      action: 'user.delete',
      targetType: 'user',
      targetId: userId,
      summary: 'Account deleted',
      before: { deleted: false },
      after: { deleted: true, tripsPassedOn: o.tripsPassedOn, tripsDeleted: o.tripsDeleted },
    }),
  );
  // Deleted meanwhile by someone else: as gone as if this call had done it.
  if (!outcome) throw new NotFoundError(M.notFound);
  return { deletedUserId: userId, ...outcome };
}
