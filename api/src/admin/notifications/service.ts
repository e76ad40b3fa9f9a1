import { randomUUID } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.js';
import type { NotificationType } from '../../generated/prisma/enums.js';
import { EVERY_VIEWER } from '../../notifications/service.js';
import { openInvitationWhere } from '../../invitations/rules.js';
import type { RequestContext } from '../../platform/context.js';
import { NotFoundError, ValidationError, type FieldError } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { withLiveEvents, type Tx } from '../../platform/outbox.js';
import { requireAdmin } from '../access.js';
import { recordAdminAction } from '../audit.js';
import { takePage, type PageRequest } from '../listQuery.js';
import {
  AdminNotificationMessages as M,
  BROADCAST_BATCH,
  BROADCAST_LIMITS,
  BROADCAST_TYPES,
  DEFAULT_BROADCAST_TYPE,
  INVITATION_STATUS_FILTERS,
  NOTIFICATION_TYPE_FILTERS,
  type BroadcastType,
  type InvitationStatusFilter,
} from './messages.js';
import { TripMemberStatus } from '../../trips/memberStatus.js';
import { hasStatus, storedStatus } from '../../trips/memberStatusSql.js';

// ---------- notifications ----------

export interface NotificationFilter {
  /** Part of the title or message (any case). */
  search?: string | null;
  /** A kind as the filter names it (`trip_invite`, `announcement`, ...). */
  type?: string | null;
}

export const NOTIFICATIONS_ORDER: Prisma.NotificationOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

/** The stored kind for a filter's name; an unknown name is the caller's mistake (400). */
function notificationKind(type: string): NotificationType {
  if (!(NOTIFICATION_TYPE_FILTERS as readonly string[]).includes(type)) throw new ValidationError(`Unknown notification type "${type}".`, 'type');
  return type.toUpperCase() as NotificationType;
}

export function adminNotificationsWhere(ctx: RequestContext, filter: NotificationFilter): Prisma.NotificationWhereInput {
  requireAdmin(ctx);
  const search = filter.search?.trim();
  return {
    ...(filter.type ? { type: notificationKind(filter.type) } : {}),
    ...(search ? { OR: [{ title: { contains: search, mode: 'insensitive' } }, { message: { contains: search, mode: 'insensitive' } }] } : {}),
  };
}

export async function listAdminNotifications(ctx: RequestContext, filter: NotificationFilter, p: PageRequest) {
  return takePage(p, (paging) =>
    ctx.deps.db.prisma.notification.findMany({
      where: adminNotificationsWhere(ctx, filter),
      orderBy: NOTIFICATIONS_ORDER,
      ...paging,
    }),
  );
}

export interface NotificationStats {
  totalNotifications: number;
  unreadCount: number;
  /** Count per kind (lower-case names), every kind present. */
  typeBreakdown: Record<string, number>;
}

/** Over every notification, in one statement. */
export async function adminNotificationStats(ctx: RequestContext): Promise<NotificationStats> {
  requireAdmin(ctx);
  const rows = await ctx.deps.db.prisma.$queryRaw<{ type: string; total: bigint; unread: bigint }[]>`
    SELECT type::text AS type, count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread
    FROM notifications GROUP BY type ORDER BY type`;
  const typeBreakdown: Record<string, number> = {};
  let totalNotifications = 0;
  let unreadCount = 0;
  for (const r of rows) {
    typeBreakdown[r.type] = Number(r.total);
    totalNotifications += Number(r.total);
    unreadCount += Number(r.unread);
  }
  return { totalNotifications, unreadCount, typeBreakdown };
}

async function findNotification(tx: Tx, id: string) {
  const row = isUuid(id) ? await tx.notification.findUnique({ where: { id } }) : null;
  if (!row) throw new NotFoundError(M.notFound);
  return row;
}

/** Marks any user's notification read; its owner's unread count changes live. */
export async function adminMarkNotificationRead(ctx: RequestContext, id: string) {
  const admin = requireAdmin(ctx);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const row = await findNotification(tx, id);
    if (row.readAt) return row;
    const updated = await tx.notification.update({ where: { id }, data: { readAt: new Date() } });
    await recordAdminAction(tx, admin, {
      action: 'notification.markRead',
      targetType: 'notification',
      targetId: id,
      summary: row.title,
      before: { readAt: null },
      after: { readAt: updated.readAt },
    });
    events.viewer([row.userId], { kind: 'notifications', unreadCount: await tx.notification.count({ where: { userId: row.userId, readAt: null } }) });
    return updated;
  });
}

