import { eventActor, tripRecordEvents } from '../trips/live.js';
import { encodeGlobalID, resolveCursorConnection } from '@pothos/plugin-relay';
import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { ChecklistCategory } from '../generated/prisma/enums.js';
import { batchLoader } from '../platform/batch.js';
import { isoDate } from '../platform/dates.js';
import type { ChecklistEvent } from './liveEvents.js';
import { UserRef } from '../accounts/graphql.js';
import { canViewProfile } from '../accounts/visibility.js';
import type { AuthorCard } from '../itinerary/view.js';
import { TripRef } from '../trips/graphql.js';
import type { RequestContext } from '../platform/context.js';
import { CHECKLIST_LIMITS as L, CHECKLIST_PAGE_MAX, categoryLabel } from './messages.js';
import { CHECKLIST_TEMPLATES } from './templates.js';
import type { ChecklistSuggestion } from './suggestions.js';
import {
  addChecklist,
  addChecklistItem,
  addSuggestedItems,
  deleteChecklist,
  deleteChecklistItem,
  listChecklists,
  setChecklistItemCompleted,
  suggestChecklistItems,
  updateChecklist,
  updateChecklistItem,
  type ItemChange,
} from './service.js';
import {
  assigneeName,
  checklistItemsByIds,
  checklistsByIds,
  decodeChecklistCursor,
  encodeChecklistCursor,
  type ChecklistItemView,
  type ChecklistView,
} from './view.js';

const CategoryEnum = builder.enumType(ChecklistCategory, {
  name: 'ChecklistCategory',
  description: 'What a checklist is for; one of a fixed list. Packing List is the default.',
  values: {
    PACKING_LIST: { description: "'Packing List': what to take (the default)." },
    PRE_TRIP: { description: "'Pre-trip Tasks': what to do before leaving." },
    DURING_TRIP: { description: "'During Trip': what to do while away." },
    POST_TRIP: { description: "'Post-trip Tasks': what to do once back." },
    CUSTOM: { description: "'Custom': anything else." },
  },
});

const TemplateEnum = builder.enumType('ChecklistTemplateKind', {
  description: 'The kinds of trip the product ships a starter checklist for.',
  values: Object.fromEntries(
    Object.entries(CHECKLIST_TEMPLATES).map(([kind, t]) => [kind, { description: `${t.label}: "${t.title}", ${t.items.length} items.` }]),
  ) as Record<keyof typeof CHECKLIST_TEMPLATES, { description: string }>,
});

/** The checklists a request reads by id (live events, `node(id:)`), one statement per batch. */
const checklistLoader = batchLoader<string, ChecklistView | null>((ctx, ids) => checklistsByIds(ctx.deps.db.prisma, ids), null);
const itemLoader = batchLoader<string, ChecklistItemView | null>((ctx, ids) => checklistItemsByIds(ctx.deps.db.prisma, ids), null);

/** The assignee's card when the viewer may see that person (a companion who left may no longer be). */
function visibleCard(ctx: RequestContext, card: AuthorCard | null) {
  if (!card) return null;
  const visible = canViewProfile(ctx, card.id);
  return typeof visible === 'boolean' ? (visible ? card : null) : visible.then((ok) => (ok ? card : null));
}

export const ChecklistItemRef = builder.node(builder.objectRef<ChecklistItemView>('ChecklistItem'), {
  id: { resolve: (i) => i.id },
  loadMany: (ids, ctx) => Promise.all(ids.map((id) => itemLoader(ctx, id))),
  description: "One task of a trip's checklist. Read and changed by the trip's members only.",
  authScopes: (item) => ({ tripMember: item.tripId }),
  runScopesOnType: true,
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What to do or pack.' }),
    isCompleted: t.exposeBoolean('isCompleted', { description: 'Ticked.' }),
    completedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was ticked; null while open.', resolve: (i) => i.completedAt }),
    dueDate: t.field({
      type: 'Date',
      nullable: true,
      description: 'The day it is due (a calendar date, in no time zone); null for none. Overdue once the day has passed and it is still open.',
      resolve: (i) => i.dueDate,
    }),
    assignee: t.field({
      type: UserRef,
      nullable: true,
      description: 'The member it is assigned to; null when nobody is, or when the viewer may no longer see that person.',
      resolve: (i, _a, ctx) => visibleCard(ctx, i.assignee),
    }),
    assigneeName: t.string({
      nullable: true,
      description: "The assignee's name as the list shows it ('(Assigned to {name})'): 'Unknown' when they have none; null when nobody is assigned.",
      resolve: (i) => assigneeName(i.assignee),
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was added.', resolve: (i) => i.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed (edited or ticked).', resolve: (i) => i.updatedAt }),
  }),
});

