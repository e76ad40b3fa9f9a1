import { z } from 'zod';
import { ValidationError, type FieldError } from '../platform/errors.js';
import { isoDate } from '../platform/dates.js';
import { calendarDate, isCalendarDate } from '../platform/calendarDate.js';
import { canonicalZone, TimeZoneMessages } from './timeZones.js';
import { ITINERARY_LIMITS, ItineraryMessages as M, tooLongMessage, withDate } from './messages.js';

export const ITEM_TYPES = ['ACTIVITY', 'FLIGHT', 'ACCOMMODATION', 'RESTAURANT', 'TRANSPORT', 'EVENT', 'OTHER'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const ITEM_STATUSES = ['PENDING', 'BOOKED'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/**
 * The type-specific fields each type keeps; for any other type they are stored as null, so a
 * form that switched type leaves nothing stale behind. Two are derived rather than typed:
 * an accommodation's `activityDate` is its check-in date, and a flight's `startTime`/`endTime`
 * are its departure and arrival times, so every item sorts on the plan by the day and time it
 * begins.
 */
const TYPE_FIELDS = {
  FLIGHT: [
    'flightNumber',
    'departureTime',
    'arrivalTime',
    'returnDate',
    'fromLocation',
    'toLocation',
    'departureTimeZone',
    'arrivalTimeZone',
    'arrivalDate',
    'returnDepartureTime',
    'returnArrivalTime',
    'returnTimeZone',
    'returnArrivalTimeZone',
    'returnArrivalDate',
  ],
  ACCOMMODATION: ['checkInDate', 'checkOutDate', 'hotelName'],
  TRANSPORT: ['fromLocation', 'toLocation', 'arrivalTimeZone', 'arrivalDate'],
} as const satisfies Partial<Record<ItemType, readonly string[]>>;
const TYPE_SPECIFIC = new Set<string>(Object.values(TYPE_FIELDS).flat());
/** Typed fields that a type derives instead (see TYPE_FIELDS). */
const DERIVED: Partial<Record<ItemType, readonly string[]>> = { ACCOMMODATION: ['activityDate'] };

/** A flight without a title is called by its number and route, e.g. "AC 123: Toronto → Paris". */
export function flightTitle(flightNumber: string | null, from: string | null, to: string | null): string {
  const route = from && to ? `${from} → ${to}` : from ? `From ${from}` : to ? `To ${to}` : null;
  return [flightNumber, route].filter(Boolean).join(': ') || 'Flight';
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Text in, trimmed; blank (or absent) is null. */
const blank = (v: unknown) => {
  const t = typeof v === 'string' ? v.trim() : v;
  return t === '' || t === undefined ? null : t;
};
const text = (field: keyof typeof ITINERARY_LIMITS) =>
  z.preprocess(blank, z.string({ error: M.notText }).max(ITINERARY_LIMITS[field], tooLongMessage(field)).nullable());
const day = z.preprocess(blank, z.string({ error: M.invalidDate }).refine(isCalendarDate, M.invalidDate).nullable());
const time = z.preprocess(blank, z.string({ error: M.invalidTime }).regex(HH_MM, M.invalidTime).nullable());
/** An IANA zone, spelled canonically; anything else is refused. */
const zone = z.preprocess(
  blank,
  z
    .unknown()
    .transform((v, ctx) => {
      if (v === null) return null;
      const name = canonicalZone(v);
      if (!name) ctx.addIssue({ code: 'custom', message: TimeZoneMessages.unknownZone });
      return name;
    })
    .nullable(),
);
const degrees = (limit: number, message: string) =>
  z.preprocess((v) => (v === undefined ? null : v), z.number({ error: message }).min(-limit, message).max(limit, message).nullable());
const webAddress = (s: string) => {
  try {
    const url = new URL(s);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};
/** Upper-cased, so REST's "flight" and GraphQL's FLIGHT are one value. */
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

/**
 * The one schema of an itinerary item's fields, for both doors: GraphQL's ItineraryItemFields
 * and REST's save-itinerary-item (snake_case mapped to these names) and the pending items of
 * recommendations. Rules that need other fields or the trip are in `validateItineraryItem`.
 * `status` and the affiliate fields stay undefined when absent: an edit keeps them then.
 */
export const ItineraryItemSchema = z.object({
  title: text('title'),
  type: z.preprocess((v) => upper(blank(v) ?? 'ACTIVITY'), z.enum(ITEM_TYPES, { error: M.invalidType })),
  status: z.preprocess((v) => (v === undefined ? v : upper(blank(v))), z.enum(ITEM_STATUSES, { error: M.invalidStatus }).nullable().optional()),
  activityDate: day,
  startTime: time,
  endTime: time,
  location: text('location'),
  latitude: degrees(90, M.invalidLatitude),
  longitude: degrees(180, M.invalidLongitude),
  notes: text('notes'),
  checkInDate: day,
  checkOutDate: day,
  departureTime: time,
  arrivalTime: time,
  flightNumber: text('flightNumber'),
  hotelName: text('hotelName'),
  reservationNumber: text('reservationNumber'),
  returnDate: day,
  fromLocation: text('fromLocation'),
  toLocation: text('toLocation'),
  timeZone: zone,
  departureTimeZone: zone,
  arrivalTimeZone: zone,
  arrivalDate: day,
  returnDepartureTime: time,
  returnArrivalTime: time,
  returnTimeZone: zone,
  returnArrivalTimeZone: zone,
  returnArrivalDate: day,
  affiliatePartner: text('affiliatePartner').optional(),
  affiliateUrl: text('affiliateUrl')
    .refine((s) => s == null || webAddress(s), M.invalidAffiliateUrl)
    .optional(),
});

type Parsed = z.output<typeof ItineraryItemSchema>;
type FieldName = keyof Parsed;
/** The input as either door hands it over: the schema's fields, values not yet checked. */
export type ItineraryItemInput = { [K in FieldName]?: unknown };

/** What the service stores: dates as UTC midnights, as Prisma hands DATE columns over. */
export type ItineraryItemData = Omit<Parsed, 'activityDate' | 'checkInDate' | 'checkOutDate' | 'returnDate' | 'arrivalDate' | 'returnArrivalDate' | 'title'> & {
  title: string;
  activityDate: Date | null;
  checkInDate: Date | null;
  checkOutDate: Date | null;
  returnDate: Date | null;
  arrivalDate: Date | null;
  returnArrivalDate: Date | null;
};

const FIELD_ORDER = Object.keys(ItineraryItemSchema.shape) as FieldName[];

/** The trip's dates an item must lie within, each bound when the trip has it. */
export interface TripBounds {
  startDate: Date | null;
  endDate: Date | null;
}

const toDate = (s: string | null | undefined) => calendarDate(s);

/** The trip's days as YYYY-MM-DD (the web form holds them so). */
export interface TripDays {
  startDate: string | null;
  endDate: string | null;
}

/**
 * Checks an item against the schema and the rules that need the other fields or the trip, and
 * reports every field at fault at once (in the form's order). Fields its type does not keep are
 * neither checked nor stored (see TYPE_FIELDS).
 */
export function validateItineraryItem(input: ItineraryItemInput, trip: TripBounds): ItineraryItemData {
  const { errors, value: parsed } = itineraryItemProblems(input, { startDate: isoDate(trip.startDate), endDate: isoDate(trip.endDate) });
  if (errors.length) throw new ValidationError(errors[0]!.message, errors[0]!.field, errors);
  return {
    ...parsed,
    title: parsed.title!,
    activityDate: toDate(parsed.activityDate),
    checkInDate: toDate(parsed.checkInDate),
    checkOutDate: toDate(parsed.checkOutDate),
    returnDate: toDate(parsed.returnDate),
    arrivalDate: toDate(parsed.arrivalDate),
    returnArrivalDate: toDate(parsed.returnArrivalDate),
  };
}

/**
 * The itinerary rules themselves, browser-safe: every problem of an item (in the form's order)
 * and the values as they would be stored. The server's `validateItineraryItem` and the web's
 * Add/Edit Item form both ask this.
 */
export function itineraryItemProblems(input: ItineraryItemInput, trip: TripDays): { errors: FieldError[]; value: Parsed } {
  const errors: FieldError[] = [];
  const typeResult = ItineraryItemSchema.shape.type.safeParse(input.type);
  if (!typeResult.success) errors.push({ field: 'type', message: typeResult.error.issues[0]!.message });
  const type: ItemType = typeResult.success ? typeResult.data : 'ACTIVITY';
  const kept = new Set<string>(TYPE_FIELDS[type as keyof typeof TYPE_FIELDS] ?? []);
  const derived = new Set(DERIVED[type] ?? []);

  // Each field on its own, so that one field's problem never hides another's.
  const v: Partial<Record<FieldName, unknown>> = { type };
  for (const field of FIELD_ORDER) {
    if (field === 'type') continue;
    if ((TYPE_SPECIFIC.has(field) && !kept.has(field)) || derived.has(field)) {
      v[field] = null;
      continue;
    }
    const result = ItineraryItemSchema.shape[field].safeParse(input[field]);
    if (result.success) v[field] = result.data;
    else errors.push({ field, message: result.error.issues[0]!.message });
  }
  const failed = (field: FieldName) => errors.some((e) => e.field === field);
  const fail = (field: FieldName, message: string) => {
    if (!failed(field)) errors.push({ field, message });
  };

  if (type === 'ACCOMMODATION') v.activityDate = v.checkInDate;
  if (type === 'FLIGHT') {
    // A flight sent with only start and end times keeps them as its departure and arrival.
    v.departureTime ??= v.startTime;
    v.arrivalTime ??= v.endTime;
    v.startTime = v.departureTime;
    v.endTime = v.arrivalTime;
  }
  const title = v.title as string | null;
  if (!title && !failed('title')) {
    if (type === 'FLIGHT') v.title = flightTitle(v.flightNumber as string | null, v.fromLocation as string | null, v.toLocation as string | null);
    else if (type === 'ACCOMMODATION') v.title = (v.hotelName as string | null) || 'Accommodation';
    else fail('title', M.titleRequired);
  }
  if ((v.latitude == null) !== (v.longitude == null) && !failed('latitude') && !failed('longitude')) {
    if (v.latitude == null) fail('latitude', M.longitudeWithoutLatitude);
    else fail('longitude', M.latitudeWithoutLongitude);
  }

  // Within the trip's dates (YYYY-MM-DD strings compare as the days they name).
  const { startDate: start, endDate: end } = trip;
  const within = (field: 'activityDate' | 'checkInDate' | 'checkOutDate', before: string, after: string) => {
    const value = v[field] as string | null | undefined;
    if (!value || failed(field)) return;
    if (start && value < start) fail(field, withDate(before, start));
    else if (end && value > end) fail(field, withDate(after, end));
  };
  if (type === 'ACCOMMODATION') {
    within('checkInDate', M.checkInBeforeTrip, M.checkInAfterTrip);
    within('checkOutDate', M.checkOutBeforeTrip, M.checkOutAfterTrip);
    const [checkIn, checkOut] = [v.checkInDate as string | null, v.checkOutDate as string | null];
    if (checkIn && checkOut && checkOut < checkIn && !failed('checkInDate')) fail('checkOutDate', M.checkOutBeforeCheckIn);
  } else {
    within('activityDate', M.activityBeforeTrip, M.activityAfterTrip);
  }
  if (type === 'FLIGHT') {
    const [departure, back] = [v.activityDate as string | null, v.returnDate as string | null];
    if (departure && back && back < departure && !failed('activityDate')) fail('returnDate', M.returnBeforeDeparture);
    // The way back's own times belong to a day of their own: without a return date they name none.
    if (!back && !failed('returnDate')) {
      for (const field of ['returnDepartureTime', 'returnArrivalTime', 'returnArrivalDate'] as const) {
        if (v[field] != null) fail(field, M.returnTimesWithoutDate);
      }
    }
  }

  errors.sort((a, b) => FIELD_ORDER.indexOf(a.field as FieldName) - FIELD_ORDER.indexOf(b.field as FieldName));
  return { errors, value: v as Parsed };
}
