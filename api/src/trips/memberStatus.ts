/**
 * Who is on a trip, stated once (browser-safe): its owner and the members who accepted; an
 * INVITED row is not on it yet. The statuses are Prisma's enum (api/prisma/schema), so a new one
 * is a compile error wherever it matters. Raw SQL binds the same list through the SQL kit
 * (memberStatusSql.ts: `onTripStatus('m.status')`), never spelling it.
 */
import { TripMemberStatus } from '../generated/prisma/enums.js';

export { TripMemberStatus };

/** The statuses of someone on the trip, for Prisma filters: `status: { in: ON_TRIP_STATUSES }`. */
export const ON_TRIP_STATUSES: TripMemberStatus[] = [TripMemberStatus.OWNER, TripMemberStatus.ACCEPTED];

/** True for a status of someone on the trip (not merely invited). */
export const isOnTrip = (status: string): boolean => (ON_TRIP_STATUSES as string[]).includes(status.toUpperCase());
