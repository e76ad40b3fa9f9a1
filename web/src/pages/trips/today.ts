import { dayIn } from '../../platform/timeZone';

/**
 * "Today" for trip timing: the reader's calendar day, in their zone (platform/timeZone.ts). The
 * server computes the tabs and counts with the same day (the client sends its time zone with
 * every call), so a trip is never in 'Upcoming' while its bar says '3 days left'; and a page the
 * server renders for its reader counts from the reader's day, not the server's (in Tokyo after
 * 15:00 UTC a trip "started in 21 days" on the server and 20 in the browser: #418).
 */
export const todayForTrips = () => dayIn(null);
