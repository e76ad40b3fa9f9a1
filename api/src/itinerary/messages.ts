/**
 * The itinerary and budget messages users read, shared by the API and the web app. Those of the
 * specification (seed 001, sections 5 and 8) are word for word; `{date}` is the trip's date as
 * YYYY-MM-DD, the form the date fields themselves take.
 */
export const ItineraryMessages = {
  notSignedIn: 'You must be signed in.',
  titleRequired: 'Title is required.',
  activityBeforeTrip: 'Activity date cannot be before trip start date ({date})',
  activityAfterTrip: 'Activity date cannot be after trip end date ({date})',
  checkInBeforeTrip: 'Check-in date cannot be before trip start date ({date})',
  checkInAfterTrip: 'Check-in date cannot be after trip end date ({date})',
  checkOutBeforeTrip: 'Check-out date cannot be before trip start date ({date})',
  checkOutAfterTrip: 'Check-out date cannot be after trip end date ({date})',
  checkOutBeforeCheckIn: 'Check-out date cannot be before check-in date',
  returnBeforeDeparture: 'Return date cannot be before departure date',
  returnTimesWithoutDate: "Give the return date for the return flight's times.",
  returnBeforeOutboundLands: 'The return flight leaves before the outbound flight lands: check the return date, times and zones.',
  // The web app's notices (seed 001 section 8).
  signInToAdd: 'Please sign in to add items.',
  addFailed: 'Failed to add item. Please try again.',
  deleteFailed: 'Failed to delete item. Please try again.',
  markBookedFailed: 'Could not mark as booked.',
  // Ours, where the specification has none.
  notFound: 'Itinerary item not found.',
  changedMeanwhile: 'Someone else changed this item meanwhile. Keep your version or theirs?',
  deletedMeanwhile: 'Someone else deleted this item meanwhile.',
  invalidRevision: 'The expected revision must be a whole number from 1.',
  invalidType: 'Please choose one of the listed item types.',
  invalidStatus: 'Status must be pending or booked.',
  invalidDate: 'Please enter dates as YYYY-MM-DD.',
  invalidTime: 'Please enter times as HH:MM (24-hour).',
  notText: 'Please enter text.',
  invalidLatitude: 'Latitude must be a number from -90 to 90.',
  invalidLongitude: 'Longitude must be a number from -180 to 180.',
  latitudeWithoutLongitude: 'A latitude needs a longitude.',
  longitudeWithoutLatitude: 'A longitude needs a latitude.',
  invalidAffiliateUrl: 'The link must be a web address starting with http:// or https://.',
  /** `{label}` and `{max}` filled in by `tooLong`. */
  tooLong: '{label} must be at most {max} characters.',
} as const;

/** Longest texts an item keeps; longer input is refused with a message, never cut short. */
export const ITINERARY_LIMITS = {
  title: 200,
  location: 300,
  notes: 4000,
  flightNumber: 20,
  hotelName: 200,
  reservationNumber: 100,
  fromLocation: 200,
  toLocation: 200,
  affiliatePartner: 100,
  affiliateUrl: 2048,
} as const;

/** What the length messages call each limited field. */
export const ITINERARY_LABELS: Record<keyof typeof ITINERARY_LIMITS, string> = {
  title: 'Title',
  location: 'Location',
  notes: 'Notes',
  flightNumber: 'Flight number',
  hotelName: 'Hotel name',
  reservationNumber: 'Reservation number',
  fromLocation: 'From',
  toLocation: 'To',
  affiliatePartner: 'Partner',
  affiliateUrl: 'Link',
};

/** `tooLong` for one field: "Title must be at most 200 characters." */
export const tooLongMessage = (field: keyof typeof ITINERARY_LIMITS) =>
  ItineraryMessages.tooLong.replace('{label}', ITINERARY_LABELS[field]).replace('{max}', ITINERARY_LIMITS[field].toLocaleString('en-US'));

/** A trip-bounds message with the trip's date in it. */
export const withDate = (message: string, date: string) => message.replace('{date}', date);

/** Most items a trip's plan holds per page (and the page size when none is asked). */
export const ITINERARY_PAGE_MAX = 500;

/**
 * The title of a round trip's return leg. A title that names the outbound route ("TP 1351:
 * London → Lisbon", as flights and forwarded bookings are named) or only the outbound flight
 * ("TP 1351") would be wrong on the way back: the return is named by its own route, turned
 * around (the return's flight number is not recorded). Any other title stays as written.
 */
export function returnLegTitle(title: string, from: string | null | undefined, to: string | null | undefined, flightNumber?: string | null): string {
  if (!from || !to) return title;
  const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase();
  const namesOutbound = title.includes(`${from} → ${to}`) || (!!flightNumber && compact(title) === compact(flightNumber));
  return namesOutbound ? `${to} → ${from}` : title;
}
