/** The trips domain's live events (see LiveTopics in platform/pubsub.ts). */

/** Something happened to one trip; subscribers re-read what they show of it. */
export interface TripEvent {
  kind: 'UPDATED' | 'MEMBERS_CHANGED' | 'DELETED';
  tripId: string;
  /** DELETED only: who was a member then (their rows are gone with the trip). */
  memberIds?: string[];
}

declare module '../platform/pubsub.js' {
  interface LiveTopics {
    /** Events for one trip, routed by trip id. */
    trip: [tripId: string, payload: TripEvent];
  }
  interface ViewerEvents {
    /** The user's list of trips changed (joined, left, created, deleted, edited). */
    trips: { tripId?: string };
  }
}
