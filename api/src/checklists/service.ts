import { requireViewer, type RequestContext } from '../platform/context.js';
import { NotFoundError, ValidationError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { withLiveEvents, type LiveEvents, type Tx } from '../platform/outbox.js';
import type { ChecklistEvent } from './liveEvents.js';
import { notify } from '../notifications/service.js';
import { requireTripMember } from '../trips/access.js';
import { CHECKLIST_LIMITS, CHECKLIST_PAGE_MAX, ChecklistMessages as M } from './messages.js';
import { CHECKLIST_TEMPLATES } from './templates.js';
import { validateChecklist, validateChecklistItem, validateCompleted, type ChecklistInput, type ChecklistItemInput } from './validation.js';
import { checklistPage, checklistsByIds, type ChecklistItemView, type ChecklistView } from './view.js';
import { ON_TRIP_STATUSES } from '../trips/memberStatus.js';
import { displayName } from '../accounts/accountFields.js';
import { isoDate } from '../platform/dates.js';
import { sameItem, suggestChecklist, type ChecklistSuggestion } from './suggestions.js';

type ChecklistPage = Parameters<typeof checklistPage>[2];

/** A trip's checklists, oldest first, each with all its items; members only. */
export async function listChecklists(ctx: RequestContext, tripId: string, page: ChecklistPage = { limit: CHECKLIST_PAGE_MAX }): Promise<ChecklistView[]> {
  await requireTripMember(ctx, tripId);
  return checklistPage(ctx.deps.db.prisma, tripId, page);
}

/**
 * The checklist's trip, once the viewer may change it: signed out 401; no such checklist 404 (a
 * malformed id too); a checklist of someone else's trip 403, as for the trip itself.
 */
async function requireChecklistMember(ctx: RequestContext, checklistId: string): Promise<{ tripId: string; category: string }> {
  requireViewer(ctx);
  if (!isUuid(checklistId)) throw new NotFoundError(M.checklistNotFound);
  const checklist = await ctx.deps.db.prisma.checklist.findUnique({ where: { id: checklistId }, select: { tripId: true, category: true } });
  if (!checklist) throw new NotFoundError(M.checklistNotFound);
  await requireTripMember(ctx, checklist.tripId);
  return checklist;
}

/** The same for an item: its checklist and trip. */
async function requireItemMember(ctx: RequestContext, itemId: string): Promise<{ checklistId: string; tripId: string; assignedToId: string | null }> {
  requireViewer(ctx);
  if (!isUuid(itemId)) throw new NotFoundError(M.itemNotFound);
  const item = await ctx.deps.db.prisma.checklistItem.findUnique({
    where: { id: itemId },
    select: { checklistId: true, assignedToId: true, checklist: { select: { tripId: true } } },
  });
  if (!item) throw new NotFoundError(M.itemNotFound);
  await requireTripMember(ctx, item.checklist.tripId);
  return { checklistId: item.checklistId, tripId: item.checklist.tripId, assignedToId: item.assignedToId };
}

/** The checklist as it is inside the change's transaction (what the change committed). */
async function readBack(tx: Tx, checklistId: string): Promise<ChecklistView> {
  const found = (await checklistsByIds(tx, [checklistId])).get(checklistId);
  if (!found) throw new NotFoundError(M.checklistNotFound);
  return found;
}

function announce(events: LiveEvents, ctx: RequestContext, event: Omit<ChecklistEvent, 'actorId'>) {
  events.tripTopic('checklist', { ...event, actorId: ctx.viewer!.id });
}

/**
 * An assignee must be on the trip (owner or accepted member), checked inside the change so a
 * member leaving meanwhile cannot slip through. Someone newly assigned by another member is
 * told so in their notifications.
 */
async function checkAssignee(tx: Tx, tripId: string, assignedToId: string | null) {
  if (!assignedToId) return;
  const member = await tx.tripMember.findFirst({ where: { tripId, userId: assignedToId, status: { in: ON_TRIP_STATUSES } }, select: { id: true } });
  if (!member) throw new ValidationError(M.assigneeNotMember, 'assignedToId');
}

async function tellAssignee(tx: Tx, events: LiveEvents, ctx: RequestContext, tripId: string, assigneeId: string | null, description: string) {
  if (!assigneeId || assigneeId === ctx.viewer!.id) return;
  const card = ctx.viewer!.card;
  const who = card ? displayName(card, 'A trip member') : 'A trip member';
  await notify(tx, events, assigneeId, {
    type: 'TRIP_UPDATE',
    title: 'New checklist task',
    message: `${who} assigned you: ${description}`,
    actionUrl: `/dashboard/checklist/${tripId}`,
    data: { tripId },
  });
}

/** Adds a checklist to a trip, from a starter template when one is named; any member may. */
export async function addChecklist(ctx: RequestContext, tripId: string, input: ChecklistInput): Promise<ChecklistView> {
  const viewer = requireViewer(ctx);
  await requireTripMember(ctx, tripId);
  const data = validateChecklist(input);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const checklist = await tx.checklist.create({ data: { tripId, title: data.title, category: data.category, createdById: viewer.id }, select: { id: true } });
    if (data.template) {
      const items = CHECKLIST_TEMPLATES[data.template].items;
      // Distinct positions: rows of one statement share their creation time.
      await tx.checklistItem.createMany({ data: items.map((description, position) => ({ checklistId: checklist.id, description, position })) });
    }
    announce(events, ctx, { kind: 'SAVED', tripId, checklistId: checklist.id });
    return readBack(tx, checklist.id);
  });
}

