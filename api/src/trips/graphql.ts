import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, selfOrAdmin } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { MoneyRef } from '../graphql/money.js';
import { TripMemberStatus } from '../generated/prisma/enums.js';
import { isoDate, todayIn } from '../platform/dates.js';
import { isTripMember, isTripOwner, noteViewerMemberships } from './access.js';
import { watchTrip } from './live.js';
import { perEvent } from '../platform/liveReads.js';
import { liveTopic } from '../platform/liveHub.js';
import { provideTripScopeChecks } from '../graphql/tripScopes.js';
import { keepPeopleWith, membersOf, readMembersWith } from './people.js';
import { selectsAny } from '../graphql/selection.js';
import { UserRef } from '../accounts/graphql.js';
import { requestScoped, type RequestContext } from '../platform/context.js';
import { liveEvents, type LiveVerdict } from '../notifications/live.js';
import type { ViewerEvent } from '../platform/pubsub.js';
import type { TripEvent } from './liveEvents.js';
import { DESTINATION_COLUMNS, tripDestination } from './destination.js';
import type { DestinationFields } from '../places/destination.js';
import { itemsOutsideDates, type PlanItemOutside } from './datesChange.js';
import {
  cardColumnsCover,
  createTrip,
  deleteTrip,
  firstTripsPage,
  leaveTrip,
  timingWhere,
  TRIP_ORDER,
  tripsOf,
  tripSummary,
  updateTrip,
  type TripMemberCard,
  type TripSummary,
} from './service.js';
import { tripTiming } from './timing.js';
import type { TripInput } from './validation.js';

// The builder's tripMember / tripOwner scopes check membership with the trip rules.
provideTripScopeChecks({ isTripMember, isTripOwner });

/** The caller's date, worked out once per request rather than once per trip of a list. */
const todayOf = (ctx: RequestContext): string => requestScoped(ctx, 'today', () => isoDate(todayIn(ctx.timeZone))!);

export const TripTimingEnum = builder.enumType('TripTiming', {
  description: 'Where a trip stands by calendar date: starts after today, under way, or over.',
  values: {
    UPCOMING: { description: "Starts after the caller's today, or has no start date and has not ended." },
    CURRENT: { description: 'Started on or before today and not ended (a trip without an end date has not ended).' },
    PAST: { description: 'Its end date is before today.' },
  } as const,
});

const DestinationRef = builder.objectRef<DestinationFields>('Destination').implement({
  description: 'A place picked from the place search: "Paris" / "Île-de-France, France".',
  fields: (t) => ({
    mainText: t.exposeString('mainText', { nullable: true, description: 'The place itself, e.g. "Paris".' }),
    secondaryText: t.exposeString('secondaryText', { nullable: true, description: 'Region and country, e.g. "Île-de-France, France"; may be empty.' }),
    description: t.exposeString('description', { nullable: true, description: 'The whole place in one line, e.g. "Paris, Île-de-France, France".' }),
    placeId: t.exposeString('placeId', { nullable: true, description: 'The `Place.placeId` it was picked as; null for a place typed by hand.' }),
    latitude: t.exposeFloat('lat', { nullable: true, description: 'Degrees north; null when the place has no coordinates.' }),
    longitude: t.exposeFloat('lng', { nullable: true, description: 'Degrees east; null when the place has no coordinates.' }),
  }),
});

const MemberStatusEnum = builder.enumType(TripMemberStatus, {
  name: 'TripMemberStatus',
  description: 'OWNER, a member who ACCEPTED, or INVITED and not yet answered.',
  values: {
    OWNER: { description: 'Created the trip; the only one who may edit or delete it.' },
    ACCEPTED: { description: 'Joined by accepting an invitation.' },
    INVITED: { description: 'Invited and not yet answered. `Trip.members` never lists these; open invitations are `Trip.pendingInvitations`.' },
  },
});

