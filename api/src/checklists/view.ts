import type { PrismaClient } from '../db/index.js';
import type { Tx } from '../platform/outbox.js';
import { ValidationError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import type { AuthorCard } from '../itinerary/view.js';
import type { ChecklistCategoryValue } from './messages.js';
import { displayName } from '../accounts/accountFields.js';

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

/** A timestamp column (UTC wall time) as the text `Date.prototype.toISOString` writes. */
const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ITEM_JSON = `json_build_object(
  'id', i.id, 'checklistId', i.checklist_id, 'tripId', c.trip_id, 'description', i.description,
  'isCompleted', i.is_completed, 'completedAt', ${iso('i.completed_at')}, 'dueDate', i.due_date,
  'assignee', CASE WHEN u.id IS NULL THEN NULL
    ELSE json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'avatarUrl', u.avatar_url) END,
  'createdAt', ${iso('i.created_at')}, 'updatedAt', ${iso('i.updated_at')})`;

/**
 * The assignee, while still on the trip: someone who has left it reads as unassigned (an
 * assignee must be a member, and the crew no longer sees a leaver's profile through the trip).
 */
const ASSIGNEE_ON = `u.id = i.assigned_to_id AND EXISTS (SELECT 1 FROM trip_members m
  WHERE m.trip_id = c.trip_id AND m.user_id = i.assigned_to_id AND m.status IN ('owner', 'accepted'))`;

/** Items in the order they were added (position first, for a future reordering). */
const ITEM_ORDER = 'i.position, i.created_at, i.id';

/** A checklist (c) as JSON with its items, read by the same statement. */
const CHECKLIST_JSON = `json_build_object(
  'id', c.id, 'tripId', c.trip_id, 'title', c.title, 'category', upper(c.category::text), 'createdById', c.created_by_id,
  'createdAt', ${iso('c.created_at')}, 'updatedAt', ${iso('c.updated_at')},
  'items', coalesce((SELECT json_agg(${ITEM_JSON} ORDER BY ${ITEM_ORDER})
    FROM checklist_items i LEFT JOIN users u ON ${ASSIGNEE_ON} WHERE i.checklist_id = c.id), '[]'))`;

type Raw<T> = Omit<T, 'createdAt' | 'updatedAt' | 'completedAt'> & { createdAt: string; updatedAt: string; completedAt?: string | null };
type RawChecklist = Omit<Raw<ChecklistView>, 'items'> & { items: Raw<ChecklistItemView>[] };

const itemFromJson = (r: Raw<ChecklistItemView>): ChecklistItemView => ({
  ...r,
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
  completedAt: r.completedAt ? new Date(r.completedAt) : null,
});
const fromJson = (raw: RawChecklist[]): ChecklistView[] =>
  raw.map((r) => ({ ...r, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt), items: r.items.map(itemFromJson) }));

/** A checklist's place among its trip's: the order they were added in. */
export interface ChecklistCursor {
  createdAt: string;
  id: string;
}

const CURSOR_PREFIX = 'checklist:';
export function encodeChecklistCursor(c: Pick<ChecklistView, 'createdAt' | 'id'>): string {
  return Buffer.from(CURSOR_PREFIX + JSON.stringify([c.createdAt.toISOString(), c.id])).toString('base64');
}

export function decodeChecklistCursor(cursor: string): ChecklistCursor {
  const invalid = () => new ValidationError('This page cursor is not one of the checklists’; start again from the first page.', 'after');
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX)) throw invalid();
  let parts: unknown;
  try {
    parts = JSON.parse(text.slice(CURSOR_PREFIX.length));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parts) || parts.length !== 2) throw invalid();
  const [createdAt, id] = parts as unknown[];
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt)) || !isUuid(id)) throw invalid();
  return { createdAt, id: id as string };
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
  const params: unknown[] = [tripId, page.limit];
  const conditions = ['c.trip_id = $1::uuid'];
  for (const [cursor, op] of [
    [page.after, '>'],
    [page.before, '<'],
  ] as const) {
    if (!cursor) continue;
    conditions.push(`(c.created_at, c.id) ${op} ($${params.length + 1}::timestamp, $${params.length + 2}::uuid)`);
    params.push(cursor.createdAt, cursor.id);
  }
  const direction = page.inverted ? 'DESC' : 'ASC';
  const order = `c.created_at ${direction}, c.id ${direction}`;
  const [{ checklists }] = await prisma.$queryRawUnsafe<{ checklists: RawChecklist[] }[]>(
    `SELECT coalesce(json_agg(p.checklist ORDER BY p.n), '[]') AS checklists FROM (
       SELECT ${CHECKLIST_JSON} AS checklist, row_number() OVER (ORDER BY ${order}) AS n
       FROM checklists c WHERE ${conditions.join(' AND ')} ORDER BY ${order} LIMIT $2) p`,
    ...params,
  );
  return fromJson(checklists);
}

/** The checklists of these ids that exist, with their items, in one statement. */
export async function checklistsByIds(prisma: PrismaClient | Tx, ids: readonly string[]): Promise<Map<string, ChecklistView>> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return new Map();
  const [{ checklists }] = await prisma.$queryRawUnsafe<{ checklists: RawChecklist[] }[]>(
    `SELECT coalesce(json_agg(${CHECKLIST_JSON}), '[]') AS checklists FROM checklists c WHERE c.id = ANY($1::uuid[])`,
    wanted,
  );
  return new Map(fromJson(checklists).map((c) => [c.id, c]));
}

/** The items of these ids that exist, in one statement (`node(id:)`). */
export async function checklistItemsByIds(prisma: PrismaClient | Tx, ids: readonly string[]): Promise<Map<string, ChecklistItemView>> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return new Map();
  const [{ items }] = await prisma.$queryRawUnsafe<{ items: Raw<ChecklistItemView>[] }[]>(
    `SELECT coalesce(json_agg(${ITEM_JSON}), '[]') AS items
     FROM checklist_items i JOIN checklists c ON c.id = i.checklist_id LEFT JOIN users u ON ${ASSIGNEE_ON}
     WHERE i.id = ANY($1::uuid[])`,
    wanted,
  );
  return new Map(items.map((r) => [r.id, itemFromJson(r)]));
}

/** 'Unknown' for an assignee without a name, as the list shows it. */
export function assigneeName(card: AuthorCard | null): string | null {
  if (!card) return null;
  return displayName(card, 'Unknown');
}
