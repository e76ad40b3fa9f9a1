import { eventActor, tripRecordEvents } from '../trips/live.js';
import { parseCursorConnectionArgs } from '@pothos/core';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../graphql/builder.js';
import { ErrorInterface, MUTATION_ERRORS } from '../graphql/errors.js';
import { ItineraryItemStatus, ItineraryItemType } from '../generated/prisma/enums.js';
import { batchLoader } from '../platform/batch.js';
import { isoDate } from '../platform/dates.js';
import type { ItineraryEvent } from './liveEvents.js';
import { UserRef } from '../accounts/graphql.js';
import { canViewProfile } from '../accounts/visibility.js';
import { TripRef, tripMemberScope } from '../trips/graphql.js';
import { ITINERARY_LIMITS as L, ITINERARY_PAGE_MAX } from './messages.js';
import {
  addItineraryItem,
  addPendingItineraryItem,
  deleteItineraryItem,
  ItineraryItemConflictError,
  listItinerary,
  markItineraryItemBooked,
  updateItineraryItem,
} from './service.js';
import type { ItineraryItemInput } from './validation.js';
import { decodePlanCursor, encodePlanCursor, itemsByIds, type ItineraryItemView } from './view.js';

const TypeEnum = builder.enumType(ItineraryItemType, {
  name: 'ItineraryItemType',
  description: 'What kind of plan an item is; flights and stays carry fields of their own.',
  values: {
    ACTIVITY: { description: 'Something to do (the default).' },
    FLIGHT: { description: 'A flight: number, times, from and to, and an optional return date.' },
    ACCOMMODATION: { description: 'A stay: hotel name, check-in and check-out dates.' },
    RESTAURANT: { description: 'A meal out.' },
    TRANSPORT: { description: 'A train, bus, ferry or car: from and to.' },
    EVENT: { description: 'A show, a match, a festival.' },
    OTHER: { description: 'Anything else.' },
  },
});

const StatusEnum = builder.enumType(ItineraryItemStatus, {
  name: 'ItineraryItemStatus',
  description: 'Where an item that needs booking stands. Items added by hand have none (null).',
  values: {
    PENDING: { description: 'Still to book: shown in yellow with a Pending badge and a Mark as Booked action.' },
    BOOKED: { description: 'Booked.' },
  },
});

const DAY = 'a calendar date (YYYY-MM-DD), in no time zone';
const HHMM = '"HH:MM" (24-hour), wall-clock time at the place (in the item\'s `timeZone`)';
const ZONE = 'The IANA time zone (e.g. "Europe/Lisbon")';
const DERIVED = "Derived when not given: from a flight's airports, else the item's coordinates, else the trip's zone; an unknown zone is refused.";

/** The items a request reads by id (live events, `node(id:)`), in one statement per batch. */
const itemLoader = batchLoader<string, ItineraryItemView | null>((ctx, ids) => itemsByIds(ctx.deps.db.prisma, ids), null);

/** The trips items link to, with the columns a Trip always reads (TripRef's select), one statement per batch. */
const tripLoader = batchLoader(async (ctx, ids: string[]) => {
  const trips = await ctx.deps.db.prisma.trip.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, startDate: true, endDate: true, budgetCents: true, currency: true },
  });
  return new Map(trips.map((trip) => [trip.id, trip]));
}, null);