// Rows of tripMembers (people.ts), each with its user's profile card.
export const TripMemberRef = builder.objectRef<TripMemberCard>('TripMember').implement({
  description: 'A person on a trip: its owner or a member who accepted an invitation.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The membership's own id (not a global id: a TripMember is read through its trip)." }),
    user: t.field({ type: UserRef, description: 'The person.', resolve: (m) => m.user }),
    status: t.field({ type: MemberStatusEnum, description: 'Owner or member.', resolve: (m) => m.status }),
    isOwner: t.boolean({ description: "True for the trip's owner.", resolve: (m) => m.status === 'OWNER' }),
    joinedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When they joined (for the owner, when the trip was created); null when unknown.',
      resolve: (m) => m.joinedAt,
    }),
  }),
});

/**
 * The scope map `{ tripMember: tripId }`, one object per trip and request: scope-auth remembers
 * the verdict of a map object, so every item (or trip) of a list after the first answers from
 * that memo rather than building and evaluating a map of its own.
 */
export function tripMemberScope(ctx: RequestContext, tripId: string): { tripMember: string } {
  const maps = requestScoped(ctx, 'tripMemberScopes', () => new Map<string, { tripMember: string }>());
  let map = maps.get(tripId);
  if (!map) maps.set(tripId, (map = { tripMember: tripId }));
  return map;
}

export const TripRef = builder.prismaNode('Trip', {
  id: { field: 'id' },
  // Only the columns the asked fields need (each field declares its own), not the whole row.
  // The card a list shows (name, dates, budget) is always read, so those fields are plain reads
  // rather than each asking Prisma's plan for its column on every trip of a page.
  select: { id: true, name: true, startDate: true, endDate: true, budgetCents: true, currency: true },
  // An id that names nothing (deleted, or never existed) reads as null, not as a server error.
  nullable: true,
  description: 'A trip planned together: dates, destination, budget and the people on it.',
  authScopes: (trip, ctx) => tripMemberScope(ctx, trip.id),
  // Checked once per trip rather than once per field of it (a page of trips is hundreds of fields).
  runScopesOnType: true,
  fields: (t) => ({
    name: t.string({ description: 'What the crew calls the trip, e.g. "Lisbon long weekend".', resolve: (trip) => trip.name }),
    description: t.exposeString('description', { nullable: true, description: 'Free text about the trip; null when there is none.' }),
    destination: t.field({
      type: DestinationRef,
      nullable: true,
      description: 'Where the trip goes; null while not chosen.',
      select: DESTINATION_COLUMNS,
      resolve: (trip) => tripDestination(trip),
    }),
    startDate: t.field({
      type: 'Date',
      nullable: true,
      description: 'The first day (a calendar date, in no time zone); null while not planned.',
      resolve: (trip) => isoDate(trip.startDate),
    }),
    endDate: t.field({
      type: 'Date',
      nullable: true,
      description: 'The last day, included; never before `startDate`. Null while not planned.',
      resolve: (trip) => isoDate(trip.endDate),
    }),
    budget: t.field({
      type: MoneyRef,
      nullable: true,
      description: 'The total planned when the trip was created.',
      resolve: (trip) => (trip.budgetCents == null ? null : { amountCents: trip.budgetCents, currency: trip.currency }),
    }),
    currency: t.string({ description: "The trip's base currency: its budget's, and the one balances are settled in.", resolve: (trip) => trip.currency }),
    timeZone: t.exposeString('timeZone', {
      nullable: true,
      description: "The IANA time zone of the destination (from its coordinates): the zone the plan's items fall back to. Null without coordinates.",
    }),
    timing: t.field({
      type: TripTimingEnum,
      description: "Upcoming, current or past on the caller's calendar (see the X-Time-Zone header).",
      resolve: (trip, _a, ctx) => tripTiming(isoDate(trip.startDate), isoDate(trip.endDate), todayOf(ctx)),
    }),
    owner: t.relation('owner', { description: 'Who created the trip: the only one who may edit or delete it.' }),
    viewerIsOwner: t.boolean({
      description: 'True when the signed-in viewer owns the trip (show the edit and delete actions).',
      resolve: (trip, _a, ctx) => isTripOwner(ctx, trip.id),
    }),
    members: t.field({
      type: [TripMemberRef],
      description: 'Owner first, then members in the order they joined.',
      resolve: (trip, _a, ctx) => membersOf(ctx, trip),
    }),
    // Counted from the same rows: a page that shows both reads its members once.
    memberCount: t.int({
      description: 'People on the trip: the owner and the members who accepted.',
      resolve: (trip, _a, ctx) => {
        const members = membersOf(ctx, trip);
        return Array.isArray(members) ? members.length : members.then((m) => m.length);
      },
    }),

    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the trip was created.' }),
  }),
});

