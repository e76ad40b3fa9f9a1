import { isUuid } from '../platform/ids.js';

/**
 * Cursors of the console's lists ordered by a time, newest first: the time and the id of the
 * last row of a page (ties broken by id, so pages never overlap or skip).
 */
export const encodeUpdatedCursor = (at: Date, id: string) => Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');

/** A cursor made by `encodeUpdatedCursor`, or null for anything else (the first page then). */
export function decodeUpdatedCursor(cursor: string): { updatedAt: Date; id: string } | null {
  try {
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
    if (!Array.isArray(parts) || parts.length !== 2) return null;
    const [at, id] = parts as unknown[];
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at)) || !isUuid(id)) return null;
    return { updatedAt: new Date(at), id };
  } catch {
    return null;
  }
}
