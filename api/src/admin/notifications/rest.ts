import { z } from 'zod';
import { route } from '../../rest/kit.js';
import { parseAdminListQuery } from '../listQuery.js';
import { refusalsAs } from '../users/failure.js';
import { AdminNotificationMessages as M } from './messages.js';
import {
  adminDeleteNotification,
  adminInvitationAnalytics,
  adminMarkNotificationRead,
  adminNotificationStats,
  broadcastNotification,
  invitationStatusLabel,
  listAdminInvitations,
  listAdminMembers,
  listAdminNotifications,
} from './service.js';

type NotificationRow = Awaited<ReturnType<typeof listAdminNotifications>>['rows'][number];

const notificationJson = (n: NotificationRow) => ({
  id: n.id,
  user_id: n.userId,
  title: n.title,
  message: n.message,
  type: n.type.toLowerCase(),
  is_read: n.readAt !== null,
  action_url: n.actionUrl,
  data: n.data,
  created_at: n.createdAt.toISOString(),
});

const broadcastBody = z.object({
  title: z.string().max(10_000).optional().nullable(),
  message: z.string().max(100_000).optional().nullable(),
  type: z.string().max(100).optional().nullable(),
  action_url: z.string().max(10_000).optional().nullable(),
});

/** The notifications tab's rows: the three lists with their figures, mark read, delete, broadcast. */
export const adminNotificationRoutes = [
  route({
    method: 'GET',
    path: '/invitations/trip-invitations',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const p = parseAdminListQuery(query);
      const [{ rows, nextCursor }, a] = await Promise.all([
        listAdminInvitations(ctx, { search: p.search, status: query.status || null }, p),
        adminInvitationAnalytics(ctx),
      ]);
      const now = new Date();
      return {
        invitations: rows.map((i) => ({
          id: i.id,
          invited_email: i.invitedEmail,
          invited_user_id: i.invitedUserId,
          trip_id: i.tripId,
          invitation_type: i.invitationType.toLowerCase(),
          status: invitationStatusLabel(i, now),
          message: i.message,
          created_at: i.createdAt.toISOString(),
          expires_at: i.expiresAt?.toISOString() ?? null,
        })),
        analytics: {
          totalInvitations: a.totalInvitations,
          platformUserInvites: a.platformUserInvites,
          platformUserRate: a.platformUserRate,
          pendingInvitations: a.pendingInvitations,
        },
        next_cursor: nextCursor,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/trip-members',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const p = parseAdminListQuery(query);
      const [{ rows, nextCursor }, a] = await Promise.all([
        listAdminMembers(ctx, { search: p.search, status: query.status || null }, p),
        adminInvitationAnalytics(ctx),
      ]);
      return {
        members: rows.map((m) => ({
          id: m.id,
          email: m.user.email,
          user_id: m.userId,
          trip_id: m.tripId,
          status: m.status.toLowerCase(),
          role: m.role.toLowerCase(),
          invited_at: m.invitedAt.toISOString(),
        })),
        analytics: { totalMembers: a.totalMembers, pendingMembers: a.pendingMembers },
        next_cursor: nextCursor,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/admin/notifications',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const p = parseAdminListQuery(query);
      const [{ rows, nextCursor }, analytics] = await Promise.all([
        listAdminNotifications(ctx, { search: p.search, type: query.type || null }, p),
        adminNotificationStats(ctx),
      ]);
      return { notifications: rows.map(notificationJson), analytics, next_cursor: nextCursor };
    },
  }),
  route({
    method: 'POST',
    path: '/admin/notifications/broadcast',
    access: 'admin',
    body: broadcastBody,
    handle: refusalsAs('details', async (ctx, { body }) => {
      const { count } = await broadcastNotification(ctx, { title: body.title, message: body.message, type: body.type, actionUrl: body.action_url });
      return { success: true, count, message: M.sentTo.replace('{count}', String(count)) };
    }),
  }),
  route({
    method: 'POST',
    path: '/admin/notifications/:id/mark-read',
    access: 'admin',
    body: z.object({}),
    handle: refusalsAs('details', async (ctx, { params }) => {
      const n = await adminMarkNotificationRead(ctx, params.id!);
      return { success: true, message: M.markedRead, notification: notificationJson(n) };
    }),
  }),
  route({
    method: 'DELETE',
    path: '/admin/notifications/:id/delete',
    access: 'admin',
    handle: refusalsAs('details', async (ctx, { params }) => {
      await adminDeleteNotification(ctx, params.id!);
      return { success: true, message: M.deleted };
    }),
  }),
];
