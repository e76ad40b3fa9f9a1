import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { UserRef } from '../../accounts/graphql.js';
import { AdminRef } from '../graphql.js';
import { ADMIN_TRIP_STATUSES } from './messages.js';
import { adminConnection, adminPageConnection, PAGING_ARGS } from './connection.js';
import {
  adminCancelTrip,
  adminCreateTrip,
  adminTrips,
  adminTripsByIds,
  adminTripStats,
  adminUpdateTrip,
  type AdminTrip,
  type AdminTripStats,
} from './service.js';

/** A trip as the console lists it: a node, so that a change's payload updates the row in place. */
export const AdminTripRef = builder.node(builder.objectRef<AdminTrip>('AdminTrip'), {
  id: { resolve: (t) => t.id },
  loadMany: (ids, ctx) => adminTripsByIds(ctx, ids),
  description: 'A trip as the console lists it. Administrators only.',
  authScopes: { admin: true },
  fields: (t) => ({
    name: t.exposeString('name', { description: "The trip's name." }),
    description: t.exposeString('description', { nullable: true, description: "The trip's description." }),
    destination: t.exposeString('destination', { nullable: true, description: 'The destination as one line of text.' }),
    destinationMainText: t.exposeString('destinationMainText', { nullable: true, description: "The destination's name (the table's column)." }),
    startDate: t.exposeString('startDate', { nullable: true, description: 'First day (YYYY-MM-DD).' }),
    endDate: t.exposeString('endDate', { nullable: true, description: 'Last day (YYYY-MM-DD).' }),
    status: t.exposeString('status', { description: `One of ${ADMIN_TRIP_STATUSES.filter((s) => s !== 'all').join(', ')}.` }),
    durationDays: t.exposeInt('durationDays', { nullable: true, description: 'Days, both ends counted; null without both dates.' }),
    ownerId: t.exposeString('ownerId', { description: "The owner's user id." }),
    ownerName: t.exposeString('ownerName', { description: "The owner's name, or 'Deleted user'." }),
    ownerEmail: t.exposeString('ownerEmail', { nullable: true, description: "The owner's address." }),
    memberCount: t.exposeInt('memberCount', { description: 'How many people are on the trip.' }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true, description: 'When it was cancelled.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
  }),
});

const AdminTripsConnection = adminConnection(AdminTripRef, 'trips', 'trips', 'trip');

const AdminTripStatsRef = builder.objectRef<AdminTripStats>('AdminTripStats').implement({
  description: 'The figures over every trip.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Every trip.' }),
    upcoming: t.exposeInt('upcoming', { description: 'Trips not yet started.' }),
    ongoing: t.exposeInt('ongoing', { description: 'Trips under way.' }),
    completed: t.exposeInt('completed', { description: 'Trips over.' }),
    cancelled: t.exposeInt('cancelled', { description: 'Cancelled trips.' }),
    averageDurationDays: t.exposeInt('averageDurationDays', { description: 'Mean length in days of the trips with both dates.' }),
    destinations: t.exposeInt('destinations', { description: 'Distinct destinations.' }),
    destinationOptions: t.exposeStringList('destinationOptions', { description: "The destination filter's choices." }),
  }),
});

builder.objectFields(AdminRef, (t) => ({
  trips: t.field({
    type: AdminTripsConnection,
    description: 'Every trip, newest first, searched (name, description, destination) and filtered on the server.',
    args: {
      first: t.arg.int({ required: false, description: PAGING_ARGS.first }),
      after: t.arg.string({ required: false, description: PAGING_ARGS.after }),
      search: t.arg.string({ required: false, description: 'Matches part of the name, description or destination.' }),
      status: t.arg.string({ required: false, description: `One of ${ADMIN_TRIP_STATUSES.join(', ')}; all when absent.` }),
      destination: t.arg.string({ required: false, description: 'Only trips to this destination (its name, any case); all when absent.' }),
    },
    resolve: async (_r, a, ctx) => adminPageConnection(a, (paging) => adminTrips(ctx, { ...paging, status: a.status, destination: a.destination })),
  }),
  tripStats: t.field({ type: AdminTripStatsRef, description: 'The figures over every trip.', resolve: (_r, _a, ctx) => adminTripStats(ctx) }),
}));

