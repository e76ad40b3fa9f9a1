import { Prisma } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../platform/context.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { isoDate, todayIn } from '../../platform/dates.js';
import { formatMoneyDecimal } from '../../platform/money.js';
import { withLiveEvents } from '../../platform/outbox.js';
import { notify } from '../../notifications/service.js';
import { consoleDestination, consoleTripInput } from './tripForm.js';
import { TripMessages } from '../../trips/messages.js';
import { createTripFor, memberIds, timingWhere, tripChanged, updateTrip } from '../../trips/service.js';
import { tripTiming } from '../../trips/timing.js';
import type { TripInput } from '../../trips/validation.js';
import { requireAdmin } from '../access.js';
import { recordAdminAction } from '../audit.js';
import { AdminTripMessages as M, ADMIN_TRIP_STATUSES, type AdminTripStatus } from './messages.js';
import { inOrder, pageArgs, personName, readPage, searchText, type AdminPageArgs } from './page.js';
import { tripCancelledEmail } from './emails.js';
import { ON_TRIP_STATUSES } from '../../trips/memberStatus.js';

const ROW_SELECT = {
  id: true,
  name: true,
  description: true,
  destinationMainText: true,
  destinationSecondaryText: true,
  destinationDescription: true,
  destinationPlaceId: true,
  startDate: true,
  endDate: true,
  status: true,
  cancelledAt: true,
  ownerId: true,
  createdAt: true,
  owner: { select: { firstName: true, lastName: true, email: true, deletedAt: true } },
  _count: { select: { members: { where: { status: { in: ON_TRIP_STATUSES } } } } },
} as const satisfies Prisma.TripSelect;
type Row = Prisma.TripGetPayload<{ select: typeof ROW_SELECT }>;

/** A trip as the console lists it. */
export interface AdminTrip {
  id: string;
  name: string;
  description: string | null;
  destination: string | null;
  destinationMainText: string | null;
  destinationSecondaryText: string | null;
  startDate: string | null;
  endDate: string | null;
  /** upcoming, ongoing, completed (from the dates, in the caller's calendar) or cancelled. */
  status: Exclude<AdminTripStatus, 'all'>;
  /** Both days counted; null without both dates. */
  durationDays: number | null;
  ownerId: string;
  ownerName: string;
  ownerEmail: string | null;
  memberCount: number;
  cancelledAt: Date | null;
  createdAt: Date;
}

export function tripStatus(t: { status: string; startDate: Date | null; endDate: Date | null }, today: string): AdminTrip['status'] {
  if (t.status === 'CANCELLED') return 'cancelled';
  const timing = tripTiming(isoDate(t.startDate), isoDate(t.endDate), today);
  return timing === 'UPCOMING' ? 'upcoming' : timing === 'CURRENT' ? 'ongoing' : 'completed';
}

function toAdminTrip(t: Row, today: string): AdminTrip {
  const start = isoDate(t.startDate);
  const end = isoDate(t.endDate);
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    destination: t.destinationDescription ?? t.destinationMainText,
    destinationMainText: t.destinationMainText,
    destinationSecondaryText: t.destinationSecondaryText,
    startDate: start,
    endDate: end,
    status: tripStatus(t, today),
    durationDays: start && end ? Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1 : null,
    ownerId: t.ownerId,
    ownerName: personName(t.owner),
    ownerEmail: t.owner.deletedAt ? null : t.owner.email,
    memberCount: t._count.members,
    cancelledAt: t.cancelledAt,
    createdAt: t.createdAt,
  };
}

/** The status filter as a condition: the trips domain's timing rule, for trips not cancelled. */
function statusWhere(status: AdminTripStatus, today: Date): Prisma.TripWhereInput {
  switch (status) {
    case 'all':
      return {};
    case 'cancelled':
      return { status: 'CANCELLED' };
    case 'upcoming':
      return { status: 'ACTIVE', ...timingWhere('UPCOMING', today) };
    case 'ongoing':
      return { status: 'ACTIVE', ...timingWhere('CURRENT', today) };
    case 'completed':
      return { status: 'ACTIVE', ...timingWhere('PAST', today) };
  }
}

export interface AdminTripFilter extends AdminPageArgs {
  status?: string | null;
  destination?: string | null;
}

function parseStatus(status: string | null | undefined): AdminTripStatus {
  const s = (status ?? 'all').trim().toLowerCase() || 'all';
  if (!(ADMIN_TRIP_STATUSES as readonly string[]).includes(s)) throw new ValidationError(`status must be one of ${ADMIN_TRIP_STATUSES.join(', ')}.`, 'status');
  return s as AdminTripStatus;
}

