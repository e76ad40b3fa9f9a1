import { z } from 'zod';
import { guideJson } from '../../guides/rest.js';
import { parseInput } from '../../platform/validation.js';
import { route } from '../../rest/kit.js';
import {
  adminCreateGuide,
  adminDeleteGuide,
  adminSetGuideFeatured,
  adminSetGuideStatus,
  adminUpdateGuide,
  countGuides,
  guideStats,
  listGuides,
} from './service.js';

const ListQuery = z.object({
  search: z.string().max(200).optional(),
  status: z.enum(['all', 'draft', 'published', 'hidden']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(100).optional(),
});

// The service checks the fields themselves (every one at fault at once); here only their types.
const EditBody = z.object({
  slug: z.string().optional(),
  title: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  description: z.string().nullish(),
  author: z.string().nullish(),
  // The page is checked whole by the service's schema (the one the GraphQL doors share).
  content: z.record(z.string(), z.unknown()).optional(),
});

const row = (path: string, run: Parameters<typeof route>[0]['handle']) => route({ method: 'POST', path, access: 'admin', handle: run });

export const adminGuideRoutes = [
  route({
    method: 'GET',
    path: '/admin/guides',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const q = parseInput(ListQuery, query);
      const filter = { search: q.search, status: q.status && q.status !== 'all' ? (q.status.toUpperCase() as 'DRAFT' | 'PUBLISHED' | 'HIDDEN') : null };
      const [page, total, analytics] = await Promise.all([
        listGuides(ctx, { ...filter, first: q.limit ?? 50, after: q.cursor }),
        countGuides(ctx, filter),
        guideStats(ctx),
      ]);
      return {
        guides: page.guides.map((g) => guideJson(g, false)),
        total,
        analytics,
        next_cursor: page.hasNextPage ? (page.guides[page.guides.length - 1]?.id ?? null) : null,
      };
    },
  }),
  route({
    method: 'POST',
    path: '/admin/guides',
    access: 'admin',
    status: 201,
    body: EditBody,
    handle: async (ctx, { body }) => ({ success: true, guide: guideJson(await adminCreateGuide(ctx, body as never), false) }),
  }),
  route({
    method: 'PUT',
    path: '/admin/guides/:id',
    access: 'admin',
    body: EditBody,
    handle: async (ctx, { params, body }) => ({ success: true, guide: guideJson(await adminUpdateGuide(ctx, params.id!, body as never), false) }),
  }),
  row('/admin/guides/:id/publish', async (ctx, { params }) => ({
    success: true,
    guide: guideJson(await adminSetGuideStatus(ctx, params.id!, 'PUBLISHED'), false),
  })),
  row('/admin/guides/:id/hide', async (ctx, { params }) => ({ success: true, guide: guideJson(await adminSetGuideStatus(ctx, params.id!, 'HIDDEN'), false) })),
  row('/admin/guides/:id/feature', async (ctx, { params }) => ({ success: true, guide: guideJson(await adminSetGuideFeatured(ctx, params.id!, true), false) })),
  row('/admin/guides/:id/unfeature', async (ctx, { params }) => ({
    success: true,
    guide: guideJson(await adminSetGuideFeatured(ctx, params.id!, false), false),
  })),
  route({
    method: 'DELETE',
    path: '/admin/guides/:id/delete',
    access: 'admin',
    handle: async (ctx, { params }) => ({ success: true, ...(await adminDeleteGuide(ctx, params.id!)) }),
  }),
];
