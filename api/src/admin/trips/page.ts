import { parseAdminListQuery, prismaPage, type AdminListQuery } from '../listQuery.js';
import { displayName } from '../../accounts/accountFields.js';

/** The paging every admin list takes (`search`, `limit` ≤ 200, `cursor`: the last row's id of the previous page). */
export interface AdminPageArgs {
  search?: string | null;
  limit?: number | string | null;
  cursor?: string | null;
}

export interface AdminPage<T> {
  rows: T[];
  nextCursor: string | null;
  totalCount: number;
}

/** The paging fields checked by the console's one rule (400 naming the field when wrong). */
export function pageArgs(args: AdminPageArgs): AdminListQuery {
  const raw: Record<string, string> = {};
  for (const key of ['search', 'limit', 'cursor'] as const) if (args[key] !== undefined && args[key] !== null && args[key] !== '') raw[key] = String(args[key]);
  return parseAdminListQuery(raw);
}

/** Search text, trimmed; blank is none. */
export const searchText = (s: string | null | undefined) => (typeof s === 'string' && s.trim() ? s.trim().slice(0, 200) : null);

/**
 * Lists run newest first by (created_at, id) and page from the last row's id, read one row
 * beyond the page to know whether another follows.
 */
export const NEWEST_FIRST = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

export function pageQuery(page: AdminListQuery) {
  return { orderBy: NEWEST_FIRST, ...prismaPage(page) };
}

/** Cuts the one extra row read to know whether another page follows. */
export function pageOf<T extends { id: string }>(rows: T[], limit: number, totalCount: number): AdminPage<T> {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, nextCursor: more ? page[page.length - 1]!.id : null, totalCount };
}

/**
 * One page of a list and the count of every match, read side by side: two statements whatever
 * the page size (the rows' relations come in the page's own statement, by its select).
 */
export async function readPage<T extends { id: string }>(
  page: AdminListQuery,
  rows: (query: ReturnType<typeof pageQuery>) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<AdminPage<T>> {
  const [found, totalCount] = await Promise.all([rows(pageQuery(page)), count()]);
  return pageOf(found, page.limit, totalCount);
}

/** Rows read by id, answered in the order asked (null for an id that names nothing). */
export function inOrder<T extends { id: string }>(ids: readonly string[], rows: T[]): (T | null)[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** Percent, one decimal; 0 of nothing is 0. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** A person as the console names them: their name, or 'Deleted user' once their account is gone. */
export function personName(u: { firstName: string; lastName: string; deletedAt?: Date | null } | null | undefined): string {
  if (!u || u.deletedAt) return 'Deleted user';
  return displayName(u, 'Unknown');
}
