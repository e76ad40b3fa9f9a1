import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { ReservationStatus, ReservationType } from '../generated/prisma/enums.js';
import { isoDate } from '../platform/dates.js';
import { ItineraryItemRef } from '../itinerary/graphql.js';
import type { ItineraryItemView } from '../itinerary/view.js';
import { TripRef } from '../trips/graphql.js';
import { RESERVATION_LIMITS as L, SUPPORTED_SOURCES } from './messages.js';
import {
  addReservationToTrip,
  clearReservations,
  confirmReservationReview,
  deleteReservation,
  resetForwardingAddress,
  updateReservation,
  viewerForwardingAddress,
} from './service.js';

const TypeEnum = builder.enumType(ReservationType, {
  name: 'ReservationType',
  description: 'What a reservation is for; decides its icon and the itinerary type it becomes.',
  values: {
    FLIGHT: { description: 'A flight (becomes a FLIGHT item).' },
    HOTEL: { description: 'A stay: hotel, apartment, room (becomes ACCOMMODATION).' },
    ENTERTAINMENT: { description: 'A show, a film, a concert (becomes EVENT).' },
    ACTIVITY: { description: 'A tour or an experience (becomes ACTIVITY).' },
    RESTAURANT: { description: 'A table booked (becomes EVENT).' },
    OTHER: { description: 'Anything else (becomes ACTIVITY).' },
    TRAIN: { description: 'A train journey (becomes TRANSPORT, with its route).' },
    BUS: { description: 'A coach or bus journey (becomes TRANSPORT, with its route).' },
    FERRY: { description: 'A ferry or boat crossing (becomes TRANSPORT, with its route).' },
    CAR_RENTAL: { description: 'A rented car (becomes an ACTIVITY at its pick-up).' },
  },
});

const StatusEnum = builder.enumType(ReservationStatus, {
  name: 'ReservationStatus',
  description: 'Where a reservation stands.',
  values: {
    PENDING_REVIEW: { description: 'Read from an e-mail and waiting for the user to check it.' },
    CONFIRMED: { description: 'Added to a trip.' },
  },
});

