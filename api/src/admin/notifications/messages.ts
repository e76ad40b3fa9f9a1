/**
 * The notifications tab's and the broadcast's words (shared with the web app), and ours where the
 * specification is silent.
 */
export const AdminNotificationMessages = {
  title: 'Notification & Invitation System',
  broadcastSent: 'Broadcast notification sent successfully!',
  /** `{count}`: how many users were reached. */
  sentTo: 'Notification sent to {count} users!',
  titleAndMessageRequired: 'Title and message are required!',
  invalidActionUrl: 'The action URL must be a web address (https://...) or a path of the app (/dashboard/...).',
  invalidType: 'The type must be announcement, update, maintenance or feature.',
  markedRead: 'Notification marked as read!',
  deleted: 'Notification deleted successfully!',
  deleteConfirm: 'Are you sure you want to delete this notification? This action cannot be undone.',
  notFound: 'Notification not found.',
  /** 'Failed to <action>: {server message}' labels. */
  markReadAction: 'mark as read',
  deleteAction: 'delete notification',
  broadcastAction: 'send broadcast',
  fetchInvitationsFailed: 'Failed to fetch trip invitations',
  fetchMembersFailed: 'Failed to fetch trip members',
  noFilteredInvitations: 'No invitations match your filters',
  noInvitations: 'No trip invitations found',
  noNotifications: 'No Notifications Yet',
  noLegacy: 'No legacy invitations found',
  platformUser: 'Platform User',
  loadError: 'notification',
} as const;

export const BROADCAST_TYPES = ['announcement', 'update', 'maintenance', 'feature'] as const;
export type BroadcastType = (typeof BROADCAST_TYPES)[number];
export const DEFAULT_BROADCAST_TYPE: BroadcastType = 'announcement';

/** The type filter: the seed's four kinds, then the broadcast kinds (one list of kinds). */
export const NOTIFICATION_TYPE_FILTERS = ['trip_invite', 'friend_request', 'trip_update', 'expense_split', ...BROADCAST_TYPES] as const;

/** The invitations' status filter. */
export const INVITATION_STATUS_FILTERS = ['pending', 'accepted', 'rejected', 'expired'] as const;
export type InvitationStatusFilter = (typeof INVITATION_STATUS_FILTERS)[number];

export const BROADCAST_LIMITS = { title: 200, message: 2000, actionUrl: 2000 } as const;

/** Users written per INSERT ... SELECT of a broadcast: bounded statements, whatever the user count. */
export const BROADCAST_BATCH = 20_000;
