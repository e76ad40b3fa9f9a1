import type { AppDeps, RequestContext } from '../platform/context.js';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError, UnauthenticatedError, ValidationError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { hashToken, newOpaqueToken } from '../accounts/tokens.js';
import { checkEmail, normalizeEmail } from '../accounts/validation.js';
import { displayName } from '../accounts/users.js';
import { AccountMessages } from '../accounts/messages.js';
import { notify } from '../notifications/service.js';
import { withLiveEvents } from '../platform/outbox.js';
import { forgetVisibility } from '../accounts/visibility.js';
import { createAutoFriendRequest } from '../friends/service.js';
import { forgetViewerTrips, isTripOwner, requireTripMember } from '../trips/access.js';
import { tripChanged } from '../trips/service.js';
import { INVITATION_TTL_DAYS, TripMessages as M } from '../trips/messages.js';
import { invitationEmail } from './emails.js';
import { isOpenInvitation, openInvitationWhere, pendingFor } from './rules.js';
import { isOnTrip, ON_TRIP_STATUSES } from '../trips/memberStatus.js';

const DAY_MS = 86_400_000;

/** A user's open invitations, newest first, as the REST list shows them. */
export async function openInvitationsOf(deps: AppDeps, userId: string) {
  const user = await deps.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true } });
  return deps.db.prisma.tripInvitation.findMany({
    where: pendingFor(user),
    include: { trip: true, invitedBy: { select: { firstName: true, lastName: true } } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 50,
  });
}

/** Spends one of the address's invitation e-mails; false once they are used up for now. */
async function mayMailInvitation(deps: AppDeps, email: string): Promise<boolean> {
  try {
    await deps.limiter.consume('inviteMailPerEmail', email, AccountMessages.tooManyAttempts);
    return true;
  } catch (err) {
    if (err instanceof RateLimitedError) return false;
    throw err;
  }
}

export interface InviteInput {
  tripId: string;
  email?: string | null;
  friendId?: string | null;
  message?: string | null;
}

export interface InviteResult {
  invitationId: string;
  existingUser: boolean;
  friendRequestCreated: boolean;
  isExistingFriend: boolean;
  emailSent: boolean;
  /** Set when the invitation stands but something secondary failed (the e-mail). */
  warning: string | null;
}

/**
 * Invites by e-mail or from the friends list: an existing
 * account gets the invitation, an automatic friend request with the trip as context and a
 * notification; a new address gets an e-mail linking to the public invitation page.
 */