// Items are read by the plan's own statement (view.ts) rather than through Prisma's planning: a
// page of hundreds is one JSON value, authors and expense flags included.
export const ItineraryItemRef = builder.node(builder.objectRef<ItineraryItemView>('ItineraryItem'), {
  id: { resolve: (i) => i.id },
  loadMany: (ids, ctx) => Promise.all(ids.map((id) => itemLoader(ctx, id))),
  description: "One entry of a trip's itinerary. Read and changed by the trip's members only.",
  // One scope map per trip and request: the plugin remembers a map's verdict, so the items of a
  // page after the first cost a lookup instead of a fresh evaluation each.
  authScopes: (item, ctx) => tripMemberScope(ctx, item.tripId),
  // Checked once per item rather than once per field of it: a page of hundreds of items would
  // otherwise run the check thousands of times.
  runScopesOnType: true,
  fields: (t) => ({
    trip: t.field({
      type: TripRef,
      nullable: true,
      description: 'The trip whose plan this is.',
      resolve: (i, _a, ctx) => tripLoader(ctx, i.tripId),
    }),
    title: t.exposeString('title', {
      description: 'What it is. A flight added without one is called by its number and route ("AC 123: Toronto → Paris"); a stay by its hotel.',
    }),
    type: t.field({ type: TypeEnum, description: 'What kind of plan it is.', resolve: (i) => i.type }),
    status: t.field({
      type: StatusEnum,
      nullable: true,
      description: 'PENDING or BOOKED for items that need booking; null for items added by hand.',
      resolve: (i) => i.status,
    }),
    activityDate: t.field({
      type: 'Date',
      nullable: true,
      description: `The day it happens: ${DAY}. A flight's departure day; a stay's check-in day. Null when not planned for a day.`,
      resolve: (i) => i.activityDate,
    }),
    startTime: t.exposeString('startTime', { nullable: true, description: `When it starts, ${HHMM}; a flight's departure time. Null when it has none.` }),
    endTime: t.exposeString('endTime', { nullable: true, description: `When it ends, ${HHMM}; a flight's arrival time. Null when it has none.` }),
    location: t.exposeString('location', { nullable: true, description: 'Where, in words; null when not given.' }),
    latitude: t.exposeFloat('latitude', { nullable: true, description: 'Degrees north of `location` on the map; null when it has no coordinates.' }),
    longitude: t.exposeFloat('longitude', { nullable: true, description: 'Degrees east of `location` on the map; null when it has no coordinates.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Free text; null when there is none.' }),
    checkInDate: t.field({
      type: 'Date',
      nullable: true,
      description: `Accommodation: the check-in day (${DAY}); null otherwise.`,
      resolve: (i) => i.checkInDate,
    }),
    checkOutDate: t.field({
      type: 'Date',
      nullable: true,
      description: `Accommodation: the check-out day (${DAY}); null otherwise.`,
      resolve: (i) => i.checkOutDate,
    }),
    departureTime: t.exposeString('departureTime', { nullable: true, description: `Flight: departure, ${HHMM}; null otherwise.` }),
    arrivalTime: t.exposeString('arrivalTime', { nullable: true, description: `Flight: arrival, ${HHMM}; null otherwise.` }),
    flightNumber: t.exposeString('flightNumber', { nullable: true, description: 'Flight: its number, e.g. "AC 123"; null otherwise.' }),
    hotelName: t.exposeString('hotelName', { nullable: true, description: "Accommodation: the hotel's name; null otherwise." }),
    reservationNumber: t.exposeString('reservationNumber', { nullable: true, description: 'A booking or confirmation number; null when not given.' }),
    returnDate: t.field({
      type: 'Date',
      nullable: true,
      description: `Flight: the day of the return flight (${DAY}); null for one way.`,
      resolve: (i) => i.returnDate,
    }),
    timeZone: t.exposeString('timeZone', {
      nullable: true,
      description: `${ZONE} of the item's place: its date and times are local there (a journey's: where it departs). Null only for items from before zones.`,
    }),
    departureTimeZone: t.exposeString('departureTimeZone', { nullable: true, description: `Flight: ${ZONE} it departs in; null otherwise.` }),
    arrivalTimeZone: t.exposeString('arrivalTimeZone', { nullable: true, description: `Flight or transport: ${ZONE} it lands in; null otherwise.` }),
    arrivalDate: t.field({
      type: 'Date',
      nullable: true,
      description: `Flight or transport: the local day it lands (${DAY}), which may be before the departure day over the date line; null when unknown.`,
      resolve: (i) => i.arrivalDate,
    }),
    returnDepartureTime: t.exposeString('returnDepartureTime', {
      nullable: true,
      description: `Round-trip flight: the way back's departure, ${HHMM}, local where it leaves; null when not known.`,
    }),
    returnArrivalTime: t.exposeString('returnArrivalTime', {
      nullable: true,
      description: `Round-trip flight: the way back's arrival, ${HHMM}, local where it lands; null when not known.`,
    }),
    returnTimeZone: t.exposeString('returnTimeZone', { nullable: true, description: `Round-trip flight: ${ZONE} the way back leaves from; null otherwise.` }),
    returnArrivalTimeZone: t.exposeString('returnArrivalTimeZone', {
      nullable: true,
      description: `Round-trip flight: ${ZONE} the way back lands in; null otherwise.`,
    }),
    returnArrivalDate: t.field({
      type: 'Date',
      nullable: true,
      description: `Round-trip flight: the local day the way back lands (${DAY}); null when unknown.`,
      resolve: (i) => i.returnArrivalDate,
    }),
    fromLocation: t.exposeString('fromLocation', { nullable: true, description: 'Flight or transport: where it leaves from; null otherwise.' }),
    toLocation: t.exposeString('toLocation', { nullable: true, description: 'Flight or transport: where it goes; null otherwise.' }),
    affiliatePartner: t.exposeString('affiliatePartner', {
      nullable: true,
      description: 'The booking partner of an item put on the plan from a recommendation or guide; null otherwise.',
    }),
    affiliateUrl: t.exposeString('affiliateUrl', {
      nullable: true,
      description: "Where to book it (an http or https address, the partner's tracked link); null otherwise.",
    }),
    // The author's profile card comes with the item; whether the viewer may see that person is
    // the User type's own rule (a companion who left the trip may no longer be someone they see).
    createdBy: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who added it; null once their account is gone, or when the viewer may no longer see that person.',
      resolve: (i, _a, ctx) => {
        const author = i.createdBy;
        if (!author) return null;
        // The authors of a page are checked together (one read of the viewer's ties to them).
        const visible = canViewProfile(ctx, author.id);
        return typeof visible === 'boolean' ? (visible ? author : null) : visible.then((ok) => (ok ? author : null));
      },
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was added.', resolve: (i) => i.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed (edited, or marked as booked).', resolve: (i) => i.updatedAt }),
    revision: t.exposeInt('revision', {
      description:
        'Raised by one on every change: an edit names the revision it was made from (`expectedRevision`) to be refused as a conflict when the item changed since.',
    }),
    hasExpense: t.exposeBoolean('hasExpense', { description: "An expense links to it: show 'Expense Added' and disable adding another." }),
  }),
});