export const ChecklistRef = builder.node(builder.objectRef<ChecklistView>('Checklist'), {
  id: { resolve: (c) => c.id },
  loadMany: (ids, ctx) => Promise.all(ids.map((id) => checklistLoader(ctx, id))),
  description: "A named list of tasks of a trip, with all its items. Read and changed by the trip's members only.",
  authScopes: (c) => ({ tripMember: c.tripId }),
  runScopesOnType: true,
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Its name, e.g. "Beach packing list".' }),
    category: t.field({ type: CategoryEnum, description: 'What it is for.', resolve: (c) => c.category }),
    categoryLabel: t.string({ description: "The category as shown, e.g. 'Packing List'.", resolve: (c) => categoryLabel(c.category) }),
    items: t.field({
      type: [ChecklistItemRef],
      description: `Every item, in the order added (a checklist holds at most ${L.itemsPerChecklist}).`,
      resolve: (c) => c.items,
    }),
    itemCount: t.int({ description: 'How many items it has.', resolve: (c) => c.items.length }),
    completedCount: t.int({ description: 'How many are ticked.', resolve: (c) => c.items.filter((i) => i.isCompleted).length }),
    pendingCount: t.int({ description: 'How many are still open.', resolve: (c) => c.items.filter((i) => !i.isCompleted).length }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was added.', resolve: (c) => c.createdAt }),
  }),
});

const ChecklistEdge = builder.edgeObject({ type: ChecklistRef, name: 'ChecklistEdge', description: 'One checklist of a trip, with its cursor.' });
const ChecklistConnection = builder.connectionObject(
  { type: ChecklistRef, name: 'ChecklistConnection', description: "A page of a trip's checklists, oldest first." },
  ChecklistEdge,
);

builder.prismaObjectFields('Trip', (t) => ({
  checklists: t.field({
    type: ChecklistConnection,
    description: `The trip's checklists, oldest first, each with its items. \`first\` defaults to ${CHECKLIST_PAGE_MAX} and is at most ${CHECKLIST_PAGE_MAX}.`,
    authScopes: (trip) => ({ tripMember: trip.id }),
    args: {
      first: t.arg.int({ description: `Page forward: at most this many after \`after\`; at most ${CHECKLIST_PAGE_MAX}.` }),
      after: t.arg.string({ description: 'Page forward from this cursor (a `pageInfo.endCursor`).' }),
      last: t.arg.int({ description: `Page backward: at most this many before \`before\`; at most ${CHECKLIST_PAGE_MAX}.` }),
      before: t.arg.string({ description: 'Page backward from this cursor (a `pageInfo.startCursor`).' }),
    },
    resolve: (trip, args, ctx) =>
      resolveCursorConnection<Promise<ChecklistView[]>>(
        { args, defaultSize: CHECKLIST_PAGE_MAX, maxSize: CHECKLIST_PAGE_MAX, toCursor: encodeChecklistCursor },
        ({ after, before, limit, inverted }) =>
          listChecklists(ctx, trip.id, {
            limit,
            inverted,
            after: after ? decodeChecklistCursor(after) : null,
            before: before ? decodeChecklistCursor(before, 'before') : null,
          }),
      ),
  }),
}));

