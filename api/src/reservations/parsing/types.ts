/** What the pipeline reads out of a confirmation: the fields a reservation keeps. */
export const RESERVATION_KINDS = ['FLIGHT', 'HOTEL', 'ENTERTAINMENT', 'ACTIVITY', 'RESTAURANT', 'OTHER', 'TRAIN', 'BUS', 'FERRY', 'CAR_RENTAL'] as const;
export type ReservationKind = (typeof RESERVATION_KINDS)[number];

export interface ExtractedReservation {
  type: ReservationKind;
  title: string;
  /** YYYY-MM-DD, the day as the confirmation states it (local to the place). */
  date: string | null;
  /** HH:MM (24-hour), local to the place. */
  time: string | null;
  /** When it ends (check-out, arrival, the event's end), as the date and time above. */
  endDate: string | null;
  endTime: string | null;
  location: string | null;
  confirmationNumber: string | null;
  fromLocation: string | null;
  toLocation: string | null;
  airline: string | null;
  /** Who travels or stays, as named (empty when none was read). */
  passengers: string[];
  seat: string | null;
  /** Who sells or runs it: the railway, the hotel chain, the rental company, the booking site. */
  provider: string | null;
  /**
   * The zone the times above are written in when it is not the place's own (a calendar's UTC time
   * whose place the reader could not tell): Add to Trip moves them to the place's clock.
   */
  timeZone?: string | null;
  /** Fields the reader is unsure of (read by a generic rule, or missing): the user confirms them. */
  reviewFields: ReviewField[];
}

/** The fields a reservation can ask the user to confirm. */
export const REVIEW_FIELDS = ['type', 'title', 'date', 'time', 'endDate', 'location', 'route'] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];

/** The fields scored by the accuracy report, in the order it prints them. */
export const EXTRACTED_FIELDS = ['type', 'title', 'date', 'time', 'location', 'confirmationNumber', 'fromLocation', 'toLocation', 'airline'] as const;

/**
 * Which layer understood a message: markup first, then calendar, boarding-pass barcodes, then
 * text (and PDF text); the language model (when configured) for what the rules could not.
 */
export type ExtractionLayer = 'markup' | 'ics' | 'barcode' | 'text' | 'fallback' | 'model';

export function emptyReservation(type: ReservationKind, title: string): ExtractedReservation {
  return {
    type,
    title,
    date: null,
    time: null,
    endDate: null,
    endTime: null,
    location: null,
    confirmationNumber: null,
    fromLocation: null,
    toLocation: null,
    airline: null,
    passengers: [],
    seat: null,
    provider: null,
    reviewFields: [],
  };
}
