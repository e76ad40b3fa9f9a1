import type { AppDeps } from '../platform/context.js';
import { withLiveEvents, type Tx } from '../platform/outbox.js';
import { notify } from '../notifications/service.js';
import { accountLifecycle } from './lifecycle.js';
import { announceSessionsEnded } from './sessions.js';
import { EMPTY_PREFERENCES } from './preferences.js';

/** The name a deleted account goes by wherever ledger rows still name it. */
export const RETIRED_NAME = { firstName: 'Deleted', lastName: 'user' } as const;

/** The address a deleted account is left with: never deliverable, and the real one is free again. */
export const retiredEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Deletes an account, whoever asks (the user themself from Settings, or later an administrator),
 * the way a ledger allows. In one transaction:
 *
 * - The row stays, stripped of everything personal, as "Deleted user": every expense, split
 *   and settlement that names it keeps naming it, so the trips' balances still add up. It can
 *   never sign in again (no password, no sessions; `authenticate` refuses it), and its address
 *   is released, so the person may sign up again with it.
 * - Each trip it owns passes to its longest-standing accepted member (who becomes its owner and
 *   is told), or is deleted with everything planned in it when it has none.
 * - Its memberships, friendships, friend requests both ways, trip invitations sent or received,
 *   notifications (and others' notifications about its requests and invitations), sessions,
 *   e-mail links, photos, comments, favourites, stories and reservations go. Feedback and usage
 *   events stay without the account; checklist tasks assigned to it become unassigned.
 *
 * Everyone affected hears of it live (trips, friends, invitations, unread counts), and the
 * account's open sockets close. Deleting an account already deleted does nothing and answers null.
 *
 * `alongside` runs in the same transaction once the account is retired, with what became of its
 * trips: an administrator's deletion records itself there, so the deletion and its audit entry
 * commit (or fail) together.
 */
export async function retireAccount(
  deps: AppDeps,
  userId: string,
  alongside?: (tx: Tx, outcome: RetiredAccount) => Promise<void>,
): Promise<RetiredAccount | null> {
  const now = new Date();
  const retired = await withLiveEvents(
    deps,
    async (tx, events): Promise<RetiredAccount | null> => {
      const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, deletedAt: true } });
      if (!user || user.deletedAt) return null;
      // First, so that the row is locked for the rest of the transaction: a second deletion
      // waits here and then finds nothing left to do.
      const claimed = await tx.user.updateMany({
        where: { id: userId, deletedAt: null },
        data: {
          email: retiredEmail(userId),
          pendingEmail: null,
          passwordHash: '!',
          role: 'USER',
          ...RETIRED_NAME,
          city: null,
          state: null,
          country: null,
          countryOther: null,
          phone: null,
          avatarUrl: null,
          ...EMPTY_PREFERENCES,
          preferencesSkipped: false,
          forwardingToken: null,
          lastSignInAt: null,
          sessionVersion: { increment: 1 },
          deletedAt: now,
        },
      });
      if (claimed.count !== 1) return null;

      // Owned trips: handed to the longest-standing accepted member, or deleted.
      const owned = await tx.trip.findMany({
        where: { ownerId: userId },
        select: {
          id: true,
          name: true,
          members: {
            where: { status: 'ACCEPTED' },
            orderBy: [{ joinedAt: { sort: 'asc', nulls: 'last' } }, { invitedAt: 'asc' }, { id: 'asc' }],
            take: 1,
            select: { id: true, userId: true },
          },
        },
      });
      const changedTrips = new Set<string>();
      for (const trip of owned) {
        const heir = trip.members[0];
        if (!heir) {
          const invited = await tx.tripMember.findMany({ where: { tripId: trip.id, userId: { not: userId } }, select: { userId: true } });
          await tx.trip.delete({ where: { id: trip.id } });
          await accountLifecycle().tripChanged(tx, events, trip.id, 'DELETED', [userId]);
          events.viewer(
            invited.map((m) => m.userId),
            { kind: 'invitations' },
          );
          continue;
        }
        await tx.trip.update({ where: { id: trip.id }, data: { ownerId: heir.userId } });
        await tx.tripMember.update({ where: { id: heir.id }, data: { status: 'OWNER', role: 'OWNER' } });
        await notify(tx, events, heir.userId, {
          type: 'TRIP_UPDATE',
          title: 'You own a trip now',
          message: `You are now the owner of "${trip.name}": its owner deleted their account.`,
          actionUrl: `/dashboard/trips/${trip.id}`,
          data: { tripId: trip.id },
        });
        changedTrips.add(trip.id);
      }

      // Memberships of other trips.
      const memberships = await tx.tripMember.findMany({ where: { userId }, select: { tripId: true } });
      for (const m of memberships) changedTrips.add(m.tripId);
      await tx.tripMember.deleteMany({ where: { userId } });
      await accountLifecycle().retireCalendarFeeds(
        tx,
        memberships.map((m) => m.tripId),
      );

      // Trip invitations it sent or received, and the notifications that announced them.
      const invitations = await tx.tripInvitation.findMany({
        where: { OR: [{ invitedById: userId }, { invitedUserId: userId }, { invitedEmail: user.email }] },
        select: { id: true, tripId: true, invitedUserId: true },
      });
      if (invitations.length) {
        await tx.tripInvitation.deleteMany({ where: { id: { in: invitations.map((i) => i.id) } } });
        for (const i of invitations) changedTrips.add(i.tripId);
        events.viewer(
          invitations.flatMap((i) => (i.invitedUserId && i.invitedUserId !== userId ? [i.invitedUserId] : [])),
          { kind: 'invitations' },
        );
      }

      // Friends and friend requests, both ways.
      const [friendships, requests] = await Promise.all([
        tx.friendship.findMany({ where: { userId }, select: { friendId: true } }),
        tx.friendRequest.findMany({ where: { OR: [{ fromUserId: userId }, { toUserId: userId }] }, select: { fromUserId: true, toUserId: true } }),
      ]);
      await tx.friendship.deleteMany({ where: { OR: [{ userId }, { friendId: userId }] } });
      await tx.friendRequest.deleteMany({ where: { OR: [{ fromUserId: userId }, { toUserId: userId }] } });
      events.viewer([...friendships.map((f) => f.friendId), ...requests.map((r) => (r.fromUserId === userId ? r.toUserId : r.fromUserId))], {
        kind: 'friends',
      });

      // Notifications: its own, and others' that name it (its friend requests, acceptances and
      // invitations); those people's unread counts change with them.
      await tx.notification.deleteMany({ where: { userId } });
      const aboutIt = {
        userId: { not: userId },
        OR: [
          { data: { path: ['fromUserId'], equals: userId } },
          { data: { path: ['userId'], equals: userId } },
          ...invitations.map((i) => ({ data: { path: ['invitationId'], equals: i.id } })),
        ],
      };
      const told = await tx.notification.findMany({ where: aboutIt, select: { userId: true }, distinct: ['userId'] });
      if (told.length) {
        await tx.notification.deleteMany({ where: aboutIt });
        for (const { userId: other } of told) {
          const unreadCount = await tx.notification.count({ where: { userId: other, readAt: null } });
          events.viewer([other], { kind: 'notifications', unreadCount });
        }
      }

      // Sessions, links, and what is the person's own.
      await tx.refreshToken.deleteMany({ where: { userId } });
      await tx.emailVerificationToken.deleteMany({ where: { userId } });
      await tx.passwordResetToken.deleteMany({ where: { userId } });
      // Answers kept for replay may hold personal data; the request running now (this deletion)
      // keeps its row until the daily sweep, or its answer could not be stored.
      await tx.idempotentRequest.deleteMany({ where: { userId, status: { not: null } } });
      await tx.photo.deleteMany({ where: { uploadedById: userId } });
      await tx.photoComment.deleteMany({ where: { userId } });
      await tx.photoFavorite.deleteMany({ where: { userId } });
      await tx.story.deleteMany({ where: { authorId: userId } });
      await tx.reservation.deleteMany({ where: { userId } });
      await tx.inboundMessage.deleteMany({ where: { userId } });
      await tx.notifySignup.deleteMany({ where: { OR: [{ userId }, { email: user.email }] } });
      await tx.feedback.updateMany({ where: { userId }, data: { userId: null } });
      await tx.analyticsEvent.updateMany({ where: { userId }, data: { userId: null } });
      await tx.checklistItem.updateMany({ where: { assignedToId: userId }, data: { assignedToId: null } });

      const deletedTrips = new Set(owned.filter((t) => !t.members[0]).map((t) => t.id));
      for (const tripId of changedTrips) if (!deletedTrips.has(tripId)) await accountLifecycle().tripChanged(tx, events, tripId, 'MEMBERS_CHANGED');
      const outcome: RetiredAccount = {
        tripsPassedOn: owned.filter((t) => t.members[0]).map((t) => ({ tripId: t.id, newOwnerId: t.members[0]!.userId })),
        tripsDeleted: [...deletedTrips],
      };
      await alongside?.(tx, outcome);
      return outcome;
    },
    // A long-standing account has many rows to go through.
    { timeout: 30_000 },
  );
  if (!retired) return null;
  announceSessionsEnded(deps, userId, null);
  deps.logger.info({ userId }, 'account deleted');
  return retired;
}

/** What became of a deleted account's trips. */
export interface RetiredAccount {
  /** Trips handed to their longest-standing member. */
  tripsPassedOn: { tripId: string; newOwnerId: string }[];
  /** Trips deleted for want of anyone to take them. */
  tripsDeleted: string[];
}
