import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { NotificationRef } from '../../notifications/graphql.js';
import { AdminRef } from '../graphql.js';
import { BROADCAST_TYPES } from './messages.js';
import {
  adminDeleteNotification,
  adminInvitationAnalytics,
  adminInvitationsWhere,
  adminMarkNotificationRead,
  adminMembersWhere,
  adminNotificationStats,
  adminNotificationsWhere,
  broadcastNotification,
  INVITATIONS_ORDER,
  invitationStatusLabel,
  MEMBERS_ORDER,
  NOTIFICATIONS_ORDER,
  type InvitationAnalytics,
  type LegacyAnalytics,
  type NotificationStats,
} from './service.js';

const ADMIN_ONLY = { admin: true } as const;

// What only the console reads of a notification: whose it is, and its details.
builder.prismaObjectFields('Notification', (t) => ({
  recipient: t.relation('user', { description: 'Whose notification it is. Administrators only.', authScopes: ADMIN_ONLY }),
  kind: t.string({
    description: 'The kind as the console filters it, in lower case (trip_invite, announcement, ...). Administrators only.',
    authScopes: ADMIN_ONLY,
    select: { type: true },
    resolve: (n) => n.type.toLowerCase(),
  }),
  dataJson: t.string({
    nullable: true,
    description: 'Its kind-specific details as JSON text; null when none. Administrators only.',
    authScopes: ADMIN_ONLY,
    select: { data: true },
    resolve: (n) => (n.data === null ? null : JSON.stringify(n.data)),
  }),
}));

builder.prismaObjectFields('TripInvitation', (t) => ({
  tripRecordId: t.exposeString('tripId', {
    description: "The trip's database id (the console shows its first 8 characters). Administrators only.",
    authScopes: ADMIN_ONLY,
  }),
  kind: t.string({
    description: 'How it was sent: email, friend or direct. Administrators only.',
    authScopes: ADMIN_ONLY,
    select: { invitationType: true },
    resolve: (i) => i.invitationType.toLowerCase(),
  }),
  statusLabel: t.string({
    description: "The console's status: pending (open), accepted, rejected, expired (past its date) or cancelled. Administrators only.",
    authScopes: ADMIN_ONLY,
    select: { status: true, expiresAt: true },
    resolve: (i) => invitationStatusLabel(i),
  }),
  invitedAddress: t.exposeString('invitedEmail', { description: 'The invited address, whoever it belongs to. Administrators only.', authScopes: ADMIN_ONLY }),
  isPlatformUser: t.boolean({
    description: "Whether the address belongs to an account (the 'Platform User' mark). Administrators only.",
    authScopes: ADMIN_ONLY,
    select: { invitedUserId: true },
    resolve: (i) => i.invitedUserId !== null,
  }),
}));

/** A membership as the legacy invites table lists it. */
builder.prismaObject('TripMember', {
  name: 'AdminTripMember',
  description: "A trip membership as the console's legacy invites list shows it. Administrators only.",
  authScopes: ADMIN_ONLY,
  fields: (t) => ({
    id: t.exposeID('id', { description: "The membership's database id." }),
    email: t.string({
      description: "The member's address.",
      select: { user: { select: { email: true } } },
      resolve: (m) => m.user.email,
    }),
    tripRecordId: t.exposeString('tripId', { description: "The trip's database id." }),
    status: t.string({ description: 'invited (a legacy invite), accepted or owner.', resolve: (m) => m.status.toLowerCase() }),
    role: t.string({ description: 'owner or member.', resolve: (m) => m.role.toLowerCase() }),
    invitedAt: t.expose('invitedAt', { type: 'DateTime', description: 'When they were invited (or added).' }),
  }),
});

const NotificationStatsRef = builder.objectRef<NotificationStats>('AdminNotificationStats').implement({
  description: 'Figures over every notification, whatever the filters.',
  fields: (t) => ({
    totalNotifications: t.exposeInt('totalNotifications', { description: 'Notifications of every user.' }),
    unreadCount: t.exposeInt('unreadCount', { description: 'Of them, not read yet.' }),
    typeBreakdownJson: t.string({
      description: 'Count per kind as a JSON object ({"announcement": 3, ...}); kinds without any are left out.',
      resolve: (s) => JSON.stringify(s.typeBreakdown),
    }),
  }),
});