export const ReservationRef = builder.prismaNode('Reservation', {
  id: { field: 'id' },
  nullable: true,
  description: 'A booking read from an e-mail the user forwarded. Only its owner (or an administrator) reads it.',
  authScopes: (r, ctx) => ctx.viewer?.id === r.userId || ctx.viewer?.isAdmin === true,
  runScopesOnType: true,
  select: { userId: true },
  fields: (t) => ({
    type: t.field({ type: TypeEnum, description: 'What it is for.', select: { type: true }, resolve: (r) => r.type }),
    title: t.exposeString('title', { description: 'What it is, e.g. "Air Canada AC 856: Toronto (YYZ) → London (LHR)" or a hotel\'s name.' }),
    status: t.field({
      type: StatusEnum,
      description: 'PENDING_REVIEW until added to a trip, then CONFIRMED.',
      select: { status: true },
      resolve: (r) => r.status,
    }),
    date: t.field({
      type: 'Date',
      nullable: true,
      description: "The day (a flight's departure, a stay's check-in), as the confirmation states it; null when none was found.",
      select: { date: true },
      resolve: (r) => r.date,
    }),
    time: t.exposeString('time', { nullable: true, description: '"HH:MM", local time; null when none was found.' }),
    endDate: t.field({
      type: 'Date',
      nullable: true,
      description: "When it ends: a stay's check-out, a journey's arrival, an event's end, a rental's drop-off; null when unknown.",
      select: { endDate: true },
      resolve: (r) => r.endDate,
    }),
    endTime: t.exposeString('endTime', { nullable: true, description: '"HH:MM", local time at the end (arrival, check-out); null when unknown.' }),
    passengers: t.exposeStringList('passengers', { description: 'Who travels or stays, as the booking names them; empty when none was read.' }),
    seat: t.exposeString('seat', { nullable: true, description: 'Seat, coach or berth as the booking writes it; null when none.' }),
    provider: t.exposeString('provider', {
      nullable: true,
      description: 'Who sells or runs it (the railway, the hotel chain, the rental company, the booking site); null when unknown.',
    }),
    needsReview: t.boolean({
      description: 'True when the reader was unsure of some fields (`reviewFields`): the user should confirm or correct them. Any edit settles it.',
      select: { reviewFields: true },
      resolve: (r) => r.reviewFields.length > 0,
    }),
    reviewFields: t.stringList({
      description: 'The fields to confirm: type, title, date, time, endDate, location or route. Empty once confirmed or edited.',
      select: { reviewFields: true },
      resolve: (r) => r.reviewFields,
    }),
    location: t.exposeString('location', { nullable: true, description: 'Where, in words; null when none was found.' }),
    confirmationNumber: t.exposeString('confirmationNumber', { nullable: true, description: 'The booking code; null when none was found.' }),
    fromLocation: t.exposeString('fromLocation', { nullable: true, description: 'Flights and transport: where it leaves from.' }),
    toLocation: t.exposeString('toLocation', { nullable: true, description: 'Flights and transport: where it goes.' }),
    airline: t.exposeString('airline', { nullable: true, description: 'Flights: the airline.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Free text the user added.' }),
    trip: t.relation('trip', { nullable: true, description: 'The trip it was last added to; null before, or once that trip is gone.' }),
    onItinerary: t.boolean({
      description: "Whether the item made from it is still on its trip's plan (Add to Trip is refused while it is).",
      select: { itineraryItem: { select: { id: true } } },
      resolve: (r) => r.itineraryItem != null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the e-mail arrived (or the reservation was made).' }),
  }),
});

builder.prismaObjectFields('User', (t) => ({
  reservations: t.relatedConnection(
    'reservations',
    {
      description: 'The reservations read from e-mails this user forwarded, newest first. The user themself only.',
      authScopes: (user, _a, ctx) => ctx.viewer?.id === user.id || ctx.viewer?.isAdmin === true,
      cursor: 'id',
      totalCount: true,
      query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
    },
    {
      description: "A page of the user's reservations, newest first.",
      fields: (c) => ({
        // Counted in the statement that reads the page ('Recent Reservations (count)').
        totalCount: c.int({
          description: 'How many reservations the user has in all.',
          extensions: { pothosPrismaTotalCount: true },
          resolve: (parent) => (parent as unknown as { totalCount: number }).totalCount,
        }),
      }),
    },
    { description: 'One reservation of the list, with its cursor.' },
  ),
  forwardingAddress: t.string({
    description:
      'Where this user forwards booking confirmations: a random address (reset with resetForwardingAddress), accepted only from their own e-mail address, authenticated (DKIM/SPF/DMARC). The user themself only.',
    authScopes: (user, _a, ctx) => ctx.viewer?.id === user.id || ctx.viewer?.isAdmin === true,
    select: { id: true },
    resolve: (user, _a, ctx) => viewerForwardingAddress(ctx, user.id),
  }),
}));

builder.queryField('reservationSources', (t) =>
  t.stringList({
    description:
      'The senders whose confirmations are read by their own labels; any other confirmation is still read by its markup, calendar or general wording.',
    resolve: () => [...SUPPORTED_SOURCES],
  }),
);

const ReservationFields = builder.inputType('ReservationFields', {
  description: 'Every field of a reservation as the edit form sends them: text is trimmed, empty text is cleared. A refusal names every field at fault.',
  fields: (t) => ({
    title: t.string({ required: true, description: `Required, at most ${L.title} characters.` }),
    type: t.field({ type: TypeEnum, required: true, description: 'What it is for.' }),
    date: t.field({ type: 'Date', description: 'The day; absent for none.' }),
    time: t.string({ description: '"HH:MM" (24-hour); absent for none.' }),
    location: t.string({ description: `At most ${L.location} characters.` }),
    confirmationNumber: t.string({ description: `At most ${L.confirmationNumber} characters.` }),
    fromLocation: t.string({ description: `At most ${L.fromLocation} characters.` }),
    toLocation: t.string({ description: `At most ${L.toLocation} characters.` }),
    airline: t.string({ description: `At most ${L.airline} characters.` }),
    endDate: t.field({ type: 'Date', description: 'The day it ends; not before `date`. Left out: kept as it is.' }),
    endTime: t.string({ description: '"HH:MM" (24-hour) at the end; left out: kept as it is.' }),
    passengers: t.stringList({ description: `Names, at most ${L.passengerCount} of ${L.passenger} characters each; left out: kept as they are.` }),
    seat: t.string({ description: `At most ${L.seat} characters; left out: kept as it is.` }),
    provider: t.string({ description: `At most ${L.provider} characters; left out: kept as it is.` }),
    notes: t.string({ description: `At most ${L.notes} characters.` }),
  }),
});

const ReservationPayload = builder.objectRef<{ reservation: { id: string } }>('ReservationPayload').implement({
  description: 'The reservation as saved.',
  fields: (t) => ({
    reservation: t.prismaField({
      type: 'Reservation',
      description: 'The reservation as saved.',
      resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.reservation.findUniqueOrThrow({ ...q, where: { id: p.reservation.id } }),
    }),
  }),
});

const UpdateReservationInput = builder.inputType('UpdateReservationInput', {
  description: 'The reservation and its fields after the edit.',
  fields: (t) => ({
    id: t.globalID({ required: true, for: ReservationRef, description: "The reservation to edit; the viewer's own." }),
    reservation: t.field({ type: ReservationFields, required: true, description: 'Every field as it should be after the edit.' }),
  }),
});

builder.mutationField('updateReservation', (t) =>
  t.field({
    type: ReservationPayload,
    description: "Edits one of the viewer's reservations ('Edit' and 'Add Details'); settles any review it was waiting for.",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'UpdateReservationResult', description: 'The edited reservation, or why not.' } },
    args: { input: t.arg({ type: UpdateReservationInput, required: true, description: 'The reservation and its fields.' }) },
    resolve: async (_r, { input }, ctx) => {
      const fields = Object.fromEntries(Object.entries(input.reservation).map(([k, v]) => [k, v instanceof Date ? isoDate(v) : v]));
      return { reservation: await updateReservation(ctx, input.id.id, fields) };
    },
  }),
);

