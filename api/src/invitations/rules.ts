import type { Prisma } from '../generated/prisma/client.js';
import type { Viewer } from '../platform/context.js';
import { name, sql, type Sql } from '../platform/sql.js';

/**
 * An invitation is open while it is pending and not past its expiry (none means it never
 * expires). The one statement of that rule, as a query condition; every list of pending
 * invitations (the invitee's, the trip's, the dashboard's, the public page's) uses it.
 */
export const openInvitationWhere = (now = new Date()) =>
  ({ status: 'PENDING', OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }) satisfies Prisma.TripInvitationWhereInput;

/**
 * The same rule in SQL, for the few statements written by hand (the REST trips list reads its
 * trips, people and invitations in one statement). `alias` names a trip_invitations row.
 * Timestamps are stored as UTC wall times, hence `now()` taken in UTC. Tested against the
 * Prisma form above on the same rows.
 */
export const openInvitationSql = (alias: string): Sql => {
  const [status, expiresAt] = [name(`${alias}.status`), name(`${alias}.expires_at`)];
  return sql`${status} = 'pending' AND (${expiresAt} IS NULL OR ${expiresAt} > (now() AT TIME ZONE 'UTC'))`;
};

/** The same rule for a row already loaded. */
export const isOpenInvitation = (i: { status: string; expiresAt: Date | null }, now = new Date()) =>
  i.status === 'PENDING' && !(i.expiresAt && i.expiresAt <= now);

/** Open invitations addressed to this user (by account or by e-mail). */
export const pendingFor = (user: { id: string; email: string }) =>
  ({ AND: [{ OR: [{ invitedUserId: user.id }, { invitedEmail: user.email }] }, openInvitationWhere()] }) satisfies Prisma.TripInvitationWhereInput;

/**
 * The invited address as `viewer` may see it (viewer being someone allowed to read the
 * invitation: a trip member, the inviter, the invitee or an administrator). An address typed in
 * for nobody with an account is how the trip's members know who is pending; once it belongs to
 * an account (a friend, an existing user, a sign-up) it is that person's private data, like
 * User.email: only the inviter, the invitee and administrators see it; others see the name.
 */
export function visibleInvitedEmail(
  viewer: Viewer | null,
  invitation: { invitedEmail: string; invitedUserId: string | null; invitedById: string | null },
): string | null {
  if (!viewer) return null;
  if (!invitation.invitedUserId) return invitation.invitedEmail;
  const privileged = viewer.isAdmin || viewer.id === invitation.invitedUserId || viewer.id === invitation.invitedById;
  return privileged ? invitation.invitedEmail : null;
}

/**
 * Whether `viewer` may know which account an invitation is for (its id, name, profile) before
 * the invitee has answered. Only the invitee, administrators, and the invitee's friends (who know
 * them already) may. Everyone else on the trip sees what the invitation itself says: the address
 * as visibleInvitedEmail shows it, and its status; inviting an address must not open its
 * owner's profile (their place and travel preferences) to the inviter.
 */
export function mayIdentifyInvitee(viewer: Viewer | null, invitation: { invitedUserId: string | null }, viewerIsFriend: boolean): boolean {
  if (!viewer || !invitation.invitedUserId) return false;
  return viewer.isAdmin || viewer.id === invitation.invitedUserId || viewerIsFriend;
}
