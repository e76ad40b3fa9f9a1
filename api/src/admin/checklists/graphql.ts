import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { AdminRef } from '../graphql.js';
import { adminPageType, PAGE_ARG } from '../trips/graphql.js';
import { personName } from '../trips/page.js';
import { adminChecklists, adminDeleteChecklist, adminUpdateChecklist, checklistAnalytics, type AdminChecklist, type ChecklistAnalytics } from './service.js';

const AdminChecklistRef = builder.objectRef<AdminChecklist>('AdminChecklist');
AdminChecklistRef.implement({
  description: 'A checklist as the console lists it.',
  fields: (t) => ({
    id: t.exposeString('id', { description: "The checklist's id." }),
    tripId: t.exposeString('tripId', { description: 'The trip it belongs to.' }),
    tripName: t.string({ description: "The trip's name.", resolve: (c) => c.trip.name }),
    title: t.exposeString('title', { description: "The checklist's title." }),
    category: t.string({ description: 'The category, lower-case.', resolve: (c) => c.category.toLowerCase() }),
    createdById: t.exposeString('createdById', { nullable: true, description: 'Who made it (user id).' }),
    creatorName: t.string({ description: "The maker's name, or 'Deleted user'.", resolve: (c) => personName(c.createdBy) }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
  }),
});

const AdminChecklistPage = adminPageType<AdminChecklist>('AdminChecklistPage', AdminChecklistRef, 'checklists');

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

builder.objectFields(AdminRef, (t) => ({
  checklists: t.field({
    type: AdminChecklistPage,
    description: 'Every checklist, newest first, searched (title, trip name) and filtered by category on the server.',
    args: {
      first: t.arg.int({ required: false, description: PAGE_ARG.first }),
      after: t.arg.string({ required: false, description: PAGE_ARG.after }),
      search: t.arg.string({ required: false, description: PAGE_ARG.search }),
      category: t.arg.string({ required: false, description: 'Only this category (or all).' }),
    },
    resolve: (_r, a, ctx) => adminChecklists(ctx, { search: a.search, limit: a.first, cursor: a.after, category: a.category }),
  }),
  checklistAnalytics: t.field({ type: AnalyticsRef, description: 'The figures over every checklist.', resolve: (_r, _a, ctx) => checklistAnalytics(ctx) }),
}));

const UpdateInput = builder.inputType('AdminUpdateChecklistInput', {
  description: "A checklist's new title (and maybe category).",
  fields: (t) => ({
    checklistId: t.id({ required: true, description: 'The checklist to change.' }),
    title: t.string({ required: true, description: 'The new title (must differ from the current one).' }),
    category: t.string({ required: false, description: 'The new category; absent keeps it.' }),
  }),
});
const DeleteInput = builder.inputType('AdminDeleteChecklistInput', {
  description: 'The checklist to delete.',
  fields: (t) => ({ checklistId: t.id({ required: true, description: 'The checklist to delete (with its items).' }) }),
});

const UpdatePayload = builder.objectRef<{ id: string; title: string }>('AdminUpdateChecklistPayload');
UpdatePayload.implement({
  description: 'The checklist is changed.',
  fields: (t) => ({
    checklistId: t.exposeString('id', { description: "The checklist's id." }),
    title: t.exposeString('title', { description: 'Its title now.' }),
  }),
});
const DeletePayload = builder.objectRef<{ id: string }>('AdminDeleteChecklistPayload');
DeletePayload.implement({
  description: 'The checklist is deleted.',
  fields: (t) => ({ deletedChecklistId: t.exposeString('id', { description: 'The deleted checklist’s id.' }) }),
});

builder.mutationField('adminUpdateChecklist', (t) =>
  t.field({
    type: UpdatePayload,
    description: 'Renames (and may re-categorise) any checklist. Administrators only.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminUpdateChecklistResult', description: 'Changed, or why not.' } },
    args: { input: t.arg({ type: UpdateInput, required: true, description: 'The checklist and its new title.' }) },
    resolve: async (_r, { input: i }, ctx) => {
      const c = await adminUpdateChecklist(ctx, String(i.checklistId), { title: i.title, category: i.category });
      return { id: c.id, title: c.title };
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
    resolve: (_r, { input }, ctx) => adminDeleteChecklist(ctx, String(input.checklistId)),
  }),
);
