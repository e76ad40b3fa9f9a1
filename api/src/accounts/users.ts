import type { AppDeps, Viewer } from '../platform/context.js';
import type { TravelPreferences } from './preferences.js';

/** The columns of a user row this module reads (the generated Prisma type is wider). */
export interface UserRow {
  id: string;
  email: string;
  role: string;
  sessionVersion: number;
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

/** The viewer's columns read with every access check (see `Viewer.card`). */
export const VIEWER_CARD = { id: true, firstName: true, lastName: true, avatarUrl: true, email: true } as const;

/**
 * The account as a viewer, from the database: it, not the token, is the authority on whether the
 * account still exists, on its role and on whether the token's session was ended (a password
 * changed or reset since it was issued), so a deleted user, a revoked administrator or an ended
 * session loses access at once (per request, and per live event). One statement, which also reads the viewer's card.
 */
export async function loadViewer(deps: AppDeps, userId: string, session?: Viewer['session']): Promise<Viewer | null> {
  const user = await deps.db.prisma.user.findUnique({
    where: { id: userId },
    select: { role: true, deletedAt: true, sessionVersion: true, ...VIEWER_CARD },
  });
  // A retired (deleted) account is nobody: its tokens stop working at once.
  if (!user || user.deletedAt) return null;
  if (session && session.version < user.sessionVersion) return null;
  const { role, deletedAt: _deleted, sessionVersion: _version, ...card } = user;
  return { id: user.id, isAdmin: role === 'ADMIN', card, ...(session ? { session } : {}) };
}
