/** The invitations' kind of viewer event (see ViewerEvents in platform/pubsub.ts). */
export {};

declare module '../platform/pubsub.js' {
  interface ViewerEvents {
    /** The user's pending trip invitations changed. */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the kind says it all
    invitations: {};
  }
}
