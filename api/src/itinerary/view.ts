import type { Prisma } from '../generated/prisma/client.js';
import type { PrismaClient } from '../db/index.js';
import type { Tx } from '../platform/outbox.js';
import { isoDate } from '../platform/dates.js';
import { isCalendarDate } from '../platform/calendarDate.js';
import { z } from 'zod';
import { cursorCodec, cursorParts } from '../platform/cursor.js';
import { isUuid } from '../platform/ids.js';
import { direction, join, readTimestamp, sql, userCardJson } from '../platform/sql.js';
import type { ItemStatus, ItemType } from './validation.js';
import { onTripStatus } from '../trips/memberStatusSql.js';

/** An author as lists show them: name and picture (the User type's profile card). */
export interface AuthorCard {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}

/**
 * An item as both doors answer it: days as YYYY-MM-DD (no time zone), its author's card, and
 * whether an expense links to it. The plan's list reads it in one statement (`itineraryPage`);
 * a single item changed through Prisma becomes the same shape through `viewOf`.
 */
export interface ItineraryItemView {
  id: string;
  tripId: string;
  title: string;
  type: ItemType;
  status: ItemStatus | null;
  activityDate: string | null;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  notes: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  departureTime: string | null;
  arrivalTime: string | null;
  flightNumber: string | null;
  hotelName: string | null;
  reservationNumber: string | null;
  returnDate: string | null;
  fromLocation: string | null;
  toLocation: string | null;
  timeZone: string | null;
  departureTimeZone: string | null;
  arrivalTimeZone: string | null;
  arrivalDate: string | null;
  returnDepartureTime: string | null;
  returnArrivalTime: string | null;
  returnTimeZone: string | null;
  returnArrivalTimeZone: string | null;
  returnArrivalDate: string | null;
  affiliatePartner: string | null;
  affiliateUrl: string | null;
  createdBy: AuthorCard | null;
  createdAt: Date;
  updatedAt: Date;
  /** Raised by one on every change (see the schema): what an edit from an older copy names. */
  revision: number;
  hasExpense: boolean;
}

/** What a Prisma read of one item includes to become a view. */
export const VIEW_INCLUDE = {
  expense: { select: { id: true } },
  createdBy: { select: { id: true, firstName: true, lastName: true, avatarUrl: true } },
} satisfies Prisma.ItineraryItemInclude;
type ItemRow = Prisma.ItineraryItemGetPayload<{ include: typeof VIEW_INCLUDE }>;

export function viewOf(row: ItemRow): ItineraryItemView {
  const { expense, createdById: _createdById, reservationId: _reservationId, ...item } = row;
  return {
    ...item,
    activityDate: isoDate(item.activityDate),
    checkInDate: isoDate(item.checkInDate),
    checkOutDate: isoDate(item.checkOutDate),
    returnDate: isoDate(item.returnDate),
    arrivalDate: isoDate(item.arrivalDate),
    returnArrivalDate: isoDate(item.returnArrivalDate),
    hasExpense: expense !== null,
  };
}

/** One item (i, its author u) as JSON in the view's shape; dates come out as YYYY-MM-DD. */
const ITEM_JSON = sql`json_build_object(
  'id', i.id, 'tripId', i.trip_id, 'title', i.title, 'type', upper(i.type::text), 'status', upper(i.status::text),
  'activityDate', i.activity_date, 'startTime', i.start_time, 'endTime', i.end_time, 'location', i.location,
  'latitude', i.latitude, 'longitude', i.longitude, 'notes', i.notes, 'checkInDate', i.check_in_date,
  'checkOutDate', i.check_out_date, 'departureTime', i.departure_time, 'arrivalTime', i.arrival_time,
  'flightNumber', i.flight_number, 'hotelName', i.hotel_name, 'reservationNumber', i.reservation_number,
  'returnDate', i.return_date, 'fromLocation', i.from_location, 'toLocation', i.to_location,
  'timeZone', i.time_zone, 'departureTimeZone', i.departure_time_zone, 'arrivalTimeZone', i.arrival_time_zone,
  'arrivalDate', i.arrival_date, 'returnDepartureTime', i.return_departure_time, 'returnArrivalTime', i.return_arrival_time,
  'returnTimeZone', i.return_time_zone, 'returnArrivalTimeZone', i.return_arrival_time_zone, 'returnArrivalDate', i.return_arrival_date,
  'affiliatePartner', i.affiliate_partner, 'affiliateUrl', i.affiliate_url,
  'createdBy', CASE WHEN u.id IS NULL THEN NULL ELSE ${userCardJson('u')} END,
  'createdAt', i.created_at, 'updatedAt', i.updated_at, 'revision', i.revision,
  'hasExpense', EXISTS (SELECT 1 FROM expenses e WHERE e.itinerary_item_id = i.id))`;

