import { Prisma } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../platform/context.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { isoDate, todayIn } from '../../platform/dates.js';
import { CHECKLIST_CATEGORIES, ChecklistMessages, categoryLabel } from '../../checklists/messages.js';
import { isOverdue } from '../../checklists/rules.js';
import { deleteChecklist, updateChecklist } from '../../checklists/service.js';
import { requireAdmin } from '../access.js';
import { recordAdminAction } from '../audit.js';
import { ADMIN_ITEM_STATUSES, AdminChecklistMessages as M, type AdminItemStatus } from '../trips/messages.js';
import { inOrder, pageArgs, percent, readPage, searchText, type AdminPageArgs } from '../trips/page.js';

const PERSON = { select: { firstName: true, lastName: true, deletedAt: true } } as const;

const CHECKLIST_SELECT = {
  id: true,
  tripId: true,
  title: true,
  category: true,
  createdById: true,
  createdAt: true,
  trip: { select: { name: true } },
  createdBy: PERSON,
  _count: { select: { items: true } },
} as const satisfies Prisma.ChecklistSelect;
export type AdminChecklist = Prisma.ChecklistGetPayload<{ select: typeof CHECKLIST_SELECT }>;

const CATEGORY_VALUES = CHECKLIST_CATEGORIES.map((c) => c.value) as string[];

export interface AdminChecklistFilter extends AdminPageArgs {
  category?: string | null;
}

function checklistWhere(f: AdminChecklistFilter): Prisma.ChecklistWhereInput {
  const search = searchText(f.search);
  const category = (f.category ?? '').trim().toUpperCase();
  if (category && category !== 'ALL' && !CATEGORY_VALUES.includes(category)) throw new ValidationError(ChecklistMessages.invalidCategory, 'category');
  return {
    AND: [
      search ? { OR: [{ title: { contains: search, mode: 'insensitive' } }, { trip: { name: { contains: search, mode: 'insensitive' } } }] } : {},
      category && category !== 'ALL' ? { category: category as AdminChecklist['category'] } : {},
    ],
  };
}

/** Every checklist, newest first, searched (title, trip name) and filtered by category on the server. */
export async function adminChecklists(ctx: RequestContext, filter: AdminChecklistFilter) {
  requireAdmin(ctx);
  const page = pageArgs(filter);
  const where = checklistWhere({ ...filter, search: page.search });
  const prisma = ctx.deps.db.prisma;
  return readPage(
    page,
    (query) => prisma.checklist.findMany({ where, ...query, select: CHECKLIST_SELECT }),
    () => prisma.checklist.count({ where }),
  );
}

/** Checklists as the console lists them, by id (`node(id:)`, a change's payload): one statement. */
export async function adminChecklistsByIds(ctx: RequestContext, ids: readonly string[]) {
  requireAdmin(ctx);
  return inOrder(ids, await ctx.deps.db.prisma.checklist.findMany({ where: { id: { in: ids.filter(isUuid) } }, select: CHECKLIST_SELECT }));
}

export interface ChecklistAnalytics {
  totalChecklists: number;
  /** How many categories are in use. */
  categories: number;
  availableCategories: string[];
  categoryBreakdown: { category: string; label: string; count: number }[];
}

export async function checklistAnalytics(ctx: RequestContext): Promise<ChecklistAnalytics> {
  requireAdmin(ctx);
  const groups = await ctx.deps.db.prisma.checklist.groupBy({ by: ['category'], _count: { _all: true }, orderBy: { category: 'asc' } });
  const categoryBreakdown = groups
    .map((g) => ({ category: g.category, label: categoryLabel(g.category), count: g._count._all }))
    .sort((a, b) => b.count - a.count);
  return {
    totalChecklists: groups.reduce((n, g) => n + g._count._all, 0),
    categories: groups.length,
    availableCategories: CATEGORY_VALUES,
    categoryBreakdown,
  };
}

const ITEM_SELECT = {
  id: true,
  checklistId: true,
  description: true,
  isCompleted: true,
  dueDate: true,
  assignedToId: true,
  createdAt: true,
  assignedTo: PERSON,
  checklist: { select: { title: true, tripId: true } },
} as const satisfies Prisma.ChecklistItemSelect;
export type AdminChecklistItem = Prisma.ChecklistItemGetPayload<{ select: typeof ITEM_SELECT }>;
/** An item as the console lists it: with its status on the caller's calendar. */
export type AdminChecklistItemRow = AdminChecklistItem & { status: Exclude<AdminItemStatus, 'all'> };

/** completed; overdue (the one rule, checklists/rules.ts); else pending. */
export function itemStatus(item: { isCompleted: boolean; dueDate: Date | null }, today: string): Exclude<AdminItemStatus, 'all'> {
  if (item.isCompleted) return 'completed';
  return isOverdue(isoDate(item.dueDate), item.isCompleted, today) ? 'overdue' : 'pending';
}

/** The statuses as queries: `overdue` is isOverdue's (checklists/rules.ts) form in SQL, as are the counts below. */
function itemStatusWhere(status: AdminItemStatus, today: Date): Prisma.ChecklistItemWhereInput {
  switch (status) {
    case 'all':
      return {};
    case 'completed':
      return { isCompleted: true };
    case 'overdue':
      return { isCompleted: false, dueDate: { lt: today } };
    case 'pending':
      return { isCompleted: false, OR: [{ dueDate: null }, { dueDate: { gte: today } }] };
  }
}

