import type { RequestContext } from '../platform/context.js';
import { POPULAR_LIMIT } from '../stories/messages.js';
import { listPublishedStories } from '../stories/service.js';

/** How many stories the explore page shows as popular. */
export const POPULAR_STORIES_LIMIT = POPULAR_LIMIT;

/**
 * The most-read published stories: the blog's own listing (stories' service), cut to the
 * explore page's few, so both pages order and filter stories by one rule.
 */
export function popularStories(ctx: RequestContext, limit = POPULAR_STORIES_LIMIT) {
  return listPublishedStories(ctx, { limit: Math.min(Math.max(limit, 1), 12) });
}

/** What public pages need from the server's configuration. */
export function siteInfo(ctx: RequestContext) {
  return { contactEmail: ctx.deps.config.contactEmail, flightSearchUrl: ctx.deps.config.flightSearchUrl };
}
