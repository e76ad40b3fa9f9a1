/** The reservations' kind of viewer event (see ViewerEvents in platform/pubsub.ts). */
export {};

declare module '../platform/pubsub.js' {
  interface ViewerEvents {
    /** The user's reservations changed (a forwarded e-mail arrived, one was edited, added to a trip or deleted). */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the kind says it all
    reservations: {};
  }
}