const ItineraryItemEdge = builder.edgeObject({
  type: ItineraryItemRef,
  name: 'ItineraryItemEdge',
  description: "One item of a trip's plan, with its cursor.",
});

/** An edge of the plan whose cursor is encoded when read, not for every item of every page. */
class PlanEdge {
  constructor(readonly node: ItineraryItemView) {}
  get cursor(): string {
    return encodePlanCursor(this.node);
  }
}

const ItineraryItemConnection = builder.connectionObject(
  { type: ItineraryItemRef, name: 'ItineraryItemConnection', description: "A page of a trip's plan, in plan order." },
  ItineraryItemEdge,
);

builder.prismaObjectFields('Trip', (t) => ({
  itinerary: t.field({
    type: ItineraryItemConnection,
    description: `Sorted by date (undated last), then start time (untimed first within a day), then creation. \`first\` defaults to ${ITINERARY_PAGE_MAX} and is at most ${ITINERARY_PAGE_MAX}; cursors stay valid when items change.`,
    authScopes: (trip, _a, ctx) => tripMemberScope(ctx, trip.id),
    // The connection arguments, described with this list's own page size.
    args: {
      first: t.arg.int({
        description: `Page forward: at most this many items after \`after\` (or from the start). ${ITINERARY_PAGE_MAX} when neither \`first\` nor \`last\` is given; at most ${ITINERARY_PAGE_MAX}.`,
      }),
      after: t.arg.string({ description: 'Page forward from this cursor (a `pageInfo.endCursor` or an edge `cursor`).' }),
      last: t.arg.int({ description: `Page backward: at most this many items before \`before\` (or from the end); at most ${ITINERARY_PAGE_MAX}.` }),
      before: t.arg.string({ description: 'Page backward from this cursor (a `pageInfo.startCursor` or an edge `cursor`).' }),
    },
    resolve: async (trip, args, ctx) => {
      // Pothos's resolveCursorConnection, with each edge's cursor written only when asked: the
      // trip page reads hundreds of items and none of their cursors.
      const { before, after, limit, expectedSize, inverted, hasPreviousPage, hasNextPage } = parseCursorConnectionArgs({
        args,
        defaultSize: ITINERARY_PAGE_MAX,
        maxSize: ITINERARY_PAGE_MAX,
      });
      const items = await listItinerary(ctx, trip.id, {
        limit,
        inverted,
        after: after ? decodePlanCursor(after) : null,
        before: before ? decodePlanCursor(before, 'before') : null,
      });
      const page = items.slice(0, expectedSize);
      if (inverted) page.reverse();
      const edges = page.map((item) => new PlanEdge(item));
      const around = args.after ?? args.before ?? '';
      return {
        edges,
        pageInfo: {
          startCursor: edges.length ? edges[0].cursor : around,
          endCursor: edges.length ? edges[edges.length - 1].cursor : around,
          hasPreviousPage: hasPreviousPage(items.length),
          hasNextPage: hasNextPage(items.length),
        },
      };
    },
  }),
}));