/** Every trip, newest first, searched (name, description, destination) and filtered on the server; a page and the count of matches. */
export async function adminTrips(ctx: RequestContext, filter: AdminTripFilter) {
  requireAdmin(ctx);
  const page = pageArgs(filter);
  const today = todayIn(ctx.timeZone);
  const search = searchText(page.search);
  const destination = searchText(filter.destination);
  const where: Prisma.TripWhereInput = {
    AND: [
      statusWhere(parseStatus(filter.status), today),
      search
        ? {
            OR: [
              { name: { contains: search, mode: 'insensitive' } },
              { description: { contains: search, mode: 'insensitive' } },
              { destinationMainText: { contains: search, mode: 'insensitive' } },
              { destinationSecondaryText: { contains: search, mode: 'insensitive' } },
            ],
          }
        : {},
      destination ? { destinationMainText: { equals: destination, mode: 'insensitive' } } : {},
    ],
  };
  const prisma = ctx.deps.db.prisma;
  const todayText = isoDate(today)!;
  return readPage(
    page,
    async (query) => (await prisma.trip.findMany({ where, ...query, select: ROW_SELECT })).map((r) => toAdminTrip(r, todayText)),
    () => prisma.trip.count({ where }),
  );
}

/** Trips as the console lists them, by id (Relay's `node(id:)`, a change's payload): one statement. */
export async function adminTripsByIds(ctx: RequestContext, ids: readonly string[]): Promise<(AdminTrip | null)[]> {
  requireAdmin(ctx);
  const todayText = isoDate(todayIn(ctx.timeZone))!;
  const rows = await ctx.deps.db.prisma.trip.findMany({ where: { id: { in: ids.filter(isUuid) } }, select: ROW_SELECT });
  return inOrder(
    ids,
    rows.map((r) => toAdminTrip(r, todayText)),
  );
}

export interface AdminTripStats {
  total: number;
  upcoming: number;
  ongoing: number;
  completed: number;
  cancelled: number;
  /** Mean length of the trips with both dates, both days counted, rounded; 0 with none. */
  averageDurationDays: number;
  /** Distinct destinations (by name, case aside). */
  destinations: number;
  /** The destination filter's choices: the distinct names, alphabetical (at most 200). */
  destinationOptions: string[];
}

/** The stat cards over every trip (not only a page), in a fixed number of statements. */
export async function adminTripStats(ctx: RequestContext): Promise<AdminTripStats> {
  requireAdmin(ctx);
  const prisma = ctx.deps.db.prisma;
  const today = todayIn(ctx.timeZone);
  const count = (status: AdminTripStatus) => prisma.trip.count({ where: statusWhere(status, today) });
  const [total, upcoming, ongoing, completed, cancelled, [figures], options] = await Promise.all([
    count('all'),
    count('upcoming'),
    count('ongoing'),
    count('completed'),
    count('cancelled'),
    prisma.$queryRaw<{ average: number | null; destinations: bigint }[]>(Prisma.sql`
      SELECT round(avg(end_date - start_date + 1) FILTER (WHERE start_date IS NOT NULL AND end_date IS NOT NULL))::int AS average,
        count(DISTINCT lower(destination_main_text))::bigint AS destinations
      FROM trips`),
    prisma.$queryRaw<{ name: string }[]>(Prisma.sql`
      SELECT min(destination_main_text) AS name FROM trips WHERE destination_main_text IS NOT NULL
      GROUP BY lower(destination_main_text) ORDER BY lower(destination_main_text) LIMIT 200`),
  ]);
  return {
    total,
    upcoming,
    ongoing,
    completed,
    cancelled,
    averageDurationDays: figures?.average ?? 0,
    destinations: Number(figures?.destinations ?? 0),
    destinationOptions: options.map((o) => o.name),
  };
}

async function findTrip(ctx: RequestContext, tripId: string) {
  if (!isUuid(tripId)) throw new NotFoundError(TripMessages.notFound);
  const trip = await ctx.deps.db.prisma.trip.findUnique({ where: { id: tripId } });
  if (!trip) throw new NotFoundError(TripMessages.notFound);
  return trip;
}

/** The edit form's fields: the trips domain's own, checked by its rules. */
export interface AdminTripEdit {
  name?: string | null;
  description?: string | null;
  /** Plain text ("Paris, France"), the place object or its JSON text; absent keeps the destination. */
  destination?: unknown;
  startDate?: string | null;
  endDate?: string | null;
}

const EDITED = ['name', 'description', 'destinationMainText', 'destinationSecondaryText', 'destinationDescription', 'startDate', 'endDate'] as const;

/** Changes a trip's name, description, destination and dates; its budget and currency stay. */
export async function adminUpdateTrip(ctx: RequestContext, tripId: string, edit: AdminTripEdit) {
  const admin = requireAdmin(ctx);
  const current = await findTrip(ctx, tripId);
  const keep = edit.destination === undefined || (typeof edit.destination === 'string' && edit.destination.trim() === (current.destinationDescription ?? ''));
  const input: TripInput = {
    ...consoleTripInput({ ...edit, destination: undefined }),
    destination: keep
      ? current.destinationMainText
        ? {
            mainText: current.destinationMainText,
            secondaryText: current.destinationSecondaryText,
            description: current.destinationDescription,
            placeId: current.destinationPlaceId,
            latitude: current.destinationLat,
            longitude: current.destinationLng,
          }
        : null
      : consoleDestination(edit.destination),
    budget: current.budgetCents === null ? null : formatMoneyDecimal(current.budgetCents, current.currency),
    currency: current.currency,
  };
  return updateTrip(ctx, tripId, input, async (tx, after) => {
    const before: Record<string, unknown> = {};
    const changed: Record<string, unknown> = {};
    for (const key of EDITED) {
      const [a, b] = [current[key], after[key]].map((v) => (v instanceof Date ? isoDate(v) : v));
      if (a !== b) [before[key], changed[key]] = [a, b];
    }
    await recordAdminAction(tx, admin, {
      action: 'trip.update',
      targetType: 'trip',
      targetId: tripId,
      before,
      after: changed,
      summary: `Edited trip "${after.name}"`,
    });
  });
}

