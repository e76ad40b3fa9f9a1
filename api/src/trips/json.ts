import { formatMoneyDecimal } from '../platform/money.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Viewer } from '../platform/context.js';
import { isoDate } from '../platform/dates.js';
import { isSelfOrAdmin } from '../accounts/visibility.js';
import { tripDestinationJson, type DestinationColumns } from './destination.js';
import { mayIdentifyInvitee, openInvitationWhere, visibleInvitedEmail } from '../invitations/rules.js';
import { ON_TRIP_STATUSES } from './memberStatus.js';

/**
 * What the REST trip lists include: accepted members with their profiles, and open invitations
 * with their invitee's card and whether `viewerId` is the invitee's friend (mayIdentifyInvitee).
 */
export const tripListInclude = (viewerId: string) =>
  ({
    members: {
      where: { status: { in: ON_TRIP_STATUSES } },
      orderBy: [{ role: 'asc' }, { joinedAt: 'asc' }, { id: 'asc' }],
      include: { user: { select: { id: true, email: true, firstName: true, lastName: true, avatarUrl: true } } },
    },
    invitations: {
      where: openInvitationWhere(),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      include: {
        invitedUser: {
          select: { id: true, firstName: true, lastName: true, avatarUrl: true, friendOf: { where: { userId: viewerId }, select: { id: true }, take: 1 } },
        },
      },
    },
  }) satisfies Prisma.TripInclude;

export type TripWithPeople = Prisma.TripGetPayload<{ include: ReturnType<typeof tripListInclude> }>;

type Full = TripWithPeople;
type Member = Full['members'][number];
type Invitation = Full['invitations'][number];

/** What `tripJson` reads of a trip: `TripWithPeople` has it, and so has the one-statement list (service.ts). */
export type TripListItem = Pick<
  Full,
  | 'id'
  | 'name'
  | 'description'
  | 'startDate'
  | 'endDate'
  | 'budgetCents'
  | 'currency'
  | 'timeZone'
  | 'ownerId'
  | 'status'
  | 'createdAt'
  | keyof DestinationColumns
> & {
  members: (Pick<Member, 'id' | 'tripId' | 'userId' | 'status' | 'role' | 'joinedAt'> & {
    user: Pick<Member['user'], 'email' | 'firstName' | 'lastName' | 'avatarUrl'>;
  })[];
  invitations: (Pick<Invitation, 'id' | 'invitedUserId' | 'invitedById' | 'invitedEmail' | 'createdAt' | 'expiresAt'> & {
    invitedUser: Pick<NonNullable<Invitation['invitedUser']>, 'firstName' | 'lastName' | 'avatarUrl' | 'friendOf'> | null;
  })[];
};

const profile = (u: { firstName: string; lastName: string; avatarUrl: string | null }) => ({
  first_name: u.firstName,
  last_name: u.lastName,
  avatar_url: u.avatarUrl,
});

/** What every REST answer about a trip starts with (the trip lists, the dashboard's recent trips). */
export function tripHeadJson(
  t: {
    id: string;
    name: string;
    description: string | null;
    startDate: Date | null;
    endDate: Date | null;
    budgetCents: number | null;
    currency: string;
  } & DestinationColumns,
) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    destination: tripDestinationJson(t),
    start_date: isoDate(t.startDate),
    end_date: isoDate(t.endDate),
    // The first build's clients read a number of major units; the decimal text makes it exact.
    total_budget: t.budgetCents == null ? null : Number(formatMoneyDecimal(t.budgetCents, t.currency)),
  };
}

/**
 * A trip as the `user-trips` answer carries it, as `viewer` may see it. A member's
 * `email` is private (as User.email): only the member themself and administrators get it,
 * others null. A pending invitation's `email` follows visibleInvitedEmail; its invitee's id and
 * card are shown only to whom mayIdentifyInvitee allows (the invitee's friends among members).
 */
export function tripJson(t: TripListItem, viewer: Viewer) {
  return {
    ...tripHeadJson(t),
    total_budget_cents: t.budgetCents,
    currency: t.currency,
    time_zone: t.timeZone,
    owner_id: t.ownerId,
    status: t.status.toLowerCase(),
    created_at: t.createdAt.toISOString(),
    members: t.members.map((m) => ({
      id: m.id,
      trip_id: m.tripId,
      user_id: m.userId,
      email: isSelfOrAdmin(viewer, m.userId) ? m.user.email : null,
      status: m.status.toLowerCase(),
      role: m.role.toLowerCase(),
      joined_at: m.joinedAt?.toISOString() ?? null,
      profile: profile(m.user),
    })),
    // Already only the open ones: both loaders select them by the open-invitation rule.
    pendingInvitations: t.invitations.map((i) => {
      const known = mayIdentifyInvitee(viewer, i, (i.invitedUser?.friendOf.length ?? 0) > 0);
      return {
        id: i.id,
        user_id: known ? i.invitedUserId : null,
        email: visibleInvitedEmail(viewer, i),
        status: 'pending',
        created_at: i.createdAt.toISOString(),
        profile: known && i.invitedUser ? profile(i.invitedUser) : null,
      };
    }),
  };
}