const TripSummaryRef = builder.objectRef<TripSummary>('TripSummary').implement({
  description: 'The summary cards of the trips page.',
  fields: (t) => ({
    upcomingCount: t.exposeInt('upcoming', { description: 'Trips in the Upcoming tab (see `TripTiming`).' }),
    currentCount: t.exposeInt('current', { description: 'Trips in the Current tab.' }),
    pastCount: t.exposeInt('past', { description: 'Trips in the Past tab.' }),
    totalBudgets: t.field({ type: [MoneyRef], description: 'Budgets planned, summed per currency.', resolve: (s) => s.budgets }),
    companionCount: t.exposeInt('companions', { description: 'Distinct people the user shares trips with.' }),
  }),
});

builder.prismaObjectFields('User', (t) => ({
  trips: t.prismaConnection({
    type: 'Trip',
    cursor: 'id',
    description: "The user's trips (owned or joined), soonest first; undated trips last.",
    authScopes: selfOrAdmin,
    args: {
      timing: t.arg({ type: TripTimingEnum, required: false, description: "Only the trips of this tab, on the caller's calendar; every trip when absent." }),
    },
    resolve: async (query, user, args, ctx, info) => {
      const invitations = selectsAny(info, ['edges', 'node'], ['pendingInvitations']);
      const people = invitations || selectsAny(info, ['edges', 'node'], ['members', 'memberCount']);
      // A first page of trip cards (what the trips page and the dashboard poll) is one
      // statement, their people included; later pages, a page counted from the end (`last`), or
      // a trip's relations asked with the list, go through Prisma's plan.
      const columns = 'select' in query && query.select && Object.values(query.select).every((v) => v === true) ? Object.keys(query.select) : null;
      const page =
        columns && query.take > 0 && !query.cursor && !query.skip && cardColumnsCover(columns)
          ? await firstTripsPage(ctx.deps, {
              userId: user.id,
              fields: columns,
              take: query.take,
              timing: args.timing ? { tab: args.timing, today: todayIn(ctx.timeZone) } : undefined,
              people,
            })
          : null;
      const trips =
        page?.trips ??
        (await ctx.deps.db.prisma.trip.findMany({
          ...query,
          where: { AND: [tripsOf(user.id), args.timing ? timingWhere(args.timing, todayIn(ctx.timeZone)) : {}] },
          orderBy: TRIP_ORDER,
        }));
      // The viewer's own list holds only trips they are on: each trip's member check (the
      // tripMember scope) then answers without reading every trip of theirs.
      if (ctx.viewer?.id === user.id)
        noteViewerMemberships(
          ctx,
          trips.map((t) => t.id),
        );
      // The page's people, when asked: read with the first page, else right after it (see readMembersWith).
      if (people) await (page ? keepPeopleWith(ctx, trips, page) : readMembersWith(ctx, trips, { invitations }));
      return trips;
    },
  }),
  tripSummary: t.field({
    type: TripSummaryRef,
    description: "The numbers on the trips page's summary cards, on the caller's calendar.",
    authScopes: selfOrAdmin,
    resolve: (user, _a, ctx) => tripSummary(ctx.deps, user.id, todayIn(ctx.timeZone)),
  }),
}));

