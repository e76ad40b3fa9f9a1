/**
 * The shared time zone rules (api/src/itinerary/timeZones.ts, luxon) on their own: the trip
 * timeline shows times in their zones without loading zod and the other form rules of ./rules.ts.
 */
export { canonicalZone, formatDuration, instantOf, journeyMinutes, localOf, zoneAbbreviation, TimeZoneMessages } from '../../../api/src/itinerary/timeZones';
