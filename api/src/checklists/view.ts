import type { PrismaClient } from '../db/index.js';
import type { Tx } from '../platform/outbox.js';
import { z } from 'zod';
import { cursorCodec, cursorParts } from '../platform/cursor.js';
import { isUuid } from '../platform/ids.js';
import { direction, join, readTimestamp, sql, userCardJson } from '../platform/sql.js';
import type { AuthorCard } from '../itinerary/view.js';
import type { ChecklistCategoryValue } from './messages.js';
import { displayName } from '../accounts/accountFields.js';
import { onTripStatus } from '../trips/memberStatusSql.js';

/** An item as both doors answer it: its due day as YYYY-MM-DD, its assignee's card. */
export interface ChecklistItemView {
  id: string;
  checklistId: string;
  tripId: string;
  description: string;
  isCompleted: boolean;
  completedAt: Date | null;
  dueDate: string | null;
  assignee: AuthorCard | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A checklist with every item of it (a checklist holds a bounded number: CHECKLIST_LIMITS). */
export interface ChecklistView {
  id: string;
  tripId: string;
  title: string;
  category: ChecklistCategoryValue;
  createdById: string | null;
  createdAt: Date;
  updatedAt: Date;
  items: ChecklistItemView[];
}

/** An item (i, of checklist c, its assignee u) as JSON; timestamps are read by `readTimestamp`. */
const ITEM_JSON = sql`json_build_object(
  'id', i.id, 'checklistId', i.checklist_id, 'tripId', c.trip_id, 'description', i.description,
  'isCompleted', i.is_completed, 'completedAt', i.completed_at, 'dueDate', i.due_date,
  'assignee', CASE WHEN u.id IS NULL THEN NULL ELSE ${userCardJson('u')} END,
  'createdAt', i.created_at, 'updatedAt', i.updated_at)`;

/**
 * The assignee, while still on the trip: someone who has left it reads as unassigned (an
 * assignee must be a member, and the crew no longer sees a leaver's profile through the trip).
 */
const ASSIGNEE_ON = sql`u.id = i.assigned_to_id AND EXISTS (SELECT 1 FROM trip_members m
  WHERE m.trip_id = c.trip_id AND m.user_id = i.assigned_to_id AND ${onTripStatus('m.status')})`;

/** Items in the order they were added (position first, for a future reordering). */
const ITEM_ORDER = sql`i.position, i.created_at, i.id`;

/** A checklist (c) as JSON with its items, read by the same statement. */
const CHECKLIST_JSON = sql`json_build_object(
  'id', c.id, 'tripId', c.trip_id, 'title', c.title, 'category', upper(c.category::text), 'createdById', c.created_by_id,
  'createdAt', c.created_at, 'updatedAt', c.updated_at,
  'items', coalesce((SELECT json_agg(${ITEM_JSON} ORDER BY ${ITEM_ORDER})
    FROM checklist_items i LEFT JOIN users u ON ${ASSIGNEE_ON} WHERE i.checklist_id = c.id), '[]'))`;

type Raw<T> = Omit<T, 'createdAt' | 'updatedAt' | 'completedAt'> & { createdAt: string; updatedAt: string; completedAt?: string | null };
type RawChecklist = Omit<Raw<ChecklistView>, 'items'> & { items: Raw<ChecklistItemView>[] };

const itemFromJson = (r: Raw<ChecklistItemView>): ChecklistItemView => ({
  ...r,
  createdAt: readTimestamp(r.createdAt),
  updatedAt: readTimestamp(r.updatedAt),
  completedAt: readTimestamp(r.completedAt ?? null),
});
const fromJson = (raw: RawChecklist[]): ChecklistView[] =>
  raw.map((r) => ({ ...r, createdAt: readTimestamp(r.createdAt), updatedAt: readTimestamp(r.updatedAt), items: r.items.map(itemFromJson) }));

/** A checklist's place among its trip's: the order they were added in. */
export interface ChecklistCursor {
  createdAt: string;
  id: string;
}

const cursors = cursorCodec('checklist', z.tuple([cursorParts.timestamp, cursorParts.id]));

export const encodeChecklistCursor = (c: Pick<ChecklistView, 'createdAt' | 'id'>): string => cursors.encode([c.createdAt.toISOString(), c.id]);

/** The cursor's checklist place, or a 400 naming `field` for anything else. */
export function decodeChecklistCursor(cursor: string, field = 'after'): ChecklistCursor {
  const [createdAt, id] = cursors.read(cursor, field);
  return { createdAt, id };
}

/**
 * One page of a trip's checklists, oldest first (`inverted`: backwards from `before`), each with
 * its items and their assignees: one statement, whatever the number of checklists and items.
 */
export async function checklistPage(
  prisma: PrismaClient | Tx,
  tripId: string,
  page: { limit: number; after?: ChecklistCursor | null; before?: ChecklistCursor | null; inverted?: boolean },
): Promise<ChecklistView[]> {
  const conditions = [sql`c.trip_id = ${tripId}::uuid`];
  for (const [cursor, op] of [
    [page.after, sql`>`],
    [page.before, sql`<`],
  ] as const) {
    if (cursor) conditions.push(sql`(c.created_at, c.id) ${op} (${cursor.createdAt}::timestamp, ${cursor.id}::uuid)`);
  }
  const order = sql`c.created_at ${direction(page.inverted)}, c.id ${direction(page.inverted)}`;
  const [{ checklists }] = await prisma.$queryRaw<{ checklists: RawChecklist[] }[]>(sql`
    SELECT coalesce(json_agg(p.checklist ORDER BY p.n), '[]') AS checklists FROM (
      SELECT ${CHECKLIST_JSON} AS checklist, row_number() OVER (ORDER BY ${order}) AS n
      FROM checklists c WHERE ${join(conditions, ' AND ')} ORDER BY ${order} LIMIT ${page.limit}) p`);
  return fromJson(checklists);
}

/** The checklists of these ids that exist, with their items, in one statement. */
export async function checklistsByIds(prisma: PrismaClient | Tx, ids: readonly string[]): Promise<Map<string, ChecklistView>> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return new Map();
  const [{ checklists }] = await prisma.$queryRaw<{ checklists: RawChecklist[] }[]>(
    sql`SELECT coalesce(json_agg(${CHECKLIST_JSON}), '[]') AS checklists FROM checklists c WHERE c.id = ANY(${wanted}::uuid[])`,
  );
  return new Map(fromJson(checklists).map((c) => [c.id, c]));
}

/** The items of these ids that exist, in one statement (`node(id:)`). */
export async function checklistItemsByIds(prisma: PrismaClient | Tx, ids: readonly string[]): Promise<Map<string, ChecklistItemView>> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return new Map();
  const [{ items }] = await prisma.$queryRaw<{ items: Raw<ChecklistItemView>[] }[]>(sql`
    SELECT coalesce(json_agg(${ITEM_JSON}), '[]') AS items
    FROM checklist_items i JOIN checklists c ON c.id = i.checklist_id LEFT JOIN users u ON ${ASSIGNEE_ON}
    WHERE i.id = ANY(${wanted}::uuid[])`);
  return new Map(items.map((r) => [r.id, itemFromJson(r)]));
}

/** 'Unknown' for an assignee without a name, as the list shows it. */
export function assigneeName(card: AuthorCard | null): string | null {
  if (!card) return null;
  return displayName(card, 'Unknown');
}
