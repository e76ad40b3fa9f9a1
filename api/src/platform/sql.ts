/**
 * The SQL kit: how the statements written by hand (where the bench showed Prisma's query builder
 * too slow) are put together. Every statement is a `Prisma.sql` template run through the tagged
 * `$queryRaw` / `$executeRaw`, so each interpolated value travels as a bound parameter. The only
 * text spliced into a statement is what this file lets through: plain SQL names (`name`,
 * `quotedName`) and the sort directions. `$queryRawUnsafe` and `Prisma.raw` elsewhere are refused
 * by the lint (eslint.config.js).
 */
import { Prisma } from '../generated/prisma/client.js';

export type Sql = Prisma.Sql;
/** The template tag: `sql\`... ${value} ...\``; a nested `Sql` is spliced, anything else bound. */
export const sql = Prisma.sql;
/** Fragments (or values, each bound) joined by `separator` (a comma by default). */
export const join = Prisma.join;
/** Nothing: the fragment an optional clause is when it is left out. */
export const empty = Prisma.empty;

const PLAIN_NAME = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A table alias or a column (`i`, `i.created_at`) written into the statement. Only lowercase
 * names, optionally qualified, pass: anything else is a programming error and throws.
 */
export function name(text: string): Sql {
  if (!PLAIN_NAME.test(text)) throw new Error(`Not a plain SQL name: ${JSON.stringify(text)}`);
  return Prisma.raw(text);
}

/** An output column named as the code reads it (`"createdAt"`), letters, digits and _ only. */
export function quotedName(text: string): Sql {
  if (!FIELD_NAME.test(text)) throw new Error(`Not a field name: ${JSON.stringify(text)}`);
  return Prisma.raw(`"${text}"`);
}

const ASC = Prisma.raw('ASC');
const DESC = Prisma.raw('DESC');
/** `ASC`, or `DESC` when reading backwards (a page before a cursor). */
export const direction = (descending: boolean | undefined): Sql => (descending ? DESC : ASC);

/** The profile card (id, names, avatar) of the user row `alias`, as a JSON object. */
export const userCardJson = (alias: string): Sql => {
  const u = (column: string) => name(`${alias}.${column}`);
  return sql`json_build_object('id', ${u('id')}, 'firstName', ${u('first_name')}, 'lastName', ${u('last_name')}, 'avatarUrl', ${u('avatar_url')})`;
};

/**
 * The one reader of timestamps that come back inside JSON (json_build_object, json_agg...):
 * select the column as it is; the columns hold UTC wall time and JSON writes it without a zone
 * (`2026-05-01T09:30:00.123`), so the zone is added here. Timestamps read as plain columns
 * arrive as `Date`s already.
 */
export function readTimestamp(text: string): Date;
export function readTimestamp(text: string | null): Date | null;
export function readTimestamp(text: string | null): Date | null {
  if (text === null) return null;
  const date = new Date(`${text}Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a timestamp read from JSON: ${JSON.stringify(text)}`);
  return date;
}

/** A DATE read inside JSON (`2026-05-01`) as Prisma hands DATE columns over: its UTC midnight. */
export function readDate(text: string): Date;
export function readDate(text: string | null): Date | null;
export function readDate(text: string | null): Date | null {
  return text === null ? null : new Date(`${text}T00:00:00.000Z`);
}
