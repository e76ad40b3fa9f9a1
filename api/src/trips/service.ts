import type { Prisma, Trip, TripInvitation } from '../generated/prisma/client.js';
import type { AppDeps, RequestContext } from '../platform/context.js';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../platform/errors.js';
import { requireViewer } from '../platform/context.js';
import { isoDate } from '../platform/dates.js';
import { empty, join, name, quotedName, readDate, readTimestamp, sql, type Sql } from '../platform/sql.js';
import { notify } from '../notifications/service.js';
import { withLiveEvents, type LiveEvents, type Tx } from '../platform/outbox.js';
import { forgetViewerTrips, requireTripMember, requireTripOwner } from './access.js';
import { TripMessages as M } from './messages.js';
import type { TripTiming } from './timing.js';
import { zoneAt } from '../places/zoneLookup.js';
import { validateTrip, type TripInput } from './validation.js';
import { tripListInclude, type TripListItem } from './json.js';
import { openInvitationSql } from '../invitations/rules.js';
import { ON_TRIP_STATUSES } from './memberStatus.js';
import { displayName } from '../accounts/accountFields.js';
import { onTripStatus } from './memberStatusSql.js';
import { planItemsOutside, type PlanItemOutside } from './datesChange.js';

/** Trips a user belongs to: owner or accepted member (invitees are not members yet). */
export const tripsOf = (userId: string): Prisma.TripWhereInput => ({
  members: { some: { userId, status: { in: ON_TRIP_STATUSES } } },
});

/** `tripsOf` in SQL, for the statements written by hand: trip `alias` is one of user `userId`'s. */
export const tripsOfSql = (alias: string, userId: string): Sql =>
  sql`EXISTS (SELECT 1 FROM trip_members mine WHERE mine.trip_id = ${name(`${alias}.id`)} AND mine.user_id = ${userId}::uuid AND ${onTripStatus('mine.status')})`;