/** Every field of an item, as the add and edit forms send them (rules: itinerary/validation.ts). */
const ItineraryItemFields = builder.inputType('ItineraryItemFields', {
  description:
    "An item's fields. Text is trimmed, and empty text is stored as null. Fields another type does not keep are ignored and stored as null (a stay's day is its check-in, a flight's times its departure and arrival). A refusal names every field at fault.",
  fields: (t) => ({
    title: t.string({ description: `Required (at most ${L.title} characters), except for a flight (named by number and route) or a stay (by hotel).` }),
    type: t.field({ type: TypeEnum, required: true, description: 'What kind of plan it is: decides which fields below are kept.' }),
    status: t.field({
      type: StatusEnum,
      description: 'PENDING or BOOKED for an item to book; null for none. Left out of an edit, the status stays as it is.',
    }),
    activityDate: t.field({ type: 'Date', description: "The day (a flight's departure day), within the trip's dates when it has them. Not for a stay." }),
    startTime: t.string({ description: `${HHMM}. A flight's departure time when \`departureTime\` is not given.` }),
    endTime: t.string({ description: `${HHMM}. A flight's arrival time when \`arrivalTime\` is not given; a transport's arrival time.` }),
    location: t.string({ description: `Where, in words; at most ${L.location} characters.` }),
    latitude: t.float({ description: 'Degrees north, from -90 to 90; given with `longitude`.' }),
    longitude: t.float({ description: 'Degrees east, from -180 to 180; given with `latitude`.' }),
    notes: t.string({ description: `Free text, at most ${L.notes} characters.` }),
    checkInDate: t.field({ type: 'Date', description: "Accommodation: within the trip's dates." }),
    checkOutDate: t.field({ type: 'Date', description: "Accommodation: within the trip's dates, not before check-in." }),
    departureTime: t.string({ description: `Flight: ${HHMM}.` }),
    arrivalTime: t.string({ description: `Flight: ${HHMM}.` }),
    flightNumber: t.string({ description: `Flight: at most ${L.flightNumber} characters.` }),
    hotelName: t.string({ description: `Accommodation: at most ${L.hotelName} characters.` }),
    reservationNumber: t.string({ description: `Any type: at most ${L.reservationNumber} characters.` }),
    returnDate: t.field({ type: 'Date', description: 'Flight: not before the departure day (`activityDate`).' }),
    fromLocation: t.string({ description: `Flight or transport: at most ${L.fromLocation} characters.` }),
    toLocation: t.string({ description: `Flight or transport: at most ${L.toLocation} characters.` }),
    timeZone: t.string({ description: `${ZONE} of the item's place. ${DERIVED}` }),
    departureTimeZone: t.string({ description: `Flight: ${ZONE} it departs in (the same as \`timeZone\`). ${DERIVED}` }),
    arrivalTimeZone: t.string({ description: `Flight or transport: ${ZONE} it lands in. ${DERIVED}` }),
    arrivalDate: t.field({ type: 'Date', description: 'Flight or transport: the local day it lands; worked out from the times when not given.' }),
    returnDepartureTime: t.string({ description: `Round-trip flight (with \`returnDate\`): the way back's departure, ${HHMM}, local where it leaves.` }),
    returnArrivalTime: t.string({ description: `Round-trip flight (with \`returnDate\`): the way back's arrival, ${HHMM}, local where it lands.` }),
    returnTimeZone: t.string({ description: `Round-trip flight: ${ZONE} the way back leaves from; by default where the outbound flight lands. ${DERIVED}` }),
    returnArrivalTimeZone: t.string({
      description: `Round-trip flight: ${ZONE} the way back lands in; by default where the outbound flight left. ${DERIVED}`,
    }),
    returnArrivalDate: t.field({ type: 'Date', description: 'Round-trip flight: the local day the way back lands; worked out from its times when not given.' }),
  }),
});

