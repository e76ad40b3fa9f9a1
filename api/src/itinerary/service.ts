import { noteTripCompanions } from '../accounts/visibility.js';
import { requireViewer, type RequestContext } from '../platform/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { withLiveEvents, type LiveEvents, type Tx } from '../platform/outbox.js';
import type { ItineraryEvent } from './liveEvents.js';
import { requireTripMember } from '../trips/access.js';
import { ITINERARY_PAGE_MAX, ItineraryMessages as M } from './messages.js';
import { validateItineraryItem, type ItineraryItemInput } from './validation.js';
import { completeZones } from './zones.js';
import { itineraryPage, viewOf, VIEW_INCLUDE, type ItineraryItemView } from './view.js';

type ItineraryPage = Parameters<typeof itineraryPage>[2];

/**
 * A trip's itinerary in plan order: by day (undated items last), then start time (untimed items
 * first within their day, as "all day"), then the order they were added, the id breaking ties so
 * pages never overlap (view.ts states it in SQL). One page (ITINERARY_PAGE_MAX items, the most a
 * page holds) unless asked otherwise; members only.
 */
export async function listItinerary(ctx: RequestContext, tripId: string, page: ItineraryPage = { limit: ITINERARY_PAGE_MAX }): Promise<ItineraryItemView[]> {
  await requireTripMember(ctx, tripId);
  const { items, authorsOnTrip } = await itineraryPage(ctx.deps.db.prisma, tripId, page);
  // The viewer is on this trip, and so are these authors: they are each other's companions (an
  // administrator sees every profile and needs no note).
  if (!ctx.viewer?.isAdmin) noteTripCompanions(ctx, authorsOnTrip);
  return items;
}

/**
 * The item's trip, once the viewer may change it: signed out 401; no such item 404 (an id that
 * is not even a uuid too); an item of someone else's trip 403, as for the trip itself.
 */
async function requireItemMember(ctx: RequestContext, itemId: string): Promise<{ tripId: string }> {
  requireViewer(ctx);
  if (!isUuid(itemId)) throw new NotFoundError(M.notFound);
  const item = await ctx.deps.db.prisma.itineraryItem.findUnique({ where: { id: itemId }, select: { tripId: true } });
  if (!item) throw new NotFoundError(M.notFound);
  await requireTripMember(ctx, item.tripId);
  return item;
}

/** The trip's dates, read with the change so the bounds checked are the ones it commits beside. */
const boundsOf = (tx: Tx, tripId: string) => tx.trip.findUniqueOrThrow({ where: { id: tripId }, select: { startDate: true, endDate: true, timeZone: true } });

/** The item's own rules, then its zones (derived where the client is silent; see zones.ts). */
async function checkedItem(ctx: RequestContext, tx: Tx, tripId: string, input: ItineraryItemInput) {
  const trip = await boundsOf(tx, tripId);
  return completeZones(validateItineraryItem(input, trip), trip.timeZone, ctx.timeZone);
}

function announce(events: LiveEvents, ctx: RequestContext, kind: ItineraryEvent['kind'], item: { id: string; tripId: string }) {
  events.tripTopic('itinerary', { kind, tripId: item.tripId, itemId: item.id, actorId: ctx.viewer!.id });
}

/** Adds an item to a trip's plan; any member may. */
export async function addItineraryItem(ctx: RequestContext, tripId: string, input: ItineraryItemInput): Promise<ItineraryItemView> {
  await requireTripMember(ctx, tripId);
  return withLiveEvents(ctx.deps, (tx, events) => insertItineraryItem(ctx, tx, events, tripId, input));
}

/**
 * The add itself, inside a caller's transaction (another domain's change that puts an item on
 * the plan with it, e.g. a reservation becoming confirmed). The caller has checked membership;
 * the item's own rules are checked here. `extra.reservationId` links the item to its source.
 */
export async function insertItineraryItem(
  ctx: RequestContext,
  tx: Tx,
  events: LiveEvents,
  tripId: string,
  input: ItineraryItemInput,
  extra: { reservationId?: string } = {},
): Promise<ItineraryItemView> {
  const viewer = requireViewer(ctx);
  const data = await checkedItem(ctx, tx, tripId, input);
  const item = await tx.itineraryItem.create({
    data: { ...data, status: data.status ?? null, tripId, createdById: viewer.id, ...extra },
    include: VIEW_INCLUDE,
  });
  announce(events, ctx, 'ADDED', item);
  return viewOf(item);
}

