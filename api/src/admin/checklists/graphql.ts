import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { AdminRef } from '../graphql.js';
import { isoDate } from '../../platform/dates.js';
import { categoryLabel } from '../../checklists/messages.js';
import { adminConnection, adminPageConnection, PAGING_ARGS } from '../trips/connection.js';
import { ADMIN_ITEM_STATUSES } from '../trips/messages.js';
import { personName } from '../trips/page.js';
import {
  adminChecklistItems,
  adminChecklistItemsByIds,
  adminChecklists,
  adminChecklistsByIds,
  adminDeleteChecklist,
  adminUpdateChecklist,
  checklistAnalytics,
  itemAnalytics,
  type AdminChecklist,
  type AdminChecklistItemRow,
  type ChecklistAnalytics,
  type ItemAnalytics,
} from './service.js';

/** A checklist as the console lists it: a node, so that a rename's payload updates the row in place. */
export const AdminChecklistRef = builder.node(builder.objectRef<AdminChecklist>('AdminChecklist'), {
  id: { resolve: (c) => c.id },
  loadMany: (ids, ctx) => adminChecklistsByIds(ctx, ids),
  description: 'A checklist as the console lists it. Administrators only.',
  authScopes: { admin: true },
  fields: (t) => ({
    tripId: t.exposeString('tripId', { description: 'The trip it belongs to.' }),
    tripName: t.string({ description: "The trip's name.", resolve: (c) => c.trip.name }),
    title: t.exposeString('title', { description: "The checklist's title." }),
    category: t.string({ description: 'The category, lower-case.', resolve: (c) => c.category.toLowerCase() }),
    categoryLabel: t.string({ description: "The category as shown, e.g. 'Packing List'.", resolve: (c) => categoryLabel(c.category) }),
    createdById: t.exposeString('createdById', { nullable: true, description: 'Who made it (user id).' }),
    creatorName: t.string({ description: "The maker's name, or 'Deleted user'.", resolve: (c) => personName(c.createdBy) }),
    itemCount: t.int({ description: 'How many items it holds.', resolve: (c) => c._count.items }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
  }),
});

const AdminChecklistItemRef = builder.node(builder.objectRef<AdminChecklistItemRow>('AdminChecklistItem'), {
  id: { resolve: (i) => i.id },
  loadMany: (ids, ctx) => adminChecklistItemsByIds(ctx, ids),
  description: 'One item of a checklist, as the console lists it. Administrators only.',
  authScopes: { admin: true },
  fields: (t) => ({
    checklistId: t.exposeString('checklistId', { description: 'The checklist it belongs to.' }),
    checklistTitle: t.string({ description: "The checklist's title.", resolve: (i) => i.checklist.title }),
    tripId: t.string({ description: 'The trip of the checklist.', resolve: (i) => i.checklist.tripId }),
    description: t.exposeString('description', { description: 'What to do or pack.' }),
    isCompleted: t.exposeBoolean('isCompleted', { description: 'Ticked.' }),
    dueDate: t.string({ nullable: true, description: 'The day it is due (YYYY-MM-DD).', resolve: (i) => isoDate(i.dueDate) }),
    assignedToId: t.exposeString('assignedToId', { nullable: true, description: 'Who it is assigned to (user id).' }),
    assignedToName: t.string({
      nullable: true,
      description: "The assignee's name ('Deleted user' once gone); null when nobody is assigned.",
      resolve: (i) => (i.assignedToId ? personName(i.assignedTo) : null),
    }),
    status: t.exposeString('status', { description: `One of ${ADMIN_ITEM_STATUSES.filter((s) => s !== 'all').join(', ')} (overdue: due before today, open).` }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was added.' }),
  }),
});

const AdminChecklistsConnection = adminConnection(AdminChecklistRef, 'checklists', 'checklists', 'checklist');
const AdminChecklistItemsConnection = adminConnection(AdminChecklistItemRef, 'checklistItems', 'checklist items', 'checklist item');

const CategoryRef = builder.objectRef<ChecklistAnalytics['categoryBreakdown'][number]>('AdminChecklistCategoryFigure');
CategoryRef.implement({
  description: 'The checklists of one category.',
  fields: (t) => ({
    category: t.exposeString('category', { description: 'The category.' }),
    label: t.exposeString('label', { description: 'Its name as shown.' }),
    count: t.exposeInt('count', { description: 'How many checklists.' }),
  }),
});

const AnalyticsRef = builder.objectRef<ChecklistAnalytics>('AdminChecklistAnalytics');
AnalyticsRef.implement({
  description: 'The figures over every checklist.',
  fields: (t) => ({
    totalChecklists: t.exposeInt('totalChecklists', { description: 'Every checklist.' }),
    categories: t.exposeInt('categories', { description: 'Categories in use.' }),
    availableCategories: t.exposeStringList('availableCategories', { description: "The category filter's choices." }),
    categoryBreakdown: t.field({ type: [CategoryRef], description: 'Count per category.', resolve: (a) => a.categoryBreakdown }),
  }),
});

const ItemAnalyticsRef = builder.objectRef<ItemAnalytics>('AdminChecklistItemAnalytics').implement({
  description: 'The figures over every checklist item.',
  fields: (t) => ({
    totalItems: t.exposeInt('totalItems', { description: 'Every item.' }),
    completedItems: t.exposeInt('completedItems', { description: 'Ticked items.' }),
    pendingItems: t.exposeInt('pendingItems', { description: 'Open items not overdue.' }),
    overdueItems: t.exposeInt('overdueItems', { description: 'Open items due before today.' }),
    completionRate: t.exposeFloat('completionRate', { description: 'Percent ticked, one decimal.' }),
  }),
});

builder.objectFields(AdminRef, (t) => ({
  checklists: t.field({
    type: AdminChecklistsConnection,
    description: 'Every checklist, newest first, searched (title, trip name) and filtered by category on the server.',
    args: {
      first: t.arg.int({ required: false, description: PAGING_ARGS.first }),
      after: t.arg.string({ required: false, description: PAGING_ARGS.after }),
      search: t.arg.string({ required: false, description: 'Matches part of the title or the trip name.' }),
      category: t.arg.string({ required: false, description: 'Only this category (its value, any case); all when absent.' }),
    },
    resolve: async (_r, a, ctx) => adminPageConnection(a, (paging) => adminChecklists(ctx, { ...paging, category: a.category })),
  }),
  checklistAnalytics: t.field({ type: AnalyticsRef, description: 'The figures over every checklist.', resolve: (_r, _a, ctx) => checklistAnalytics(ctx) }),
  checklistItems: t.field({
    type: AdminChecklistItemsConnection,
    description: 'Every checklist item, newest first, searched (description, checklist title) and filtered by status on the server.',
    args: {
      first: t.arg.int({ required: false, description: PAGING_ARGS.first }),
      after: t.arg.string({ required: false, description: PAGING_ARGS.after }),
      search: t.arg.string({ required: false, description: "Matches part of the item's description or the checklist's title." }),
      status: t.arg.string({ required: false, description: `One of ${ADMIN_ITEM_STATUSES.join(', ')}; all when absent.` }),
    },
    resolve: async (_r, a, ctx) => adminPageConnection(a, (paging) => adminChecklistItems(ctx, { ...paging, status: a.status })),
  }),
  checklistItemAnalytics: t.field({
    type: ItemAnalyticsRef,
    description: 'The figures over every checklist item.',
    resolve: (_r, _a, ctx) => itemAnalytics(ctx),
  }),
}));

const UpdateInput = builder.inputType('AdminUpdateChecklistInput', {
  description: "A checklist's new title (and maybe category).",
  fields: (t) => ({
    checklistId: t.globalID({ required: true, for: AdminChecklistRef, description: 'The checklist to change.' }),
    title: t.string({ required: true, description: 'The new title (must differ from the current one).' }),
    category: t.string({ required: false, description: 'The new category; absent keeps it.' }),
  }),
});
const DeleteInput = builder.inputType('AdminDeleteChecklistInput', {
  description: 'The checklist to delete.',
  fields: (t) => ({ checklistId: t.globalID({ required: true, for: AdminChecklistRef, description: 'The checklist to delete (with its items).' }) }),
});

const UpdatePayload = builder.objectRef<{ checklistId: string }>('AdminUpdateChecklistPayload');
UpdatePayload.implement({
  description: 'The checklist is changed.',
  fields: (t) => ({
    checklist: t.field({
      type: AdminChecklistRef,
      description: 'The checklist, as the list shows it (read again after the change).',
      resolve: async (p, _a, ctx) => (await adminChecklistsByIds(ctx, [p.checklistId]))[0]!,
    }),
  }),
});
const DeletePayload = builder.objectRef<{ id: string }>('AdminDeleteChecklistPayload');
DeletePayload.implement({
  description: 'The checklist is deleted.',
  fields: (t) => ({
    deletedChecklistId: t.id({
      description: 'Global id of the deleted checklist, for @deleteRecord.',
      resolve: (p) => encodeGlobalID('AdminChecklist', p.id),
    }),
  }),
});

builder.mutationField('adminUpdateChecklist', (t) =>
  t.field({
    type: UpdatePayload,
    description: 'Renames (and may re-categorise) any checklist. Administrators only.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminUpdateChecklistResult', description: 'Changed, or why not.' } },
    args: { input: t.arg({ type: UpdateInput, required: true, description: 'The checklist and its new title.' }) },
    resolve: async (_r, { input: i }, ctx) => {
      const c = await adminUpdateChecklist(ctx, i.checklistId.id, { title: i.title, category: i.category });
      return { checklistId: c.id };
    },
  }),
);

builder.mutationField('adminDeleteChecklist', (t) =>
  t.field({
    type: DeletePayload,
    description: 'Deletes any checklist with its items. Administrators only.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminDeleteChecklistResult', description: 'Deleted, or why not.' } },
    args: { input: t.arg({ type: DeleteInput, required: true, description: 'The checklist.' }) },
    resolve: (_r, { input }, ctx) => adminDeleteChecklist(ctx, input.checklistId.id),
  }),
);
