/** The expenses' live events (see LiveTopics in platform/pubsub.ts). */

/** A trip's expenses, settlements or balances changed, by `actorId`: subscribers read the ledger again. */
export interface ExpenseEvent {
  tripId: string;
  actorId: string | null;
}

declare module '../platform/pubsub.js' {
  interface LiveTopics {
    /** Changes to one trip's expenses and settlements, routed by trip id. */
    expenses: [tripId: string, payload: ExpenseEvent];
  }
}
