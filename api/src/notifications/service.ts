import type { AppDeps, RequestContext } from '../platform/context.js';
import { NotFoundError } from '../platform/errors.js';
import { requireViewer } from '../accounts/service.js';

export type NotificationKind =
  | 'TRIP_INVITE'
  | 'TRIP_INVITE_WITH_FRIEND_REQUEST'
  | 'FRIEND_REQUEST'
  | 'FRIEND_REQUEST_ACCEPTED'
  | 'TRIP_UPDATE'
  | 'EXPENSE_SPLIT'
  | 'ANNOUNCEMENT'
  | 'UPDATE'
  | 'MAINTENANCE'
  | 'FEATURE';

export function countUnread(deps: AppDeps, userId: string): Promise<number> {
  return deps.db.prisma.notification.count({ where: { userId, readAt: null } });
}

/** Tells every open session of the user (on any API instance) how many are unread now. */
async function publishCount(deps: AppDeps, userId: string, notificationId?: string) {
  const unreadCount = await countUnread(deps, userId);
  deps.pubsub.publish('viewer', userId, { kind: 'notifications', unreadCount, notificationId });
}

export async function notify(
  deps: AppDeps,
  userId: string,
  n: { type: NotificationKind; title: string; message: string; actionUrl?: string | null; data?: Record<string, unknown> },
) {
  const row = await deps.db.prisma.notification.create({
    data: { userId, type: n.type, title: n.title, message: n.message, actionUrl: n.actionUrl ?? null, data: (n.data ?? {}) as object },
  });
  await publishCount(deps, userId, row.id);
  return row;
}

export async function markNotificationRead(ctx: RequestContext, notificationId: string) {
  const viewer = requireViewer(ctx);
  const prisma = ctx.deps.db.prisma;
  // Scoped by owner: another user's notification reads as not found, never as "forbidden".
  const updated = await prisma.notification.updateMany({
    where: { id: notificationId, userId: viewer.id, readAt: null },
    data: { readAt: new Date() },
  });
  const row = await prisma.notification.findFirst({ where: { id: notificationId, userId: viewer.id } });
  if (!row) throw new NotFoundError('Notification not found.');
  if (updated.count > 0) await publishCount(ctx.deps, viewer.id);
  return row;
}

export async function markAllNotificationsRead(ctx: RequestContext) {
  const viewer = requireViewer(ctx);
  const updated = await ctx.deps.db.prisma.notification.updateMany({
    where: { userId: viewer.id, readAt: null },
    data: { readAt: new Date() },
  });
  if (updated.count > 0) await publishCount(ctx.deps, viewer.id);
  return updated.count;
}