const ConfirmReservationInput = builder.inputType('ConfirmReservationInput', {
  description: 'The reservation whose reading the user confirms.',
  fields: (t) => ({ id: t.globalID({ required: true, for: ReservationRef, description: "The reservation; the viewer's own." }) }),
});

builder.mutationField('confirmReservation', (t) =>
  t.field({
    type: ReservationPayload,
    description: "'Looks right': the viewer confirms a reservation that needed review as it was read (its `reviewFields` are emptied).",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'ConfirmReservationResult', description: 'The confirmed reservation, or why not.' } },
    args: { input: t.arg({ type: ConfirmReservationInput, required: true, description: 'The reservation to confirm.' }) },
    resolve: async (_r, { input }, ctx) => ({ reservation: await confirmReservationReview(ctx, input.id.id) }),
  }),
);

const DeleteReservationInput = builder.inputType('DeleteReservationInput', {
  description: 'The reservation to delete.',
  fields: (t) => ({ id: t.globalID({ required: true, for: ReservationRef, description: "The reservation; the viewer's own." }) }),
});

const DeleteReservationPayload = builder.objectRef<{ id: string }>('DeleteReservationPayload').implement({
  description: 'The deleted reservation.',
  fields: (t) => ({
    deletedReservationId: t.id({ description: 'Its global id, for @deleteEdge / @deleteRecord.', resolve: (p) => encodeGlobalID('Reservation', p.id) }),
  }),
});

builder.mutationField('deleteReservation', (t) =>
  t.field({
    type: DeleteReservationPayload,
    description: "Deletes one of the viewer's reservations (an item already made from it stays on its trip).",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'DeleteReservationResult', description: 'The deleted id, or why not.' } },
    args: { input: t.arg({ type: DeleteReservationInput, required: true, description: 'The reservation to delete.' }) },
    resolve: (_r, { input }, ctx) => deleteReservation(ctx, input.id.id),
  }),
);

