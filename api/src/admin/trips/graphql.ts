import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { isoDate } from '../../platform/dates.js';
import { AdminRef } from '../graphql.js';
import { ADMIN_TRIP_STATUSES } from './messages.js';
import { adminCancelTrip, adminCreateTrip, adminTrips, adminTripStats, adminUpdateTrip, type AdminTrip, type AdminTripStats } from './service.js';
import type { AdminPage } from './page.js';

/**
 * The console's lists page by cursor in their services (the same rule as the REST rows), so
 * GraphQL answers a page object rather than rewriting the paging as a Relay connection.
 */
export function adminPageType<T>(name: string, node: ReturnType<typeof builder.objectRef<T>>, what: string) {
  return builder.objectRef<AdminPage<T>>(name).implement({
    description: `A page of ${what}, newest first, with the count of every match.`,
    fields: (t) => ({
      nodes: t.field({ type: [node], description: `The ${what} of this page.`, resolve: (p) => p.rows }),
      nextCursor: t.string({ nullable: true, description: 'Pass as `after` for the next page; null on the last page.', resolve: (p) => p.nextCursor }),
      totalCount: t.int({ description: 'How many match the search and filters, over every page.', resolve: (p) => p.totalCount }),
    }),
  });
}

/** What the paging arguments say, shared by every console list. */
export const PAGE_ARG = {
  first: 'Rows a page (at most 200, 50 unless asked).',
  after: "The previous page's `nextCursor`.",
  search: 'Text searched on the server.',
};

const AdminTripRef = builder.objectRef<AdminTrip>('AdminTrip');
AdminTripRef.implement({
  description: 'A trip as the console lists it.',
  fields: (t) => ({
    id: t.exposeString('id', { description: "The trip's id." }),
    name: t.exposeString('name', { description: "The trip's name." }),
    description: t.exposeString('description', { nullable: true, description: "The trip's description." }),
    destination: t.exposeString('destination', { nullable: true, description: 'The destination as one line of text.' }),
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

const AdminTripPage = adminPageType<AdminTrip>('AdminTripPage', AdminTripRef, 'trips');

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
    type: AdminTripPage,
    description: 'Every trip, newest first, searched (name, description, destination) and filtered on the server.',
    args: {
      first: t.arg.int({ required: false, description: PAGE_ARG.first }),
      after: t.arg.string({ required: false, description: PAGE_ARG.after }),
      search: t.arg.string({ required: false, description: PAGE_ARG.search }),
      status: t.arg.string({ required: false, description: `One of ${ADMIN_TRIP_STATUSES.join(', ')}.` }),
      destination: t.arg.string({ required: false, description: 'Only trips to this destination (its name).' }),
    },
    resolve: (_r, a, ctx) => adminTrips(ctx, { search: a.search, limit: a.first, cursor: a.after, status: a.status, destination: a.destination }),
  }),
  tripStats: t.field({ type: AdminTripStatsRef, description: 'The figures over every trip.', resolve: (_r, _a, ctx) => adminTripStats(ctx) }),
}));

interface ChangedTrip {
  id: string;
  name: string;
  status: string;
  startDate: Date | null;
  endDate: Date | null;
}

const AdminChangedTripRef = builder.objectRef<ChangedTrip>('AdminChangedTrip').implement({
  description: 'A trip as a console change left it.',
  fields: (t) => ({
    id: t.exposeString('id', { description: "The trip's id." }),
    name: t.exposeString('name', { description: "The trip's name." }),
    status: t.string({ description: 'active or cancelled.', resolve: (x) => x.status.toLowerCase() }),
    startDate: t.string({ nullable: true, description: 'First day (YYYY-MM-DD).', resolve: (x) => isoDate(x.startDate) }),
    endDate: t.string({ nullable: true, description: 'Last day (YYYY-MM-DD).', resolve: (x) => isoDate(x.endDate) }),
  }),
});

const UpdateInput = builder.inputType('AdminUpdateTripInput', {
  description: "A trip's name, description, destination and dates (the trips domain's rules).",
  fields: (t) => ({
    tripId: t.id({ required: true, description: 'The trip to change.' }),
    name: t.string({ required: false, description: "The trip's name." }),
    description: t.string({ required: false, description: "The trip's description." }),
    destination: t.string({ required: false, description: 'The destination as text ("Paris, France"); absent keeps it.' }),
    startDate: t.string({ required: false, description: 'First day (YYYY-MM-DD).' }),
    endDate: t.string({ required: false, description: 'Last day (YYYY-MM-DD).' }),
  }),
});
const CancelInput = builder.inputType('AdminCancelTripInput', {
  description: 'The trip to cancel.',
  fields: (t) => ({ tripId: t.id({ required: true, description: 'The trip to cancel.' }) }),
});
const CreateInput = builder.inputType('AdminCreateTripInput', {
  description: 'A trip made for a chosen traveller, who becomes its owner.',
  fields: (t) => ({
    ownerEmail: t.string({ required: false, description: "The owner's address (or give ownerId)." }),
    ownerId: t.id({ required: false, description: "The owner's user id (or give ownerEmail)." }),
    name: t.string({ required: false, description: "The trip's name." }),
    description: t.string({ required: false, description: "The trip's description." }),
    destination: t.string({ required: false, description: 'The destination as text ("Paris, France"); absent keeps it.' }),
    startDate: t.string({ required: false, description: 'First day (YYYY-MM-DD).' }),
    endDate: t.string({ required: false, description: 'Last day (YYYY-MM-DD).' }),
  }),
});

const TripPayload = builder.objectRef<{ trip: ChangedTrip }>('AdminTripPayload').implement({
  description: 'The trip as the change left it.',
  fields: (t) => ({ trip: t.field({ type: AdminChangedTripRef, description: 'The trip.', resolve: (p) => p.trip }) }),
});
const CancelPayload = builder.objectRef<{ trip: ChangedTrip; notified: number; emailed: number }>('AdminCancelTripPayload').implement({
  description: 'The trip is cancelled and its members told.',
  fields: (t) => ({
    trip: t.field({ type: AdminChangedTripRef, description: 'The cancelled trip.', resolve: (p) => p.trip }),
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
      trip: await adminUpdateTrip(ctx, String(i.tripId), {
        name: i.name,
        description: i.description,
        destination: String_(i.destination),
        startDate: i.startDate,
        endDate: i.endDate,
      }),
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
    resolve: (_r, { input }, ctx) => adminCancelTrip(ctx, String(input.tripId)),
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
      trip: await adminCreateTrip(ctx, {
        ownerEmail: i.ownerEmail,
        ownerId: i.ownerId === null || i.ownerId === undefined ? undefined : String(i.ownerId),
        name: i.name,
        description: i.description,
        destination: String_(i.destination),
        startDate: i.startDate,
        endDate: i.endDate,
      }),
    }),
  }),
);
