import { z } from 'zod';
import { parseInput } from '../platform/validation.js';

/** Admin lists answer at most this many rows a page, 50 unless asked. */
export const ADMIN_PAGE_MAX = 200;
export const ADMIN_PAGE_DEFAULT = 50;

/**
 * The query string every admin list row accepts: `search`, `limit` and `cursor` (the last row's
 * id from the previous page's `next_cursor`). Other parameters are the row's own filters.
 */
export const adminListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
  cursor: z.uuid().optional(),
});

export type AdminListQuery = z.output<typeof adminListQuery>;

/** Reads a row's query string with the shared paging fields (400 naming the field when wrong). */
export const parseAdminListQuery = (query: Record<string, string>): AdminListQuery => parseInput(adminListQuery, query);