const InvitationAnalyticsRef = builder.objectRef<InvitationAnalytics & LegacyAnalytics>('AdminInvitationAnalytics').implement({
  description: 'Figures over every trip invitation and membership, whatever the filters.',
  fields: (t) => ({
    totalInvitations: t.exposeInt('totalInvitations', { description: 'Trip invitations sent (every status).' }),
    platformUserInvites: t.exposeInt('platformUserInvites', { description: 'Of them, addressed to someone with an account.' }),
    platformUserRate: t.exposeInt('platformUserRate', { description: 'platformUserInvites as a whole percentage of totalInvitations (0 when none).' }),
    pendingInvitations: t.exposeInt('pendingInvitations', { description: 'Invitations still open (pending and not past their date).' }),
    totalMembers: t.exposeInt('totalMembers', { description: 'Trip memberships (owners, members and invited).' }),
    pendingMembers: t.exposeInt('pendingMembers', { description: 'Memberships invited and not joined: the legacy invites.' }),
  }),
});

builder.objectFields(AdminRef, (t) => ({
  notifications: t.prismaConnection(
    {
      type: 'Notification',
      cursor: 'id',
      description: "Every user's notifications, newest first, searched and filtered on the server.",
      args: {
        search: t.arg.string({ required: false, description: 'Part of the title or message (any case).' }),
        type: t.arg.string({
          required: false,
          description: 'One kind: trip_invite, friend_request, trip_update, expense_split, announcement, update, maintenance or feature.',
        }),
      },
      totalCount: (_p, args, ctx) => ctx.deps.db.prisma.notification.count({ where: adminNotificationsWhere(ctx, args) }),
      resolve: (query, _p, args, ctx) =>
        ctx.deps.db.prisma.notification.findMany({ ...query, where: adminNotificationsWhere(ctx, args), orderBy: NOTIFICATIONS_ORDER }),
    },
    {
      description: 'A page of notifications.',
      fields: (c) => ({
        // Pothos adds the count; declared here too so that clients read what it means.
        totalCount: c.int({
          description: 'How many notifications match the filters in all (every page together).',
          extensions: { pothosPrismaTotalCount: true },
          resolve: (parent) => (parent as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'One notification with its cursor.' },
  ),
  notificationStats: t.field({
    type: NotificationStatsRef,
    description: "The notifications card's figures.",
    resolve: (_p, _a, ctx) => adminNotificationStats(ctx),
  }),
  tripInvitations: t.prismaConnection(
    {
      type: 'TripInvitation',
      cursor: 'id',
      description: "Every trip invitation ('Smart Invitations'), newest first, searched and filtered on the server.",
      args: {
        search: t.arg.string({ required: false, description: 'Part of the invited address (any case).' }),
        status: t.arg.string({ required: false, description: 'pending, accepted, rejected or expired.' }),
      },
      totalCount: (_p, args, ctx) => ctx.deps.db.prisma.tripInvitation.count({ where: adminInvitationsWhere(ctx, args) }),
      resolve: (query, _p, args, ctx) =>
        ctx.deps.db.prisma.tripInvitation.findMany({ ...query, where: adminInvitationsWhere(ctx, args), orderBy: INVITATIONS_ORDER }),
    },
    {
      description: 'A page of trip invitations.',
      fields: (c) => ({
        // Pothos adds the count; declared here too so that clients read what it means.
        totalCount: c.int({
          description: 'How many trip invitations match the filters in all (every page together).',
          extensions: { pothosPrismaTotalCount: true },
          resolve: (parent) => (parent as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'One trip invitation with its cursor.' },
  ),
  legacyInvites: t.prismaConnection(
    {
      type: 'TripMember',
      cursor: 'id',
      description: "Trip memberships, newest invitation first ('Legacy Invites': status invited).",
      args: {
        search: t.arg.string({ required: false, description: "Part of the member's address (any case)." }),
        status: t.arg.string({ required: false, description: 'invited, accepted or owner; absent for every membership.' }),
      },
      totalCount: (_p, args, ctx) => ctx.deps.db.prisma.tripMember.count({ where: adminMembersWhere(ctx, args) }),
      resolve: (query, _p, args, ctx) => ctx.deps.db.prisma.tripMember.findMany({ ...query, where: adminMembersWhere(ctx, args), orderBy: MEMBERS_ORDER }),
    },
    {
      description: 'A page of memberships.',
      fields: (c) => ({
        // Pothos adds the count; declared here too so that clients read what it means.
        totalCount: c.int({
          description: 'How many memberships match the filters in all (every page together).',
          extensions: { pothosPrismaTotalCount: true },
          resolve: (parent) => (parent as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'One membership with its cursor.' },
  ),
  invitationAnalytics: t.field({
    type: InvitationAnalyticsRef,
    description: "The invitation cards' figures.",
    resolve: (_p, _a, ctx) => adminInvitationAnalytics(ctx),
  }),
}));

const mutation = (name: string, union: string) => ({
  authScopes: ADMIN_ONLY,
  errors: { types: MUTATION_ERRORS, directResult: true as const, union: { name, description: union } },
});

const BroadcastTypeEnum = builder.enumType('BroadcastType', {
  description: 'What a broadcast is.',
  values: {
    ANNOUNCEMENT: { value: 'announcement', description: 'News for everyone (the default).' },
    UPDATE: { value: 'update', description: 'Something in the product changed.' },
    MAINTENANCE: { value: 'maintenance', description: 'Planned downtime or service work.' },
    FEATURE: { value: 'feature', description: 'Something new to try.' },
  } as const satisfies Record<string, { value: (typeof BROADCAST_TYPES)[number]; description: string }>,
});

const AdminBroadcastInput = builder.inputType('AdminBroadcastNotificationInput', {
  description: "The broadcast form. Title and message are required ('Title and message are required!').",
  fields: (t) => ({
    title: t.string({ required: true, description: 'Required after trimming.' }),
    message: t.string({ required: true, description: 'Required after trimming.' }),
    type: t.field({ type: BroadcastTypeEnum, description: 'ANNOUNCEMENT when absent.' }),
    actionUrl: t.string({ description: 'Where a click leads: an app path (/dashboard/...) or an http(s) address; absent for none.' }),
  }),
});

const AdminBroadcastPayload = builder.objectRef<{ count: number }>('AdminBroadcastNotificationPayload').implement({
  description: 'How many users the broadcast reached.',
  fields: (t) => ({ count: t.exposeInt('count', { description: 'Users who received it (every account).' }) }),
});

builder.mutationField('adminBroadcastNotification', (t) =>
  t.field({
    type: AdminBroadcastPayload,
    ...mutation('AdminBroadcastNotificationResult', 'How many users it reached, or why it was not sent.'),
    description: 'Sends a notification to every user, live for those online. Administrators only; recorded in the audit log.',
    args: { input: t.arg({ type: AdminBroadcastInput, required: true, description: 'The broadcast.' }) },
    resolve: (_r, { input }, ctx) => broadcastNotification(ctx, input),
  }),
);

const NotificationIdInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({ id: t.globalID({ required: true, for: NotificationRef, description: 'The notification, by its global id.' }) }),
  });

const AdminMarkReadPayload = builder.objectRef<{ id: string }>('AdminMarkNotificationReadPayload').implement({
  description: 'The notification, now read.',
  fields: (t) => ({
    notification: t.prismaField({
      type: 'Notification',
      description: 'The notification, now read.',
      resolve: (query, p, _a, ctx) => ctx.deps.db.prisma.notification.findUniqueOrThrow({ ...query, where: { id: p.id } }),
    }),
  }),
});

builder.mutationField('adminMarkNotificationRead', (t) =>
  t.field({
    type: AdminMarkReadPayload,
    ...mutation('AdminMarkNotificationReadResult', 'The notification, or why it was not marked.'),
    description: "Marks any user's notification read. Administrators only; recorded in the audit log.",
    args: {
      input: t.arg({
        type: NotificationIdInput('AdminMarkNotificationReadInput', 'The notification to mark read.'),
        required: true,
        description: 'The notification.',
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: (await adminMarkNotificationRead(ctx, input.id.id)).id }),
  }),
);

const AdminDeleteNotificationPayload = builder.objectRef<{ deletedNotificationId: string }>('AdminDeleteNotificationPayload').implement({
  description: "The deleted notification's id.",
  fields: (t) => ({
    deletedNotificationId: t.id({
      description: 'Global id of the deleted notification, for @deleteEdge.',
      resolve: (p) => encodeGlobalID('Notification', p.deletedNotificationId),
    }),
  }),
});

builder.mutationField('adminDeleteNotification', (t) =>
  t.field({
    type: AdminDeleteNotificationPayload,
    ...mutation('AdminDeleteNotificationResult', 'The deleted id, or why it was not deleted.'),
    description: "Deletes any user's notification. Administrators only; recorded in the audit log.",
    args: {
      input: t.arg({
        type: NotificationIdInput('AdminDeleteNotificationInput', 'The notification to delete.'),
        required: true,
        description: 'The notification.',
      }),
    },
    resolve: (_r, { input }, ctx) => adminDeleteNotification(ctx, input.id.id),
  }),
);
