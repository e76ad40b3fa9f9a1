import type { AppDeps } from '../platform/context.js';
import { isoDate } from '../platform/dates.js';
import { sql } from '../platform/sql.js';
import { NotFoundError } from '../platform/errors.js';
import { preferencesOf } from '../accounts/users.js';
import { timingSql, tripsOf, tripsOfSql } from '../trips/service.js';
import { tripDestinationJson } from '../trips/destination.js';
import { tripHeadJson } from '../trips/json.js';
import { pendingFor } from '../invitations/rules.js';
import { displayName } from '../accounts/accountFields.js';
import type { TravelPreferences } from '../accounts/preferences.js';

export interface DashboardStats {
  totalTrips: number;
  upcomingTrips: number;
  totalExpenses: number;
  pendingTasks: number;
}

/**
 * The home screen's four numbers in one statement whatever the amount of data: trips, upcoming
 * trips (as the trips page's tab counts them, on the caller's today: `timingSql`), expenses
 * recorded in those trips, and open checklist items in those trips that are the user's (assigned
 * to them or to nobody).
 */
export async function dashboardStats(deps: AppDeps, userId: string, today: Date): Promise<DashboardStats> {
  const [row] = await deps.db.prisma.$queryRaw<DashboardStats[]>(sql`
    WITH mine AS (
      SELECT t.id, t.start_date, t.end_date FROM trips t WHERE ${tripsOfSql('t', userId)}
    )
    SELECT
      (SELECT count(*) FROM mine)::int AS "totalTrips",
      (SELECT count(*) FROM mine WHERE ${timingSql('mine', 'UPCOMING', today)})::int AS "upcomingTrips",
      (SELECT count(*) FROM expenses e WHERE e.trip_id IN (SELECT id FROM mine))::int AS "totalExpenses",
      (SELECT count(*) FROM checklist_items ci JOIN checklists c ON c.id = ci.checklist_id
        WHERE c.trip_id IN (SELECT id FROM mine) AND NOT ci.is_completed
          AND (ci.assigned_to_id = ${userId}::uuid OR ci.assigned_to_id IS NULL))::int AS "pendingTasks"`);
  return row;
}

const RECENT_TRIPS = 5;

/**
 * GET /api/backend/user-dashboard/{userId}: profile, pending invitations, the four stats and
 * the most recent trips. A fixed number of queries whatever the user's data.
 */
export async function userDashboard(deps: AppDeps, userId: string, today: Date) {
  const prisma = deps.db.prisma;
  // The invitations need the profile (its address); the numbers and trips need only the id, so
  // they are read meanwhile.
  const profileAndPending = prisma.user.findUnique({ where: { id: userId } }).then(async (profile) => {
    if (!profile) return null;
    const pending = await prisma.tripInvitation.findMany({
      where: pendingFor(profile),
      include: { trip: true, invitedBy: { select: { firstName: true, lastName: true } } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 50,
    });
    return { profile, pending };
  });
  const [found, stats, trips] = await Promise.all([
    profileAndPending,
    dashboardStats(deps, userId, today),
    prisma.trip.findMany({
      where: tripsOf(userId),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: RECENT_TRIPS,
    }),
  ]);
  if (!found) throw new NotFoundError('User not found.');
  const { profile, pending } = found;
  return {
    profile: profileJson(profile),
    pendingInvitations: pending.map((inv) => ({
      id: inv.id,
      trip_id: inv.tripId,
      name: inv.trip.name,
      trip_name: inv.trip.name,
      destination: tripDestinationJson(inv.trip),
      start_date: isoDate(inv.trip.startDate),
      end_date: isoDate(inv.trip.endDate),
      invited_by_name: inv.invitedBy ? displayName(inv.invitedBy, '') : null,
      message: inv.message,
      created_at: inv.createdAt.toISOString(),
    })),
    stats: {
      totalTrips: stats.totalTrips,
      upcomingTrips: stats.upcomingTrips,
      totalExpenses: stats.totalExpenses,
      pendingChecklists: stats.pendingTasks,
    },
    recentTrips: trips.map((t) => ({
      ...tripHeadJson(t),
      currency: t.currency,
      owner_id: t.ownerId,
      created_at: t.createdAt.toISOString(),
    })),
  };
}

/** The profile as the first build's REST answers carried it (snake_case). */
export function profileJson(
  u: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    city: string | null;
    state: string | null;
    country: string | null;
    phone: string | null;
    avatarUrl: string | null;
    createdAt: Date;
  } & TravelPreferences,
) {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    city: u.city,
    state: u.state,
    country: u.country,
    phone: u.phone,
    avatar_url: u.avatarUrl,
    created_at: u.createdAt.toISOString(),
    travel_preferences: preferencesOf(u),
  };
}