const DestinationInput = builder.inputType('DestinationInput', {
  description: 'A place picked from the place search (rules in trips/validation.ts).',
  fields: (t) => ({
    mainText: t.string({ required: true, description: 'The place itself, e.g. "Paris"; at most 200 characters.' }),
    secondaryText: t.string({ description: 'Region and country, e.g. "Île-de-France, France"; at most 200 characters.' }),
    description: t.string({ description: 'The whole place in one line, at most 400 characters; `mainText` when absent.' }),
    placeId: t.string({ description: 'The `Place.placeId` of the search result picked; absent for a place typed by hand.' }),
    latitude: t.float({ description: 'Degrees north, from -90 to 90.' }),
    longitude: t.float({ description: 'Degrees east, from -180 to 180.' }),
  }),
});

const TripInputRef = builder.inputType('TripInput', {
  // Every rule (lengths included) is the service's, in trips/validation.ts, for both doors.
  description: "A trip's editable fields. A refusal names every field at fault.",
  fields: (t) => ({
    name: t.string({ required: true, description: 'What the crew calls the trip: not empty, at most 120 characters.' }),
    description: t.string({ description: 'Free text about the trip, at most 2,000 characters.' }),
    destination: t.field({ type: DestinationInput, description: 'Where the trip goes, as picked from `placeSearch`; absent for none yet.' }),
    startDate: t.field({ type: 'Date', description: 'The first day (YYYY-MM-DD); absent while not planned.' }),
    endDate: t.field({ type: 'Date', description: 'The last day, included (YYYY-MM-DD); not before `startDate`.' }),
    budget: t.string({ description: 'Decimal text in major units, e.g. "1250.50".' }),
    currency: t.string({ description: 'ISO 4217 code; USD when absent.' }),
  }),
});

type TripInputArg = {
  name: string;
  description?: string | null;
  destination?: TripInput['destination'];
  startDate?: Date | null;
  endDate?: Date | null;
  budget?: string | null;
  currency?: string | null;
};
const toTripInput = (i: TripInputArg): TripInput => ({
  ...i,
  startDate: i.startDate ? i.startDate.toISOString().slice(0, 10) : null,
  endDate: i.endDate ? i.endDate.toISOString().slice(0, 10) : null,
});

export const PlanItemOutsideRef = builder.objectRef<PlanItemOutside>('PlanItemOutsideDates').implement({
  description: 'A plan item dated outside a trip’s (proposed) dates: kept, but no longer within the trip.',
  fields: (t) => ({
    id: t.id({ description: 'Global id of the plan item.', resolve: (i) => encodeGlobalID('ItineraryItem', i.id) }),
    title: t.exposeString('title', { description: 'Its title.' }),
    activityDate: t.exposeString('activityDate', { description: 'Its day (YYYY-MM-DD).' }),
  }),
});

builder.objectField(TripRef, 'planItemsOutside', (t) =>
  t.field({
    type: [PlanItemOutsideRef],
    description:
      'The plan items these dates would leave out (before the first day or after the last), as the trip form lists them before the owner saves new dates. Members only.',
    args: {
      startDate: t.arg({ type: 'Date', required: true, description: 'The proposed first day.' }),
      endDate: t.arg({ type: 'Date', required: true, description: 'The proposed last day.' }),
    },
    resolve: (trip, { startDate, endDate }, ctx) => itemsOutsideDates(ctx, trip.id, isoDate(startDate)!, isoDate(endDate)!),
  }),
);

export const TripPayload = builder.objectRef<{ tripId: string; itemsOutside?: PlanItemOutside[] }>('TripPayload').implement({
  description: 'The trip after the change.',
  fields: (t) => ({
    trip: t.prismaField({
      type: 'Trip',
      description: 'The trip as saved.',
      resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.trip.findUniqueOrThrow({ ...q, where: { id: p.tripId } }),
    }),
    itemsOutsideDates: t.field({
      type: [PlanItemOutsideRef],
      description: 'After an edit: the plan items its dates leave out (kept, shown on the plan as outside the trip). Empty otherwise.',
      resolve: (p) => p.itemsOutside ?? [],
    }),
  }),
});