/** The GraphQL Date scalar hands over Dates; the rules read the YYYY-MM-DD the REST door sends. */
function toItemInput(fields: Record<string, unknown>): ItineraryItemInput {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Date ? isoDate(v) : v]));
}

const ItineraryItemPayload = builder.objectRef<{ item: ItineraryItemView }>('ItineraryItemPayload').implement({
  description: 'The item as saved.',
  fields: (t) => ({
    item: t.field({ type: ItineraryItemRef, description: 'The item as saved.', resolve: (p) => p.item }),
    edge: t.field({
      type: ItineraryItemEdge,
      description: "The item as an edge of `Trip.itinerary`, for Relay's @appendEdge / @prependEdge (the plan's order is by date: place it, or refetch).",
      resolve: (p) => ({ cursor: encodePlanCursor(p.item), node: p.item }),
    }),
  }),
});

const AddItineraryItemInput = builder.inputType('AddItineraryItemInput', {
  description: 'The trip and the new item.',
  fields: (t) => ({
    tripId: t.globalID({ required: true, for: TripRef, description: 'The trip; the viewer must be on it.' }),
    item: t.field({ type: ItineraryItemFields, required: true, description: "The new item's fields." }),
  }),
});

builder.mutationField('addItineraryItem', (t) =>
  t.field({
    type: ItineraryItemPayload,
    description: "Adds an item to a trip's plan; any member may. Members watching the trip see it live.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'AddItineraryItemResult', description: 'The new item, or why it was not added (a `ValidationError` names every field at fault).' },
    },
    args: { input: t.arg({ type: AddItineraryItemInput, required: true, description: 'The trip and the new item.' }) },
    resolve: async (_r, { input }, ctx) => ({ item: await addItineraryItem(ctx, input.tripId.id, toItemInput(input.item)) }),
  }),
);

const UpdateItineraryItemInput = builder.inputType('UpdateItineraryItemInput', {
  description: 'The item and every field as it should be after the edit.',
  fields: (t) => ({
    id: t.globalID({ required: true, for: ItineraryItemRef, description: 'The item to edit.' }),
    expectedRevision: t.int({
      required: false,
      description:
        "The item's `revision` the edit was made from (an edit made offline, say): when the item has changed or been deleted since, the edit is refused as an ItineraryItemConflictError carrying the item as it is. Left out, the edit applies whatever changed meanwhile.",
    }),
    item: t.field({
      type: ItineraryItemFields,
      required: true,
      description: 'Every field as it should be after the edit: a field left out is cleared (`status` excepted, which stays unless given).',
    }),
  }),
});