/** The trips list's order: soonest first, undated last, then newest. */
export const TRIP_ORDER = [{ startDate: { sort: 'asc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'asc' }] satisfies Prisma.TripOrderByWithRelationInput[];
/** `TRIP_ORDER` in SQL (tests hold the two to the same order). */
const TRIP_ORDER_SQL = sql`t.start_date ASC NULLS LAST, t.created_at DESC, t.id ASC`;

/**
 * The timing tabs as SQL conditions, matching timing.ts's `tripTiming` exactly. `today` is the
 * caller's calendar day (see `todayIn`), as a UTC midnight like the DATE columns.
 */
export function timingWhere(timing: TripTiming, today: Date): Prisma.TripWhereInput {
  switch (timing) {
    case 'UPCOMING':
      return { OR: [{ startDate: { gt: today } }, { startDate: null, OR: [{ endDate: null }, { endDate: { gte: today } }] }] };
    case 'PAST':
      return { endDate: { lt: today }, OR: [{ startDate: null }, { startDate: { lte: today } }] };
    case 'CURRENT':
      return { startDate: { lte: today }, OR: [{ endDate: null }, { endDate: { gte: today } }] };
  }
}

/** Ids of everyone on a trip (owner and accepted members), for live events and notices. */
export async function memberIds(db: Tx | AppDeps, tripId: string): Promise<string[]> {
  const client = 'db' in db ? db.db.prisma : db;
  const rows = await client.tripMember.findMany({
    where: { tripId, status: { in: ON_TRIP_STATUSES } },
    select: { userId: true },
  });
  return rows.map((r) => r.userId);
}

/**
 * Someone left these trips (or their account went): the private calendar feed address they may
 * have copied stops answering, so nobody keeps reading a plan they are no longer on. The next
 * member to open the feed menu is given a new address.
 */
export async function retireCalendarFeeds(tx: Tx, tripIds: string[]) {
  if (tripIds.length) await tx.trip.updateMany({ where: { id: { in: tripIds }, calendarToken: { not: null } }, data: { calendarToken: null } });
}

/**
 * Announces, with the change's transaction, that a trip changed: to anyone watching it and to
 * every member's trip lists. `members` defaults to the members as the transaction sees them.
 */
export async function tripChanged(tx: Tx, events: LiveEvents, tripId: string, kind: 'UPDATED' | 'MEMBERS_CHANGED' | 'DELETED', members?: string[]) {
  const ids = members ?? (await memberIds(tx, tripId));
  events.add('trip', tripId, { kind, tripId, ...(kind === 'DELETED' ? { memberIds: ids } : {}) });
  events.viewer(ids, { kind: 'trips', tripId });
}

export async function createTrip(ctx: RequestContext, input: TripInput) {
  if (!ctx.viewer) throw new UnauthenticatedError(M.notSignedIn);
  const trip = await createTripFor(ctx, ctx.viewer.id, input);
  forgetViewerTrips(ctx);
  return trip;
}

/** A trip keeps its destination's zone, from the destination's coordinates (none without them). */
const withZone = <T extends { destinationLat: number | null; destinationLng: number | null }>(data: T) => ({
  ...data,
  timeZone: zoneAt(data.destinationLat, data.destinationLng),
});

/**
 * A trip owned by `ownerId`, with the owner's member row: the one way trips are made, whether
 * travellers make their own or an administrator makes one for someone (the caller checks who
 * may). `within` runs in the same transaction, after the trip is made.
 */
export async function createTripFor(ctx: RequestContext, ownerId: string, input: TripInput, within?: (tx: Tx, trip: Trip) => Promise<void>) {
  const data = withZone(validateTrip(input));
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const created = await tx.trip.create({
      data: { ...data, ownerId, members: { create: { userId: ownerId, status: 'OWNER', role: 'OWNER', joinedAt: new Date() } } },
    });
    events.viewer([ownerId], { kind: 'trips', tripId: created.id });
    await within?.(tx, created);
    return created;
  });
}

/**
 * A trip's currency is its ledger's (and its one budget's): every expense's base amount and every
 * payment is in it, and the balances count only what is. Changing it under existing expenses would
 * drop them all out of the balances, so it is refused while the trip has any. Every change of the
 * currency (the trip form, the budget, an administrator's edit) passes here, inside its transaction
 * (the trip's row locked for it).
 */
export async function keepCurrencyWithExpenses(tx: Tx, tripId: string, currency: string) {
  const [trip] = await tx.$queryRaw<{ changing: boolean }[]>`SELECT currency <> ${currency} AS changing FROM trips WHERE id = ${tripId}::uuid FOR UPDATE`;
  if (!trip?.changing) return;
  // Asked only once the row is held, in a statement of its own: a statement that had to wait for
  // the row (an expense being written holds it, see `holdTripForMoney`) still sees the data as of
  // its start, so asking in the locking statement would miss the expense it waited for.
  const [money] = await tx.$queryRaw<{ any: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM expenses WHERE trip_id = ${tripId}::uuid) OR EXISTS (SELECT 1 FROM settlements WHERE trip_id = ${tripId}::uuid) AS any`;
  if (money?.any) throw new ValidationError(M.currencyFixed, 'currency');
}

/**
 * The trip's currency and its people (owner and accepted members, with their names), for an
 * expense or a payment about to be written: one statement, with the trip's row held (shared, so
 * writers of expenses do not wait for each other) until the transaction ends. A currency change
 * (`keepCurrencyWithExpenses`) waits for the hold to end and then sees the new expense; a change
 * that came first is waited for, and the currency read is the new one.
 */
export async function holdTripForMoney(tx: Tx, tripId: string): Promise<{ currency: string; members: { userId: string; name: string }[] }> {
  const [trip] = await tx.$queryRaw<{ currency: string; members: [userId: string, firstName: string, lastName: string][] }[]>(sql`
    SELECT t.currency,
      (SELECT coalesce(json_agg(json_build_array(m.user_id, u.first_name, u.last_name)), '[]'::json) ${membersFromSql(sql`m.trip_id = t.id`)}) AS members
    FROM trips t WHERE t.id = ${tripId}::uuid FOR SHARE OF t`);
  if (!trip) throw new NotFoundError(M.notFound);
  return {
    currency: trip.currency,
    members: trip.members.map(([userId, firstName, lastName]) => ({ userId, name: displayName({ firstName, lastName }, '') })),
  };
}

/** `within` runs in the change's transaction (an administrator's edit records itself there). */
/**
 * The owner edits a trip. Its answer carries `itemsOutside`: the plan items its (new) dates leave
 * out (datesChange.ts, the rule the screens list before the owner confirms); nothing is deleted.
 */
export async function updateTrip(
  ctx: RequestContext,
  tripId: string,
  input: TripInput,
  within?: (tx: Tx, trip: Trip) => Promise<void>,
): Promise<Trip & { itemsOutside: PlanItemOutside[] }> {
  requireViewer(ctx);
  await requireTripOwner(ctx, tripId, M.onlyOwnerEdit);
  const data = withZone(validateTrip(input));
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await keepCurrencyWithExpenses(tx, tripId, data.currency);
    const trip = await tx.trip.update({ where: { id: tripId }, data });
    await tripChanged(tx, events, tripId, 'UPDATED');
    await within?.(tx, trip);
    const start = isoDate(trip.startDate);
    const end = isoDate(trip.endDate);
    return { ...trip, itemsOutside: start && end ? await planItemsOutside(tx, tripId, start, end) : [] };
  });
}

/** Only the owner deletes; every member hears of it (a notice and a live event). */
export async function deleteTrip(ctx: RequestContext, tripId: string) {
  const viewer = requireViewer(ctx);
  await requireTripOwner(ctx, tripId, M.onlyOwnerDelete);
  await withLiveEvents(ctx.deps, async (tx, events) => {
    const trip = await tx.trip.findUniqueOrThrow({ where: { id: tripId }, select: { name: true } });
    const members = await memberIds(tx, tripId);
    await tx.trip.delete({ where: { id: tripId } });
    for (const userId of members.filter((id) => id !== viewer.id)) {
      await notify(tx, events, userId, {
        type: 'TRIP_UPDATE',
        title: 'Trip deleted',
        message: `The trip "${trip.name}" was deleted by its owner.`,
        actionUrl: '/dashboard/trips',
        data: { tripId },
      });
    }
    await tripChanged(tx, events, tripId, 'DELETED', members);
  });
  forgetViewerTrips(ctx);
  return { id: tripId };
}

/** A member may leave; the owner may not (they delete the trip instead). */
export async function leaveTrip(ctx: RequestContext, tripId: string) {
  const viewer = requireViewer(ctx);
  await requireTripMember(ctx, tripId);
  const prisma = ctx.deps.db.prisma;
  const member = await prisma.tripMember.findUnique({ where: { tripId_userId: { tripId, userId: viewer.id } } });
  if (!member || member.status === 'INVITED') return { id: tripId };
  if (member.status === 'OWNER') throw new ForbiddenError(M.ownerCannotLeave);
  await withLiveEvents(ctx.deps, async (tx, events) => {
    const before = await memberIds(tx, tripId);
    await tx.tripMember.delete({ where: { id: member.id } });
    await retireCalendarFeeds(tx, [tripId]);
    await tripChanged(tx, events, tripId, 'MEMBERS_CHANGED', before);
  });
  forgetViewerTrips(ctx);
  return { id: tripId };
}

/**
 * A user's trips with their people, for the REST list (the GraphQL list pages itself): the same
 * rows, order and rules as `tripsOf` + `tripListInclude` (owner and accepted members in joining
 * order, open invitations newest first, at most 500 trips), read in one statement that the
 * database assembles as JSON. Through Prisma's relation loading this was five statements and
 * most of the request's time went to mapping every member, user and invitation row.
 */
export async function tripsWithPeople(deps: AppDeps, userId: string): Promise<TripListItem[]> {
  const rows = await deps.db.prisma.$queryRaw<{ trip: RawTrip }[]>(tripsWithPeopleSql(userId));
  return rows.map(({ trip: t }) => ({
    ...t,
    status: t.status.toUpperCase() as TripListItem['status'],
    startDate: readDate(t.startDate),
    endDate: readDate(t.endDate),
    createdAt: readTimestamp(t.createdAt),
    members: t.members.map((m) => ({
      ...m,
      status: m.status.toUpperCase() as TripListItem['members'][number]['status'],
      role: m.role.toUpperCase() as TripListItem['members'][number]['role'],
      joinedAt: readTimestamp(m.joinedAt),
    })),
    invitations: t.invitations.map((i) => ({ ...i, createdAt: readTimestamp(i.createdAt), expiresAt: readTimestamp(i.expiresAt) })),
  }));
}

type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] extends Date ? string : string | null };
type RawTrip = Dated<Omit<TripListItem, 'members' | 'invitations' | 'status'>, 'startDate' | 'endDate' | 'createdAt'> & {
  status: string;
  members: (Dated<Omit<TripListItem['members'][number], 'status' | 'role'>, 'joinedAt'> & { status: string; role: string })[];
  invitations: Dated<TripListItem['invitations'][number], 'createdAt' | 'expiresAt'>[];
};

/**
 * The members rule in SQL, for the statements written by hand: a trip's people are its owner
 * and accepted members (m, with their users u), owner first, then in the order they joined. The
 * twin of `tripListInclude().members`; tests hold the two forms to the same rows.
 */
const membersFromSql = (tripCondition: Sql) => sql`FROM trip_members m JOIN users u ON u.id = m.user_id WHERE ${tripCondition} AND ${onTripStatus('m.status')}`;
const MEMBER_ORDER_SQL = sql`m.role ASC, m.joined_at ASC, m.id ASC`;

/** A member as GraphQL's `Trip.members` reads it: the member row and its user's profile card. */
export type TripMemberCard = Pick<TripListItem['members'][number], 'id' | 'tripId' | 'userId' | 'status' | 'joinedAt'> & {
  user: { id: string; firstName: string; lastName: string; avatarUrl: string | null };
};

/**
 * The members of each of `tripIds`, in one statement. Each trip's members come as one JSON
 * array of arrays: both databases build and hand over that faster than hundreds of rows
 * (PGlite decodes every cell of a row in JavaScript; Prisma maps each one).
 */
export async function membersOfTrips(deps: AppDeps, tripIds: readonly string[]): Promise<Map<string, TripMemberCard[]>> {
  const rows = await deps.db.prisma.$queryRaw<{ tripId: string; members: MemberTuple[] }[]>(sql`
    SELECT m.trip_id AS "tripId", json_agg(${MEMBER_TUPLE_SQL} ORDER BY ${MEMBER_ORDER_SQL}) AS members
    ${membersFromSql(sql`m.trip_id = ANY(${tripIds}::uuid[])`)} GROUP BY m.trip_id`);
  return membersByTrip(rows);
}

type MemberTuple = [id: string, userId: string, status: string, joinedAt: string | null, firstName: string, lastName: string, avatarUrl: string | null];
const MEMBER_TUPLE_SQL = sql`json_build_array(m.id, m.user_id, m.status, m.joined_at, u.first_name, u.last_name, u.avatar_url)`;

/**
 * The members and the open invitations (newest first, the order of `Trip.pendingInvitations`)
 * of each of `tripIds`, in one statement: what a page of trip cards shows besides the trips.
 * Invitations come as Prisma reads them, every column but the token's hash.
 */
export async function peopleOfTrips(
  deps: AppDeps,
  tripIds: readonly string[],
): Promise<{ members: Map<string, TripMemberCard[]>; invitations: Map<string, OpenInvitation[]> }> {
  const rows = await deps.db.prisma.$queryRaw<PeopleRow[]>(sql`SELECT p.id AS "tripId", ${peopleSql('p.id')} FROM unnest(${tripIds}::uuid[]) AS p(id)`);
  return peopleOf(rows);
}

type InvitationTuple = [
  id: string,
  invitedById: string | null,
  invitedUserId: string | null,
  invitedEmail: string,
  status: string,
  invitationType: string,
  message: string | null,
  expiresAt: string | null,
  respondedAt: string | null,
  acceptOnVerification: boolean,
  createdAt: string,
  updatedAt: string,
];
type PeopleRow = { tripId: string; members: MemberTuple[] | null; invitations: InvitationTuple[] | null };

/** The `members` and `invitations` columns of `peopleOfTrips`, for the trip whose id is `tripId`. */
const peopleSql = (tripIdColumn: string) =>
  sql`(SELECT json_agg(${MEMBER_TUPLE_SQL} ORDER BY ${MEMBER_ORDER_SQL}) ${membersFromSql(sql`m.trip_id = ${name(tripIdColumn)}`)}) AS members,
   (SELECT json_agg(json_build_array(i.id, i.invited_by_id, i.invited_user_id, i.invited_email, i.status, i.invitation_type, i.message,
        i.expires_at, i.responded_at, i.accept_on_verification, i.created_at, i.updated_at) ORDER BY i.created_at DESC, i.id DESC)
     FROM trip_invitations i WHERE i.trip_id = ${name(tripIdColumn)} AND ${openInvitationSql('i')}) AS invitations`;

function peopleOf(rows: readonly PeopleRow[]): { members: Map<string, TripMemberCard[]>; invitations: Map<string, OpenInvitation[]> } {
  const invitations = new Map<string, OpenInvitation[]>();
  for (const row of rows) {
    invitations.set(
      row.tripId,
      (row.invitations ?? []).map(
        ([
          id,
          invitedById,
          invitedUserId,
          invitedEmail,
          status,
          invitationType,
          message,
          expiresAt,
          respondedAt,
          acceptOnVerification,
          createdAt,
          updatedAt,
        ]) => ({
          id,
          tripId: row.tripId,
          invitedById,
          invitedUserId,
          invitedEmail,
          status: status.toUpperCase() as OpenInvitation['status'],
          invitationType: invitationType.toUpperCase() as OpenInvitation['invitationType'],
          message,
          expiresAt: readTimestamp(expiresAt),
          respondedAt: readTimestamp(respondedAt),
          acceptOnVerification,
          createdAt: readTimestamp(createdAt),
          updatedAt: readTimestamp(updatedAt),
        }),
      ),
    );
  }
  return { members: membersByTrip(rows.flatMap((r) => (r.members ? [{ tripId: r.tripId, members: r.members }] : []))), invitations };
}

/**
 * The columns of a trip that a first page of cards may ask for, by Prisma field name. Enum
 * columns are left out: read by hand they come back in the database's spelling.
 */
const TRIP_CARD_COLUMNS: Record<string, string> = {
  id: 'id',
  name: 'name',
  description: 'description',
  destinationMainText: 'destination_main_text',
  destinationSecondaryText: 'destination_secondary_text',
  destinationDescription: 'destination_description',
  destinationPlaceId: 'destination_place_id',
  destinationLat: 'destination_lat',
  destinationLng: 'destination_lng',
  startDate: 'start_date',
  endDate: 'end_date',
  budgetCents: 'budget_cents',
  currency: 'currency',
  timeZone: 'time_zone',
  ownerId: 'owner_id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** True when every one of `fields` (Prisma names) is a column `firstTripsPage` can read. */
export const cardColumnsCover = (fields: Iterable<string>) => [...fields].every((f) => f in TRIP_CARD_COLUMNS);

/**
 * `timingWhere` in SQL, for the statements written by hand: the trips `alias` of this tab on the
 * caller's day `today` (a UTC midnight, see `todayIn`). Tests hold the two forms to the same trips.
 */
export function timingSql(alias: string, tab: TripTiming, today: Date): Sql {
  const [start, end] = [name(`${alias}.start_date`), name(`${alias}.end_date`)];
  const day = sql`${isoDate(today)}::date`;
  switch (tab) {
    case 'UPCOMING':
      return sql`(${start} > ${day} OR (${start} IS NULL AND (${end} IS NULL OR ${end} >= ${day})))`;
    case 'PAST':
      return sql`(${end} < ${day} AND (${start} IS NULL OR ${start} <= ${day}))`;
    case 'CURRENT':
      return sql`(${start} <= ${day} AND (${end} IS NULL OR ${end} >= ${day}))`;
  }
}

/**
 * The first `take` of a user's trips (of one timing tab, when given), in the list's order, in one
 * statement: the page a crew polls. `fields` are the trip's columns to read, by Prisma name (see
 * `cardColumnsCover`), and each row holds those alone, as after a Prisma `select`; with `people`,
 * each trip's members and open invitations come in the same statement.
 */
export async function firstTripsPage(
  deps: AppDeps,
  opts: { userId: string; fields: readonly string[]; take: number; timing?: { tab: TripTiming; today: Date }; people: boolean },
): Promise<{ trips: Trip[]; members: Map<string, TripMemberCard[]>; invitations: Map<string, OpenInvitation[]> }> {
  const columns = opts.fields.map((f) => sql`${name(`t.${TRIP_CARD_COLUMNS[f]}`)} AS ${quotedName(f)}`);
  if (opts.people) columns.push(sql`t.id AS "tripId"`, peopleSql('t.id'));
  const rows = await deps.db.prisma.$queryRaw<(PeopleRow & Trip)[]>(sql`
    SELECT ${join(columns)}
    FROM trips t
    WHERE ${tripsOfSql('t', opts.userId)}
      ${opts.timing ? sql`AND ${timingSql('t', opts.timing.tab, opts.timing.today)}` : empty}
    ORDER BY ${TRIP_ORDER_SQL}
    LIMIT ${Math.max(0, Math.floor(opts.take))}`);
  if (!opts.people) return { trips: rows, members: new Map(), invitations: new Map() };
  const people = peopleOf(rows);
  const trips = rows.map(({ tripId: _id, members: _m, invitations: _i, ...trip }) => trip);
  return { trips, ...people };
}

/** An open invitation as Prisma reads it, without the hash of its e-mailed token. */
export type OpenInvitation = Omit<TripInvitation, 'tokenHash'>;

function membersByTrip(rows: readonly { tripId: string; members: MemberTuple[] }[]): Map<string, TripMemberCard[]> {
  const byTrip = new Map<string, TripMemberCard[]>();
  // One profile card per person, however many of the trips they are on.
  const cards = new Map<string, TripMemberCard['user']>();
  for (const { tripId, members } of rows) {
    byTrip.set(
      tripId,
      members.map(([id, userId, status, joinedAt, firstName, lastName, avatarUrl]) => {
        let user = cards.get(userId);
        if (!user) cards.set(userId, (user = { id: userId, firstName, lastName, avatarUrl }));
        return {
          id,
          tripId,
          userId,
          status: status.toUpperCase() as TripMemberCard['status'],
          joinedAt: readTimestamp(joinedAt),
          user,
        };
      }),
    );
  }
  return byTrip;
}

const tripsWithPeopleSql = (userId: string) => sql`
  SELECT json_build_object(
    'id', t.id, 'name', t.name, 'description', t.description, 'startDate', t.start_date, 'endDate', t.end_date,
    'budgetCents', t.budget_cents, 'currency', t.currency, 'timeZone', t.time_zone, 'ownerId', t.owner_id, 'status', t.status, 'createdAt', t.created_at,
    'destinationMainText', t.destination_main_text, 'destinationSecondaryText', t.destination_secondary_text,
    'destinationDescription', t.destination_description, 'destinationPlaceId', t.destination_place_id,
    'destinationLat', t.destination_lat, 'destinationLng', t.destination_lng,
    'members', coalesce((
      SELECT json_agg(json_build_object(
        'id', m.id, 'tripId', m.trip_id, 'userId', m.user_id, 'status', m.status, 'role', m.role, 'joinedAt', m.joined_at,
        'user', json_build_object('email', u.email, 'firstName', u.first_name, 'lastName', u.last_name, 'avatarUrl', u.avatar_url)
      ) ORDER BY ${MEMBER_ORDER_SQL})
      ${membersFromSql(sql`m.trip_id = t.id`)}), '[]'),
    'invitations', coalesce((
      SELECT json_agg(json_build_object(
        'id', i.id, 'invitedUserId', i.invited_user_id, 'invitedById', i.invited_by_id, 'invitedEmail', i.invited_email,
        'createdAt', i.created_at, 'expiresAt', i.expires_at,
        'invitedUser', CASE WHEN iu.id IS NULL THEN NULL
          ELSE json_build_object('firstName', iu.first_name, 'lastName', iu.last_name, 'avatarUrl', iu.avatar_url,
            'friendOf', coalesce((SELECT json_agg(json_build_object('id', f.id)) FROM friendships f WHERE f.user_id = ${userId}::uuid AND f.friend_id = iu.id), '[]')) END
      ) ORDER BY i.created_at DESC, i.id DESC)
      FROM trip_invitations i LEFT JOIN users iu ON iu.id = i.invited_user_id
      WHERE i.trip_id = t.id AND ${openInvitationSql('i')}), '[]')
  ) AS trip
  FROM trips t
  WHERE ${tripsOfSql('t', userId)}
  ORDER BY ${TRIP_ORDER_SQL}
  LIMIT 500`;

/** One trip with its people; members only. */
export async function tripWithPeople(ctx: RequestContext, tripId: string) {
  await requireTripMember(ctx, tripId);
  return ctx.deps.db.prisma.trip.findUniqueOrThrow({ where: { id: tripId }, include: tripListInclude(ctx.viewer!.id) });
}

export interface TripSummary {
  upcoming: number;
  current: number;
  past: number;
  budgets: { currency: string; amountCents: number }[];
  companions: number;
}

/**
 * The summary cards of the trips page, in one statement: counts per tab (on the caller's `today`),
 * budgets summed per currency, and the distinct people the user shares trips with.
 */
export async function tripSummary(deps: AppDeps, userId: string, today: Date): Promise<TripSummary> {
  const count = (tab: TripTiming) => sql`(SELECT count(*) FROM mine WHERE ${timingSql('mine', tab, today)})::int`;
  const [row] = await deps.db.prisma.$queryRaw<(Omit<TripSummary, 'budgets'> & { budgets: [string, number][] | null })[]>(sql`
    WITH mine AS (
       SELECT t.id, t.start_date, t.end_date, t.currency, t.budget_cents FROM trips t WHERE ${tripsOfSql('t', userId)}
     )
     SELECT ${count('UPCOMING')} AS upcoming, ${count('CURRENT')} AS current, ${count('PAST')} AS past,
       (SELECT json_agg(json_build_array(currency, total) ORDER BY currency)
          FROM (SELECT currency, sum(budget_cents) AS total FROM mine WHERE budget_cents IS NOT NULL GROUP BY currency) b) AS budgets,
       (SELECT count(DISTINCT m.user_id) FROM trip_members m
          WHERE m.trip_id IN (SELECT id FROM mine) AND ${onTripStatus('m.status')} AND m.user_id <> ${userId}::uuid)::int AS companions`);
  return { ...row, budgets: (row.budgets ?? []).map(([currency, amountCents]) => ({ currency, amountCents })) };
}
