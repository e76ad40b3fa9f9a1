import { z } from 'zod';
import { route } from '../rest/kit.js';
import type { RequestContext } from '../platform/context.js';
import { mappedOf, revokeWrappedShare, setVisitedCountry, shareWrapped, wrappedFigures, type Mapped, type WrappedFigures } from './service.js';

/** CONTRACT.md "Travel & Remember": the figures in snake_case. */
export function wrappedJson(f: WrappedFigures) {
  return {
    year: f.year,
    trips: f.trips.length,
    trip_list: f.trips.map((t) => ({ id: t.id, name: t.name, start_date: t.startDate, end_date: t.endDate })),
    days_away: f.daysAway,
    nights: f.nights,
    countries: f.countries,
    new_countries: f.newCountries,
    cities: f.cities.map((c) => ({ name: c.name, country: c.country, is_new: c.isNew })),
    distance_km: f.distanceKm,
    flights: f.flights,
    longest_trip: f.longestTrip && { trip_id: f.longestTrip.id, name: f.longestTrip.name, days: f.longestTrip.days },
    top_companions: f.topCompanions.map((c) => ({ user_id: c.userId, name: c.name, trips: c.trips })),
    spending: {
      currency: f.spending.currency,
      total: f.spending.total,
      by_category: f.spending.byCategory,
      unconverted: f.spending.unconverted,
    },
    photos: { taken: f.photos.taken, most_favourited: f.photos.mostFavourited },
    checklists_completed: f.checklistsCompleted,
  };
}

export function mappedJson(m: Mapped) {
  return {
    countries: m.countries.map((c) => ({ code: c.code, name: c.name, trips: c.trips, first_visit: c.firstVisit, last_visit: c.lastVisit, manual: c.manual })),
    cities: m.cities,
    share_of_world: m.shareOfWorld,
  };
}

const absolute = (ctx: RequestContext, path: string) => new URL(path, ctx.deps.config.publicUrl).toString();

export const memoriesRoutes = [
  route({
    method: 'GET',
    path: '/wrapped/:userId',
    access: 'signedIn',
    handle: async (ctx, { params, query }) => wrappedJson(await wrappedFigures(ctx, params.userId, query.year ?? String(new Date().getUTCFullYear()))),
  }),
  route({
    method: 'POST',
    path: '/wrapped-share',
    access: 'signedIn',
    status: 201,
    body: z.object({ year: z.unknown() }),
    handle: async (ctx, { body }) => {
      const link = await shareWrapped(ctx, body.year);
      return { url: absolute(ctx, link.path), year: link.year, token: link.token };
    },
  }),
  route({
    method: 'DELETE',
    path: '/wrapped-share/:year',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ success: true, revoked: await revokeWrappedShare(ctx, params.year) }),
  }),
  route({
    method: 'GET',
    path: '/mapped/:userId',
    access: 'signedIn',
    handle: async (ctx, { params }) => mappedJson(await mappedOf(ctx, params.userId)),
  }),
  route({
    method: 'PUT',
    path: '/mapped/:userId/countries/:code',
    access: 'signedIn',
    body: z.object({ visited: z.boolean() }),
    handle: async (ctx, { params, body }) => mappedJson(await setVisitedCountry(ctx, params.userId, params.code, body.visited)),
  }),
];
