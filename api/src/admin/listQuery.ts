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

/** Paging as a service is asked for it: how many rows, and after which row (by id). */
export interface PageRequest {
  limit: number;
  cursor?: string | null;
}

/** A page as the services answer it: its rows and where the next page starts (null on the last). */
export interface ListPage<T> {
  rows: T[];
  nextCursor: string | null;
}

/** Prisma's paging arguments: after the cursor's row (when given), one row more than the page holds. */
export interface PageArgs {
  take: number;
  cursor?: { id: string };
  skip?: number;
}

/**
 * The console's one paging rule for Prisma (`trips/page.ts` adds its order and count to it): one
 * row more than the page is read so that the extra row tells whether another page follows,
 * without a count; the page starts after the row the cursor names.
 */
export const prismaPage = (p: PageRequest): PageArgs => ({ take: p.limit + 1, ...(p.cursor ? { cursor: { id: p.cursor }, skip: 1 } : {}) });

/**
 * Cuts the extra row read by `limit + 1` off. The next cursor is that of the last row kept, and
 * only when the extra row was there: a page of exactly `limit` rows with nothing after it is the last.
 */
export function cutPage<T>(rows: T[], limit: number, cursorOf: (row: T) => string): ListPage<T> {
  const kept = rows.slice(0, limit);
  return { rows: kept, nextCursor: rows.length > limit && kept.length ? cursorOf(kept[kept.length - 1]!) : null };
}

/** Reads a page by id cursor: `read` spreads the paging arguments into its `findMany`. */
export async function takePage<T extends { id: string }>(p: PageRequest, read: (paging: PageArgs) => Promise<T[]>): Promise<ListPage<T>> {
  return cutPage(await read(prismaPage(p)), p.limit, (row) => row.id);
}
