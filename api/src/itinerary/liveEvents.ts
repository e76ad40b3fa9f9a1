/** The itinerary's live events (see LiveTopics in platform/pubsub.ts). */

/**
 * One itinerary item of a trip was added, changed (edited, booked) or deleted, by `actorId`
 * (null once that account is gone). Subscribers read the item afresh by its id.
 */
export interface ItineraryEvent {
  kind: 'ADDED' | 'UPDATED' | 'DELETED';
  tripId: string;
  itemId: string;
  actorId: string | null;
}

declare module '../platform/pubsub.js' {
  interface LiveTopics {
    /** Changes to one trip's itinerary, routed by trip id. */
    itinerary: [tripId: string, payload: ItineraryEvent];
  }
}
