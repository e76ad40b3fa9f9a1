/** The photos' live events (see LiveTopics in platform/pubsub.ts). */

/**
 * A photo of a trip was added or deleted, or commented on, by `actorId`. Subscribers read the
 * photo (and comment) afresh by id, as the receiving member may see them.
 */
export interface PhotoEvent {
  kind: 'ADDED' | 'DELETED' | 'COMMENTED';
  tripId: string;
  photoId: string;
  commentId?: string;
  actorId: string | null;
}

declare module '../platform/pubsub.js' {
  interface LiveTopics {
    /** Photos and comments of one trip, routed by trip id. */
    photos: [tripId: string, payload: PhotoEvent];
  }
}
