import { todayIso } from '../../platform/domain';

/**
 * "Today" for trip timing on this client: the browser's calendar day. The server computes the
 * tabs and counts with the same day (the client sends its time zone with every call), so a trip
 * is never in 'Upcoming' while its bar says '3 days left'.
 */
export const todayForTrips = () => todayIso();
