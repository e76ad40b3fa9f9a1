/**
 * The reservation messages users read, shared by the API and the web app. Those of the
 * specification are word for word; `{date}`, `{start}` and `{end}` are YYYY-MM-DD.
 */
export const ReservationMessages = {
  updateFailed: 'Failed to update reservation details.',
  unexpected: 'An unexpected error occurred.',
  updated: 'Reservation details updated successfully!',
  addFailed: 'Failed to add reservation to trip. Please try again.',
  added: 'Reservation successfully added to trip!',
  unexpectedRetry: 'An unexpected error occurred. Please try again.',
  outsideTrip: 'This reservation ({date}) is outside your trip dates ({start} to {end}). Please select a different trip or update the reservation date.',
  tripNotFound: 'Selected trip not found.',
  // Ours, where the specification has none.
  notFound: 'Reservation not found.',
  titleRequired: 'Title is required.',
  invalidType: 'Please choose one of the listed reservation types.',
  invalidDate: 'Please enter dates as YYYY-MM-DD.',
  invalidTime: 'Please enter times as HH:MM (24-hour).',
  endBeforeStart: 'The end must not be before the start.',
  tooManyPassengers: 'At most {max} passengers.',
  needsReview: 'Please check this reservation: some details were read with low confidence.',
  reviewConfirmed: 'Reservation confirmed as read.',
  notText: 'Please enter text.',
  tooLong: '{label} must be at most {max} characters.',
  deleted: 'Reservation deleted.',
  cleared: 'All reservations cleared.',
  noTrips: 'You have no trips yet: create one to add this reservation to.',
  alreadyOnTrip: 'This reservation is already on the itinerary of {trip}. Delete that item first to add it again.',
  copied: 'Copied!',
  // Refusals of forwarded mail (told to the sending server, and logged).
  unknownAddress: 'No Tripcrew account has this forwarding address.',
  strangerSender: 'Mail to this forwarding address is accepted only from the account holder’s own address.',
  malformed: 'The message could not be read as an e-mail.',
  tooBig: 'The message is too large (the limit is {max} MB).',
  noReservation: 'No reservation was found in this message.',
  tooMany: 'Too many forwarded messages. Please try again later.',
  authUnavailable: 'The sender could not be verified just now. Please try again later.',
  /** The SMTP server's one reply for an unknown address and for a sender it does not accept alike. */
  notAccepted: 'Mailbox unavailable: this address does not accept this message.',
  busy: 'The server is busy. Please try again later.',
  tooManyRecipients: 'Send one message per forwarding address.',
  addressReset: 'Your forwarding address was reset: the old one no longer works.',
  resetAddressConfirm: 'Mail sent to your current address will be refused from now on. Update any forwarding rules to the new address.',
} as const;

/** Longest texts a reservation keeps; longer input is refused with a message, never cut. */
export const RESERVATION_LIMITS = {
  title: 200,
  location: 300,
  confirmationNumber: 60,
  fromLocation: 200,
  toLocation: 200,
  airline: 100,
  notes: 2000,
  passenger: 100,
  seat: 60,
  provider: 100,
  /** How many names a reservation keeps. */
  passengerCount: 20,
} as const;

export const RESERVATION_FIELD_LABELS: Record<keyof typeof RESERVATION_LIMITS, string> = {
  title: 'Title',
  location: 'Location',
  confirmationNumber: 'Confirmation number',
  fromLocation: 'From',
  toLocation: 'To',
  airline: 'Airline',
  notes: 'Notes',
  passenger: 'Each passenger name',
  seat: 'Seat',
  provider: 'Provider',
  passengerCount: 'Passengers',
};

/** The largest forwarded message accepted, through either door. */
export const INBOUND_MAX_BYTES = 10 * 1024 * 1024;
/** Reservations read from one message at most (an itinerary of many legs is still one trip). */
export const RESERVATIONS_PER_MESSAGE_MAX = 20;
/** A page of the reservations list. */
export const RESERVATION_PAGE_MAX = 50;

/** The supported senders the forwarding panel lists (the text layer knows each one's labels). */
export const SUPPORTED_SOURCES = [
  'Air Canada',
  'United',
  'Etihad',
  'Booking.com',
  'Expedia',
  'Airbnb',
  'Marriott',
  'Viator',
  'GetYourGuide',
  'Cineplex',
] as const;

/** The note an itinerary item made from a reservation carries. */
export const ADDED_FROM_EMAIL_NOTE = 'Added from forwarded email';
