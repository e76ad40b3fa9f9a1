import { listen, liveQueue } from '../platform/liveHub.js';
import { builder } from '../graphql/builder.js';
import type { ViewerEvent } from '../platform/pubsub.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { UserRef } from '../accounts/graphql.js';
import { liveEvents } from './live.js';
import { NotificationType } from '../generated/prisma/enums.js';
import { countUnread, EVERY_VIEWER, markAllNotificationsRead, markNotificationRead } from './service.js';

// Generated from the database enum: a new kind is added in api/prisma/schema only.
const NotificationTypeEnum = builder.enumType(NotificationType, {
  name: 'NotificationType',
  description: 'What a notification is about. Kinds this server does not send yet may come later: show an unknown kind like ANNOUNCEMENT.',
  values: {
    TRIP_INVITE: { description: 'Someone invited the user to a trip.' },
    TRIP_INVITE_WITH_FRIEND_REQUEST: { description: 'Someone invited the user to a trip and, not being friends yet, sent a friend request with it.' },
    FRIEND_REQUEST: { description: 'Someone asked the user to be friends.' },
    FRIEND_REQUEST_ACCEPTED: { description: "Someone accepted the user's friend request, or joined Tripcrew from their invitation." },
    TRIP_UPDATE: { description: "Something happened on one of the user's trips: someone joined or left, or it was deleted." },
    EXPENSE_SPLIT: { description: 'A shared expense includes the user, or a payment to or from them was recorded.' },
    ANNOUNCEMENT: { description: 'News from Tripcrew.' },
    UPDATE: { description: 'A change to Tripcrew itself (not sent yet).' },
    MAINTENANCE: { description: 'Planned maintenance (not sent yet).' },
    FEATURE: { description: 'A new feature to try (not sent yet).' },
    RESERVATION_RECEIVED: { description: "A forwarded e-mail became reservations: they wait on the user's reservations page." },
  },
});

export const NotificationRef = builder.prismaNode('Notification', {
  id: { field: 'id' },
  // An id that names nothing (deleted, or never existed) reads as null, not as a server error.
  nullable: true,
  description: 'Something the user should know about, shown under the bell.',
  authScopes: (n, ctx) => ctx.viewer?.id === n.userId || ctx.viewer?.isAdmin === true,
  select: { userId: true },
  fields: (t) => ({
    type: t.field({ type: NotificationTypeEnum, description: 'What it is about (choose its icon by it).', select: { type: true }, resolve: (n) => n.type }),
    title: t.exposeString('title', { description: 'A short heading, e.g. "Trip invitation".' }),
    message: t.exposeString('message', { description: 'The text to show, e.g. \'Alex invited you to "Lisbon long weekend".\'' }),
    actionUrl: t.exposeString('actionUrl', {
      nullable: true,
      description: 'A path in the web app to open on click, e.g. "/dashboard"; null when there is none.',
    }),
    isRead: t.boolean({ description: 'True once marked read.', select: { readAt: true }, resolve: (n) => n.readAt !== null }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was sent.' }),
  }),
});

builder.prismaObjectFields('User', (t) => ({
  notifications: t.relatedConnection('notifications', {
    description: 'Newest first.',
    authScopes: (user, _a, ctx) => ctx.viewer?.id === user.id,
    cursor: 'id',
    query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
  }),
  unreadNotificationCount: t.int({
    description: 'Notifications not read yet: the number on the bell.',
    authScopes: (user, _a, ctx) => ctx.viewer?.id === user.id,
    resolve: (user, _a, ctx) => countUnread(ctx.deps, user.id),
  }),
}));

const MarkNotificationReadPayload = builder.objectRef<{ notificationId: string }>('MarkNotificationReadPayload');
MarkNotificationReadPayload.implement({ description: 'The notification, now read, and the viewer with the new count.', fields: () => ({}) });
builder.objectFields(MarkNotificationReadPayload, (t) => ({
  notification: t.prismaField({
    type: 'Notification',
    description: 'The notification, now read.',
    resolve: (query, p, _a, ctx) => ctx.deps.db.prisma.notification.findUniqueOrThrow({ ...query, where: { id: p.notificationId } }),
  }),
  viewer: t.prismaField({
    type: 'User',
    description: 'The viewer, to refresh `unreadNotificationCount`.',
    resolve: (query, _p, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...query, where: { id: ctx.viewer!.id } }),
  }),
}));

