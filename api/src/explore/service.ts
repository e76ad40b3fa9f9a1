import type { RequestContext } from '../platform/context.js';

/** How many stories the explore page and the guide pages show as popular. */
export const POPULAR_STORIES_LIMIT = 3;

/** The most-read published stories (one indexed read on stories(status, view_count)). */
export function popularStories(ctx: RequestContext, limit = POPULAR_STORIES_LIMIT) {
  return ctx.deps.db.prisma.story.findMany({
    where: { status: 'PUBLISHED' },
    orderBy: [{ viewCount: 'desc' }, { id: 'asc' }],
    take: Math.min(Math.max(limit, 1), 12),
    select: { id: true, title: true, city: true, slug: true, updatedAt: true, viewCount: true },
  });
}

/** What public pages need from the server's configuration. */
export function siteInfo(ctx: RequestContext) {
  return { contactEmail: ctx.deps.config.contactEmail, flightSearchUrl: ctx.deps.config.flightSearchUrl };
}
