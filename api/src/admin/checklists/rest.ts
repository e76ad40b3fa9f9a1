import { z } from 'zod';
import { route } from '../../rest/kit.js';
import { isoDate } from '../../platform/dates.js';
import { categoryLabel } from '../../checklists/messages.js';
import { answerRefusals } from '../trips/answer.js';
import { AdminChecklistMessages as M } from '../trips/messages.js';
import { personName } from '../trips/page.js';
import {
  adminChecklistItems,
  adminChecklists,
  adminDeleteChecklist,
  adminUpdateChecklist,
  checklistAnalytics,
  itemAnalytics,
  type AdminChecklist,
} from './service.js';

const checklistJson = (c: AdminChecklist) => ({
  id: c.id,
  title: c.title,
  category: c.category.toLowerCase(),
  category_label: categoryLabel(c.category),
  trip_id: c.tripId,
  trip_name: c.trip.name,
  created_by: c.createdById,
  created_by_name: c.createdById ? personName(c.createdBy) : 'Deleted user',
  item_count: c._count.items,
  created_at: c.createdAt.toISOString(),
});

const EditBody = z.object({ title: z.unknown().optional(), category: z.unknown().optional() });

export const adminChecklistRoutes = [
  route({
    method: 'GET',
    path: '/checklists',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const [page, a] = await Promise.all([adminChecklists(ctx, query), checklistAnalytics(ctx)]);
      return {
        checklists: page.rows.map(checklistJson),
        analytics: {
          totalChecklists: a.totalChecklists,
          categories: a.categories,
          availableCategories: a.availableCategories.map((c) => c.toLowerCase()),
          categoryBreakdown: Object.fromEntries(a.categoryBreakdown.map((c) => [c.category.toLowerCase(), c.count])),
        },
        total_count: page.totalCount,
        next_cursor: page.nextCursor,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/checklists/items',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const [page, analytics] = await Promise.all([adminChecklistItems(ctx, query), itemAnalytics(ctx)]);
      return {
        items: page.rows.map((i) => ({
          id: i.id,
          checklist_id: i.checklistId,
          checklist_title: i.checklist.title,
          trip_id: i.checklist.tripId,
          description: i.description,
          is_completed: i.isCompleted,
          due_date: isoDate(i.dueDate),
          assigned_to: i.assignedToId,
          assigned_to_name: i.assignedToId ? personName(i.assignedTo) : null,
          status: i.status,
          created_at: i.createdAt.toISOString(),
        })),
        analytics,
        total_count: page.totalCount,
        next_cursor: page.nextCursor,
      };
    },
  }),
  route({
    method: 'PUT',
    path: '/admin/checklists/:id',
    access: 'admin',
    body: EditBody,
    handle: (ctx, { params, body }) =>
      answerRefusals('details', async () => {
        const c = await adminUpdateChecklist(ctx, params.id!, { title: body.title, category: body.category });
        return { success: true, message: M.checklistUpdated, checklist: { id: c.id, title: c.title, category: c.category.toLowerCase() } };
      }),
  }),
  route({
    method: 'DELETE',
    path: '/admin/checklists/:id/delete',
    access: 'admin',
    handle: (ctx, { params }) =>
      answerRefusals('details', async () => {
        const { id } = await adminDeleteChecklist(ctx, params.id!);
        return { success: true, message: M.checklistDeleted, id };
      }),
  }),
];
