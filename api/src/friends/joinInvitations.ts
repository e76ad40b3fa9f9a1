import { AccountMessages } from '../accounts/messages.js';
import { displayName } from '../accounts/users.js';
import type { AppDeps, RequestContext } from '../platform/context.js';
import { requireViewer } from '../platform/context.js';
import { ConflictError, DomainError } from '../platform/errors.js';
import { withLiveEvents } from '../platform/outbox.js';
import { notify } from '../notifications/service.js';
import { joinInvitationEmail } from './emails.js';
import { FriendMessages as M } from './messages.js';
import { friendsChanged, lockPair, parseAddressAndNote } from './service.js';

/**
 * Inviting someone without an account: an e-mail asking them to join, remembered per sender and
 * address, so that when that address signs up and is proven the two become friends without a
 * further request. Asking again re-sends the e-mail (within the mail limits).
 */
export async function inviteToTripcrew(ctx: RequestContext, input: { email: unknown; message?: unknown }) {
  const viewer = requireViewer(ctx);
  const { email, message } = parseAddressAndNote(input);
  await ctx.deps.limiter.consume('invitesPerUser', viewer.id, AccountMessages.tooManyAttempts);
  await ctx.deps.limiter.consume('inviteMailPerEmail', email, AccountMessages.tooManyAttempts);
  const prisma = ctx.deps.db.prisma;
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) throw new ConflictError(M.hasAccount, 'email');
  const sender = await prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { firstName: true, lastName: true } });
  await prisma.friendInvitation.upsert({
    where: { fromUserId_email: { fromUserId: viewer.id, email } },
    create: { fromUserId: viewer.id, email, message },
    update: { message },
  });
  const url = `${ctx.deps.config.publicUrl}/signup?email=${encodeURIComponent(email)}`;
  try {
    await ctx.deps.mailer.send(joinInvitationEmail({ to: email, inviterName: displayName(sender), message, url }));
  } catch (err) {
    ctx.deps.logger.warn({ err }, 'join invitation not mailed');
    throw new DomainError(M.joinInviteMailFailed);
  }
  return { email };
}

/** Once `user` has proven their address: everyone who invited it to Tripcrew becomes a friend. */
export async function befriendInviters(deps: AppDeps, user: { id: string; email: string }) {
  const prisma = deps.db.prisma;
  const invitations = await prisma.friendInvitation.findMany({ where: { email: user.email, acceptedAt: null }, select: { id: true, fromUserId: true } });
  if (invitations.length === 0) return;
  const me = await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { firstName: true, lastName: true } });
  await withLiveEvents(deps, async (tx, events) => {
    const now = new Date();
    for (const invitation of invitations) {
      if (invitation.fromUserId === user.id) continue;
      await lockPair(tx, invitation.fromUserId, user.id);
      await tx.friendship.createMany({
        data: [
          { userId: invitation.fromUserId, friendId: user.id, friendshipDate: now },
          { userId: user.id, friendId: invitation.fromUserId, friendshipDate: now },
        ],
        skipDuplicates: true,
      });
      await tx.friendInvitation.update({ where: { id: invitation.id }, data: { acceptedAt: now } });
      await notify(tx, events, invitation.fromUserId, {
        type: 'FRIEND_REQUEST_ACCEPTED',
        title: 'Your friend joined Tripcrew',
        message: `${displayName(me)} joined Tripcrew and is now your friend.`,
        actionUrl: '/dashboard/friends',
        data: { userId: user.id },
      });
      friendsChanged(events, invitation.fromUserId, user.id);
    }
  });
}