const ChecklistPayload = builder.objectRef<{ checklist: ChecklistView }>('ChecklistPayload').implement({
  description: 'The checklist as saved.',
  fields: (t) => ({
    checklist: t.field({ type: ChecklistRef, description: 'The checklist as saved, with its items.', resolve: (p) => p.checklist }),
    edge: t.field({
      type: ChecklistEdge,
      description: "The checklist as an edge of `Trip.checklists`, for Relay's @appendEdge.",
      resolve: (p) => ({ cursor: encodeChecklistCursor(p.checklist), node: p.checklist }),
    }),
  }),
});

/** What every checklist mutation shares: signed in, and its typed errors in a described union. */
const mutation = (name: string, union: string) => ({
  authScopes: { signedIn: true } as const,
  errors: { types: MUTATION_ERRORS, directResult: true as const, union: { name, description: union } },
});

const AddChecklistInput = builder.inputType('AddChecklistInput', {
  description: 'The trip and the new checklist. A refusal names every field at fault.',
  fields: (t) => ({
    tripId: t.globalID({ required: true, for: TripRef, description: 'The trip; the viewer must be on it.' }),
    title: t.string({ description: `At most ${L.title} characters; blank or absent means the template's title, else the category's name.` }),
    category: t.field({ type: CategoryEnum, description: "PACKING_LIST when absent (or the template's category)." }),
    template: t.field({ type: TemplateEnum, description: "Start from this kind of trip's starter checklist: its items are copied in." }),
  }),
});

builder.mutationField('addChecklist', (t) =>
  t.field({
    type: ChecklistPayload,
    ...mutation('AddChecklistResult', 'The new checklist, or why it was not added.'),
    description: 'Adds a checklist to a trip, empty or from a starter template; any member may. Members watching the trip see it live.',
    args: { input: t.arg({ type: AddChecklistInput, required: true, description: 'The trip and the new checklist.' }) },
    resolve: async (_r, { input }, ctx) => ({ checklist: await addChecklist(ctx, input.tripId.id, input) }),
  }),
);

const UpdateChecklistInput = builder.inputType('UpdateChecklistInput', {
  description: 'The checklist and its name and category as they should be.',
  fields: (t) => ({
    id: t.globalID({ required: true, for: ChecklistRef, description: 'The checklist to edit.' }),
    title: t.string({ description: `At most ${L.title} characters; blank means the category's name.` }),
    category: t.field({ type: CategoryEnum, description: 'The new category; left out, it stays as it is.' }),
  }),
});

builder.mutationField('updateChecklist', (t) =>
  t.field({
    type: ChecklistPayload,
    ...mutation('UpdateChecklistResult', 'The edited checklist, or why it was not changed.'),
    description: 'Renames or re-categorises a checklist; any member of the trip may. Its items stay.',
    args: { input: t.arg({ type: UpdateChecklistInput, required: true, description: 'The checklist and its fields.' }) },
    resolve: async (_r, { input }, ctx) => ({ checklist: await updateChecklist(ctx, input.id.id, input) }),
  }),
);

const IdInput = (name: string, description: string, ref: typeof ChecklistRef | typeof ChecklistItemRef, what: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({ id: t.globalID({ required: true, for: ref, description: `The ${what}, by its global id.` }) }),
  });

const DeleteChecklistPayload = builder.objectRef<{ id: string; tripId: string }>('DeleteChecklistPayload').implement({
  description: "The deleted checklist's id.",
  fields: (t) => ({
    deletedChecklistId: t.id({ description: 'Global id of the deleted checklist, for @deleteEdge.', resolve: (p) => encodeGlobalID('Checklist', p.id) }),
  }),
});

builder.mutationField('deleteChecklist', (t) =>
  t.field({
    type: DeleteChecklistPayload,
    ...mutation('DeleteChecklistResult', 'The id of the deleted checklist, or why it was not deleted.'),
    description: "Deletes a checklist and all its items (ask first: 'This will also delete all items.'); any member of the trip may.",
    args: {
      input: t.arg({
        type: IdInput('DeleteChecklistInput', 'The checklist to delete.', ChecklistRef, 'checklist'),
        required: true,
        description: 'The checklist to delete.',
      }),
    },
    resolve: (_r, { input }, ctx) => deleteChecklist(ctx, input.id.id),
  }),
);

