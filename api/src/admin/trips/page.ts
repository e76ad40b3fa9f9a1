import { ValidationError } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';

/** Rows an admin list page holds: 50 unless asked, never more than 200. */
export const ADMIN_PAGE_DEFAULT = 50;
export const ADMIN_PAGE_MAX = 200;

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

/** The page size asked for, within bounds; a malformed one is the caller's error. */
export function pageLimit(limit: AdminPageArgs['limit']): number {
  if (limit === undefined || limit === null || limit === '') return ADMIN_PAGE_DEFAULT;
  const n = typeof limit === 'number' ? limit : Number(limit);
  if (!Number.isInteger(n) || n < 1) throw new ValidationError('limit must be a whole number from 1 to 200.', 'limit');
  return Math.min(n, ADMIN_PAGE_MAX);
}

/** Search text, trimmed; blank is none. */
export const searchText = (s: string | null | undefined) => (typeof s === 'string' && s.trim() ? s.trim().slice(0, 200) : null);

/**
 * Lists run newest first by (created_at, id): the cursor names the last row of a page, so a row
 * added meanwhile never shifts the next page.
 */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw new ValidationError('That cursor is not one this list gave.', 'cursor');
  return { createdAt, id };
}

/** The Prisma condition "after the cursor" in newest-first order. */
export function afterCursor(cursor: string | null | undefined) {
  const c = decodeCursor(cursor);
  return c ? { OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] } : {};
}

export const NEWEST_FIRST = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

/** Cuts the one extra row read to know whether another page follows. */
export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], limit: number, totalCount: number): AdminPage<T> {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, nextCursor: more ? encodeCursor(page[page.length - 1]!) : null, totalCount };
}

/** Percent, one decimal; 0 of nothing is 0. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** A person as the console names them: their name, or 'Deleted user' once their account is gone. */
export function personName(u: { firstName: string; lastName: string; deletedAt?: Date | null } | null | undefined): string {
  if (!u || u.deletedAt) return 'Deleted user';
  return `${u.firstName} ${u.lastName}`.trim() || 'Unknown';
}
