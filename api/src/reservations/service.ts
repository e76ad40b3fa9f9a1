import { randomBytes } from 'node:crypto';
import type { Prisma, Reservation } from '../generated/prisma/client.js';
import { requireViewer, type RequestContext } from '../platform/context.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isoDate } from '../platform/dates.js';
import { isUuid } from '../platform/ids.js';
import { withLiveEvents } from '../platform/outbox.js';
import { requireTripMember } from '../trips/access.js';
import { insertItineraryItem } from '../itinerary/service.js';
import type { ItineraryItemView } from '../itinerary/view.js';
import { calendarDate } from '../platform/calendarDate.js';
import { forwardingAddress } from './address.js';
import { ReservationMessages as M } from './messages.js';
import { itemInputOf } from './toItinerary.js';
import { validateReservation, type ReservationInput } from './validation.js';

/** The viewer's forwarding address (what they forward confirmations to). */
export async function viewerForwardingAddress(ctx: RequestContext, userId: string): Promise<string> {
  requireSelfOrAdmin(ctx, userId);
  const user = await ctx.deps.db.prisma.user.findUnique({ where: { id: userId }, select: { forwardingToken: true, deletedAt: true } });
  if (!user || user.deletedAt) throw new NotFoundError('User not found.');
  // Every live account has a token (the column's default, migration 0022); one that somehow
  // lacks it gets its own now, never one derived from the id.
  const token = user.forwardingToken ?? (await setForwardingToken(ctx, userId));
  return forwardingAddress(token, ctx.deps.config.mailDomain);
}

/** 128 random bits from node:crypto, as the 32 hex characters an address's local part holds. */
const newForwardingToken = () => randomBytes(16).toString('hex');

async function setForwardingToken(ctx: RequestContext, userId: string): Promise<string> {
  const token = newForwardingToken();
  await ctx.deps.db.prisma.user.update({ where: { id: userId }, data: { forwardingToken: token } });
  return token;
}

/**
 * Gives the viewer a new random forwarding address; the old one is refused from this moment
 * (mail is looked up by the exact token). Only one's own: an administrator has no need of it.
 */
export async function resetForwardingAddress(ctx: RequestContext): Promise<string> {
  const viewer = requireViewer(ctx);
  return forwardingAddress(await setForwardingToken(ctx, viewer.id), ctx.deps.config.mailDomain);
}

function requireSelfOrAdmin(ctx: RequestContext, userId: string) {
  const viewer = requireViewer(ctx);
  if (viewer.id !== userId && !viewer.isAdmin) throw new ForbiddenError('You may only read your own reservations.');
  // An administrator's malformed id names nobody (and never reaches a uuid column).
  if (!isUuid(userId)) throw new NotFoundError('User not found.');
}

/** A user's reservations, newest first (the REST list; GraphQL pages through `User.reservations`). */
export async function listReservations(ctx: RequestContext, userId: string, limit = 200): Promise<Reservation[]> {
  requireSelfOrAdmin(ctx, userId);
  return ctx.deps.db.prisma.reservation.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
}

/** The reservation, once the viewer may change it: their own (or any, for an administrator). */
async function requireOwnReservation(ctx: RequestContext, id: string): Promise<Reservation> {
  const viewer = requireViewer(ctx);
  if (!isUuid(id)) throw new NotFoundError(M.notFound);
  const row = await ctx.deps.db.prisma.reservation.findUnique({ where: { id } });
  if (!row) throw new NotFoundError(M.notFound);
  if (row.userId !== viewer.id && !viewer.isAdmin) throw new ForbiddenError('You may only change your own reservations.');
  return row;
}

/** Fields added after the seed's form: an older client that leaves them out keeps what was read. */
const KEPT_WHEN_ABSENT = ['endDate', 'endTime', 'passengers', 'seat', 'provider'] as const;

/**
 * The edit form: every field replaced (empty ones cleared), the title required. An edit is the
 * user's word on the reservation: whatever was waiting for review is settled by it.
 */