const ChecklistItemFields = builder.inputType('ChecklistItemFields', {
  description: "An item's fields. Text is trimmed. A refusal names every field at fault.",
  fields: (t) => ({
    description: t.string({ required: true, description: `Required after trimming; at most ${L.description} characters.` }),
    assignedToId: t.globalID({ for: UserRef, description: 'A member of the trip (owner or accepted) to assign it to; absent for nobody.' }),
    dueDate: t.field({ type: 'Date', description: 'The day it is due; absent for none.' }),
    isCompleted: t.boolean({ description: 'Ticked. A new item starts open when absent; an edit keeps the tick when absent.' }),
  }),
});

type ItemFieldsArg = { description: string; assignedToId?: { id: string } | null; dueDate?: Date | null; isCompleted?: boolean | null };
const toItemInput = (f: ItemFieldsArg) => ({
  description: f.description,
  assignedToId: f.assignedToId?.id ?? null,
  dueDate: f.dueDate ? isoDate(f.dueDate) : null,
  isCompleted: f.isCompleted ?? undefined,
});

const ChecklistItemPayload = builder.objectRef<ItemChange>('ChecklistItemPayload').implement({
  description: 'The item as saved, and its checklist (counts and items as they are now).',
  fields: (t) => ({
    item: t.field({ type: ChecklistItemRef, description: 'The item as saved.', resolve: (p) => p.item }),
    checklist: t.field({ type: ChecklistRef, description: 'Its checklist, with every item.', resolve: (p) => p.checklist }),
  }),
});

const AddChecklistItemInput = builder.inputType('AddChecklistItemInput', {
  description: 'The checklist and the new item.',
  fields: (t) => ({
    checklistId: t.globalID({ required: true, for: ChecklistRef, description: 'The checklist; the viewer must be on its trip.' }),
    item: t.field({ type: ChecklistItemFields, required: true, description: "The new item's fields." }),
  }),
});

builder.mutationField('addChecklistItem', (t) =>
  t.field({
    type: ChecklistItemPayload,
    ...mutation('AddChecklistItemResult', 'The new item, or why it was not added.'),
    description: 'Adds an item to a checklist; any member may, and may assign it to any member (who is notified).',
    args: { input: t.arg({ type: AddChecklistItemInput, required: true, description: 'The checklist and the item.' }) },
    resolve: (_r, { input }, ctx) => addChecklistItem(ctx, input.checklistId.id, toItemInput(input.item)),
  }),
);

const UpdateChecklistItemInput = builder.inputType('UpdateChecklistItemInput', {
  description: 'The item and its fields as they should be after the edit.',
  fields: (t) => ({
    id: t.globalID({ required: true, for: ChecklistItemRef, description: 'The item to edit.' }),
    item: t.field({ type: ChecklistItemFields, required: true, description: 'Its fields: an assignee or due date left out is cleared.' }),
  }),
});

builder.mutationField('updateChecklistItem', (t) =>
  t.field({
    type: ChecklistItemPayload,
    ...mutation('UpdateChecklistItemResult', 'The edited item, or why it was not changed.'),
    description: 'Edits an item; any member of the trip may. A newly assigned member is notified.',
    args: { input: t.arg({ type: UpdateChecklistItemInput, required: true, description: 'The item and its fields.' }) },
    resolve: (_r, { input }, ctx) => updateChecklistItem(ctx, input.id.id, toItemInput(input.item)),
  }),
);

const SetChecklistItemCompletedInput = builder.inputType('SetChecklistItemCompletedInput', {
  description: 'The item and whether it is ticked.',
  fields: (t) => ({
    id: t.globalID({ required: true, for: ChecklistItemRef, description: 'The item to tick or untick.' }),
    isCompleted: t.boolean({ required: true, description: 'True to tick, false to untick.' }),
  }),
});