const ClearReservationsPayload = builder.objectRef<{ count: number }>('ClearReservationsPayload').implement({
  description: "What 'Clear All' removed.",
  fields: (t) => ({
    deletedCount: t.exposeInt('count', { description: 'How many reservations were deleted.' }),
    viewer: t.prismaField({
      type: 'User',
      description: 'The viewer afterwards: read `reservations` again from here.',
      resolve: (q, _p, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...q, where: { id: ctx.viewer!.id } }),
    }),
  }),
});

builder.mutationField('clearReservations', (t) =>
  t.field({
    type: ClearReservationsPayload,
    description: "'Clear All': deletes every reservation of the viewer (ask first). Items already on trips stay.",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'ClearReservationsResult', description: 'How many were deleted, or why not.' } },
    resolve: async (_r, _a, ctx) => ({ count: await clearReservations(ctx) }),
  }),
);

const AddReservationToTripInput = builder.inputType('AddReservationToTripInput', {
  description: 'The reservation and the trip to put it on.',
  fields: (t) => ({
    reservationId: t.globalID({ required: true, for: ReservationRef, description: "The reservation; the viewer's own." }),
    tripId: t.globalID({ required: true, for: TripRef, description: 'A trip the viewer is a member of.' }),
  }),
});

const AddReservationToTripPayload = builder.objectRef<{ item: ItineraryItemView; reservation: { id: string } }>('AddReservationToTripPayload');
AddReservationToTripPayload.implement({
  description: 'The new itinerary item and the confirmed reservation.',
  fields: (t) => ({
    item: t.field({ type: ItineraryItemRef, description: "The item now on the trip's plan (notes 'Added from forwarded email').", resolve: (p) => p.item }),
    reservation: t.prismaField({
      type: 'Reservation',
      description: 'The reservation, now CONFIRMED.',
      resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.reservation.findUniqueOrThrow({ ...q, where: { id: p.reservation.id } }),
    }),
  }),
});

builder.mutationField('addReservationToTrip', (t) =>
  t.field({
    type: AddReservationToTripPayload,
    description:
      "'Add to Trip': the reservation becomes an itinerary item of the trip (flight → FLIGHT, hotel → ACCOMMODATION, train, bus and ferry → TRANSPORT with their route, entertainment and restaurant → EVENT, activity, car rental and other → ACTIVITY) and is confirmed, together. Refused when its date lies outside the trip's dates.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: {
        name: 'AddReservationToTripResult',
        description: "The item and the reservation, or why not ('Selected trip not found.', dates outside the trip).",
      },
    },
    args: { input: t.arg({ type: AddReservationToTripInput, required: true, description: 'The reservation and the trip.' }) },
    resolve: (_r, { input }, ctx) => addReservationToTrip(ctx, input.reservationId.id, input.tripId.id),
  }),
);

const ResetForwardingAddressPayload = builder.objectRef<{ address: string }>('ResetForwardingAddressPayload').implement({
  description: 'The new forwarding address (the old one is refused from now on).',
  fields: (t) => ({
    forwardingAddress: t.exposeString('address', { description: "The viewer's new forwarding address." }),
    viewer: t.prismaField({
      type: 'User',
      description: 'The viewer afterwards (its `forwardingAddress` is the new one).',
      resolve: (q, _p, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...q, where: { id: ctx.viewer!.id } }),
    }),
  }),
});

builder.mutationField('resetForwardingAddress', (t) =>
  t.field({
    type: ResetForwardingAddressPayload,
    description: "'Reset address': gives the viewer a new random forwarding address; mail to the old one is refused at once (ask first).",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'ResetForwardingAddressResult', description: 'The new address, or why not.' },
    },
    resolve: async (_r, _a, ctx) => ({ address: await resetForwardingAddress(ctx) }),
  }),
);