/**
 * Cancels a trip: it is marked cancelled, and every member is told in the app (with the change)
 * and by e-mail (once the change has committed: a message cannot be taken back, so it is only
 * sent for a cancellation that happened; a failed send is logged and does not undo it).
 */
export async function adminCancelTrip(ctx: RequestContext, tripId: string) {
  const admin = requireAdmin(ctx);
  const trip = await findTrip(ctx, tripId);
  if (trip.status === 'CANCELLED') throw new ValidationError(M.alreadyCancelled);
  const { cancelled, people } = await withLiveEvents(ctx.deps, async (tx, events) => {
    // Only a trip still active is cancelled: two administrators at once cancel it once.
    const { count } = await tx.trip.updateMany({ where: { id: tripId, status: 'ACTIVE' }, data: { status: 'CANCELLED', cancelledAt: new Date() } });
    if (count === 0) throw new ValidationError(M.alreadyCancelled);
    const ids = await memberIds(tx, tripId);
    const people = await tx.user.findMany({ where: { id: { in: ids }, deletedAt: null }, select: { id: true, email: true, firstName: true } });
    for (const p of people) {
      await notify(tx, events, p.id, {
        type: 'TRIP_UPDATE',
        title: M.tripCancelledTitle,
        message: `The trip "${trip.name}" was cancelled by an administrator.`,
        actionUrl: '/dashboard/trips',
        data: { tripId },
      });
    }
    await tripChanged(tx, events, tripId, 'UPDATED', ids);
    await recordAdminAction(tx, admin, {
      action: 'trip.cancel',
      targetType: 'trip',
      targetId: tripId,
      before: { status: 'active' },
      after: { status: 'cancelled' },
      summary: `Cancelled trip "${trip.name}" (${people.length} members notified)`,
    });
    const cancelled = await tx.trip.findUniqueOrThrow({ where: { id: tripId } });
    return { cancelled, people };
  });
  const url = `${ctx.deps.config.publicUrl}/dashboard/trips`;
  let emailed = 0;
  for (const p of people) {
    try {
      await ctx.deps.mailer.send(tripCancelledEmail({ to: p.email, firstName: p.firstName, tripName: trip.name, url }));
      emailed += 1;
    } catch (err) {
      ctx.deps.logger.error({ err, tripId, userId: p.id }, 'trip-cancelled e-mail failed');
    }
  }
  return { trip: cancelled, notified: people.length, emailed };
}

export interface AdminTripCreate extends AdminTripEdit {
  ownerEmail?: string | null;
  ownerId?: string | null;
}

/** Makes a real trip for a chosen traveller (by e-mail or id), who becomes its owner. */
export async function adminCreateTrip(ctx: RequestContext, input: AdminTripCreate) {
  const admin = requireAdmin(ctx);
  const email = typeof input.ownerEmail === 'string' ? input.ownerEmail.trim().toLowerCase() : '';
  const id = typeof input.ownerId === 'string' ? input.ownerId.trim() : '';
  if (!email && !id) throw new ValidationError(M.ownerRequired, 'ownerEmail');
  if (id && !isUuid(id)) throw new ValidationError(M.ownerNotFound, 'ownerId');
  const owner = await ctx.deps.db.prisma.user.findFirst({ where: { ...(id ? { id } : { email }), deletedAt: null }, select: { id: true } });
  if (!owner) throw new ValidationError(M.ownerNotFound, id ? 'ownerId' : 'ownerEmail');
  const tripInput: TripInput = { ...consoleTripInput(input), destination: input.destination === undefined ? null : consoleDestination(input.destination) };
  return createForOwner(ctx, owner.id, tripInput, admin);
}

function createForOwner(ctx: RequestContext, ownerId: string, input: TripInput, admin: ReturnType<typeof requireAdmin>) {
  return createTripFor(ctx, ownerId, input, async (tx, trip) => {
    await recordAdminAction(tx, admin, {
      action: 'trip.create',
      targetType: 'trip',
      targetId: trip.id,
      after: { name: trip.name, ownerId, startDate: isoDate(trip.startDate), endDate: isoDate(trip.endDate), destination: trip.destinationMainText },
      summary: `Created trip "${trip.name}" for ${ownerId}`,
    });
  });
}

export { toAdminTrip };
