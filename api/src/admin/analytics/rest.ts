import { z } from 'zod';
import { parseInput } from '../../platform/validation.js';
import { route } from '../../rest/kit.js';
import { decodeUpdatedCursor, encodeUpdatedCursor } from '../cursors.js';
import { cutPage } from '../listQuery.js';
import { analyticsOverview, countEvents, listEvents } from './service.js';

const EventsQuery = z.object({
  type: z.string().max(50).optional(),
  page: z.string().max(500).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
});

export const adminAnalyticsRoutes = [
  route({
    method: 'GET',
    path: '/admin/analytics',
    access: 'admin',
    handle: async (ctx) => ({ analytics: await analyticsOverview(ctx) }),
  }),
  route({
    method: 'GET',
    path: '/admin/events',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const q = parseInput(EventsQuery, query);
      const filter = { eventType: q.type || null, page: q.page || null, from: q.from || null, to: q.to || null };
      const limit = q.limit ?? 50;
      const c = q.cursor ? decodeUpdatedCursor(q.cursor) : null;
      const total = await countEvents(ctx, filter);
      const rows = await listEvents(ctx, { ...filter, limit: limit + 1, after: c ? { createdAt: c.updatedAt, id: c.id } : null });
      const page = cutPage(rows, limit, (e) => encodeUpdatedCursor(e.createdAt, e.id));
      return {
        events: page.rows.map((e) => ({
          id: e.id,
          event_type: e.eventType,
          page: e.page,
          metadata: e.metadata ?? null,
          user_id: e.userId,
          created_at: e.createdAt.toISOString(),
        })),
        total,
        next_cursor: page.nextCursor,
      };
    },
  }),
];
