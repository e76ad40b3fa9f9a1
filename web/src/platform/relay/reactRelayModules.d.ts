// react-relay's own modules (reactRelay.ts), which its package gives no types: their types are
// those of the hooks they implement, applied where reactRelay.ts exports them.
declare module 'react-relay/lib/relay-hooks/*' {
  const hook: unknown;
  export default hook;
  export const loadQuery: unknown;
}
