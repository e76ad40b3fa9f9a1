import { z } from 'zod';
import { parseInput } from '../../platform/validation.js';
import { route } from '../../rest/kit.js';
import { storyJson } from '../../stories/rest.js';
import { decodeUpdatedCursor, encodeUpdatedCursor } from '../cursors.js';
import { cutPage } from '../listQuery.js';
import { adminDeleteStory, adminSetStoryStatus, countStoriesForAdmin, listStoriesForAdmin, pageSize, storyStats, type AdminStoryView } from './service.js';

const ListQuery = z.object({
  search: z.string().max(200).optional(),
  status: z.enum(['all', 'draft', 'published', 'hidden']).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
});

/** A story with its author profile, as the seed's admin list reads it. */
const adminStoryJson = (s: AdminStoryView) => ({
  ...storyJson(s),
  author: s.author ? { first_name: s.author.firstName, last_name: s.author.lastName, email: s.author.email } : null,
});

export const adminStoryRoutes = [
  route({
    method: 'GET',
    path: '/admin/stories',
    access: 'admin',
    // The page, the filter's count and the stat cards over every story.
    handle: async (ctx, { query }) => {
      const q = parseInput(ListQuery, query);
      const status = q.status && q.status !== 'all' ? (q.status.toUpperCase() as 'DRAFT' | 'PUBLISHED' | 'HIDDEN') : null;
      const filter = { search: q.search, status };
      const limit = pageSize(q.limit);
      const [stories, total, analytics] = await Promise.all([
        listStoriesForAdmin(ctx, { ...filter, limit: limit + 1, after: q.cursor ? decodeUpdatedCursor(q.cursor) : null }),
        countStoriesForAdmin(ctx, filter),
        storyStats(ctx),
      ]);
      const page = cutPage(stories, limit, (s) => encodeUpdatedCursor(s.updatedAt, s.id));
      return { stories: page.rows.map(adminStoryJson), total, analytics, next_cursor: page.nextCursor };
    },
  }),
  route({
    method: 'POST',
    path: '/admin/stories/:id/publish',
    access: 'admin',
    handle: async (ctx, { params }) => ({ success: true, story: storyJson(await adminSetStoryStatus(ctx, params.id!, 'PUBLISHED')) }),
  }),
  route({
    method: 'POST',
    path: '/admin/stories/:id/hide',
    access: 'admin',
    handle: async (ctx, { params }) => ({ success: true, story: storyJson(await adminSetStoryStatus(ctx, params.id!, 'HIDDEN')) }),
  }),
  route({
    method: 'DELETE',
    path: '/admin/stories/:id/delete',
    access: 'admin',
    handle: async (ctx, { params }) => ({ success: true, ...(await adminDeleteStory(ctx, params.id!)) }),
  }),
];
