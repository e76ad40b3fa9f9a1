import { z } from 'zod';
import { ValidationError } from './errors.js';
import { isUuid } from './ids.js';

/**
 * The one page-cursor codec. A cursor is opaque to clients: base64url of `<kind>:` and a JSON
 * array, the sort key of the last row a page showed (ties broken by the row's id). The kind keeps
 * one list's cursor from being read as another's; the tuple schema checks every part, so a
 * forged or damaged cursor decodes to null instead of reaching a statement.
 */
export interface CursorCodec<T extends readonly unknown[]> {
  encode(parts: T): string;
  /** The parts, or null for anything this codec did not write. */
  decode(cursor: string): T | null;
  /** The parts, or a 400 naming `field` (a cursor the client kept from another list or version). */
  read(cursor: string, field?: string): T;
}

/** The message of a cursor that cannot be read, for lists whose answer is an error. */
export const CURSOR_MESSAGE = 'This page cursor is not one of this list’s; start again from the first page.';

export function cursorCodec<S extends z.ZodTuple<[z.ZodType, ...z.ZodType[]]>>(kind: string, parts: S): CursorCodec<z.output<S>> {
  const prefix = `${kind}:`;
  return {
    encode: (value) => Buffer.from(prefix + JSON.stringify(value)).toString('base64url'),
    decode(cursor) {
      const text = Buffer.from(cursor, 'base64url').toString('utf8');
      if (!text.startsWith(prefix)) return null;
      try {
        const parsed = parts.safeParse(JSON.parse(text.slice(prefix.length)));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    read(cursor, field = 'after') {
      const value = this.decode(cursor);
      if (value === null) throw new ValidationError(CURSOR_MESSAGE, field);
      return value;
    },
  };
}

/** Parts cursors are made of: a timestamp as `toISOString()` writes it, a row id. */
export const cursorParts = {
  timestamp: z.iso.datetime(),
  id: z.string().refine(isUuid),
};
