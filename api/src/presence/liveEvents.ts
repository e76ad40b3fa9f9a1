/** Presence's live signal (see LiveTopics in platform/pubsub.ts). */

/** Someone arrived on or left a trip's page (presence/live.ts): its subscribers read the list again. */
export interface PresenceSignal {
  tripId: string;
}

declare module '../platform/pubsub.js' {
  interface LiveTopics {
    /** Arrivals on and departures from one trip's page, routed by trip id. */
    presence: [tripId: string, payload: PresenceSignal];
  }
}