builder.objectType(ItineraryItemConflictError, {
  name: 'ItineraryItemConflictError',
  description:
    'The item changed (or was deleted) after the revision the edit was made from: nothing was changed; show both versions and let the editor choose.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true, description: 'Always "expectedRevision".' }),
    current: t.field({
      type: ItineraryItemRef,
      nullable: true,
      description: 'The item as it is now, with its revision (to keep theirs, or to send yours again naming it); null when it was deleted.',
      resolve: (e) => e.current,
    }),
  }),
});

builder.mutationField('updateItineraryItem', (t) =>
  t.field({
    type: ItineraryItemPayload,
    description: "Edits an item of a trip's plan; any member of the trip may.",
    authScopes: { signedIn: true },
    errors: {
      types: [ItineraryItemConflictError, ...MUTATION_ERRORS],
      directResult: true,
      union: { name: 'UpdateItineraryItemResult', description: 'The edited item, or why it was not changed.' },
    },
    args: { input: t.arg({ type: UpdateItineraryItemInput, required: true, description: 'The item and its fields.' }) },
    resolve: async (_r, { input }, ctx) => ({ item: await updateItineraryItem(ctx, input.id.id, toItemInput(input.item), input.expectedRevision) }),
  }),
);

const ItemIdInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({ id: t.globalID({ required: true, for: ItineraryItemRef, description: 'The item, by its global id.' }) }),
  });

const DeletedItineraryItemPayload = builder.objectRef<{ id: string; tripId: string }>('DeleteItineraryItemPayload').implement({
  description: "The deleted item's id, and its trip.",
  fields: (t) => ({
    deletedItemId: t.id({
      description: 'Global id of the deleted item, for @deleteRecord / @deleteEdge.',
      resolve: (p) => encodeGlobalID('ItineraryItem', p.id),
    }),
    trip: t.prismaField({
      type: 'Trip',
      nullable: true,
      description: 'The trip whose plan it was on.',
      resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.trip.findUnique({ ...q, where: { id: p.tripId } }),
    }),
  }),
});

builder.mutationField('deleteItineraryItem', (t) =>
  t.field({
    type: DeletedItineraryItemPayload,
    description: 'Deletes an item (ask first: it cannot be undone); any member of the trip may. An expense linked to it stays, unlinked.',
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'DeleteItineraryItemResult', description: 'The id of the deleted item, or why it was not deleted.' },
    },
    args: { input: t.arg({ type: ItemIdInput('DeleteItineraryItemInput', 'The item to delete.'), required: true, description: 'The item to delete.' }) },
    resolve: (_r, { input }, ctx) => deleteItineraryItem(ctx, input.id.id),
  }),
);

builder.mutationField('markItineraryItemBooked', (t) =>
  t.field({
    type: ItineraryItemPayload,
    description: "'Mark as Booked': the item's status becomes BOOKED; any member of the trip may.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'MarkItineraryItemBookedResult', description: "The booked item, or why not (show 'Could not mark as booked.')." },
    },
    args: {
      input: t.arg({
        type: ItemIdInput('MarkItineraryItemBookedInput', 'The item to mark as booked.'),
        required: true,
        description: 'The item to mark as booked.',
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ item: await markItineraryItemBooked(ctx, input.id.id) }),
  }),
);

