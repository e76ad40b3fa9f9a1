/**
 * The member statuses in hand-written SQL (the SQL kit), from the one list in memberStatus.ts:
 * bound as values, never spelled in a statement. The database stores each status as its enum's
 * `@map` spelling, the lower-case name (api/prisma/schema/trips.prisma).
 */
import { join, name, sql, type Sql } from '../platform/sql.js';
import { ON_TRIP_STATUSES, type TripMemberStatus } from './memberStatus.js';

/** A status as the `trip_member_status` column stores it. */
export const storedStatus = (status: TripMemberStatus): string => status.toLowerCase();

const ON_TRIP_STORED = ON_TRIP_STATUSES.map(storedStatus);

/** One status as a bound value, cast to the column's enum (whatever type the driver gives it). */
const bound = (stored: string): Sql => sql`${stored}::text::trip_member_status`;

/** `column` holds the status of someone on the trip (owner or accepted), each bound. */
export const onTripStatus = (column: string): Sql => sql`${name(column)} IN (${join(ON_TRIP_STORED.map(bound))})`;

/** `column` holds exactly `status`, bound. */
export const hasStatus = (column: string, status: TripMemberStatus): Sql => sql`${name(column)} = ${bound(storedStatus(status))}`;