/**
 * Renames or re-categorises a checklist (a category left out stays); any member may. Its items
 * stay. `within` runs in the change's transaction.
 */
export async function updateChecklist(
  ctx: RequestContext,
  checklistId: string,
  input: ChecklistInput,
  within?: (tx: Tx, after: ChecklistView) => Promise<void>,
): Promise<ChecklistView> {
  const { tripId, category: current } = await requireChecklistMember(ctx, checklistId);
  const { title, category } = validateChecklist({ title: input.title, category: input.category === undefined ? current : input.category });
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await tx.checklist.update({ where: { id: checklistId }, data: { title, category }, select: { id: true } });
    announce(events, ctx, { kind: 'SAVED', tripId, checklistId });
    const after = await readBack(tx, checklistId);
    await within?.(tx, after);
    return after;
  });
}

/** Deletes a checklist and all its items; any member may. `within` runs in the same transaction. */
export async function deleteChecklist(ctx: RequestContext, checklistId: string, within?: (tx: Tx) => Promise<void>): Promise<{ id: string; tripId: string }> {
  const { tripId } = await requireChecklistMember(ctx, checklistId);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await tx.checklist.deleteMany({ where: { id: checklistId } });
    announce(events, ctx, { kind: 'DELETED', tripId, checklistId });
    await within?.(tx);
    return { id: checklistId, tripId };
  });
}

export interface ItemChange {
  item: ChecklistItemView;
  checklist: ChecklistView;
}

const changeOf = (checklist: ChecklistView, itemId: string): ItemChange => ({ checklist, item: checklist.items.find((i) => i.id === itemId)! });

/** Adds an item to a checklist; any member may, and may assign it to any member. */
export async function addChecklistItem(ctx: RequestContext, checklistId: string, input: ChecklistItemInput): Promise<ItemChange> {
  const { tripId } = await requireChecklistMember(ctx, checklistId);
  const data = validateChecklistItem(input);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await checkAssignee(tx, tripId, data.assignedToId);
    const count = await tx.checklistItem.count({ where: { checklistId } });
    if (count >= CHECKLIST_LIMITS.itemsPerChecklist) throw new ValidationError(M.tooManyItems, 'checklistId');
    const completed = data.isCompleted ?? false;
    const item = await tx.checklistItem.create({
      data: { ...data, isCompleted: completed, completedAt: completed ? new Date() : null, checklistId, position: count },
      select: { id: true },
    });
    await tellAssignee(tx, events, ctx, tripId, data.assignedToId, data.description);
    announce(events, ctx, { kind: 'SAVED', tripId, checklistId });
    return changeOf(await readBack(tx, checklistId), item.id);
  });
}

/** Replaces an item's description, assignee and due date; its tick stays unless given. */
export async function updateChecklistItem(ctx: RequestContext, itemId: string, input: ChecklistItemInput): Promise<ItemChange> {
  const { tripId, checklistId, assignedToId: before } = await requireItemMember(ctx, itemId);
  const data = validateChecklistItem(input);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await checkAssignee(tx, tripId, data.assignedToId);
    const tick = data.isCompleted === undefined ? {} : { completedAt: data.isCompleted ? new Date() : null };
    await tx.checklistItem.update({ where: { id: itemId }, data: { ...data, ...tick }, select: { id: true } });
    if (data.assignedToId !== before) await tellAssignee(tx, events, ctx, tripId, data.assignedToId, data.description);
    announce(events, ctx, { kind: 'SAVED', tripId, checklistId });
    return changeOf(await readBack(tx, checklistId), itemId);
  });
}

/** Ticks or unticks an item; any member may. */
export async function setChecklistItemCompleted(ctx: RequestContext, itemId: string, completed: unknown): Promise<ItemChange> {
  const { tripId, checklistId } = await requireItemMember(ctx, itemId);
  const isCompleted = validateCompleted(completed);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    // Only a change of state moves `completedAt`: ticking a ticked item keeps when it was done.
    await tx.checklistItem.updateMany({
      where: { id: itemId, isCompleted: !isCompleted },
      data: { isCompleted, completedAt: isCompleted ? new Date() : null },
    });
    announce(events, ctx, { kind: 'SAVED', tripId, checklistId });
    return changeOf(await readBack(tx, checklistId), itemId);
  });
}

