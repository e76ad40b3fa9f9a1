import { z } from 'zod';
import type { Reservation } from '../generated/prisma/client.js';
import { isoDate } from '../platform/dates.js';
import { route } from '../rest/kit.js';
import { itemJson } from '../itinerary/rest.js';
import {
  addReservationToTrip,
  confirmReservationReview,
  deleteReservation,
  listReservations,
  resetForwardingAddress,
  updateReservation,
  viewerForwardingAddress,
} from './service.js';
import type { ReservationInput } from './validation.js';

/** A reservation as the REST rows answer it: the seed's names, with its details in `details`. */
export function reservationJson(r: Reservation) {
  return {
    id: r.id,
    user_id: r.userId,
    type: r.type.toLowerCase(),
    title: r.title,
    date: isoDate(r.date),
    end_date: isoDate(r.endDate),
    status: r.status.toLowerCase(),
    needs_review: r.reviewFields.length > 0,
    review_fields: r.reviewFields,
    trip_id: r.tripId,
    details: {
      location: r.location,
      confirmation_number: r.confirmationNumber,
      notes: r.notes,
      time: r.time,
      from_location: r.fromLocation,
      to_location: r.toLocation,
      airline: r.airline,
      end_time: r.endTime,
      passengers: r.passengers,
      seat: r.seat,
      provider: r.provider,
    },
    created_at: r.createdAt.toISOString(),
  };
}

const anyValue = z.unknown().optional();
const DETAIL_NAMES = {
  location: 'location',
  confirmation_number: 'confirmationNumber',
  notes: 'notes',
  time: 'time',
  from_location: 'fromLocation',
  to_location: 'toLocation',
  airline: 'airline',
  end_time: 'endTime',
  passengers: 'passengers',
  seat: 'seat',
  provider: 'provider',
} as const;
const UpdateBody = z.object({
  title: anyValue,
  type: anyValue,
  date: anyValue,
  end_date: anyValue,
  details: z.record(z.string(), z.unknown()).optional(),
  ...Object.fromEntries(Object.keys(DETAIL_NAMES).map((n) => [n, anyValue])),
}) as z.ZodType<Record<string, unknown> & { details?: Record<string, unknown> }>;

/** The edit body: details nested (as the seed sends them) or flat; checked by the one schema. */
function fromRest(body: Record<string, unknown> & { details?: Record<string, unknown> }): ReservationInput {
  const input: ReservationInput = { title: body.title, type: body.type, date: body.date, endDate: body.end_date };
  for (const [rest, name] of Object.entries(DETAIL_NAMES)) input[name] = body.details?.[rest] ?? body[rest];
  return input;
}

const AddBody = z.object({
  reservation_id: z.string({ error: 'reservation_id is required.' }).min(1, 'reservation_id is required.'),
  trip_id: z.string({ error: 'trip_id is required.' }).min(1, 'trip_id is required.'),
});

const ResetBody = z.strictObject({}, { error: 'This call takes no fields: it resets your own forwarding address.' });

export const reservationRoutes = [
  route({
    method: 'GET',
    path: '/user-reservations/:userId',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      const [reservations, address] = await Promise.all([listReservations(ctx, params.userId), viewerForwardingAddress(ctx, params.userId)]);
      return { reservations: reservations.map(reservationJson), forwarding_address: address };
    },
  }),
  route({
    method: 'PUT',
    path: '/update-reservation/:id',
    access: 'signedIn',
    body: UpdateBody,
    handle: async (ctx, { params, body }) => ({ reservation: reservationJson(await updateReservation(ctx, params.id, fromRest(body))) }),
  }),
  route({
    method: 'PUT',
    path: '/confirm-reservation/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ reservation: reservationJson(await confirmReservationReview(ctx, params.id)) }),
  }),
  route({
    method: 'DELETE',
    path: '/delete-reservation/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ success: true, id: (await deleteReservation(ctx, params.id)).id }),
  }),
  route({
    method: 'POST',
    path: '/add-reservation-to-trip',
    access: 'signedIn',
    body: AddBody,
    handle: async (ctx, { body }) => {
      const { item, reservation } = await addReservationToTrip(ctx, body.reservation_id, body.trip_id);
      return { item: itemJson(item), reservation: reservationJson(reservation) };
    },
  }),
  route({
    method: 'POST',
    path: '/reset-forwarding-address',
    access: 'signedIn',
    // The caller's own address: a body naming anything (someone's id, an address) is refused.
    body: ResetBody,
    handle: async (ctx) => ({ forwarding_address: await resetForwardingAddress(ctx) }),
  }),
];