builder.mutationField('markNotificationRead', (t) =>
  t.field({
    type: MarkNotificationReadPayload,
    description: "Marks one of the viewer's notifications read.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: {
        name: 'MarkNotificationReadResult',
        description: 'The notification, now read, or why it could not be marked (a `NotFoundError` for an unknown id).',
      },
    },
    args: { notificationId: t.arg.globalID({ required: true, for: NotificationRef, description: 'The notification to mark read.' }) },
    resolve: async (_r, { notificationId }, ctx) => {
      const n = await markNotificationRead(ctx, notificationId.id);
      return { notificationId: n.id };
    },
  }),
);

const MarkAllNotificationsReadPayload = builder.simpleObject('MarkAllNotificationsReadPayload', {
  description: "Every one of the viewer's notifications is read now.",
  fields: (t) => ({ markedCount: t.int({ description: 'How many were unread.' }) }),
});
builder.objectField(MarkAllNotificationsReadPayload, 'viewer', (t) =>
  t.prismaField({
    type: 'User',
    description: 'The viewer, to refresh `unreadNotificationCount` (now 0) and `notifications`.',
    resolve: (query, _p, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...query, where: { id: ctx.viewer!.id } }),
  }),
);

builder.mutationField('markAllNotificationsRead', (t) =>
  t.field({
    type: MarkAllNotificationsReadPayload,
    description: "Marks all of the viewer's notifications read.",
    authScopes: { signedIn: true },
    resolve: async (_r, _a, ctx) => ({ markedCount: await markAllNotificationsRead(ctx) }),
  }),
);

const NotificationsChangedEvent = builder.objectRef<{ unreadCount: number; notificationId: string | null }>('NotificationsChangedEvent');
NotificationsChangedEvent.implement({
  description: "The viewer's notifications changed (one arrived, or some were read).",
  fields: (t) => ({ unreadCount: t.exposeInt('unreadCount', { description: 'Notifications not read yet, after this change.' }) }),
});
builder.objectFields(NotificationsChangedEvent, (t) => ({
  viewer: t.field({
    type: UserRef,
    description: 'Select `unreadNotificationCount` here and the client store updates itself.',
    resolve: (_e, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ where: { id: ctx.viewer!.id } }),
  }),
  // A plain field, not a Prisma one: a read-only event has no notification, and a Prisma field
  // that answers null without its query is reported as an unused query.
  notification: t.field({
    type: NotificationRef,
    nullable: true,
    description: 'The notification that arrived, if one did.',
    resolve: (e, _a, ctx) => (e.notificationId ? ctx.deps.db.prisma.notification.findFirst({ where: { id: e.notificationId, userId: ctx.viewer!.id } }) : null),
  }),
}));

builder.subscriptionField('notificationsChanged', (t) =>
  t.field({
    type: NotificationsChangedEvent,
    description: "The signed-in viewer's notification events, from every API instance.",
    authScopes: { signedIn: true },
    // liveEvents: fresh auth per event; a deleted account's channel completes.
    // The viewer's own events, and broadcasts to everyone: a broadcast names no user, so the
    // session reads its own unread count and its copy of the broadcast.
    subscribe: (_r, _a, ctx) =>
      liveEvents(
        ctx,
        // Both channels through the instance's shared subscriptions: a broadcast is one listener per instance.
        liveQueue<Extract<ViewerEvent, { kind: 'notifications' }>>((push) => {
          const hear = (e: ViewerEvent) => e.kind === 'notifications' && push(e);
          const stops = [listen(ctx.deps, 'viewer', ctx.viewer!.id, hear), listen(ctx.deps, 'viewer', EVERY_VIEWER, hear)];
          return () => stops.forEach((stop) => stop());
        }),
        async (e) => {
          if (!e.broadcastId) return { deliver: e };
          const userId = ctx.viewer!.id;
          const [unreadCount, own] = await Promise.all([
            countUnread(ctx.deps, userId),
            ctx.deps.db.prisma.notification.findFirst({ where: { userId, data: { path: ['broadcastId'], equals: e.broadcastId } }, select: { id: true } }),
          ]);
          return own ? { deliver: { kind: 'notifications' as const, unreadCount, notificationId: own.id } } : 'skip';
        },
      ),
    resolve: (event) => ({ unreadCount: event.unreadCount, notificationId: event.notificationId ?? null }),
  }),
);
