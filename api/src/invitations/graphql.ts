import { z } from 'zod';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { authError, builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { isoDate } from '../platform/dates.js';
import { UserRef } from '../accounts/graphql.js';
import { TripRef } from '../trips/graphql.js';
import { DESTINATION_COLUMNS, tripDestination } from '../trips/destination.js';
import { isTripMember } from '../trips/access.js';
import { openInvitationsOf } from '../trips/people.js';
import { batchLoader } from '../platform/batch.js';
import type { RequestContext } from '../platform/context.js';
import { acceptInvitation, cancelInvitation, declineInvitation, declineInvitationByToken, inviteToTrip } from './service.js';
import { mayIdentifyInvitee, pendingFor, visibleInvitedEmail } from './rules.js';
import { INVITATION_TTL_DAYS, TripMessages as M } from '../trips/messages.js';
import { InvitationStatus } from '../generated/prisma/enums.js';

const InvitationStatusEnum = builder.enumType(InvitationStatus, {
  name: 'TripInvitationStatus',
  description: 'PENDING until answered, withdrawn or past its expiry.',
  values: {
    PENDING: { description: 'Waiting for an answer, until `expiresAt`.' },
    ACCEPTED: { description: 'The invitee joined the trip.' },
    DECLINED: { description: 'The invitee said no.' },
    EXPIRED: { description: 'Not answered before `expiresAt`.' },
    CANCELLED: { description: 'Withdrawn by the inviter or the trip owner.' },
  },
});

/**
 * What an invitee may know of the trip before joining it, for every invitation a request shows
 * in one statement. Read by trip id rather than planned into the invitations' query as a
 * relation: Prisma sends a relation's statement even when the list is empty, which the
 * dashboard's usually is.
 */
const tripPreview = batchLoader(async (ctx, tripIds: string[]) => {
  const trips = await ctx.deps.db.prisma.trip.findMany({
    where: { id: { in: tripIds } },
    select: { id: true, name: true, startDate: true, endDate: true, ...DESTINATION_COLUMNS },
  });
  return new Map(trips.map((trip) => [trip.id, trip]));
}, null);

/** Which of the invitees asked about are the viewer's friends, in one statement. */
const friendOfViewer = batchLoader(async (ctx, userIds: string[]) => {
  const rows = await ctx.deps.db.prisma.friendship.findMany({ where: { userId: ctx.viewer!.id, friendId: { in: userIds } }, select: { friendId: true } });
  return new Map(rows.map((r) => [r.friendId, true]));
}, false);

/** The preview of an invitation's trip (which always exists: invitations go with their trip). */
const previewOf = async (ctx: RequestContext, i: { tripId: string }) => (await tripPreview(ctx, i.tripId))!;

export const TripInvitationRef = builder.prismaNode('TripInvitation', {
  id: { field: 'id' },
  // An id that names nothing (deleted, or never existed) reads as null, not as a server error.
  nullable: true,
  description: 'An invitation to join a trip, by e-mail or from the friends list.',
  // With the address and status (which fields answer from), so that an invitation read by hand
  // (a page of trips reads its trips' open invitations with their people, trips/people.ts)
  // answers them without Prisma loading the row again.
  select: { tripId: true, invitedUserId: true, invitedById: true, invitedEmail: true, status: true },
  // The invitee, the trip's members and administrators may read it.
  // Synchronous once the request has loaded the viewer's trips: no promise per invitation of a list.
  authScopes: (inv, ctx) =>
    !!ctx.viewer && (ctx.viewer.isAdmin || inv.invitedUserId === ctx.viewer.id || inv.invitedById === ctx.viewer.id || isTripMember(ctx, inv.tripId)),
  // Checked once per invitation rather than once per field of it.
  runScopesOnType: true,
  fields: (t) => ({
    invitedEmail: t.string({
      nullable: true,
      description:
        "Lower-cased. The invited address: shown to the trip's members while it belongs to no account; once it is an account's, only to the inviter, the invitee and administrators (others see only the status, and `invitedUser` if they are the invitee's friends).",
      resolve: (i, _a, ctx) => visibleInvitedEmail(ctx.viewer, i),
    }),
    invitedUser: t.field({
      type: UserRef,
      nullable: true,
      description:
        "The invited account, for the invitee, administrators and the invitee's friends; null for anyone else (the trip's other members see only the address and status) and while the address belongs to no account.",
      // The card is read here (Prisma batches these reads); any other field asked loads its own columns.
      resolve: async (i, _a, ctx) => {
        const userId = i.invitedUserId;
        if (!userId) return null;
        const friend = !!ctx.viewer && !ctx.viewer.isAdmin && ctx.viewer.id !== userId && (await friendOfViewer(ctx, userId));
        if (!mayIdentifyInvitee(ctx.viewer, i, friend)) return null;
        return ctx.deps.db.prisma.user.findUnique({ where: { id: userId }, select: { id: true, firstName: true, lastName: true, avatarUrl: true } });
      },
    }),
    invitedBy: t.relation('invitedBy', { nullable: true, description: 'Who sent it; null once their account is deleted.' }),
    status: t.field({ type: InvitationStatusEnum, description: 'Where it stands.', resolve: (i) => i.status }),
    message: t.exposeString('message', { nullable: true, description: "The inviter's note; null without one." }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was sent.' }),
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      nullable: true,
      description: `After this it can no longer be accepted: ${INVITATION_TTL_DAYS} days after it was sent.`,
    }),
    // What an invitee may know of the trip before joining it (the Trip itself is members-only).
    tripName: t.string({ description: "The trip's name.", resolve: async (i, _a, ctx) => (await previewOf(ctx, i)).name }),
    tripDestination: t.string({
      nullable: true,
      description: 'Where the trip goes, in one line (e.g. "Paris, Île-de-France, France"); null while not chosen.',
      resolve: async (i, _a, ctx) => {
        const d = tripDestination(await previewOf(ctx, i));
        return d?.description ?? d?.mainText ?? null;
      },
    }),
    tripStartDate: t.field({
      type: 'Date',
      nullable: true,
      description: "The trip's first day; null while not planned.",
      resolve: async (i, _a, ctx) => isoDate((await previewOf(ctx, i)).startDate),
    }),
    tripEndDate: t.field({
      type: 'Date',
      nullable: true,
      description: "The trip's last day, included; null while not planned.",
      resolve: async (i, _a, ctx) => isoDate((await previewOf(ctx, i)).endDate),
    }),
  }),
});