export async function inviteToTrip(ctx: RequestContext, input: InviteInput): Promise<InviteResult> {
  if (!ctx.viewer) throw new UnauthenticatedError(input.friendId ? M.friendInviteSignedOut : M.inviteSignedOut);
  const viewer = ctx.viewer;
  await requireTripMember(ctx, input.tripId);
  const prisma = ctx.deps.db.prisma;
  const message = input.message?.trim().slice(0, 500) || null;

  let email = '';
  if (input.friendId) {
    if (!isUuid(input.friendId)) throw new ValidationError(M.notAFriend, 'friendId');
  } else {
    email = normalizeEmail(input.email);
    if (!email) throw new ValidationError(M.selectFriendOrEmail, 'email');
    checkEmail(email);
  }
  // Every invitation may mail and notify someone: bounded per inviter.
  await ctx.deps.limiter.consume('invitesPerUser', viewer.id, AccountMessages.tooManyAttempts);

  let invitedUser: { id: string; email: string; firstName: string; lastName: string } | null;
  if (input.friendId) {
    const friendship = await prisma.friendship.findUnique({
      where: { userId_friendId: { userId: viewer.id, friendId: input.friendId } },
      include: { friend: { select: { id: true, email: true, firstName: true, lastName: true } } },
    });
    if (!friendship) throw new ValidationError(M.notAFriend, 'friendId');
    invitedUser = friendship.friend;
    email = invitedUser.email;
  } else {
    // The answer (`existingUser`) tells whether the address has an account: bounded as check-user is.
    await ctx.deps.limiter.consume('addressLookupPerUser', viewer.id, AccountMessages.tooManyAttempts);
    invitedUser = await prisma.user.findUnique({ where: { email }, select: { id: true, email: true, firstName: true, lastName: true } });
  }
  if (invitedUser?.id === viewer.id) throw new ConflictError(M.inviteSelf, 'email');

  const [trip, inviter, membership, friendship] = await Promise.all([
    prisma.trip.findUniqueOrThrow({ where: { id: input.tripId }, select: { id: true, name: true } }),
    prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { firstName: true, lastName: true } }),
    invitedUser ? prisma.tripMember.findFirst({ where: { tripId: input.tripId, userId: invitedUser.id, status: { in: ON_TRIP_STATUSES } } }) : null,
    invitedUser ? prisma.friendship.findUnique({ where: { userId_friendId: { userId: viewer.id, friendId: invitedUser.id } } }) : null,
  ]);
  if (membership) throw new ConflictError(M.alreadyMember, 'email');

  const { token, hash } = newOpaqueToken();
  const inviterName = displayName(inviter);
  const { invitation, friendRequestCreated } = await withLiveEvents(ctx.deps, async (tx, events) => {
    // One pending invitation per (trip, address), which no index can say: parallel requests
    // queue on this lock until the first commits, then see its invitation below.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`trip-invite:${trip.id}:${email}`}))`;
    const pending = await tx.tripInvitation.findFirst({
      where: { tripId: trip.id, invitedEmail: email, ...openInvitationWhere() },
      select: { id: true },
    });
    if (pending) throw new ConflictError(M.alreadyInvited, 'email');
    const created = await tx.tripInvitation.create({
      data: {
        tripId: trip.id,
        invitedById: viewer.id,
        invitedUserId: invitedUser?.id ?? null,
        invitedEmail: email,
        invitationType: input.friendId ? 'FRIEND' : 'EMAIL',
        message,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
      },
    });
    let withFriendRequest = false;
    if (invitedUser) {
      if (!friendship) withFriendRequest = await createAutoFriendRequest(tx, events, viewer.id, invitedUser.id, trip);
      await notify(tx, events, invitedUser.id, {
        type: withFriendRequest ? 'TRIP_INVITE_WITH_FRIEND_REQUEST' : 'TRIP_INVITE',
        title: 'Trip invitation',
        message: withFriendRequest
          ? `${inviterName} invited you to "${trip.name}" and sent you a friend request.`
          : `${inviterName} invited you to "${trip.name}".`,
        actionUrl: '/dashboard',
        data: { tripId: trip.id, invitationId: created.id },
      });
      events.viewer([invitedUser.id], { kind: 'invitations' });
    }
    await tripChanged(tx, events, trip.id, 'MEMBERS_CHANGED');
    return { invitation: created, friendRequestCreated: withFriendRequest };
  });
  if (friendRequestCreated) forgetVisibility(ctx);

  const base = ctx.deps.config.publicUrl;
  const url = invitedUser ? `${base}/dashboard` : `${base}/pending-invitations?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
  // Past the address's e-mail budget the invitation still stands (in-app for an account, and
  // re-sendable later); only the e-mail is skipped, and the inviter is told.
  let emailSent = await mayMailInvitation(ctx.deps, email);
  if (emailSent) {
    try {
      await ctx.deps.mailer.send(invitationEmail({ to: email, inviterName, tripName: trip.name, message, url, existingUser: !!invitedUser }));
    } catch (err) {
      emailSent = false;
      ctx.deps.logger.error({ err, invitationId: invitation.id }, 'invitation e-mail failed');
    }
  }
  return {
    invitationId: invitation.id,
    existingUser: !!invitedUser,
    friendRequestCreated,
    isExistingFriend: !!friendship,
    emailSent,
    warning: emailSent ? null : M.mailFailed,
  };
}

/** Only the invited account may answer; an invitation of someone else reads as missing. */
async function loadOwnPending(ctx: RequestContext, invitationId: string) {
  if (!ctx.viewer) throw new UnauthenticatedError(M.notSignedIn);
  if (!isUuid(invitationId)) throw new NotFoundError(M.invitationNotFound);
  const prisma = ctx.deps.db.prisma;
  const [invitation, me] = await Promise.all([
    prisma.tripInvitation.findUnique({ where: { id: invitationId }, include: { trip: { select: { id: true, name: true, ownerId: true } } } }),
    prisma.user.findUniqueOrThrow({ where: { id: ctx.viewer.id }, select: { id: true, email: true, emailVerifiedAt: true, firstName: true, lastName: true } }),
  ]);
  const mine = invitation && (invitation.invitedUserId === me.id || (invitation.invitedEmail === me.email && me.emailVerifiedAt));
  if (!invitation || !mine) throw new NotFoundError(M.invitationNotFound);
  await assertAnswerable(ctx.deps, invitation);
  return { invitation, me };
}

/** Only a pending, unexpired invitation can be answered; an expired one is marked so on the way. */
async function assertAnswerable(deps: AppDeps, invitation: { id: string; status: string; expiresAt: Date | null }) {
  if (invitation.status !== 'PENDING') throw new ConflictError(M.invitationNotPending);
  if (invitation.expiresAt && invitation.expiresAt <= new Date()) {
    await deps.db.prisma.tripInvitation.update({ where: { id: invitation.id }, data: { status: 'EXPIRED' } });
    throw new ConflictError(M.invitationExpired);
  }
}

export async function acceptInvitation(ctx: RequestContext, invitationId: string) {
  const { invitation, me } = await loadOwnPending(ctx, invitationId);
  return join(ctx.deps, invitation, me).then((r) => {
    forgetViewerTrips(ctx);
    return r;
  });
}

/**
 * The invitation's answer and the membership in one transaction; then everyone on the trip hears.
 * The answer goes first and only from PENDING, so of answers sent together (accept, accept,
 * cancel) exactly one wins and the others are refused before anyone joins or is notified.
 */
async function join(
  deps: AppDeps,
  invitation: { id: string; tripId: string; invitedById: string | null; trip: { name: string; ownerId: string } },
  me: { id: string; firstName: string; lastName: string },
) {
  const now = new Date();
  await withLiveEvents(deps, async (tx, events) => {
    const { count } = await tx.tripInvitation.updateMany({
      where: { id: invitation.id, status: 'PENDING' },
      data: { status: 'ACCEPTED', respondedAt: now, invitedUserId: me.id },
    });
    if (count !== 1) throw new ConflictError(M.invitationNotPending);
    const current = await tx.tripMember.findUnique({ where: { tripId_userId: { tripId: invitation.tripId, userId: me.id } }, select: { status: true } });
    // Someone on the trip already (e.g. the owner, invited at an address they later took over)
    // keeps their row as it is; throwing also undoes the answer above.
    if (current && isOnTrip(current.status)) throw new ConflictError(M.alreadyMember);
    await tx.tripMember.upsert({
      where: { tripId_userId: { tripId: invitation.tripId, userId: me.id } },
      create: { tripId: invitation.tripId, userId: me.id, status: 'ACCEPTED', role: 'MEMBER', joinedAt: now },
      update: { status: 'ACCEPTED', joinedAt: now },
    });
    const notifyId = invitation.invitedById ?? invitation.trip.ownerId;
    if (notifyId !== me.id) {
      await notify(tx, events, notifyId, {
        type: 'TRIP_UPDATE',
        title: 'Invitation accepted',
        message: `${displayName(me)} joined "${invitation.trip.name}".`,
        actionUrl: `/dashboard/trips/${invitation.tripId}`,
        data: { tripId: invitation.tripId },
      });
    }
    events.viewer([me.id], { kind: 'invitations' });
    await tripChanged(tx, events, invitation.tripId, 'MEMBERS_CHANGED');
  });
  return { invitationId: invitation.id, tripId: invitation.tripId };
}

export async function declineInvitation(ctx: RequestContext, invitationId: string) {
  const { invitation, me } = await loadOwnPending(ctx, invitationId);
  return decline(ctx.deps, invitation, me.id);
}

/**
 * Declines the one invitation the e-mailed link was sent for, without an account: holding the
 * link's token is the proof. The token keeps opening the public page, which no longer lists it.
 */
export async function declineInvitationByToken(ctx: RequestContext, token: string) {
  if (!token) throw new NotFoundError(M.invitationNotFound);
  const tokenHash = hashToken(token);
  // Per token, so a leaked link cannot be hammered; guessing a 256-bit token is hopeless anyway.
  await ctx.deps.limiter.consume('declinePerToken', tokenHash, AccountMessages.tooManyAttempts);
  const invitation = await ctx.deps.db.prisma.tripInvitation.findUnique({ where: { tokenHash }, include: { trip: { select: { name: true } } } });
  if (!invitation) throw new NotFoundError(M.invitationNotFound);
  await assertAnswerable(ctx.deps, invitation);
  return { ...(await decline(ctx.deps, invitation, null)), tripName: invitation.trip.name };
}

/**
 * The one place an invitation is declined: its answer (only if still pending, so two answers
 * cannot both win), then the invitee's and the trip's open screens hear. `byUserId` is the
 * signed-in invitee, who becomes the invitation's account; null when declined by token.
 */
async function decline(deps: AppDeps, invitation: { id: string; tripId: string; invitedUserId: string | null }, byUserId: string | null) {
  await withLiveEvents(deps, async (tx, events) => {
    const { count } = await tx.tripInvitation.updateMany({
      where: { id: invitation.id, status: 'PENDING' },
      data: { status: 'DECLINED', respondedAt: new Date(), ...(byUserId ? { invitedUserId: byUserId } : {}) },
    });
    if (count === 0) throw new ConflictError(M.invitationNotPending);
    const inviteeId = byUserId ?? invitation.invitedUserId;
    if (inviteeId) events.viewer([inviteeId], { kind: 'invitations' });
    await tripChanged(tx, events, invitation.tripId, 'MEMBERS_CHANGED');
  });
  return { invitationId: invitation.id, tripId: invitation.tripId };
}

/** The inviter or the trip's owner may withdraw a pending invitation. */
export async function cancelInvitation(ctx: RequestContext, invitationId: string) {
  if (!ctx.viewer) throw new UnauthenticatedError(M.notSignedIn);
  if (!isUuid(invitationId)) throw new NotFoundError(M.invitationNotFound);
  const prisma = ctx.deps.db.prisma;
  const invitation = await prisma.tripInvitation.findUnique({ where: { id: invitationId } });
  if (!invitation) throw new NotFoundError(M.invitationNotFound);
  await requireTripMember(ctx, invitation.tripId);
  if (invitation.invitedById !== ctx.viewer.id && !ctx.viewer.isAdmin && !(await isTripOwner(ctx, invitation.tripId)))
    throw new ForbiddenError('Only the person who sent the invitation or the trip owner can cancel it.');
  // Only from PENDING, so a cancel racing an accept cannot both win (see join).
  await withLiveEvents(ctx.deps, async (tx, events) => {
    const { count } = await tx.tripInvitation.updateMany({
      where: { id: invitation.id, status: 'PENDING' },
      data: { status: 'CANCELLED', respondedAt: new Date() },
    });
    if (count !== 1) throw new ConflictError(M.invitationNotPending);
    if (invitation.invitedUserId) events.viewer([invitation.invitedUserId], { kind: 'invitations' });
    await tripChanged(tx, events, invitation.tripId, 'MEMBERS_CHANGED');
  });
  return { invitationId: invitation.id, tripId: invitation.tripId };
}

/** GET invitations/check-user/{email}: whether the address has an account (signed-in members only). */
export async function checkUser(ctx: RequestContext, rawEmail: string) {
  if (!ctx.viewer) throw new UnauthenticatedError(M.inviteSignedOut);
  const email = normalizeEmail(rawEmail);
  checkEmail(email);
  await ctx.deps.limiter.consume('addressLookupPerUser', ctx.viewer.id, AccountMessages.tooManyAttempts);
  const user = await ctx.deps.db.prisma.user.findUnique({ where: { email }, select: { id: true, firstName: true, lastName: true } });
  return { exists: !!user, user: user ? { id: user.id, first_name: user.firstName, last_name: user.lastName } : null };
}

/**
 * The public invitation page lists an address's pending invitations. Anyone holding the
 * e-mailed link (its token) may read them; so may the account itself and administrators.
 * Nobody else learns which trips an address was invited to. `linkInvitationId` names the
 * invitation the token was sent for, when it was.
 */
export async function publicPendingInvitations(ctx: RequestContext, rawEmail: string, token: string | undefined) {
  const email = normalizeEmail(rawEmail);
  const prisma = ctx.deps.db.prisma;
  let allowed = ctx.viewer?.isAdmin === true;
  if (!allowed && ctx.viewer) {
    const me = await prisma.user.findUnique({ where: { id: ctx.viewer.id }, select: { email: true } });
    allowed = me?.email === email;
  }
  // The link's own invitation is the one its token alone may decline (declineInvitationByToken).
  // The link lives as long as that invitation: answered (declined, accepted) it still opens the
  // page until the invitation's expiry; cancelled or expired it opens nothing, even when newer
  // invitations to the address are pending (those come with their own links).
  let linkInvitationId: string | null = null;
  if (token) {
    const byToken = await prisma.tripInvitation.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { id: true, invitedEmail: true, status: true, expiresAt: true },
    });
    const live = byToken && byToken.status !== 'CANCELLED' && byToken.status !== 'EXPIRED' && !(byToken.expiresAt && byToken.expiresAt <= new Date());
    if (live && byToken.invitedEmail === email) {
      allowed = true;
      linkInvitationId = byToken.id;
    }
  }
  if (!allowed) throw new ForbiddenError('Please open this page from the invitation link in your email.');
  const rows = await prisma.tripInvitation.findMany({
    where: { invitedEmail: email, ...openInvitationWhere() },
    include: { trip: true, invitedBy: { select: { firstName: true, lastName: true } } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 50,
  });
  return { rows, linkInvitationId };
}

/**
 * After sign-up: invitations sent to the address now belong to the account; the one the person
 * chose to accept on the public page is accepted as soon as the address is verified.
 */
/**
 * The invitation whose e-mailed token this is, when it is still open and was sent to `email`:
 * whoever holds the token read that mailbox, so signing up with it proves the address.
 */
export async function invitationProvingAddress(deps: AppDeps, token: string, email: string) {
  const invitation = await deps.db.prisma.tripInvitation.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, tripId: true, invitedEmail: true, status: true, expiresAt: true },
  });
  return invitation && invitation.invitedEmail === email && isOpenInvitation(invitation) ? invitation : null;
}

export async function linkInvitationsOnSignup(deps: AppDeps, user: { id: string; email: string }, acceptInvitationId: string | null) {
  const prisma = deps.db.prisma;
  await prisma.tripInvitation.updateMany({ where: { invitedEmail: user.email, status: 'PENDING', invitedUserId: null }, data: { invitedUserId: user.id } });
  if (isUuid(acceptInvitationId)) {
    await prisma.tripInvitation.updateMany({
      where: { id: acceptInvitationId, invitedEmail: user.email, status: 'PENDING' },
      data: { acceptOnVerification: true },
    });
  }
}

export async function joinTripsAfterVerification(deps: AppDeps, userId: string) {
  const prisma = deps.db.prisma;
  const me = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, firstName: true, lastName: true } });
  const chosen = await prisma.tripInvitation.findMany({
    where: { ...pendingFor(me), acceptOnVerification: true },
    include: { trip: { select: { name: true, ownerId: true } } },
  });
  for (const invitation of chosen) {
    try {
      await join(deps, invitation, me);
    } catch (err) {
      // Answered meanwhile (or already on the trip): nothing to join, and verification goes on.
      if (!(err instanceof ConflictError)) throw err;
    }
  }
}

/**
 * POST /api/send-invite: makes sure an invitation to `email` exists and e-mails it. A pending
 * invitation the caller already sent is mailed again with a fresh link (only its hash is kept,
 * so the old link cannot be re-sent); otherwise a new invitation is made as `inviteToTrip` does.
 */
export async function sendInvite(ctx: RequestContext, input: { tripId: string; email: string; message?: string | null }): Promise<InviteResult> {
  if (!ctx.viewer) throw new UnauthenticatedError(M.inviteSignedOut);
  await requireTripMember(ctx, input.tripId);
  const email = normalizeEmail(input.email);
  const prisma = ctx.deps.db.prisma;
  const existing = email
    ? await prisma.tripInvitation.findFirst({
        where: { tripId: input.tripId, invitedEmail: email, invitedById: ctx.viewer.id, ...openInvitationWhere() },
        include: { trip: { select: { name: true } }, invitedBy: { select: { firstName: true, lastName: true } } },
      })
    : null;
  if (!existing) return inviteToTrip(ctx, { tripId: input.tripId, email: input.email, message: input.message });
  // A re-send is only an e-mail (with the sender's words): refused outright past the budgets,
  // before the old link is replaced.
  await ctx.deps.limiter.consume('invitesPerUser', ctx.viewer.id, AccountMessages.tooManyAttempts);
  await ctx.deps.limiter.consume('inviteMailPerEmail', email, AccountMessages.tooManyAttempts);
  const { token, hash } = newOpaqueToken();
  await prisma.tripInvitation.update({ where: { id: existing.id }, data: { tokenHash: hash } });
  const base = ctx.deps.config.publicUrl;
  const url = existing.invitedUserId
    ? `${base}/dashboard`
    : `${base}/pending-invitations?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
  let emailSent = true;
  try {
    await ctx.deps.mailer.send(
      invitationEmail({
        to: email,
        inviterName: displayName(existing.invitedBy!),
        tripName: existing.trip.name,
        message: existing.message,
        url,
        existingUser: !!existing.invitedUserId,
      }),
    );
  } catch (err) {
    emailSent = false;
    ctx.deps.logger.error({ err, invitationId: existing.id }, 'invitation e-mail failed');
  }
  return {
    invitationId: existing.id,
    existingUser: !!existing.invitedUserId,
    friendRequestCreated: false,
    isExistingFriend: false,
    emailSent,
    warning: emailSent ? null : M.mailFailed,
  };
}
