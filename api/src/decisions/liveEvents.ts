/** The live events of "Decide together" (see LiveTopics in platform/pubsub.ts). */

/**
 * An idea or a poll of a trip changed (added, voted, commented, closed) or was deleted, by
 * `actorId` (null once that account is gone). Subscribers read it afresh by its id.
 */
export interface DecisionEvent {
  kind: 'IDEA_SAVED' | 'IDEA_DELETED' | 'POLL_SAVED';
  tripId: string;
  ideaId?: string;
  pollId?: string;
  actorId: string | null;
}

declare module '../platform/pubsub.js' {
  interface LiveTopics {
    /** Changes to one trip's ideas and polls, routed by trip id. */
    decisions: [tripId: string, payload: DecisionEvent];
  }
}
