/** The accounts' live events (see LiveTopics in platform/pubsub.ts). */

/**
 * A user's sessions ended: those of a session version below `version` (a password changed or
 * reset), or all of them when `version` is null (the account was deleted).
 */
export interface SessionsEndedEvent {
  version: number | null;
}

declare module '../platform/pubsub.js' {
  interface LiveTopics {
    /** Ended sessions of one user, routed by user id: their open sockets close (server/app.ts). */
    sessions: [userId: string, payload: SessionsEndedEvent];
  }
}
