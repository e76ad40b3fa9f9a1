import { z } from 'zod';
import { assertSelfOrAdmin, route, type BackendRoute } from '../rest/kit.js';
import { ForbiddenError, UnauthenticatedError, ValidationError } from '../platform/errors.js';
import { isoDate } from '../platform/dates.js';
import { tripDestinationJson } from '../trips/destination.js';
import { displayName } from '../accounts/users.js';
import {
  acceptInvitation,
  checkUser,
  declineInvitation,
  declineInvitationByToken,
  inviteToTrip,
  openInvitationsOf,
  publicPendingInvitations,
} from './service.js';
import type { RequestContext } from '../platform/context.js';
import { TripMessages as M } from '../trips/messages.js';

type Row = Awaited<ReturnType<typeof publicPendingInvitations>>['rows'][number];

/** The invitee's pending-invitation view and the public invitation page's, in one shape. */
function invitationJson(i: Row) {
  const destination = tripDestinationJson(i.trip);
  return {
    id: i.id,
    trip_id: i.tripId,
    name: i.trip.name,
    trip_name: i.trip.name,
    destination,
    trip_destination: destination?.full_description ?? destination?.main_text ?? null,
    start_date: isoDate(i.trip.startDate),
    end_date: isoDate(i.trip.endDate),
    trip_start_date: isoDate(i.trip.startDate),
    trip_end_date: isoDate(i.trip.endDate),
    invited_by_name: i.invitedBy ? displayName(i.invitedBy) : null,
    invited_email: i.invitedEmail,
    message: i.message,
    status: i.status.toLowerCase(),
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt?.toISOString() ?? null,
  };
}

/** The caller answers for themself; `userId` / `user_id` in the body, when sent, must be theirs. */
const id = z.string().nullish();

function assertActingAsSelf(ctx: RequestContext, claimed: unknown) {
  if (claimed && claimed !== ctx.viewer!.id) throw new ForbiddenError('You can only answer your own invitations.');
}

export const invitationRoutes: BackendRoute[] = [
  {
    method: 'GET',
    path: '/user-pending-trip-invitations/:userId',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      assertSelfOrAdmin(ctx, params.userId);
      return { invitations: (await openInvitationsOf(ctx.deps, params.userId)).map(invitationJson) };
    },
  },
  route({
    method: 'POST',
    path: '/handle-trip-invitation',
    // Public only for `{ token, action: 'decline' }`: the e-mailed link's token is the proof.
    // Everything else still needs the account, checked below as the door would.
    access: 'public',
    body: z.object({ invitationId: id, token: z.string().nullish(), action: z.string().nullish(), userId: id }),
    handle: async (ctx, { body }) => {
      if (body.token != null && body.invitationId == null && body.action === 'decline') {
        return { success: true, ...(await declineInvitationByToken(ctx, body.token)) };
      }
      if (!ctx.viewer) throw new UnauthenticatedError();
      assertActingAsSelf(ctx, body.userId);
      const id = body.invitationId ?? '';
      if (body.action === 'accept') return { success: true, ...(await acceptInvitation(ctx, id)) };
      if (body.action === 'decline') return { success: true, ...(await declineInvitation(ctx, id)) };
      throw new ValidationError('action must be "accept" or "decline".', 'action');
    },
  }),
  route({
    method: 'POST',
    path: '/accept-trip-invitation/:id',
    access: 'signedIn',
    body: z.object({ user_id: id }),
    handle: async (ctx, { params, body }) => {
      assertActingAsSelf(ctx, body.user_id);
      return { success: true, ...(await acceptInvitation(ctx, params.id)) };
    },
  }),
  {
    method: 'DELETE',
    path: '/decline-trip-invitation/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ success: true, ...(await declineInvitation(ctx, params.id)) }),
  },
  {
    method: 'GET',
    path: '/invitations/check-user/:email',
    access: 'signedIn',
    signedOutMessage: M.inviteSignedOut,
    handle: (ctx, { params }) => checkUser(ctx, params.email),
  },
  route({
    method: 'POST',
    path: '/invite-friend-to-trip',
    access: 'signedIn',
    signedOutMessage: M.friendInviteSignedOut,
    status: 201,
    body: z.object({ tripId: id, friendId: id, invitedBy: id }),
    handle: async (ctx, { body }) => {
      if (body.invitedBy && body.invitedBy !== ctx.viewer!.id) throw new ForbiddenError('You can only send invitations as yourself.');
      if (!body.friendId) throw new ValidationError(M.selectFriend, 'friendId');
      return { success: true, ...(await inviteToTrip(ctx, { tripId: body.tripId ?? '', friendId: body.friendId })) };
    },
  }),
  {
    method: 'GET',
    path: '/pending-invitations/:email',
    access: 'public',
    handle: async (ctx, { params, query }) => {
      const { rows, linkInvitationId } = await publicPendingInvitations(ctx, params.email, query.token);
      // `from_link`: the invitation the link was sent for, which its token alone may decline.
      return { invitations: rows.map((i) => ({ ...invitationJson(i), from_link: i.id === linkInvitationId })) };
    },
  },
];
