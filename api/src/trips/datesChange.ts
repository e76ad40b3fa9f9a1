/**
 * What a change of a trip's dates leaves out: the plan items dated before its new first day or
 * after its new last day. One rule for every door that moves the dates (the trip form's edit, a
 * dates poll's winner): the screen lists them before the owner confirms, and the edit answers them.
 */
import { batchLoader } from '../platform/batch.js';
import { isCalendarDate } from '../platform/calendarDate.js';
import type { RequestContext } from '../platform/context.js';
import { isoDate } from '../platform/dates.js';
import type { Tx } from '../platform/outbox.js';
import { sql } from '../platform/sql.js';
import { requireTripMember } from './access.js';

/** A plan item that would fall outside a range of days. */
export interface PlanItemOutside {
  id: string;
  title: string;
  activityDate: string;
}

/** A range of days of a trip (YYYY-MM-DD both): which of its plan items would fall outside it. */
export interface DatesRange {
  tripId: string;
  start: string;
  end: string;
}

const OUTSIDE_LIMIT = 200;
const rangeKey = (r: DatesRange) => `${r.tripId}|${r.start}|${r.end}`;

/**
 * For each range, the dated plan items of its trip before `start` or after `end`, first day
 * first (at most 200 each), keyed `tripId|start|end`: one statement however many ranges (a
 * dates poll's options are read together).
 */
export async function planItemsOutsideRanges(db: Tx, ranges: readonly DatesRange[]): Promise<Map<string, PlanItemOutside[]>> {
  const wanted = ranges.filter((r) => isCalendarDate(r.start) && isCalendarDate(r.end));
  const found = new Map<string, PlanItemOutside[]>(ranges.map((r) => [rangeKey(r), []]));
  if (!wanted.length) return found;
  const rows = await db.$queryRaw<{ k: bigint; id: string; title: string; day: Date }[]>(sql`
    SELECT r.k, it.id, it.title, it.activity_date AS day
    FROM unnest(${wanted.map((r) => r.tripId)}::uuid[], ${wanted.map((r) => r.start)}::date[], ${wanted.map((r) => r.end)}::date[])
      WITH ORDINALITY AS r(trip_id, first_day, last_day, k)
    CROSS JOIN LATERAL (
      SELECT i.id, i.title, i.activity_date FROM itinerary_items i
      WHERE i.trip_id = r.trip_id AND (i.activity_date < r.first_day OR i.activity_date > r.last_day)
      ORDER BY i.activity_date, i.id LIMIT ${OUTSIDE_LIMIT}) it
    ORDER BY r.k, it.activity_date, it.id`);
  for (const row of rows) found.get(rangeKey(wanted[Number(row.k) - 1]!))!.push({ id: row.id, title: row.title, activityDate: isoDate(row.day)! });
  return found;
}

/** The dated plan items of `tripId` outside `start`..`end` (YYYY-MM-DD, both given), first day first. */
export async function planItemsOutside(db: Tx, tripId: string, start: string, end: string): Promise<PlanItemOutside[]> {
  return (await planItemsOutsideRanges(db, [{ tripId, start, end }])).get(rangeKey({ tripId, start, end })) ?? [];
}

/** `planItemsOutside` for a member of the trip (401, 403 otherwise): what the screen shows first. */
export async function itemsOutsideDates(ctx: RequestContext, tripId: string, start: string, end: string): Promise<PlanItemOutside[]> {
  await requireTripMember(ctx, tripId);
  return planItemsOutside(ctx.deps.db.prisma, tripId, start, end);
}

const outsideLoader = batchLoader<string, PlanItemOutside[]>(async (ctx, keys) => {
  const ranges = keys.map((k) => {
    const [tripId, start, end] = k.split('|') as [string, string, string];
    return { tripId, start, end };
  });
  return planItemsOutsideRanges(ctx.deps.db.prisma, ranges);
}, []);

/** `itemsOutsideDates` read with every other range the request asks for (a poll's options): one statement. */
export async function itemsOutsideDatesBatched(ctx: RequestContext, range: DatesRange): Promise<PlanItemOutside[]> {
  await requireTripMember(ctx, range.tripId);
  return outsideLoader(ctx, rangeKey(range));
}