export async function adminDeleteNotification(ctx: RequestContext, id: string) {
  const admin = requireAdmin(ctx);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const row = await findNotification(tx, id);
    await tx.notification.delete({ where: { id } });
    await recordAdminAction(tx, admin, {
      action: 'notification.delete',
      targetType: 'notification',
      targetId: id,
      summary: row.title,
      before: { userId: row.userId, type: row.type.toLowerCase(), title: row.title, message: row.message, readAt: row.readAt },
    });
    if (!row.readAt)
      events.viewer([row.userId], { kind: 'notifications', unreadCount: await tx.notification.count({ where: { userId: row.userId, readAt: null } }) });
    return { deletedNotificationId: id };
  });
}

// ---------- broadcast ----------

export interface BroadcastInput {
  title: string;
  message: string;
  type: BroadcastType;
  actionUrl: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** An app path ("/dashboard/trips") or an http(s) address. */
function isActionUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

export function validateBroadcast(raw: { title?: unknown; message?: unknown; type?: unknown; actionUrl?: unknown }): BroadcastInput {
  const errors: FieldError[] = [];
  const title = text(raw.title);
  const message = text(raw.message);
  if (!title || !message) errors.push({ field: title ? 'message' : 'title', message: M.titleAndMessageRequired });
  if (title.length > BROADCAST_LIMITS.title) errors.push({ field: 'title', message: `The title is too long (${BROADCAST_LIMITS.title} characters at most).` });
  if (message.length > BROADCAST_LIMITS.message)
    errors.push({ field: 'message', message: `The message is too long (${BROADCAST_LIMITS.message} characters at most).` });
  const type = (text(raw.type).toLowerCase() || DEFAULT_BROADCAST_TYPE) as BroadcastType;
  if (!BROADCAST_TYPES.includes(type)) errors.push({ field: 'type', message: M.invalidType });
  const actionUrl = text(raw.actionUrl) || null;
  if (actionUrl && (actionUrl.length > BROADCAST_LIMITS.actionUrl || !isActionUrl(actionUrl))) errors.push({ field: 'actionUrl', message: M.invalidActionUrl });
  if (errors.length) throw new ValidationError(errors[0]!.message, errors[0]!.field, errors);
  return { title, message, type, actionUrl };
}

/**
 * One notification for every user, written by the database itself in batches of
 * `BROADCAST_BATCH` (INSERT ... SELECT over the users' primary key), so 100,000 users cost a
 * handful of statements rather than 100,000 round trips. The batches, the audit entry and one
 * live event for everyone online commit together; each open session then counts its own unread
 * notifications (notifications/graphql.ts). Answers how many users it reached.
 */
export async function broadcastNotification(ctx: RequestContext, raw: Parameters<typeof validateBroadcast>[0]) {
  const admin = requireAdmin(ctx);
  const input = validateBroadcast(raw);
  const broadcastId = randomUUID();
  // The database's enum labels are the lower-case names (schema `@map`).
  const kind = input.type;
  const data = JSON.stringify({ broadcastId });
  const count = await withLiveEvents(
    ctx.deps,
    async (tx, events) => {
      let reached = 0;
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const [batch] = await tx.$queryRaw<{ n: number; last: string | null }[]>`
          WITH batch AS (
            SELECT id FROM users WHERE deleted_at IS NULL AND id > ${after}::uuid ORDER BY id LIMIT ${BROADCAST_BATCH}
          ), written AS (
            INSERT INTO notifications (id, user_id, type, title, message, data, action_url, created_at)
            SELECT gen_random_uuid(), id, ${kind}::notification_type, ${input.title}, ${input.message}, ${data}::jsonb, ${input.actionUrl}, now() AT TIME ZONE 'UTC'
            FROM batch
            RETURNING 1
          )
          SELECT (SELECT count(*) FROM written)::int AS n, (SELECT id::text FROM batch ORDER BY id DESC LIMIT 1) AS last`;
        reached += batch?.n ?? 0;
        if (!batch?.last || batch.n < BROADCAST_BATCH) break;
        after = batch.last;
      }
      await recordAdminAction(tx, admin, {
        action: 'notification.broadcast',
        targetType: 'notification',
        targetId: broadcastId,
        summary: input.title,
        after: { ...input, count: reached },
      });
      events.viewer([EVERY_VIEWER], { kind: 'notifications', unreadCount: 0, broadcastId });
      return reached;
    },
    // 100,000 users take a few seconds; the default five would cut it short.
    { timeout: 300_000 },
  );
  return { count, broadcastId };
}

// ---------- trip invitations ('Smart Invitations') ----------

export interface InvitationFilter {
  /** Part of the invited address (any case). */
  search?: string | null;
  status?: string | null;
}

export const INVITATIONS_ORDER: Prisma.TripInvitationOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

/**
 * The filter's statuses over the stored ones: 'pending' is an open invitation, 'expired' a
 * pending one past its date (or marked expired), 'rejected' a declined one.
 */