export interface AdminItemFilter extends AdminPageArgs {
  status?: string | null;
}

/** Every checklist item, newest first, searched by description or checklist title and filtered by status. */
export async function adminChecklistItems(ctx: RequestContext, filter: AdminItemFilter) {
  requireAdmin(ctx);
  const page = pageArgs(filter);
  const status = ((filter.status ?? 'all').trim().toLowerCase() || 'all') as AdminItemStatus;
  if (!ADMIN_ITEM_STATUSES.includes(status)) throw new ValidationError(`status must be one of ${ADMIN_ITEM_STATUSES.join(', ')}.`, 'status');
  const today = todayIn(ctx.timeZone);
  const search = searchText(page.search);
  const where: Prisma.ChecklistItemWhereInput = {
    AND: [
      itemStatusWhere(status, today),
      search ? { OR: [{ description: { contains: search, mode: 'insensitive' } }, { checklist: { title: { contains: search, mode: 'insensitive' } } }] } : {},
    ],
  };
  const prisma = ctx.deps.db.prisma;
  const todayText = isoDate(today)!;
  return readPage(
    page,
    async (query) => withStatus(await prisma.checklistItem.findMany({ where, ...query, select: ITEM_SELECT }), todayText),
    () => prisma.checklistItem.count({ where }),
  );
}

const withStatus = (rows: AdminChecklistItem[], today: string): AdminChecklistItemRow[] => rows.map((r) => ({ ...r, status: itemStatus(r, today) }));

/** Checklist items as the console lists them (with their status), by id: one statement. */
export async function adminChecklistItemsByIds(ctx: RequestContext, ids: readonly string[]) {
  requireAdmin(ctx);
  const rows = await ctx.deps.db.prisma.checklistItem.findMany({ where: { id: { in: ids.filter(isUuid) } }, select: ITEM_SELECT });
  return inOrder(ids, withStatus(rows, isoDate(todayIn(ctx.timeZone))!));
}

export interface ItemAnalytics {
  totalItems: number;
  completedItems: number;
  pendingItems: number;
  overdueItems: number;
  /** Percent completed, one decimal. */
  completionRate: number;
}

/** Item counts over every item, in one statement. Overdue items are not counted as pending. */
export async function itemAnalytics(ctx: RequestContext): Promise<ItemAnalytics> {
  requireAdmin(ctx);
  const today = todayIn(ctx.timeZone);
  const [row] = await ctx.deps.db.prisma.$queryRaw<{ total: bigint; completed: bigint; overdue: bigint }[]>(Prisma.sql`
    SELECT count(*)::bigint AS total, count(*) FILTER (WHERE is_completed)::bigint AS completed,
      count(*) FILTER (WHERE NOT is_completed AND due_date < ${today}::date)::bigint AS overdue
    FROM checklist_items`);
  const totalItems = Number(row?.total ?? 0);
  const completedItems = Number(row?.completed ?? 0);
  const overdueItems = Number(row?.overdue ?? 0);
  return {
    totalItems,
    completedItems,
    overdueItems,
    pendingItems: totalItems - completedItems - overdueItems,
    completionRate: percent(completedItems, totalItems),
  };
}

async function findChecklist(ctx: RequestContext, checklistId: string) {
  if (!isUuid(checklistId)) throw new NotFoundError(ChecklistMessages.checklistNotFound);
  const found = await ctx.deps.db.prisma.checklist.findUnique({ where: { id: checklistId }, select: { title: true, category: true } });
  if (!found) throw new NotFoundError(ChecklistMessages.checklistNotFound);
  return found;
}

/** Renames (and may re-categorise) a checklist: only with a title that is given and new. */
export async function adminUpdateChecklist(ctx: RequestContext, checklistId: string, input: { title?: unknown; category?: unknown }) {
  const admin = requireAdmin(ctx);
  const current = await findChecklist(ctx, checklistId);
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (!title) throw new ValidationError(M.titleRequired, 'title');
  if (title === current.title) throw new ValidationError(M.titleUnchanged, 'title');
  return updateChecklist(
    ctx,
    checklistId,
    { title, category: input.category === undefined || input.category === null ? undefined : input.category },
    async (tx, after) => {
      const before: Record<string, unknown> = { title: current.title };
      const changed: Record<string, unknown> = { title: after.title };
      if (after.category !== current.category) [before.category, changed.category] = [current.category, after.category];
      await recordAdminAction(tx, admin, {
        action: 'checklist.update',
        targetType: 'checklist',
        targetId: checklistId,
        before,
        after: changed,
        summary: `Edited checklist "${after.title}"`,
      });
    },
  );
}

/** Deletes a checklist with its items. */
export async function adminDeleteChecklist(ctx: RequestContext, checklistId: string) {
  const admin = requireAdmin(ctx);
  const current = await findChecklist(ctx, checklistId);
  return deleteChecklist(ctx, checklistId, async (tx) => {
    await recordAdminAction(tx, admin, {
      action: 'checklist.delete',
      targetType: 'checklist',
      targetId: checklistId,
      before: { title: current.title, category: current.category },
      summary: `Deleted checklist "${current.title}"`,
    });
  });
}
