import { createHash } from 'node:crypto';
import { Prisma } from '../generated/prisma/client.js';
import type { RequestContext } from './context.js';
import { isoDate } from './dates.js';
import { readerKeys } from './reader.js';

/** The keys the caller reads under (platform/reader.ts). */
export const keysOf = (ctx: RequestContext) =>
  readerKeys(ctx.deps.authSecret, { viewerId: ctx.viewer?.id ?? null, clientIp: ctx.clientIp, readerId: ctx.readerId ?? null });

/**
 * The caller's reading of `thing` is marked for today under each of their keys; it is their
 * first today when none of the keys was marked before (then every one is new). `then`, a
 * statement ending in its WHERE clause, runs in the same statement only for a first reading.
 * Earlier days' marks are let go on the way. Answers whether it was the first reading.
 */
async function markToday(ctx: RequestContext, thing: string, then?: Prisma.Sql): Promise<boolean> {
  const keys = keysOf(ctx);
  const scope = createHash('sha256').update(thing).digest('base64url');
  const day = isoDate(new Date());
  const rows = await ctx.deps.db.prisma.$queryRaw<{ marked: bigint }[]>(Prisma.sql`
    WITH marked AS (
      INSERT INTO reader_marks (scope, reader_key, day)
      SELECT ${scope}, k.key, ${day}::date FROM unnest(${keys}::text[]) AS k(key)
      ON CONFLICT DO NOTHING RETURNING 1
    ), pruned AS (
      DELETE FROM reader_marks WHERE day < ${day}::date
    )${then ? Prisma.sql`, counted AS (${then} AND (SELECT count(*) FROM marked) = ${keys.length} RETURNING 1)` : Prisma.empty}
    SELECT count(*) AS marked FROM marked`);
  return Number(rows[0]?.marked ?? 0) === keys.length;
}

/** Whether this is the caller's first reading of `thing` today (see markToday). */
export const firstReadingToday = (ctx: RequestContext, thing: string) => markToday(ctx, thing);

/**
 * Runs `update` (an UPDATE ending in its WHERE clause) when this is the caller's first reading
 * of `thing` today, in one statement with the marking. Answers whether it ran.
 */
export const countOnceToday = (ctx: RequestContext, thing: string, update: Prisma.Sql) => markToday(ctx, thing, update);