type RawView = Omit<ItineraryItemView, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
const fromJson = (raw: RawView[]): ItineraryItemView[] =>
  raw.map((r) => ({ ...r, createdAt: readTimestamp(r.createdAt), updatedAt: readTimestamp(r.updatedAt) }));

/**
 * The plan's order (service.ts says it in words) as one comparable key: an undated item's day
 * is 'infinity' (after every date), an untimed item's time '' (before every "HH:MM").
 */
const SORT_KEYS = [sql`coalesce(i.activity_date, 'infinity'::date)`, sql`coalesce(i.start_time, '')`, sql`i.created_at`, sql`i.id`];
const SORT_KEY = join(SORT_KEYS);
const cursorKey = (c: PlanCursor) =>
  sql`(coalesce(${c.activityDate}::date, 'infinity'::date), coalesce(${c.startTime}::text, ''), ${c.createdAt}::timestamp, ${c.id}::uuid)`;

/** An item's place in the plan: its sort key, so a page follows on even once that item is gone. */
export interface PlanCursor {
  activityDate: string | null;
  startTime: string | null;
  createdAt: string;
  id: string;
}

const cursors = cursorCodec(
  'plan',
  z.tuple([
    z.string().refine(isCalendarDate).nullable(),
    z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .nullable(),
    cursorParts.timestamp,
    cursorParts.id,
  ]),
);

export function encodePlanCursor(item: Pick<ItineraryItemView, 'activityDate' | 'startTime' | 'createdAt' | 'id'>): string {
  return cursors.encode([item.activityDate, item.startTime, item.createdAt.toISOString(), item.id]);
}

/** The cursor's place in the plan, or a 400 naming `field` for anything else. */
export function decodePlanCursor(cursor: string, field = 'after'): PlanCursor {
  const [activityDate, startTime, createdAt, id] = cursors.read(cursor, field);
  return { activityDate, startTime, createdAt, id };
}

/**
 * One page of a trip's plan in one statement, in plan order (`inverted`: backwards from
 * `before`, for `last`). The database builds the items as one JSON array: both databases hand
 * that over far faster than rows Prisma maps one by one, authors and expense flags included.
 * `authorsOnTrip`: the page's authors who are still on the trip, so that whoever reads the plan
 * (a member) knows them as companions without reading their ties in another statement.
 */
export async function itineraryPage(
  prisma: PrismaClient | Tx,
  tripId: string,
  page: { limit: number; after?: PlanCursor | null; before?: PlanCursor | null; inverted?: boolean },
): Promise<{ items: ItineraryItemView[]; authorsOnTrip: string[] }> {
  const conditions = [sql`i.trip_id = ${tripId}::uuid`];
  for (const [cursor, op] of [
    [page.after, sql`>`],
    [page.before, sql`<`],
  ] as const) {
    if (cursor) conditions.push(sql`(${SORT_KEY}) ${op} ${cursorKey(cursor)}`);
  }
  const order = join(SORT_KEYS.map((k) => sql`${k} ${direction(page.inverted)}`));
  const [{ items, authorsOnTrip }] = await prisma.$queryRaw<{ items: RawView[]; authorsOnTrip: string[] }[]>(sql`
    SELECT coalesce(json_agg(p.item ORDER BY p.n), '[]') AS items,
      coalesce(json_agg(DISTINCT p.author) FILTER (WHERE p.author_on_trip), '[]') AS "authorsOnTrip" FROM (
      SELECT ${ITEM_JSON} AS item, row_number() OVER (ORDER BY ${order}) AS n, u.id AS author,
        EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = i.trip_id AND m.user_id = u.id AND ${onTripStatus('m.status')}) AS author_on_trip
      FROM itinerary_items i LEFT JOIN users u ON u.id = i.created_by_id
      WHERE ${join(conditions, ' AND ')}
      ORDER BY ${order} LIMIT ${page.limit}) p`);
  return { items: fromJson(items), authorsOnTrip };
}

/** The items of these ids that exist, in one statement (live events, `node(id:)`). */
export async function itemsByIds(prisma: PrismaClient | Tx, ids: readonly string[]): Promise<Map<string, ItineraryItemView>> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return new Map();
  const [{ items }] = await prisma.$queryRaw<{ items: RawView[] }[]>(sql`
    SELECT coalesce(json_agg(${ITEM_JSON}), '[]') AS items
    FROM itinerary_items i LEFT JOIN users u ON u.id = i.created_by_id WHERE i.id = ANY(${wanted}::uuid[])`);
  return new Map(fromJson(items).map((item) => [item.id, item]));
}