builder.mutationField('setChecklistItemCompleted', (t) =>
  t.field({
    type: ChecklistItemPayload,
    ...mutation('SetChecklistItemCompletedResult', "The item as ticked, or why not (show 'Error updating item. Please try again.')."),
    description: 'Ticks or unticks an item; any member of the trip may. The others see it live.',
    args: { input: t.arg({ type: SetChecklistItemCompletedInput, required: true, description: 'The item and its tick.' }) },
    resolve: (_r, { input }, ctx) => setChecklistItemCompleted(ctx, input.id.id, input.isCompleted),
  }),
);

const DeleteChecklistItemPayload = builder.objectRef<{ id: string; checklist: ChecklistView }>('DeleteChecklistItemPayload').implement({
  description: "The deleted item's id and its checklist as it is now.",
  fields: (t) => ({
    deletedItemId: t.id({ description: 'Global id of the deleted item.', resolve: (p) => encodeGlobalID('ChecklistItem', p.id) }),
    checklist: t.field({ type: ChecklistRef, description: 'Its checklist, without the item.', resolve: (p) => p.checklist }),
  }),
});

builder.mutationField('deleteChecklistItem', (t) =>
  t.field({
    type: DeleteChecklistItemPayload,
    ...mutation('DeleteChecklistItemResult', 'The id of the deleted item, or why it was not deleted.'),
    description: 'Deletes an item (ask first); any member of the trip may.',
    args: {
      input: t.arg({
        type: IdInput('DeleteChecklistItemInput', 'The item to delete.', ChecklistItemRef, 'item'),
        required: true,
        description: 'The item to delete.',
      }),
    },
    resolve: (_r, { input }, ctx) => deleteChecklistItem(ctx, input.id.id),
  }),
);

const ChangeKind = builder.enumType('ChecklistChangeKind', {
  description: 'What happened to a checklist of a watched trip.',
  values: {
    SAVED: { description: 'A checklist was added or changed, or one of its items was added, edited, ticked or deleted: `checklist` is it now.' },
    DELETED: { description: 'A checklist was deleted: `deletedChecklistId` names it, `checklist` is null.' },
  } as const,
});

/** An event as delivered: the checklist as it is when the event is checked, null once it is gone. */
type DeliveredEvent = ChecklistEvent & { checklist: ChecklistView | null };

const TripChecklistEvent = builder.objectRef<DeliveredEvent>('TripChecklistEvent').implement({
  description: "A change to a watched trip's checklists. A checklist gone by the time the event is delivered arrives as DELETED.",
  fields: (t) => ({
    kind: t.field({ type: ChangeKind, description: 'What happened.', resolve: (e) => (e.checklist ? 'SAVED' : 'DELETED') }),
    checklist: t.field({
      type: ChecklistRef,
      nullable: true,
      description: 'The checklist as it is now, with every item; null when DELETED.',
      resolve: (e) => e.checklist,
    }),
    deletedChecklistId: t.id({
      nullable: true,
      description: 'Global id of the deleted checklist, for @deleteEdge; null unless DELETED.',
      resolve: (e) => (e.checklist ? null : encodeGlobalID('Checklist', e.checklistId)),
    }),
    deletedItemId: t.id({
      nullable: true,
      description: 'Global id of an item that was deleted; null otherwise.',
      resolve: (e) => (e.kind === 'ITEM_DELETED' && e.itemId ? encodeGlobalID('ChecklistItem', e.itemId) : null),
    }),
    actor: t.prismaField({
      type: 'User',
      nullable: true,
      description: 'Who made the change; null once their account is gone.',
      resolve: (q, e, _a, ctx) => eventActor(ctx, e, q),
    }),
  }),
});

