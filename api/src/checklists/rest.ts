import { z } from 'zod';
import { assertSelfOrAdmin, route } from '../rest/kit.js';
import { ValidationError } from '../platform/errors.js';
import { categoryLabel, CHECKLIST_CATEGORIES } from './messages.js';
import {
  addChecklist,
  addChecklistItem,
  deleteChecklist,
  deleteChecklistItem,
  addSuggestedItems,
  listChecklists,
  setChecklistItemCompleted,
  suggestChecklistItems,
  updateChecklist,
  updateChecklistItem,
} from './service.js';
import type { ChecklistItemInput } from './validation.js';
import { assigneeName, type ChecklistItemView, type ChecklistView } from './view.js';

/** An item as the REST rows answer it: the seed's snake_case names. */
export function itemJson(i: ChecklistItemView) {
  return {
    id: i.id,
    checklist_id: i.checklistId,
    description: i.description,
    assigned_to: i.assignee?.id ?? null,
    assigned_user_name: assigneeName(i.assignee),
    is_completed: i.isCompleted,
    completed_at: i.completedAt?.toISOString() ?? null,
    due_date: i.dueDate,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  };
}

/** A checklist with its items; the category as its label ('Packing List'), as the first build stored it. */
export function checklistJson(c: ChecklistView) {
  return {
    id: c.id,
    trip_id: c.tripId,
    title: c.title,
    category: categoryLabel(c.category),
    created_by: c.createdById,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    items: c.items.map(itemJson),
  };
}

const id = (field: string) => z.string({ error: `${field} is required.` }).min(1, `${field} is required.`);
const anyValue = z.unknown().optional();

const SaveChecklistBody = z.object({ id: id('id').optional(), trip_id: z.string().optional(), title: anyValue, category: anyValue, template: anyValue });
const SaveItemBody = z.object({
  id: id('id').optional(),
  checklist_id: z.string().optional(),
  description: anyValue,
  assigned_to: anyValue,
  is_completed: anyValue,
  due_date: anyValue,
});
const ToggleBody = z.object({ is_completed: anyValue });
const SuggestBody = z.object({ trip_id: id('trip_id') });
const AddSuggestedBody = z.object({
  trip_id: id('trip_id'),
  items: z.array(z.object({ description: z.string(), category: z.string().optional(), per_person: z.boolean().optional() })).max(100),
});
/** A suggestion's category as the REST rows name categories elsewhere: its label ('Packing List'); also the enum value. */
const categoryValue = (raw: string | undefined) => CHECKLIST_CATEGORIES.find((c) => c.label === raw || c.value === raw?.toUpperCase())?.value ?? raw;

export const checklistRoutes = [
  route({
    method: 'GET',
    path: '/user-checklists/:userId',
    access: 'signedIn',
    // One trip's checklists (the screen shows one trip at a time), with the assignees' profiles.
    handle: async (ctx, { params, query }) => {
      assertSelfOrAdmin(ctx, params.userId);
      if (!query.tripId) throw new ValidationError('tripId is required.', 'tripId');
      const checklists = await listChecklists(ctx, query.tripId);
      const items = checklists.flatMap((c) => c.items);
      const profiles: Record<string, { first_name: string; last_name: string; avatar_url: string | null }> = {};
      for (const { assignee } of items) {
        if (assignee) profiles[assignee.id] = { first_name: assignee.firstName, last_name: assignee.lastName, avatar_url: assignee.avatarUrl };
      }
      return { checklists: checklists.map(checklistJson), items: items.map(itemJson), profiles };
    },
  }),
  route({
    method: 'POST',
    path: '/save-checklist',
    access: 'signedIn',
    body: SaveChecklistBody,
    // With an id, an edit of that checklist (its trip stays its own, whatever trip_id says).
    handle: async (ctx, { body }) => {
      if (body.id) return { checklist: checklistJson(await updateChecklist(ctx, body.id, body)) };
      if (!body.trip_id) throw new ValidationError('trip_id is required.', 'trip_id');
      return { checklist: checklistJson(await addChecklist(ctx, body.trip_id, body)) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/delete-checklist/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      const deleted = await deleteChecklist(ctx, params.id);
      return { success: true, id: deleted.id, trip_id: deleted.tripId };
    },
  }),
  route({
    method: 'POST',
    path: '/save-checklist-item',
    access: 'signedIn',
    body: SaveItemBody,
    handle: async (ctx, { body }) => {
      const input: ChecklistItemInput = {
        description: body.description,
        assignedToId: body.assigned_to,
        dueDate: body.due_date,
        isCompleted: body.is_completed,
      };
      if (body.id) return { item: itemJson((await updateChecklistItem(ctx, body.id, input)).item) };
      if (!body.checklist_id) throw new ValidationError('checklist_id is required.', 'checklist_id');
      return { item: itemJson((await addChecklistItem(ctx, body.checklist_id, input)).item) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/delete-checklist-item/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      const deleted = await deleteChecklistItem(ctx, params.id);
      return { success: true, id: deleted.id, checklist_id: deleted.checklist.id };
    },
  }),
  route({
    method: 'PUT',
    path: '/toggle-checklist-item/:id',
    access: 'signedIn',
    body: ToggleBody,
    handle: async (ctx, { params, body }) => ({ item: itemJson((await setChecklistItemCompleted(ctx, params.id, body.is_completed)).item) }),
  }),
  route({
    method: 'POST',
    path: '/suggest-checklist',
    access: 'signedIn',
    body: SuggestBody,
    handle: async (ctx, { body }) => ({
      items: (await suggestChecklistItems(ctx, body.trip_id)).map((i) => ({
        description: i.description,
        category: categoryLabel(i.category),
        category_value: i.category,
        reason: i.reason,
        per_person: i.perPerson,
      })),
    }),
  }),
  route({
    method: 'POST',
    path: '/add-suggested-checklist-items',
    access: 'signedIn',
    body: AddSuggestedBody,
    handle: async (ctx, { body }) => {
      const r = await addSuggestedItems(
        ctx,
        body.trip_id,
        body.items.map((i) => ({ description: i.description, category: categoryValue(i.category), perPerson: i.per_person })),
      );
      return { added: r.added, checklists: r.checklists.map(checklistJson) };
    },
  }),
];
