/**
 * Trip addresses: /dashboard/trips/{id} uses the trip's own id (as the API's notifications,
 * REST routes and friends list do); Relay works with global ids ("Trip:<id>" in base64).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The trip's own id from its global id (or the id itself when it is not a global id). */
export function tripIdOf(globalId: string): string {
  try {
    const decoded = atob(globalId);
    if (decoded.startsWith('Trip:')) return decoded.slice('Trip:'.length);
  } catch {
    // not base64: already a plain id
  }
  return globalId;
}

/** The global id Relay's `node(id:)` expects, from an address that may hold either form. */
export function tripNodeId(param: string): string {
  return UUID.test(param) ? btoa(`Trip:${param}`) : param;
}

export const tripPath = (globalId: string) => `/dashboard/trips/${tripIdOf(globalId)}`;
