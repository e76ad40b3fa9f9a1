/** The friends' kind of viewer event (see ViewerEvents in platform/pubsub.ts). */
export {};

declare module '../platform/pubsub.js' {
  interface ViewerEvents {
    /** The user's friends or friend requests changed. */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the kind says it all
    friends: {};
  }
}