builder.mutationField('createTrip', (t) =>
  t.field({
    type: TripPayload,
    description: 'Creates a trip owned by the viewer, its first member.',
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'CreateTripResult', description: 'The new trip, or why it was not created (a `ValidationError` names every field at fault).' },
    },
    args: { input: t.arg({ type: TripInputRef, required: true, description: "The new trip's fields." }) },
    resolve: async (_r, { input }, ctx) => ({ tripId: (await createTrip(ctx, toTripInput(input))).id }),
  }),
);

builder.mutationField('updateTrip', (t) =>
  t.field({
    type: TripPayload,
    description: 'Only the owner may edit a trip.',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'UpdateTripResult', description: 'The edited trip, or why it was not changed.' } },
    args: {
      tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip to edit.' }),
      input: t.arg({ type: TripInputRef, required: true, description: 'Every editable field as it should be after the edit: a field left out is cleared.' }),
    },
    resolve: async (_r, { tripId, input }, ctx) => {
      const trip = await updateTrip(ctx, tripId.id, toTripInput(input));
      return { tripId: trip.id, itemsOutside: trip.itemsOutside };
    },
  }),
);

export const encodeTripId = (id: string) => encodeGlobalID('Trip', id);

const TripRemovedPayload = builder.objectRef<{ tripId: string }>('TripRemovedPayload').implement({
  description: "The trip that is gone from the viewer's list (deleted, or left).",
  fields: (t) => ({
    removedTripId: t.id({ description: 'Global id, for @deleteRecord / @deleteEdge.', resolve: (p) => encodeTripId(p.tripId) }),
  }),
});

builder.mutationField('deleteTrip', (t) =>
  t.field({
    type: TripRemovedPayload,
    description: 'Only the owner may delete a trip; every member is told.',
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'DeleteTripResult', description: 'The id of the deleted trip, or why it was not deleted.' },
    },
    args: { tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip to delete.' }) },
    resolve: async (_r, { tripId }, ctx) => ({ tripId: (await deleteTrip(ctx, tripId.id)).id }),
  }),
);

builder.mutationField('leaveTrip', (t) =>
  t.field({
    type: TripRemovedPayload,
    description: 'A member leaves a trip (the owner deletes it instead).',
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'LeaveTripResult', description: 'The id of the trip left, or why the viewer could not leave it.' },
    },
    args: { tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip to leave.' }) },
    resolve: async (_r, { tripId }, ctx) => ({ tripId: (await leaveTrip(ctx, tripId.id)).id }),
  }),
);

const TripChangeKind = builder.enumType('TripChangeKind', {
  description: 'What happened to a watched trip.',
  values: {
    UPDATED: { description: 'Its fields were edited.' },
    MEMBERS_CHANGED: { description: 'Someone joined or left, or an invitation was sent, answered or withdrawn.' },
    DELETED: { description: 'The owner deleted it: the last event of the subscription.' },
  } as const,
});
const TripChangedEvent = builder.objectRef<{ kind: 'UPDATED' | 'MEMBERS_CHANGED' | 'DELETED'; tripId: string }>('TripChangedEvent').implement({
  description: "A trip changed: select the trip's fields you show and the client store updates itself.",
  fields: (t) => ({
    kind: t.field({ type: TripChangeKind, description: 'What happened.', resolve: (e) => e.kind }),
    tripId: t.id({ description: "The trip's global id (given after a deletion too).", resolve: (e) => encodeTripId(e.tripId) }),
    trip: t.prismaField({
      type: 'Trip',
      nullable: true,
      description: 'Null once the trip is deleted.',
      // Read once per event and selection on this instance: every subscriber asking the same gets the same row.
      resolve: (q, e, _a, ctx) =>
        e.kind === 'DELETED'
          ? null
          : perEvent(ctx.deps, e, `trip:${JSON.stringify(q)}`, () => ctx.deps.db.prisma.trip.findUnique({ ...q, where: { id: e.tripId } })),
    }),
  }),
});

