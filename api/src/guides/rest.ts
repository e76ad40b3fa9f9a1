import { z } from 'zod';
import { route } from '../rest/kit.js';
import { guideImageOf } from './pageMeta.js';
import { emailGuideItinerary, listPublishedGuides, readGuide, type GuideView } from './service.js';

/** A guide as the REST rows answer it (snake_case; the page's content as stored). */
export function guideJson(g: GuideView, withContent: boolean) {
  return {
    id: g.id,
    slug: g.slug,
    title: g.title,
    city: g.city,
    country: g.country,
    status: g.status.toLowerCase(),
    featured: g.featured,
    description: g.description,
    image_url: guideImageOf(g),
    view_count: g.viewCount,
    author: g.author,
    created_at: g.createdAt.toISOString(),
    updated_at: g.updatedAt.toISOString(),
    ...(withContent ? { content: g.content } : {}),
  };
}

export const guideRoutes = [
  route({
    method: 'GET',
    path: '/guides',
    access: 'public',
    handle: async (ctx) => ({ guides: (await listPublishedGuides(ctx)).map((g) => guideJson(g, false)) }),
  }),
  route({
    method: 'GET',
    path: '/guide/:slug',
    access: 'public',
    // The guide page's one read: it counts the view.
    handle: async (ctx, { params }) => ({ guide: guideJson(await readGuide(ctx, params.slug!), true) }),
  }),
  route({
    method: 'POST',
    path: '/guide/:slug/email-itinerary',
    access: 'signedIn',
    body: z.object({ plan: z.string().nullish() }),
    handle: async (ctx, { params, body }) => {
      const { sentTo } = await emailGuideItinerary(ctx, params.slug!, body.plan);
      return { success: true, sent_to: sentTo };
    },
  }),
];