builder.subscriptionField('tripChecklistsChanged', (t) =>
  t.field({
    type: TripChecklistEvent,
    description: "Live changes to one trip's checklists and their items (ticks included), from every instance.",
    args: { tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip to watch; the viewer must be on it.' }) },
    authScopes: (_r, args) => ({ tripMember: args.tripId.id }),
    // Membership is checked again before every event; the trip's own events end the subscription
    // at once for someone removed from it (or when it is deleted).
    subscribe: (_r, args, ctx) => {
      const tripId = args.tripId.id;
      return tripRecordEvents(
        ctx,
        tripId,
        'checklist',
        async (event: ChecklistEvent) =>
          event.kind === 'DELETED' ? null : ((await checklistsByIds(ctx.deps.db.prisma, [event.checklistId])).get(event.checklistId) ?? null),
        (event, checklist): DeliveredEvent => ({ ...event, checklist }),
      );
    },
    resolve: (e: DeliveredEvent) => e,
  }),
);

const SuggestionCategoryEnum = builder.enumType('ChecklistSuggestionCategory', {
  description: 'The checklist category a suggested item belongs in.',
  values: {
    PACKING_LIST: { description: "'Packing List'." },
    PRE_TRIP: { description: "'Pre-trip Tasks'." },
    DURING_TRIP: { description: "'During Trip'." },
  },
});

const ChecklistSuggestionRef = builder.objectRef<ChecklistSuggestion>('ChecklistSuggestion').implement({
  description: 'An item "Suggest items" proposes for a trip, with why.',
  fields: (t) => ({
    description: t.string({ description: 'The item, as it would be added.', resolve: (s) => s.description }),
    category: t.field({ type: SuggestionCategoryEnum, description: 'The checklist category it goes in.', resolve: (s) => s.category }),
    reason: t.string({ description: 'Why it is suggested (the climate, the itinerary, the crew’s preferences...).', resolve: (s) => s.reason }),
    perPerson: t.boolean({ description: 'True: one for each member (each one’s own list); false: one for the group.', resolve: (s) => s.perPerson }),
  }),
});

builder.prismaObjectFields('Trip', (t) => ({
  checklistSuggestions: t.field({
    type: [ChecklistSuggestionRef],
    description: 'Items the trip seems to need that its checklists do not hold yet (climate normals, length, itinerary, reservations, preferences).',
    authScopes: (trip) => ({ tripMember: trip.id }),
    resolve: (trip, _a, ctx) => suggestChecklistItems(ctx, trip.id),
  }),
}));

const ChosenSuggestionInput = builder.inputType('ChosenChecklistSuggestionInput', {
  description: 'A suggestion the member chose to add.',
  fields: (t) => ({
    description: t.string({ required: true, description: 'The item.' }),
    category: t.field({ type: SuggestionCategoryEnum, required: true, description: 'Its checklist category.' }),
    perPerson: t.boolean({ required: true, description: 'One per member (assigned to each) or one for the group.' }),
  }),
});
const AddSuggestedInput = builder.inputType('AddSuggestedChecklistItemsInput', {
  description: 'The trip and the chosen suggestions.',
  fields: (t) => ({
    tripId: t.globalID({ required: true, for: TripRef, description: 'The trip; the viewer must be on it.' }),
    items: t.field({ type: [ChosenSuggestionInput], required: true, description: 'The chosen suggestions (at most 100).' }),
  }),
});
const AddSuggestedPayload = builder.objectRef<{ added: number; checklists: ChecklistView[] }>('AddSuggestedChecklistItemsPayload').implement({
  description: 'How many items were added, and the checklists they went into.',
  fields: (t) => ({
    added: t.int({ description: 'Items added (a per-person suggestion counts once per member).', resolve: (p) => p.added }),
    checklists: t.field({ type: [ChecklistRef], description: 'The checklists that received items.', resolve: (p) => p.checklists }),
  }),
});

builder.mutationField('addSuggestedChecklistItems', (t) =>
  t.field({
    type: AddSuggestedPayload,
    ...mutation('AddSuggestedChecklistItemsResult', 'What was added, or why not.'),
    description:
      'Adds chosen suggestions through the add-item rules, into the trip’s checklist of each category (made when missing); items already there are skipped.',
    args: { input: t.arg({ type: AddSuggestedInput, required: true, description: 'The trip and the items.' }) },
    resolve: (_r, { input }, ctx) => addSuggestedItems(ctx, input.tripId.id, input.items),
  }),
);