/**
 * An edit made from a copy of the item older than the item is now (another member changed it,
 * or deleted it: `current` null) is refused, carrying the item as it is, so the editor chooses
 * whose version stays instead of overwriting it unseen.
 */
export class ItineraryItemConflictError extends ConflictError {
  constructor(readonly current: ItineraryItemView | null) {
    super(current ? M.changedMeanwhile : M.deletedMeanwhile, 'expectedRevision');
    this.name = 'ItineraryItemConflictError';
  }
}

/** Prisma's "no row matched the update's where" (the revision changed under us). */
const isNoRowMatched = (error: unknown) => (error as { code?: string } | null)?.code === 'P2025';

/**
 * Replaces an item's fields with `input` (a field left out is cleared), except its status and
 * affiliate link, which stay as they are unless given. Every edit raises the item's revision;
 * with `expectedRevision` (the revision the editor's copy had) an item changed or deleted since
 * is an ItineraryItemConflictError instead.
 */
export async function updateItineraryItem(
  ctx: RequestContext,
  itemId: string,
  input: ItineraryItemInput,
  expectedRevision?: number | null,
): Promise<ItineraryItemView> {
  const checked = expectedRevision !== undefined && expectedRevision !== null;
  if (checked && (!Number.isSafeInteger(expectedRevision) || expectedRevision < 1)) throw new ValidationError(M.invalidRevision, 'expectedRevision');
  const { tripId } = await requireItemMember(ctx, itemId).catch(async (error: unknown) => {
    // Deleted since the editor's copy was read: a conflict too (a signed-in viewer only).
    if (checked && error instanceof NotFoundError && ctx.viewer) throw new ItineraryItemConflictError(null);
    throw error;
  });
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const data = await checkedItem(ctx, tx, tripId, input);
    const where = checked ? { id: itemId, revision: expectedRevision } : { id: itemId };
    const item = await tx.itineraryItem
      .update({ where, data: { ...data, revision: { increment: 1 } }, include: VIEW_INCLUDE })
      .catch(async (error: unknown) => {
        if (!checked || !isNoRowMatched(error)) throw error;
        const current = await tx.itineraryItem.findUnique({ where: { id: itemId }, include: VIEW_INCLUDE });
        throw new ItineraryItemConflictError(current ? viewOf(current) : null);
      });
    announce(events, ctx, 'UPDATED', item);
    return viewOf(item);
  });
}

/** Deletes an item; an expense linked to it stays, unlinked. */
export async function deleteItineraryItem(ctx: RequestContext, itemId: string): Promise<{ id: string; tripId: string }> {
  const { tripId } = await requireItemMember(ctx, itemId);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await tx.itineraryItem.delete({ where: { id: itemId } });
    const item = { id: itemId, tripId };
    announce(events, ctx, 'DELETED', item);
    return item;
  });
}

/** 'Mark as Booked': the item's status becomes BOOKED (and `updatedAt` now). */
export async function markItineraryItemBooked(ctx: RequestContext, itemId: string): Promise<ItineraryItemView> {
  await requireItemMember(ctx, itemId);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const item = await tx.itineraryItem.update({
      where: { id: itemId },
      data: { status: 'BOOKED', updatedAt: new Date(), revision: { increment: 1 } },
      include: VIEW_INCLUDE,
    });
    announce(events, ctx, 'UPDATED', item);
    return viewOf(item);
  });
}

/** What a recommendation, a guide or a story place puts on a trip's plan. */
export interface PendingItemInput {
  title?: unknown;
  type?: unknown;
  location?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  activityDate?: unknown;
  affiliatePartner?: unknown;
  affiliateUrl?: unknown;
}

/** Puts a place on the plan as a PENDING item to book, under the same rules as any item. */
export async function addPendingItineraryItem(ctx: RequestContext, tripId: string, input: PendingItemInput): Promise<ItineraryItemView> {
  const { title, type, location, latitude, longitude, activityDate, affiliatePartner, affiliateUrl } = input;
  // A stay is named by its hotel and dated by its check-in, as the item form has it.
  const stay = type === 'ACCOMMODATION' ? { hotelName: title, checkInDate: activityDate } : {};
  return addItineraryItem(ctx, tripId, {
    title,
    type,
    location,
    latitude,
    longitude,
    activityDate,
    affiliatePartner,
    affiliateUrl,
    ...stay,
    status: 'PENDING',
  });
}
