import { route } from '../rest/kit.js';
import { popularStories, siteInfo } from './service.js';

export const exploreRoutes = [
  route({
    method: 'GET',
    path: '/popular-stories',
    access: 'public',
    handle: async (ctx, { query }) => ({
      stories: (await popularStories(ctx, Number(query.limit) || undefined)).map((s) => ({
        id: s.id,
        title: s.title,
        city: s.city,
        slug: s.slug,
        updated_at: s.updatedAt.toISOString(),
        view_count: s.viewCount,
      })),
    }),
  }),
  route({
    method: 'GET',
    path: '/site-info',
    access: 'public',
    handle: async (ctx) => {
      const info = siteInfo(ctx);
      // The map tiles too: public pages (a guide's map) draw maps without the GraphQL query.
      return { contact_email: info.contactEmail, flight_search_url: info.flightSearchUrl, map_tiles_url: ctx.deps.config.mapTilesUrl };
    },
  }),
];
