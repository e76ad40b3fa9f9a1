/** The checklists' live events (see LiveTopics in platform/pubsub.ts). */

/**
 * A checklist of a trip changed (itself, or one of its items), by `actorId` (null once that
 * account is gone). Subscribers read the checklist afresh by its id; `itemId` names a deleted item.
 */
export interface ChecklistEvent {
  kind: 'SAVED' | 'DELETED' | 'ITEM_DELETED';
  tripId: string;
  checklistId: string;
  itemId?: string;
  actorId: string | null;
}

declare module '../platform/pubsub.js' {
  interface LiveTopics {
    /** Changes to one trip's checklists, routed by trip id. */
    checklist: [tripId: string, payload: ChecklistEvent];
  }
}
