import { z } from 'zod';
import { route } from '../../rest/kit.js';
import { isoDate } from '../../platform/dates.js';
import { answerRefusals } from './answer.js';
import { AdminTripMessages as M } from './messages.js';
import { adminCancelTrip, adminCreateTrip, adminTrips, adminTripStats, adminUpdateTrip, type AdminTrip } from './service.js';
import type { Trip } from '../../generated/prisma/client.js';

/** A trip row of the console's table, in the wire's snake_case. */
export function adminTripJson(t: AdminTrip) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    destination: t.destination,
    destination_main_text: t.destinationMainText,
    destination_secondary_text: t.destinationSecondaryText,
    start_date: t.startDate,
    end_date: t.endDate,
    status: t.status,
    duration_days: t.durationDays,
    owner_id: t.ownerId,
    owner_name: t.ownerName,
    owner_email: t.ownerEmail,
    member_count: t.memberCount,
    cancelled_at: t.cancelledAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
  };
}

/** A trip as a change answers it. */
const changedTripJson = (t: Trip) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  destination: t.destinationDescription ?? t.destinationMainText,
  start_date: isoDate(t.startDate),
  end_date: isoDate(t.endDate),
  status: t.status.toLowerCase(),
  owner_id: t.ownerId,
  created_at: t.createdAt.toISOString(),
});

const text = z.string().nullish();
const TripBody = z.object({ name: text, description: text, destination: z.unknown().optional(), start_date: text, end_date: text });
const CreateBody = TripBody.extend({ owner_email: text, owner_id: text });

export const adminTripRoutes = [
  route({
    method: 'GET',
    path: '/trips',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const [page, analytics] = await Promise.all([adminTrips(ctx, query), adminTripStats(ctx)]);
      return {
        trips: page.rows.map(adminTripJson),
        analytics: {
          totalTrips: analytics.total,
          upcomingTrips: analytics.upcoming,
          ongoingTrips: analytics.ongoing,
          completedTrips: analytics.completed,
          cancelledTrips: analytics.cancelled,
          averageDuration: analytics.averageDurationDays,
          destinations: analytics.destinations,
          availableDestinations: analytics.destinationOptions,
        },
        total_count: page.totalCount,
        next_cursor: page.nextCursor,
      };
    },
  }),
  route({
    method: 'POST',
    path: '/admin/trips',
    access: 'admin',
    status: 201,
    body: CreateBody,
    handle: (ctx, { body }) =>
      answerRefusals('message', async () => {
        const trip = await adminCreateTrip(ctx, {
          ownerEmail: body.owner_email,
          ownerId: body.owner_id,
          name: body.name,
          description: body.description,
          destination: body.destination,
          startDate: body.start_date,
          endDate: body.end_date,
        });
        return { success: true, message: M.tripCreated, trip: changedTripJson(trip) };
      }),
  }),
  route({
    method: 'PUT',
    path: '/admin/trips/:id',
    access: 'admin',
    body: TripBody,
    handle: (ctx, { params, body }) =>
      answerRefusals('message', async () => {
        const trip = await adminUpdateTrip(ctx, params.id!, {
          name: body.name,
          description: body.description,
          destination: body.destination,
          startDate: body.start_date,
          endDate: body.end_date,
        });
        return { success: true, message: M.tripUpdated, trip: changedTripJson(trip) };
      }),
  }),
  route({
    method: 'POST',
    path: '/admin/trips/:id/cancel',
    access: 'admin',
    handle: (ctx, { params }) =>
      answerRefusals('message', async () => {
        const { trip, notified, emailed } = await adminCancelTrip(ctx, params.id!);
        return { success: true, message: M.tripCancelled, trip: changedTripJson(trip), notified, emailed };
      }),
  }),
];