/** Deletes an item; any member may. */
export async function deleteChecklistItem(ctx: RequestContext, itemId: string): Promise<{ id: string; checklist: ChecklistView }> {
  const { tripId, checklistId } = await requireItemMember(ctx, itemId);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await tx.checklistItem.deleteMany({ where: { id: itemId } });
    announce(events, ctx, { kind: 'ITEM_DELETED', tripId, checklistId, itemId });
    return { id: itemId, checklist: await readBack(tx, checklistId) };
  });
}

/** "Suggest items": what the trip seems to need that its checklists do not hold yet; members only. */
export async function suggestChecklistItems(ctx: RequestContext, tripId: string): Promise<ChecklistSuggestion[]> {
  requireViewer(ctx);
  await requireTripMember(ctx, tripId);
  const db = ctx.deps.db.prisma;
  const [trip, items, reservationCount, members, existing] = await Promise.all([
    db.trip.findUniqueOrThrow({
      where: { id: tripId },
      select: {
        name: true,
        description: true,
        destinationMainText: true,
        destinationSecondaryText: true,
        destinationLat: true,
        destinationLng: true,
        startDate: true,
        endDate: true,
      },
    }),
    db.itineraryItem.findMany({ where: { tripId }, take: 300, select: { type: true, title: true, notes: true, location: true } }),
    db.reservation.count({ where: { tripId } }),
    db.tripMember.findMany({
      where: { tripId, status: { in: ON_TRIP_STATUSES } },
      select: { user: { select: { country: true, activities: true, travelStyle: true, preferredDestinations: true, transportation: true } } },
    }),
    db.checklistItem.findMany({ where: { checklist: { tripId } }, select: { description: true } }),
  ]);
  const destination = [trip.destinationMainText, trip.destinationSecondaryText].filter(Boolean).join(', ') || null;
  return suggestChecklist({
    destination,
    destinationLat: trip.destinationLat,
    destinationLng: trip.destinationLng,
    startDate: isoDate(trip.startDate),
    endDate: isoDate(trip.endDate),
    tripText: `${trip.name} ${trip.description ?? ''} ${destination ?? ''}`,
    items,
    reservationCount,
    members: members.map((m) => m.user),
    existing: existing.map((e) => e.description),
  });
}

export interface ChosenSuggestion {
  description?: unknown;
  category?: unknown;
  perPerson?: unknown;
}

/**
 * Adds the chosen suggestions through the add-item service: each into the trip's first checklist
 * of its category (made, titled by the category, when there is none). A per-person item is added
 * once for each member, assigned to them (each member's own list); a shared one once. Items
 * already there (case and spacing aside) are skipped. Returns how many were added.
 */
export async function addSuggestedItems(
  ctx: RequestContext,
  tripId: string,
  chosen: ChosenSuggestion[],
): Promise<{ added: number; checklists: ChecklistView[] }> {
  requireViewer(ctx);
  await requireTripMember(ctx, tripId);
  const db = ctx.deps.db.prisma;
  const picks = chosen.slice(0, 100).map((c) => ({
    description: typeof c.description === 'string' ? c.description : '',
    category: validateChecklist({ title: 'x', category: c.category }).category,
    perPerson: c.perPerson === true,
  }));
  const memberIds = (
    await db.tripMember.findMany({ where: { tripId, status: { in: ON_TRIP_STATUSES } }, orderBy: { invitedAt: 'asc' }, select: { userId: true } })
  )
    .map((m) => m.userId)
    .slice(0, 20);
  const existing = new Set(
    (await db.checklistItem.findMany({ where: { checklist: { tripId } }, select: { description: true, assignedToId: true } })).map(
      (i) => `${sameItem(i.description)}|${i.assignedToId ?? ''}`,
    ),
  );
  const has = (d: string) => [...existing].some((k) => k.startsWith(`${sameItem(d)}|`));
  const lists = new Map<string, string>();
  const touched = new Set<string>();
  let added = 0;
  for (const pick of picks) {
    if (has(pick.description)) continue;
    let listId = lists.get(pick.category);
    if (!listId) {
      const found = await db.checklist.findFirst({ where: { tripId, category: pick.category }, orderBy: { createdAt: 'asc' }, select: { id: true } });
      listId = found?.id ?? (await addChecklist(ctx, tripId, { category: pick.category })).id;
      lists.set(pick.category, listId);
    }
    for (const assignedToId of pick.perPerson ? memberIds : [null]) {
      await addChecklistItem(ctx, listId, { description: pick.description, assignedToId });
      existing.add(`${sameItem(pick.description)}|${assignedToId ?? ''}`);
      added++;
    }
    touched.add(listId);
  }
  const views = await checklistsByIds(db, [...touched]);
  return { added, checklists: [...views.values()].filter((v): v is ChecklistView => !!v) };
}
