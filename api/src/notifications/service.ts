import type { AppDeps, RequestContext } from '../platform/context.js';
import { NotFoundError } from '../platform/errors.js';
import { requireViewer } from '../platform/context.js';
import type { NotificationType } from '../generated/prisma/enums.js';
import { withLiveEvents, type LiveEvents, type Tx } from '../platform/outbox.js';

/** What a notification is about: the database's enum, the one list of kinds. */
export type NotificationKind = NotificationType;

/**
 * The viewer-topic key every signed-in subscriber also hears: an administrator's broadcast is one
 * event there (with its `broadcastId`), not one per user, and each session counts its own unread.
 */
export const EVERY_VIEWER = '*';

export function countUnread(deps: AppDeps, userId: string): Promise<number> {
  return deps.db.prisma.notification.count({ where: { userId, readAt: null } });
}

/**
 * Adds a notification inside the caller's transaction, and the live event that tells every open
 * session of the user (on any instance) how many are unread with it: counted in the same
 * transaction, so the event states what that commit made true.
 */
export async function notify(
  tx: Tx,
  events: LiveEvents,
  userId: string,
  n: { type: NotificationKind; title: string; message: string; actionUrl?: string | null; data?: Record<string, unknown> },
) {
  const row = await tx.notification.create({
    data: { userId, type: n.type, title: n.title, message: n.message, actionUrl: n.actionUrl ?? null, data: (n.data ?? {}) as object },
  });
  events.viewer([userId], { kind: 'notifications', unreadCount: await countUnreadIn(tx, userId), notificationId: row.id });
  return row;
}

export async function markNotificationRead(ctx: RequestContext, notificationId: string) {
  const viewer = requireViewer(ctx);
  // Scoped by owner: another user's notification reads as not found, never as "forbidden".
  const row = await withLiveEvents(ctx.deps, async (tx, events) => {
    const updated = await tx.notification.updateMany({
      where: { id: notificationId, userId: viewer.id, readAt: null },
      data: { readAt: new Date() },
    });
    const found = await tx.notification.findFirst({ where: { id: notificationId, userId: viewer.id } });
    if (!found) throw new NotFoundError('Notification not found.');
    if (updated.count > 0) events.viewer([viewer.id], { kind: 'notifications', unreadCount: await countUnreadIn(tx, viewer.id) });
    return found;
  });
  return row;
}

export async function markAllNotificationsRead(ctx: RequestContext) {
  const viewer = requireViewer(ctx);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const updated = await tx.notification.updateMany({ where: { userId: viewer.id, readAt: null }, data: { readAt: new Date() } });
    if (updated.count > 0) events.viewer([viewer.id], { kind: 'notifications', unreadCount: 0 });
    return updated.count;
  });
}

const countUnreadIn = (tx: Tx, userId: string) => tx.notification.count({ where: { userId, readAt: null } });