function invitationStatusWhere(status: InvitationStatusFilter, now: Date): Prisma.TripInvitationWhereInput {
  if (status === 'pending') return openInvitationWhere(now);
  if (status === 'accepted') return { status: 'ACCEPTED' };
  if (status === 'rejected') return { status: 'DECLINED' };
  return { OR: [{ status: 'EXPIRED' }, { status: 'PENDING', expiresAt: { lte: now } }] };
}

/** The status the table shows, by the same rule as the filter. */
export function invitationStatusLabel(i: { status: string; expiresAt: Date | null }, now = new Date()): string {
  if (i.status === 'PENDING') return i.expiresAt && i.expiresAt <= now ? 'expired' : 'pending';
  if (i.status === 'DECLINED') return 'rejected';
  return i.status.toLowerCase();
}

export function adminInvitationsWhere(ctx: RequestContext, filter: InvitationFilter, now = new Date()): Prisma.TripInvitationWhereInput {
  requireAdmin(ctx);
  const search = filter.search?.trim();
  const status = filter.status?.toLowerCase();
  if (status && !(INVITATION_STATUS_FILTERS as readonly string[]).includes(status))
    throw new ValidationError(`Unknown invitation status "${status}".`, 'status');
  return {
    AND: [
      search ? { invitedEmail: { contains: search, mode: 'insensitive' } } : {},
      status ? invitationStatusWhere(status as InvitationStatusFilter, now) : {},
    ],
  };
}

export async function listAdminInvitations(ctx: RequestContext, filter: InvitationFilter, p: PageRequest) {
  return takePage(p, (paging) =>
    ctx.deps.db.prisma.tripInvitation.findMany({
      where: adminInvitationsWhere(ctx, filter),
      orderBy: INVITATIONS_ORDER,
      ...paging,
    }),
  );
}

export interface InvitationAnalytics {
  totalInvitations: number;
  /** Invitations addressed to someone who has an account. */
  platformUserInvites: number;
  /** `platformUserInvites` as a whole percentage of all invitations (0 when none). */
  platformUserRate: number;
  pendingInvitations: number;
}

export interface LegacyAnalytics {
  totalMembers: number;
  /** Members invited but not joined: the legacy invites. */
  pendingMembers: number;
}

/** The tab's invitation figures over every invitation and membership, in one statement. */
export async function adminInvitationAnalytics(ctx: RequestContext): Promise<InvitationAnalytics & LegacyAnalytics> {
  requireAdmin(ctx);
  const [row] = await ctx.deps.db.prisma.$queryRaw<{ total: bigint; platform: bigint; pending: bigint; members: bigint; pending_members: bigint }[]>`
    SELECT
      (SELECT count(*) FROM trip_invitations) AS total,
      (SELECT count(*) FROM trip_invitations WHERE invited_user_id IS NOT NULL) AS platform,
      (SELECT count(*) FROM trip_invitations i WHERE i.status = 'pending' AND (i.expires_at IS NULL OR i.expires_at > (now() AT TIME ZONE 'UTC'))) AS pending,
      (SELECT count(*) FROM trip_members) AS members,
      (SELECT count(*) FROM trip_members WHERE ${hasStatus('status', TripMemberStatus.INVITED)}) AS pending_members`;
  const total = Number(row?.total ?? 0);
  const platform = Number(row?.platform ?? 0);
  return {
    totalInvitations: total,
    platformUserInvites: platform,
    platformUserRate: total ? Math.round((platform / total) * 100) : 0,
    pendingInvitations: Number(row?.pending ?? 0),
    totalMembers: Number(row?.members ?? 0),
    pendingMembers: Number(row?.pending_members ?? 0),
  };
}

// ---------- legacy invites (members invited, not joined) ----------

export interface MemberFilter {
  /** Part of the member's address (any case). */
  search?: string | null;
  /** `invited` (the legacy invites), `accepted`, `owner`; absent for every member. */
  status?: string | null;
}

export const MEMBERS_ORDER: Prisma.TripMemberOrderByWithRelationInput[] = [{ invitedAt: 'desc' }, { id: 'desc' }];

export function adminMembersWhere(ctx: RequestContext, filter: MemberFilter): Prisma.TripMemberWhereInput {
  requireAdmin(ctx);
  const search = filter.search?.trim();
  const status = filter.status?.toLowerCase();
  if (status && !Object.values(TripMemberStatus).map(storedStatus).includes(status)) throw new ValidationError(`Unknown member status "${status}".`, 'status');
  return {
    ...(status ? { status: status.toUpperCase() as 'INVITED' } : {}),
    ...(search ? { user: { email: { contains: search, mode: 'insensitive' } } } : {}),
  };
}

export async function listAdminMembers(ctx: RequestContext, filter: MemberFilter, p: PageRequest) {
  return takePage(p, (paging) =>
    ctx.deps.db.prisma.tripMember.findMany({
      where: adminMembersWhere(ctx, filter),
      orderBy: MEMBERS_ORDER,
      include: { user: { select: { email: true } } },
      ...paging,
    }),
  );
}
