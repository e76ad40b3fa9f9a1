import type { AppDeps, Viewer } from '../platform/context.js';
import type { TravelPreferences } from './preferences.js';

/** The columns of a user row this module reads (the generated Prisma type is wider). */
export interface UserRow {
  id: string;
  email: string;
  role: string;
  firstName: string;
  lastName: string;
  travelFrequency: string | null;
  groupSize: string | null;
  budgetRange: string | null;
  preferredDestinations: string[];
  activities: string[];
  travelStyle: string[];
  accommodation: string[];
  transportation: string[];
}

/** Picks the preference columns of a user row (or any object that has them). */
export function preferencesOf(u: TravelPreferences): TravelPreferences {
  return {
    travelFrequency: u.travelFrequency,
    groupSize: u.groupSize,
    budgetRange: u.budgetRange,
    preferredDestinations: u.preferredDestinations,
    activities: u.activities,
    travelStyle: u.travelStyle,
    accommodation: u.accommodation,
    transportation: u.transportation,
  };
}

export function displayName(u: { firstName: string; lastName: string }): string {
  return `${u.firstName} ${u.lastName}`.trim() || 'Traveler';
}

/**
 * The account as a viewer, from the database: it, not the token, is the authority on whether the
 * account still exists and on its role, so a deleted user or a revoked administrator loses
 * access at once (per request, and per live event).
 */
export async function loadViewer(deps: AppDeps, userId: string): Promise<Viewer | null> {
  const user = await deps.db.prisma.user.findUnique({ where: { id: userId }, select: { id: true, role: true, deletedAt: true } });
  // A retired (deleted) account is nobody: its tokens stop working at once.
  return user && !user.deletedAt ? { id: user.id, isAdmin: user.role === 'ADMIN' } : null;
}