export async function updateReservation(ctx: RequestContext, id: string, input: ReservationInput): Promise<Reservation> {
  const { endDate, ...data } = validateReservation(input);
  const row = await requireOwnReservation(ctx, id);
  const changes: Prisma.ReservationUpdateInput = { ...data, date: calendarDate(data.date), endDate: calendarDate(endDate), reviewFields: [] };
  for (const field of KEPT_WHEN_ABSENT) if (input[field] === undefined) delete changes[field];
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const updated = await tx.reservation.update({ where: { id: row.id }, data: changes });
    events.viewer([row.userId], { kind: 'reservations' });
    return updated;
  });
}

/** 'Looks right': the user confirms a reservation read with low confidence as it stands. */
export async function confirmReservationReview(ctx: RequestContext, id: string): Promise<Reservation> {
  const row = await requireOwnReservation(ctx, id);
  if (!row.reviewFields.length) return row;
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const updated = await tx.reservation.update({ where: { id: row.id }, data: { reviewFields: [] } });
    events.viewer([row.userId], { kind: 'reservations' });
    return updated;
  });
}

export async function deleteReservation(ctx: RequestContext, id: string): Promise<{ id: string; userId: string }> {
  const row = await requireOwnReservation(ctx, id);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await tx.reservation.delete({ where: { id: row.id } });
    events.viewer([row.userId], { kind: 'reservations' });
    return { id: row.id, userId: row.userId };
  });
}

/** 'Clear All': every reservation of the viewer goes (items already on trips stay there). */
export async function clearReservations(ctx: RequestContext): Promise<number> {
  const viewer = requireViewer(ctx);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const { count } = await tx.reservation.deleteMany({ where: { userId: viewer.id } });
    if (count) events.viewer([viewer.id], { kind: 'reservations' });
    return count;
  });
}

/**
 * 'Add to Trip': the reservation becomes an item of the trip's plan (under the itinerary's own
 * rules) and is confirmed, in one transaction: either both happen or neither. Its date must lie
 * within the trip's dates; a trip that does not exist is 'Selected trip not found.'. A reservation
 * is on one plan at a time: while the item made from it exists, a second add is refused (409), and
 * the unique link between them refuses two adds sent at once.
 */
export async function addReservationToTrip(
  ctx: RequestContext,
  reservationId: string,
  tripId: string,
): Promise<{ item: ItineraryItemView; reservation: Reservation }> {
  const row = await requireOwnReservation(ctx, reservationId);
  try {
    await requireTripMember(ctx, tripId);
  } catch (err) {
    if (err instanceof NotFoundError) throw new NotFoundError(M.tripNotFound);
    throw err;
  }
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const trip = await tx.trip.findUniqueOrThrow({ where: { id: tripId }, select: { startDate: true, endDate: true, timeZone: true } });
    // The day at the place, once the reservation's times are in the place's zone.
    const input = itemInputOf(row, trip.timeZone);
    const date = (input.activityDate ?? input.checkInDate ?? null) as string | null;
    const start = isoDate(trip.startDate);
    const end = isoDate(trip.endDate);
    if (date && ((start && date < start) || (end && date > end))) {
      const message = M.outsideTrip
        .replace('{date}', date)
        .replace('{start}', start ?? '…')
        .replace('{end}', end ?? '…');
      throw new ValidationError(message, 'tripId');
    }
    const earlier = await tx.itineraryItem.findUnique({ where: { reservationId: row.id }, select: { trip: { select: { name: true } } } });
    if (earlier) throw new ConflictError(M.alreadyOnTrip.replace('{trip}', earlier.trip.name), 'reservationId');
    const item = await insertItineraryItem(ctx, tx, events, tripId, input, { reservationId: row.id }).catch((err: unknown) => {
      // The same reservation added at the same instant: the other add holds the link.
      if ((err as { code?: string }).code === 'P2002') throw new ConflictError(M.alreadyOnTrip.replace('{trip}', 'a trip'), 'reservationId');
      throw err;
    });
    const reservation = await tx.reservation.update({ where: { id: row.id }, data: { status: 'CONFIRMED', tripId } });
    events.viewer([row.userId], { kind: 'reservations' });
    return { item, reservation };
  });
}