// Declared here rather than with Trip's other fields: this module builds on trips/graphql.ts.
builder.prismaObjectFields('Trip', (t) => ({
  pendingInvitations: t.field({
    type: [TripInvitationRef],
    description: 'Invitations not answered yet (newest first).',
    // Read with the page of trips when a list asks for them, else in one batch (trips/people.ts).
    resolve: (trip, _a, ctx) => openInvitationsOf(ctx, trip),
  }),
}));

builder.prismaObjectFields('User', (t) => ({
  pendingTripInvitations: t.prismaField({
    type: ['TripInvitation'],
    description: "Invitations waiting for this user's answer, newest first (at most 50).",
    authScopes: (user, _a, ctx) => ctx.viewer?.id === user.id,
    select: { email: true },
    resolve: (q, user, _a, ctx) =>
      ctx.deps.db.prisma.tripInvitation.findMany({ ...q, where: pendingFor(user), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 50 }),
  }),
}));

const InviteToTripInput = builder.inputType('InviteToTripInput', {
  description: 'Either an e-mail address or a friend (a User id from the friends list).',
  fields: (t) => ({
    tripId: t.globalID({ required: true, for: TripRef, description: 'The trip; any of its members may invite.' }),
    email: t.string({ validate: z.string().max(254), description: 'The address to invite, with or without an account. Send this or `friendId`.' }),
    friendId: t.globalID({ for: UserRef, description: "A friend's User id, from the viewer's `friends`. Send this or `email`." }),
    message: t.string({
      validate: z.string().max(2000),
      description: 'An optional note, shown with the invitation and in its e-mail; at most 2,000 characters.',
    }),
  }),
});

const InviteToTripPayload = builder
  .objectRef<{ invitationId: string; tripId: string; existingUser: boolean; friendRequestCreated: boolean; emailSent: boolean; warning: string | null }>(
    'InviteToTripPayload',
  )
  .implement({
    description: 'The new invitation. `warning` says when it stands but its e-mail could not be sent.',
    fields: (t) => ({
      invitation: t.prismaField({
        type: 'TripInvitation',
        description: 'The new invitation.',
        resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.tripInvitation.findUniqueOrThrow({ ...q, where: { id: p.invitationId } }),
      }),
      trip: t.prismaField({
        type: 'Trip',
        description: 'The trip, with its `pendingInvitations` as they are now.',
        resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.trip.findUniqueOrThrow({ ...q, where: { id: p.tripId } }),
      }),
      existingUser: t.exposeBoolean('existingUser', { description: 'The address belongs to a Tripcrew account.' }),
      friendRequestCreated: t.exposeBoolean('friendRequestCreated', {
        description: 'A friend request went to the invited account with the invitation (they were not friends yet).',
      }),
      emailSent: t.exposeBoolean('emailSent', {
        description: 'The invitation e-mail went out. False when the address was sent too many lately or sending failed: the invitation stands all the same.',
      }),
      warning: t.exposeString('warning', { nullable: true, description: 'What to tell the inviter when `emailSent` is false; null otherwise.' }),
    }),
  });

