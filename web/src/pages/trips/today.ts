import { todayIso } from '../../platform/domain';

/**
 * "Today" for trip timing on this client. The server puts trips in tabs by the UTC calendar
 * date, so the labels and the calendar use the same day: a trip is never in 'Upcoming' while
 * its bar says '3 days left'.
 */
export const todayForTrips = () => todayIso(new Date(), 'UTC');
