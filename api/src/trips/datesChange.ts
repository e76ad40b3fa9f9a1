/**
 * What a change of a trip's dates leaves out: the plan items dated before its new first day or
 * after its new last day. One rule for every door that moves the dates (the trip form's edit, a
 * dates poll's winner): the screen lists them before the owner confirms, and the edit answers them.
 */
import type { RequestContext } from '../platform/context.js';
import { isoDate } from '../platform/dates.js';
import type { Tx } from '../platform/outbox.js';
import { requireTripMember } from './access.js';

/** A plan item that would fall outside a range of days. */
export interface PlanItemOutside {
  id: string;
  title: string;
  activityDate: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The dated plan items of `tripId` outside `start`..`end` (YYYY-MM-DD, both given), first day first. */
export async function planItemsOutside(db: Tx, tripId: string, start: string, end: string): Promise<PlanItemOutside[]> {
  if (!DAY.test(start) || !DAY.test(end)) return [];
  const rows = await db.itineraryItem.findMany({
    where: { tripId, OR: [{ activityDate: { lt: new Date(`${start}T00:00:00Z`) } }, { activityDate: { gt: new Date(`${end}T00:00:00Z`) } }] },
    select: { id: true, title: true, activityDate: true },
    orderBy: [{ activityDate: 'asc' }, { id: 'asc' }],
    take: 200,
  });
  return rows.map((r) => ({ id: r.id, title: r.title, activityDate: isoDate(r.activityDate)! }));
}

/** `planItemsOutside` for a member of the trip (401, 403 otherwise): what the screen shows first. */
export async function itemsOutsideDates(ctx: RequestContext, tripId: string, start: string, end: string): Promise<PlanItemOutside[]> {
  await requireTripMember(ctx, tripId);
  return planItemsOutside(ctx.deps.db.prisma, tripId, start, end);
}
