/** The notifications' kind of viewer event (see ViewerEvents in platform/pubsub.ts). */
export {};

declare module '../platform/pubsub.js' {
  interface ViewerEvents {
    /** The user's notifications changed: how many are unread, and which one arrived. */
    notifications: { unreadCount: number; notificationId?: string; broadcastId?: string };
  }
}