const UpdateInput = builder.inputType('AdminUpdateTripInput', {
  description: "A trip's name, description, destination and dates (the trips domain's rules).",
  fields: (t) => ({
    tripId: t.globalID({ required: true, for: AdminTripRef, description: 'The trip to change.' }),
    name: t.string({ required: false, description: "The trip's name." }),
    description: t.string({ required: false, description: "The trip's description." }),
    destination: t.string({ required: false, description: 'The destination as text ("Paris, France"); absent keeps it.' }),
    startDate: t.string({ required: false, description: 'First day (YYYY-MM-DD).' }),
    endDate: t.string({ required: false, description: 'Last day (YYYY-MM-DD).' }),
  }),
});
const CancelInput = builder.inputType('AdminCancelTripInput', {
  description: 'The trip to cancel.',
  fields: (t) => ({ tripId: t.globalID({ required: true, for: AdminTripRef, description: 'The trip to cancel.' }) }),
});
const CreateInput = builder.inputType('AdminCreateTripInput', {
  description: 'A trip made for a chosen traveller, who becomes its owner.',
  fields: (t) => ({
    ownerEmail: t.string({ required: false, description: "The owner's address (or give ownerId)." }),
    ownerId: t.globalID({ required: false, for: UserRef, description: "The owner's global user id (or give ownerEmail)." }),
    name: t.string({ required: false, description: "The trip's name." }),
    description: t.string({ required: false, description: "The trip's description." }),
    destination: t.string({ required: false, description: 'The destination as text ("Paris, France"); absent keeps it.' }),
    startDate: t.string({ required: false, description: 'First day (YYYY-MM-DD).' }),
    endDate: t.string({ required: false, description: 'Last day (YYYY-MM-DD).' }),
  }),
});

/** A changed trip as the list shows it, read again after the change (one statement). */
const tripNode = (field: string) => ({
  type: AdminTripRef,
  description: field,
  resolve: async (p: { tripId: string }, _a: unknown, ctx: Parameters<typeof adminTripsByIds>[0]) => (await adminTripsByIds(ctx, [p.tripId]))[0]!,
});

const TripPayload = builder.objectRef<{ tripId: string }>('AdminTripPayload').implement({
  description: 'The trip as the change left it.',
  fields: (t) => ({ trip: t.field(tripNode('The trip, as the list shows it.')) }),
});
const CancelPayload = builder.objectRef<{ tripId: string; notified: number; emailed: number }>('AdminCancelTripPayload').implement({
  description: 'The trip is cancelled and its members told.',
  fields: (t) => ({
    trip: t.field(tripNode('The cancelled trip, as the list shows it.')),
    notified: t.exposeInt('notified', { description: 'Members told in the app.' }),
    emailed: t.exposeInt('emailed', { description: 'Members e-mailed.' }),
  }),
});

const String_ = (v: string | null | undefined) => v ?? undefined;

builder.mutationField('adminUpdateTrip', (t) =>
  t.field({
    type: TripPayload,
    description: "Changes a trip's name, description, destination and dates. Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminUpdateTripResult', description: 'Changed, or why not.' } },
    args: { input: t.arg({ type: UpdateInput, required: true, description: 'The trip and its new fields.' }) },
    resolve: async (_r, { input: i }, ctx) => ({
      tripId: (
        await adminUpdateTrip(ctx, i.tripId.id, {
          name: i.name,
          description: i.description,
          destination: String_(i.destination),
          startDate: i.startDate,
          endDate: i.endDate,
        })
      ).id,
    }),
  }),
);

builder.mutationField('adminCancelTrip', (t) =>
  t.field({
    type: CancelPayload,
    description: 'Cancels a trip and tells its members (in the app and by e-mail). Administrators only.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminCancelTripResult', description: 'Cancelled, or why not.' } },
    args: { input: t.arg({ type: CancelInput, required: true, description: 'The trip.' }) },
    resolve: async (_r, { input }, ctx) => {
      const { trip, notified, emailed } = await adminCancelTrip(ctx, input.tripId.id);
      return { tripId: trip.id, notified, emailed };
    },
  }),
);

builder.mutationField('adminCreateTrip', (t) =>
  t.field({
    type: TripPayload,
    description: 'Makes a trip for a chosen traveller, who becomes its owner. Administrators only.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminCreateTripResult', description: 'Created, or why not.' } },
    args: { input: t.arg({ type: CreateInput, required: true, description: 'The owner and the trip.' }) },
    resolve: async (_r, { input: i }, ctx) => ({
      tripId: (
        await adminCreateTrip(ctx, {
          ownerEmail: i.ownerEmail,
          ownerId: i.ownerId?.id,
          name: i.name,
          description: i.description,
          destination: String_(i.destination),
          startDate: i.startDate,
          endDate: i.endDate,
        })
      ).id,
    }),
  }),
);
