import { z } from 'zod';
import { cursorCodec, cursorParts } from '../platform/cursor.js';

/**
 * Cursors of the console's lists ordered by a time, newest first: the time and the id of the
 * last row of a page (ties broken by id, so pages never overlap or skip).
 */
const cursors = cursorCodec('updated', z.tuple([cursorParts.timestamp, cursorParts.id]));

export const encodeUpdatedCursor = (at: Date, id: string) => cursors.encode([at.toISOString(), id]);

/** A cursor made by `encodeUpdatedCursor`, or null for anything else (the first page then). */
export function decodeUpdatedCursor(cursor: string): { updatedAt: Date; id: string } | null {
  const parts = cursors.decode(cursor);
  return parts && { updatedAt: new Date(parts[0]), id: parts[1] };
}