builder.subscriptionField('tripChanged', (t) =>
  t.field({
    type: TripChangedEvent,
    description: 'Live changes to one trip (edited, members joined or left, deleted).',
    args: { tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip to watch; the viewer must be on it.' }) },
    authScopes: (_r, args) => ({ tripMember: args.tripId.id }),
    // Membership is checked again before every event: someone who left or was removed gets
    // nothing more and the subscription completes. A deletion still reaches the members (their
    // rows went with the trip), as does any later event that finds the trip gone; then it ends.
    subscribe: (_r, args, ctx) => {
      const tripId = args.tripId.id;
      return liveEvents(
        ctx,
        liveTopic(ctx.deps, 'trip', tripId),
        async (event): Promise<LiveVerdict<TripEvent>> => {
          // The event's audience is read once for all its subscribers on this instance.
          const status = await watchTrip(ctx, tripId, event);
          if (status === 'removed' || status === 'ended') return 'end';
          if (status === 'deleted') {
            // Only those who were members when it was deleted (or administrators) hear of it.
            const wasMember = ctx.viewer!.isAdmin || !event.memberIds || event.memberIds.includes(ctx.viewer!.id);
            return wasMember ? { deliver: { kind: 'DELETED', tripId }, last: true } : 'end';
          }
          return { deliver: event, last: event.kind === 'DELETED' };
        },
        { viewer: 'checked' },
      );
    },
    resolve: (e) => e,
  }),
);

/** Each live event kind's GraphQL name; a kind added to ViewerEvent fails to compile until named here. */
const VIEWER_CHANGE_KINDS = {
  notifications: 'NOTIFICATIONS',
  friends: 'FRIENDS',
  invitations: 'INVITATIONS',
  trips: 'TRIPS',
  reservations: 'RESERVATIONS',
} as const satisfies Record<ViewerEvent['kind'], string>;
const ViewerChangeKind = builder.enumType('ViewerChangeKind', {
  description: "Which part of the viewer's data changed.",
  values: {
    NOTIFICATIONS: { description: 'A notification arrived, or some were read.' },
    FRIENDS: { description: 'Friends or friend requests changed.' },
    INVITATIONS: { description: 'The trip invitations waiting for the viewer changed.' },
    TRIPS: { description: "The viewer's trips changed: one was created, edited, joined, left or deleted (`tripId` says which, when one did)." },
    RESERVATIONS: { description: "The viewer's reservations changed: a forwarded e-mail arrived, or one was edited, added to a trip or deleted." },
  } satisfies Record<(typeof VIEWER_CHANGE_KINDS)[ViewerEvent['kind']], { description: string }>,
});
builder.subscriptionField('viewerChanged', (t) =>
  t.field({
    type: builder.objectRef<ViewerEvent>('ViewerChangedEvent').implement({
      description: "Something of the viewer's changed; the client refetches that part of its screens.",
      fields: (f) => ({
        kind: f.field({
          type: ViewerChangeKind,
          description: 'Which part changed: refetch the screens that show it.',
          resolve: (e) => VIEWER_CHANGE_KINDS[e.kind],
        }),
        tripId: f.id({
          nullable: true,
          description: 'For TRIPS, the global id of the trip that changed, when one did; null otherwise.',
          resolve: (e) => (e.kind === 'trips' && e.tripId ? encodeTripId(e.tripId) : null),
        }),
        viewer: f.prismaField({
          type: 'User',
          description: 'The viewer after the change: select the counts your screens show and the client store updates itself.',
          resolve: (q, _e, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...q, where: { id: ctx.viewer!.id } }),
        }),
      }),
    }),
    description: "The viewer's live channel: friends, invitations, trips and notifications, from every API instance.",
    authScopes: { signedIn: true },
    // liveEvents: fresh auth per event; a deleted account's channel completes.
    subscribe: (_r, _a, ctx) => liveEvents(ctx, liveTopic(ctx.deps, 'viewer', ctx.viewer!.id)),
    resolve: (e) => e,
  }),
);
