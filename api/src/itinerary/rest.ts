import { z } from 'zod';
import { route } from '../rest/kit.js';
import { ValidationError, withBody } from '../platform/errors.js';
import {
  addItineraryItem,
  ItineraryItemConflictError,
  addPendingItineraryItem,
  deleteItineraryItem,
  listItinerary,
  markItineraryItemBooked,
  updateItineraryItem,
} from './service.js';
import type { ItineraryItemInput } from './validation.js';
import type { ItineraryItemView } from './view.js';

/** An item as the REST rows answer it: the seed's snake_case names, enums in lower case. */
export function itemJson(i: ItineraryItemView) {
  return {
    id: i.id,
    trip_id: i.tripId,
    title: i.title,
    type: i.type.toLowerCase(),
    status: i.status?.toLowerCase() ?? null,
    activity_date: i.activityDate,
    start_time: i.startTime,
    end_time: i.endTime,
    location: i.location,
    latitude: i.latitude,
    longitude: i.longitude,
    notes: i.notes,
    check_in_date: i.checkInDate,
    check_out_date: i.checkOutDate,
    departure_time: i.departureTime,
    arrival_time: i.arrivalTime,
    flight_number: i.flightNumber,
    hotel_name: i.hotelName,
    reservation_number: i.reservationNumber,
    return_date: i.returnDate,
    from_location: i.fromLocation,
    to_location: i.toLocation,
    time_zone: i.timeZone,
    departure_time_zone: i.departureTimeZone,
    arrival_time_zone: i.arrivalTimeZone,
    arrival_date: i.arrivalDate,
    return_departure_time: i.returnDepartureTime,
    return_arrival_time: i.returnArrivalTime,
    return_time_zone: i.returnTimeZone,
    return_arrival_time_zone: i.returnArrivalTimeZone,
    return_arrival_date: i.returnArrivalDate,
    affiliate_partner: i.affiliatePartner,
    affiliate_url: i.affiliateUrl,
    created_by: i.createdBy?.id ?? null,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    revision: i.revision,
    has_expense: i.hasExpense,
  };
}

/** The item fields' REST names and the service's; their values are judged by the one schema (validation.ts). */
const FIELD_NAMES = {
  title: 'title',
  type: 'type',
  status: 'status',
  activity_date: 'activityDate',
  start_time: 'startTime',
  end_time: 'endTime',
  location: 'location',
  latitude: 'latitude',
  longitude: 'longitude',
  notes: 'notes',
  check_in_date: 'checkInDate',
  check_out_date: 'checkOutDate',
  departure_time: 'departureTime',
  arrival_time: 'arrivalTime',
  flight_number: 'flightNumber',
  hotel_name: 'hotelName',
  reservation_number: 'reservationNumber',
  return_date: 'returnDate',
  from_location: 'fromLocation',
  to_location: 'toLocation',
  time_zone: 'timeZone',
  departure_time_zone: 'departureTimeZone',
  arrival_time_zone: 'arrivalTimeZone',
  arrival_date: 'arrivalDate',
  return_departure_time: 'returnDepartureTime',
  return_arrival_time: 'returnArrivalTime',
  return_time_zone: 'returnTimeZone',
  return_arrival_time_zone: 'returnArrivalTimeZone',
  return_arrival_date: 'returnArrivalDate',
  affiliate_partner: 'affiliatePartner',
  affiliate_url: 'affiliateUrl',
} as const satisfies Record<string, keyof ItineraryItemInput>;
type RestName = keyof typeof FIELD_NAMES;

/** Only the names given, so that an absent `status` (or link) keeps its value on an edit. */
function fromRest(body: Partial<Record<RestName, unknown>>, names: readonly RestName[]): ItineraryItemInput {
  const input: ItineraryItemInput = {};
  for (const name of names) if (body[name] !== undefined) input[FIELD_NAMES[name]] = body[name];
  return input;
}

const anyValue = z.unknown().optional();
const id = (field: string) => z.string({ error: `${field} is required.` }).min(1, `${field} is required.`);

/** The fields a save may set (the affiliate link comes only with pending items). */
const SAVE_FIELDS = (Object.keys(FIELD_NAMES) as RestName[]).filter((n) => !n.startsWith('affiliate_'));
const SaveBody = z.object({
  id: id('id').optional(),
  trip_id: z.string().optional(),
  // The item's revision the edit was made from (see updateItineraryItem); the service checks it.
  expected_revision: z.number().nullish(),
  ...Object.fromEntries(SAVE_FIELDS.map((n) => [n, anyValue])),
}) as z.ZodType<{ id?: string; trip_id?: string; expected_revision?: number | null } & Partial<Record<RestName, unknown>>>;

const PENDING_FIELDS = [
  'title',
  'type',
  'location',
  'latitude',
  'longitude',
  'activity_date',
  'affiliate_partner',
  'affiliate_url',
] as const satisfies RestName[];
const PendingBody = z.object({
  trip_id: id('trip_id'),
  ...Object.fromEntries(PENDING_FIELDS.map((n) => [n, anyValue])),
}) as z.ZodType<{ trip_id: string } & Partial<Record<RestName, unknown>>>;

export const itineraryRoutes = [
  route({
    method: 'GET',
    path: '/trip-itinerary/:tripId',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ items: (await listItinerary(ctx, params.tripId)).map(itemJson) }),
  }),
  route({
    method: 'POST',
    path: '/save-itinerary-item',
    access: 'signedIn',
    body: SaveBody,
    // With an id, an edit of that item (its trip is the item's own, whatever trip_id says).
    handle: async (ctx, { body }) => {
      const input = fromRest(body, SAVE_FIELDS);
      if (body.id) {
        const itemId = body.id;
        // A conflict answers 409 with the item as it is now (`current`, null when deleted).
        const item = await updateItineraryItem(ctx, itemId, input, body.expected_revision).catch((error: unknown) => {
          if (error instanceof ItineraryItemConflictError) throw withBody(error, { current: error.current && itemJson(error.current) });
          throw error;
        });
        return { item: itemJson(item) };
      }
      if (!body.trip_id) throw new ValidationError('trip_id is required.', 'trip_id');
      return { item: itemJson(await addItineraryItem(ctx, body.trip_id, input)) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/delete-itinerary-item/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      const deleted = await deleteItineraryItem(ctx, params.id);
      return { success: true, id: deleted.id, trip_id: deleted.tripId };
    },
  }),
  route({
    method: 'PUT',
    path: '/mark-itinerary-item-booked/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ item: itemJson(await markItineraryItemBooked(ctx, params.id)) }),
  }),
  route({
    method: 'POST',
    path: '/create-pending-itinerary-item',
    access: 'signedIn',
    status: 201,
    body: PendingBody,
    handle: async (ctx, { body }) => ({ item: itemJson(await addPendingItineraryItem(ctx, body.trip_id, fromRest(body, PENDING_FIELDS))) }),
  }),
];
