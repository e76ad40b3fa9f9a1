import type { BackendRoute } from '../rest/backend.js';
import { assertSelfOrAdmin } from '../rest/backend.js';
import { ForbiddenError } from '../platform/errors.js';
import { parseDestination } from '../places/destination.js';
import { requireTripMember } from './access.js';
import { createTrip, deleteTrip, tripsOf } from './service.js';
import { TRIP_LIST_INCLUDE, tripJson } from './json.js';

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? null : String(v));

export const tripRoutes: BackendRoute[] = [
  {
    method: 'GET',
    path: '/user-trips/:userId',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      assertSelfOrAdmin(ctx, params.userId);
      const trips = await ctx.deps.db.prisma.trip.findMany({
        where: tripsOf(params.userId),
        include: TRIP_LIST_INCLUDE,
        orderBy: [{ startDate: { sort: 'asc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'asc' }],
        take: 500,
      });
      return { trips: trips.map((trip) => tripJson(trip, ctx.viewer!)) };
    },
  },
  {
    method: 'POST',
    path: '/create-trip',
    access: 'signedIn',
    status: 201,
    handle: async (ctx, { body }) => {
      // The first build sent owner_id; the owner is the caller, whatever it says.
      if (body.owner_id && body.owner_id !== ctx.viewer!.id) throw new ForbiddenError('You can only create trips for yourself.');
      const d = parseDestination(body.destination);
      const trip = await createTrip(ctx, {
        name: str(body.name),
        description: str(body.description),
        destination: d ? { mainText: d.mainText, secondaryText: d.secondaryText, description: d.description, placeId: d.placeId, latitude: d.lat, longitude: d.lng } : null,
        startDate: str(body.start_date),
        endDate: str(body.end_date),
        budget: body.total_budget == null ? null : String(body.total_budget),
        currency: str(body.currency),
      });
      const full = await ctx.deps.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.id }, include: TRIP_LIST_INCLUDE });
      return { success: true, trip: tripJson(full, ctx.viewer!) };
    },
  },
  {
    method: 'DELETE',
    path: '/delete-trip/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ success: true, ...(await deleteTrip(ctx, params.id)) }),
  },
  {
    method: 'GET',
    path: '/trip-members/:tripId',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      await requireTripMember(ctx, params.tripId);
      const trip = await ctx.deps.db.prisma.trip.findUniqueOrThrow({ where: { id: params.tripId }, include: TRIP_LIST_INCLUDE });
      return { members: tripJson(trip, ctx.viewer!).members };
    },
  },
];