const AddPendingItineraryItemInput = builder.inputType('AddPendingItineraryItemInput', {
  description: "A place to book, put on a trip's plan from a recommendation, a guide or a story. Checked as any item is.",
  fields: (t) => ({
    tripId: t.globalID({ required: true, for: TripRef, description: 'The trip; the viewer must be on it.' }),
    title: t.string({ required: true, description: `The place's name, at most ${L.title} characters.` }),
    type: t.field({ type: TypeEnum, required: true, description: 'What kind of plan it is (a restaurant, an activity...).' }),
    location: t.string({ description: `Its address or area, at most ${L.location} characters.` }),
    latitude: t.float({ description: 'Degrees north, from -90 to 90; given with `longitude`.' }),
    longitude: t.float({ description: 'Degrees east, from -180 to 180; given with `latitude`.' }),
    activityDate: t.field({ type: 'Date', description: "The day, within the trip's dates when it has them; absent for none yet." }),
    affiliatePartner: t.string({ description: `The booking partner, at most ${L.affiliatePartner} characters.` }),
    affiliateUrl: t.string({ description: `Where to book it: an http or https address, at most ${L.affiliateUrl} characters.` }),
  }),
});

builder.mutationField('addPendingItineraryItem', (t) =>
  t.field({
    type: ItineraryItemPayload,
    description: 'A recommendation (or a guide/story place) put on the plan as a pending item.',
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'AddPendingItineraryItemResult', description: 'The new pending item, or why it was not added.' },
    },
    args: { input: t.arg({ type: AddPendingItineraryItemInput, required: true, description: 'The trip and the place.' }) },
    resolve: async (_r, { input }, ctx) => {
      const { tripId, ...place } = input;
      return { item: await addPendingItineraryItem(ctx, tripId.id, toItemInput(place)) };
    },
  }),
);

const ChangeKind = builder.enumType('ItineraryChangeKind', {
  description: "What happened to an item of a watched trip's plan.",
  values: {
    ADDED: { description: 'An item was added: `item` is it.' },
    UPDATED: { description: 'An item was edited or marked as booked: `item` is it now.' },
    DELETED: { description: 'An item was deleted: `deletedItemId` names it, `item` is null.' },
  } as const,
});

/** An event as delivered: the item as it is when the event is checked, null once it is gone. */
type DeliveredEvent = ItineraryEvent & { item: ItineraryItemView | null };

const TripItineraryEvent = builder.objectRef<DeliveredEvent>('TripItineraryEvent').implement({
  description: "A change to a watched trip's plan. An ADDED or UPDATED item that is gone by the time the event is delivered arrives as DELETED.",
  fields: (t) => ({
    kind: t.field({ type: ChangeKind, description: 'What happened.', resolve: (e) => (e.item ? e.kind : 'DELETED') }),
    item: t.field({
      type: ItineraryItemRef,
      nullable: true,
      description: 'The item as it is now; null when DELETED.',
      resolve: (e) => e.item,
    }),
    deletedItemId: t.id({
      nullable: true,
      description: 'Global id of the deleted item, for @deleteRecord / @deleteEdge; null unless DELETED.',
      resolve: (e) => (e.item ? null : encodeGlobalID('ItineraryItem', e.itemId)),
    }),
    actor: t.prismaField({
      type: 'User',
      nullable: true,
      description: 'Who made the change; null once their account is gone.',
      resolve: (q, e, _a, ctx) => eventActor(ctx, e, q),
    }),
  }),
});

builder.subscriptionField('tripItineraryChanged', (t) =>
  t.field({
    type: TripItineraryEvent,
    description: "Live changes to one trip's itinerary (added, updated, booked, deleted), from every instance.",
    args: { tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip to watch; the viewer must be on it.' }) },
    authScopes: (_r, args) => ({ tripMember: args.tripId.id }),
    // Membership is checked again before every event. The trip's own events are heard too, only
    // for that check: someone removed from the trip (or a trip deleted) ends the subscription
    // at once rather than at the plan's next change.
    subscribe: (_r, args, ctx) => {
      const tripId = args.tripId.id;
      return tripRecordEvents(
        ctx,
        tripId,
        'itinerary',
        async (event: ItineraryEvent) => (event.kind === 'DELETED' ? null : ((await itemsByIds(ctx.deps.db.prisma, [event.itemId])).get(event.itemId) ?? null)),
        (event, item): DeliveredEvent => ({ ...event, item }),
      );
    },
    resolve: (e: DeliveredEvent) => e,
  }),
);
