import { z } from 'zod';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { authError, builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { isoDate } from '../platform/dates.js';
import { UserRef } from '../accounts/graphql.js';
import { TripRef } from '../trips/graphql.js';
import { DESTINATION_COLUMNS, tripDestination } from '../trips/destination.js';
import { isTripMember } from '../trips/access.js';
import { acceptInvitation, cancelInvitation, declineInvitation, declineInvitationByToken, inviteToTrip } from './service.js';
import { pendingFor, visibleInvitedEmail } from './rules.js';
import { TripMessages as M } from '../trips/messages.js';
import { InvitationStatus } from '../generated/prisma/enums.js';

const InvitationStatusEnum = builder.enumType(InvitationStatus, {
  name: 'TripInvitationStatus',
  description: 'PENDING until answered, withdrawn or past its expiry.',
});

const TRIP_PREVIEW = { trip: { select: { name: true, startDate: true, endDate: true, ...DESTINATION_COLUMNS } } } as const;

export const TripInvitationRef = builder.prismaNode('TripInvitation', {
  id: { field: 'id' },
  // An id that names nothing (deleted, or never existed) reads as null, not as a server error.
  nullable: true,
  description: 'An invitation to join a trip, by e-mail or from the friends list.',
  select: { tripId: true, invitedUserId: true, invitedById: true },
  // The invitee, the trip's members and administrators may read it.
  authScopes: async (inv, ctx) =>
    !!ctx.viewer && (ctx.viewer.isAdmin || inv.invitedUserId === ctx.viewer.id || inv.invitedById === ctx.viewer.id || (await isTripMember(ctx, inv.tripId))),
  fields: (t) => ({
    invitedEmail: t.string({
      nullable: true,
      description:
        "Lower-cased. The invited address: shown to the trip's members while it belongs to no account; once it is an account's, only to the inviter, the invitee and administrators (others see invitedUser).",
      select: { invitedEmail: true },
      resolve: (i, _a, ctx) => visibleInvitedEmail(ctx.viewer, i),
    }),
    invitedUser: t.relation('invitedUser', { nullable: true }),
    invitedBy: t.relation('invitedBy', { nullable: true }),
    status: t.field({ type: InvitationStatusEnum, select: { status: true }, resolve: (i) => i.status }),
    message: t.exposeString('message', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    // What an invitee may know of the trip before joining it (the Trip itself is members-only).
    tripName: t.string({ select: TRIP_PREVIEW, resolve: (i) => i.trip.name }),
    tripDestination: t.string({
      nullable: true,
      select: TRIP_PREVIEW,
      resolve: (i) => {
        const d = tripDestination(i.trip);
        return d?.description ?? d?.mainText ?? null;
      },
    }),
    tripStartDate: t.field({ type: 'Date', nullable: true, select: TRIP_PREVIEW, resolve: (i) => isoDate(i.trip.startDate) }),
    tripEndDate: t.field({ type: 'Date', nullable: true, select: TRIP_PREVIEW, resolve: (i) => isoDate(i.trip.endDate) }),
  }),
});

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
    tripId: t.globalID({ required: true, for: TripRef }),
    email: t.string({ validate: z.string().max(254) }),
    friendId: t.globalID({ for: UserRef }),
    message: t.string({ validate: z.string().max(2000) }),
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
        resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.tripInvitation.findUniqueOrThrow({ ...q, where: { id: p.invitationId } }),
      }),
      trip: t.prismaField({ type: 'Trip', resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.trip.findUniqueOrThrow({ ...q, where: { id: p.tripId } }) }),
      existingUser: t.exposeBoolean('existingUser', { description: 'The address belongs to a Tripcrew account.' }),
      friendRequestCreated: t.exposeBoolean('friendRequestCreated'),
      emailSent: t.exposeBoolean('emailSent'),
      warning: t.exposeString('warning', { nullable: true }),
    }),
  });

builder.mutationField('inviteToTrip', (t) =>
  t.field({
    type: InviteToTripPayload,
    authScopes: { signedIn: true },
    unauthorizedError: (_p, { input }, ctx, _i, result) => authError(ctx, result.message, input.friendId ? M.friendInviteSignedOut : M.inviteSignedOut),
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'InviteToTripResult' } },
    args: { input: t.arg({ type: InviteToTripInput, required: true }) },
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
      resolve: (q, p, _a, ctx) => (p.joined ? ctx.deps.db.prisma.trip.findUnique({ ...q, where: { id: p.tripId } }) : null),
    }),
    viewer: t.prismaField({
      type: 'User',
      resolve: (q, _p, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...q, where: { id: ctx.viewer!.id } }),
    }),
  }),
});

builder.mutationField('acceptTripInvitation', (t) =>
  t.field({
    type: InvitationAnsweredPayload,
    description: "Only the invited account may accept; the trip's members see the newcomer live.",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AcceptTripInvitationResult' } },
    args: { invitationId: t.arg.globalID({ required: true, for: TripInvitationRef }) },
    resolve: async (_r, args, ctx) => ({ ...(await acceptInvitation(ctx, args.invitationId.id)), joined: true }),
  }),
);

builder.mutationField('declineTripInvitation', (t) =>
  t.field({
    type: InvitationAnsweredPayload,
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'DeclineTripInvitationResult' } },
    args: { invitationId: t.arg.globalID({ required: true, for: TripInvitationRef }) },
    resolve: async (_r, args, ctx) => ({ ...(await declineInvitation(ctx, args.invitationId.id)), joined: false }),
  }),
);

builder.mutationField('cancelTripInvitation', (t) =>
  t.field({
    type: InvitationAnsweredPayload,
    description: 'The inviter or the trip owner withdraws a pending invitation.',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'CancelTripInvitationResult' } },
    args: { invitationId: t.arg.globalID({ required: true, for: TripInvitationRef }) },
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
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'DeclineInvitationByTokenResult' } },
    args: { input: t.arg({ type: DeclineInvitationByTokenInput, required: true, description: "The e-mailed link's token." }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await declineInvitationByToken(ctx, input.token);
      return { invitationId: r.invitationId, tripName: r.tripName };
    },
  }),
);
