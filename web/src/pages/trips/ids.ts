/**
 * Trip addresses: /dashboard/trips/{id} uses the trip's own id (as the API's notifications,
 * REST routes and friends list do); Relay works with global ids ("Trip:<id>" in base64).
 */
import { nodeId, ownId } from '../../platform/globalId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The trip's own id from its global id (or the id itself when it is not a trip's global id). */
export const tripIdOf = (globalId: string) => ownId(globalId, 'Trip');

/** The global id Relay's `node(id:)` expects, from an address that may hold either form. */
export const tripNodeId = (param: string) => (UUID.test(param) ? nodeId('Trip', param) : param);

export const tripPath = (globalId: string) => `/dashboard/trips/${tripIdOf(globalId)}`;
