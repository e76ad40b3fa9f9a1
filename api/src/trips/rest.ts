import { z } from 'zod';
import { assertSelfOrAdmin, route } from '../rest/kit.js';
import { ForbiddenError } from '../platform/errors.js';
import { parseDestination } from '../places/destination.js';
import { createTrip, deleteTrip, tripWithPeople, tripsWithPeople } from './service.js';
import { tripJson } from './json.js';
import { setTripBudget } from './budget.js';
import { formatMoneyDecimal } from '../platform/money.js';

const text = z.string().nullish();

/** The create-trip body as the first build's clients send it (snake_case, budget as number or text). */
const CreateTripBody = z.object({
  name: text,
  description: text,
  // A place object, its JSON text, or plain "City, Country" (see places/destination.ts).
  destination: z.unknown().optional(),
  start_date: text,
  end_date: text,
  total_budget: z.union([z.string(), z.number()]).nullish(),
  currency: text,
  owner_id: text,
});

/** The budget modal's body: the amount as a number (or decimal text) in major units. */
const TripBudgetBody = z.object({ total_budget: z.unknown().optional(), currency: z.unknown().optional() });

export const tripRoutes = [
  route({
    method: 'GET',
    path: '/user-trips/:userId',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      assertSelfOrAdmin(ctx, params.userId);
      const trips = await tripsWithPeople(ctx.deps, params.userId);
      return { trips: trips.map((trip) => tripJson(trip, ctx.viewer!)) };
    },
  }),
  route({
    method: 'POST',
    path: '/create-trip',
    access: 'signedIn',
    status: 201,
    body: CreateTripBody,
    handle: async (ctx, { body }) => {
      // The first build sent owner_id; the owner is the caller, whatever it says.
      if (body.owner_id && body.owner_id !== ctx.viewer!.id) throw new ForbiddenError('You can only create trips for yourself.');
      const d = parseDestination(body.destination);
      const trip = await createTrip(ctx, {
        name: body.name,
        description: body.description,
        destination: d
          ? { mainText: d.mainText, secondaryText: d.secondaryText, description: d.description, placeId: d.placeId, latitude: d.lat, longitude: d.lng }
          : null,
        startDate: body.start_date,
        endDate: body.end_date,
        budget: body.total_budget,
        currency: body.currency,
      });
      return { success: true, trip: tripJson(await tripWithPeople(ctx, trip.id), ctx.viewer!) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/delete-trip/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ success: true, ...(await deleteTrip(ctx, params.id)) }),
  }),
  route({
    method: 'PUT',
    path: '/trip-budget/:tripId',
    access: 'signedIn',
    body: TripBudgetBody,
    handle: async (ctx, { params, body }) => {
      const trip = await setTripBudget(ctx, params.tripId, { amount: body.total_budget, currency: body.currency });
      const cents = trip.budgetCents ?? 0;
      return {
        budget: { trip_id: trip.id, total_budget: Number(formatMoneyDecimal(cents, trip.currency)), total_budget_cents: cents, currency: trip.currency },
      };
    },
  }),
  route({
    method: 'GET',
    path: '/trip-members/:tripId',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ members: tripJson(await tripWithPeople(ctx, params.tripId), ctx.viewer!).members }),
  }),
];
