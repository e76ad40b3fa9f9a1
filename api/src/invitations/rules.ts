import type { Prisma } from '../generated/prisma/client.js';

/**
 * An invitation is open while it is pending and not past its expiry (none means it never
 * expires). The one statement of that rule, as a query condition; every list of pending
 * invitations (the invitee's, the trip's, the dashboard's, the public page's) uses it.
 */
export const openInvitationWhere = (now = new Date()) =>
  ({ status: 'PENDING', OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }) satisfies Prisma.TripInvitationWhereInput;

/** The same rule for a row already loaded. */
export const isOpenInvitation = (i: { status: string; expiresAt: Date | null }, now = new Date()) =>
  i.status === 'PENDING' && !(i.expiresAt && i.expiresAt <= now);

/** Open invitations addressed to this user (by account or by e-mail). */
export const pendingFor = (user: { id: string; email: string }) =>
  ({ AND: [{ OR: [{ invitedUserId: user.id }, { invitedEmail: user.email }] }, openInvitationWhere()] }) satisfies Prisma.TripInvitationWhereInput;