builder.mutationField('inviteToTrip', (t) =>
  t.field({
    type: InviteToTripPayload,
    description:
      'Invites someone to a trip by e-mail address or from the friends list. An account gets a notification (and a friend request when not a friend yet); an address without one gets a link to join.',
    authScopes: { signedIn: true },
    unauthorizedError: (_p, { input }, ctx, _i, result) => authError(ctx, result.message, input.friendId ? M.friendInviteSignedOut : M.inviteSignedOut),
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: {
        name: 'InviteToTripResult',
        description: 'The new invitation, or why not (a `ConflictError` when that person is on the trip or invited already).',
      },
    },
    args: { input: t.arg({ type: InviteToTripInput, required: true, description: 'The trip, who to invite, and an optional note.' }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await inviteToTrip(ctx, { tripId: input.tripId.id, email: input.email, friendId: input.friendId?.id, message: input.message });
      return { ...r, tripId: input.tripId.id };
    },
  }),
);

const InvitationAnsweredPayload = builder.objectRef<{ invitationId: string; tripId: string; joined: boolean }>('InvitationAnsweredPayload').implement({
  description: 'The answered invitation (gone from pending lists) and the trip when the viewer is on it.',
  fields: (t) => ({
    invitationId: t.id({ description: 'Global id, for @deleteRecord.', resolve: (p) => encodeGlobalID('TripInvitation', p.invitationId) }),
    trip: t.prismaField({
      type: 'Trip',
      nullable: true,
      description: 'The trip, when the viewer is on it after the answer; null otherwise.',
      resolve: (q, p, _a, ctx) => (p.joined ? ctx.deps.db.prisma.trip.findUnique({ ...q, where: { id: p.tripId } }) : null),
    }),
    viewer: t.prismaField({
      type: 'User',
      description: 'The viewer, to refresh `pendingTripInvitations` and the trips list.',
      resolve: (q, _p, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...q, where: { id: ctx.viewer!.id } }),
    }),
  }),
});

builder.mutationField('acceptTripInvitation', (t) =>
  t.field({
    type: InvitationAnsweredPayload,
    description: "Only the invited account may accept; the trip's members see the newcomer live.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'AcceptTripInvitationResult', description: 'The accepted invitation and the trip joined, or why it could not be accepted.' },
    },
    args: { invitationId: t.arg.globalID({ required: true, for: TripInvitationRef, description: 'The invitation, from `pendingTripInvitations`.' }) },
    resolve: async (_r, args, ctx) => ({ ...(await acceptInvitation(ctx, args.invitationId.id)), joined: true }),
  }),
);

builder.mutationField('declineTripInvitation', (t) =>
  t.field({
    type: InvitationAnsweredPayload,
    description: 'Only the invited account may decline; the invitation leaves the pending lists.',
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'DeclineTripInvitationResult', description: 'The declined invitation, or why it could not be declined.' },
    },
    args: { invitationId: t.arg.globalID({ required: true, for: TripInvitationRef, description: 'The invitation, from `pendingTripInvitations`.' }) },
    resolve: async (_r, args, ctx) => ({ ...(await declineInvitation(ctx, args.invitationId.id)), joined: false }),
  }),
);

builder.mutationField('cancelTripInvitation', (t) =>
  t.field({
    type: InvitationAnsweredPayload,
    description: 'The inviter or the trip owner withdraws a pending invitation.',
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'CancelTripInvitationResult', description: 'The withdrawn invitation, or why it could not be withdrawn.' },
    },
    args: { invitationId: t.arg.globalID({ required: true, for: TripInvitationRef, description: "The invitation, from the trip's `pendingInvitations`." }) },
    resolve: async (_r, args, ctx) => ({ ...(await cancelInvitation(ctx, args.invitationId.id)), joined: true }),
  }),
);

const DeclineInvitationByTokenInput = builder.inputType('DeclineInvitationByTokenInput', {
  description: 'The token of the link in an invitation e-mail.',
  fields: (t) => ({
    token: t.string({ required: true, description: 'The `token` parameter of the e-mailed `/pending-invitations` link.', validate: z.string().max(200) }),
  }),
});

const DeclineInvitationByTokenPayload = builder.objectRef<{ invitationId: string; tripName: string }>('DeclineInvitationByTokenPayload').implement({
  description: 'The invitation the e-mailed link was for, now declined. Only what the public invitation page already shows.',
  fields: (t) => ({
    invitationId: t.id({
      description: 'Global id of the declined invitation, for @deleteRecord.',
      resolve: (p) => encodeGlobalID('TripInvitation', p.invitationId),
    }),
    tripName: t.exposeString('tripName', { description: 'The name of the trip the invitation was to.' }),
  }),
});

builder.mutationField('declineInvitationByToken', (t) =>
  t.field({
    type: DeclineInvitationByTokenPayload,
    description: "Declines the invitation an e-mailed link was sent for, without signing in: the link's token is the proof.",
    // No auth scope: holding the token is the permission (checked, and rate-limited, by the service).
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'DeclineInvitationByTokenResult', description: 'The declined invitation, or why the link could not decline it.' },
    },
    args: { input: t.arg({ type: DeclineInvitationByTokenInput, required: true, description: "The e-mailed link's token." }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await declineInvitationByToken(ctx, input.token);
      return { invitationId: r.invitationId, tripName: r.tripName };
    },
  }),
);
