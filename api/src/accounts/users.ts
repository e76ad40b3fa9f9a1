import type { AppDeps, Viewer } from '../platform/context.js';
import { isUuid } from '../platform/ids.js';
import type { TravelPreferences } from './preferences.js';

/** The columns of a user row this module reads (the generated Prisma type is wider). */
export interface UserRow extends TravelPreferences {
  id: string;
  email: string;
  role: string;
  sessionVersion: number;
  firstName: string;
  lastName: string;
}

export { preferencesOf } from './preferences.js';

/** A person's name for people (the one rule lives in accountFields.ts, shared with the web). */
export { displayName } from './accountFields.js';

/**
 * The account as a viewer, from the database: it, not the token, is the authority on whether the
 * account still exists, on its role and on whether the token's session was ended (a password
 * changed or reset since it was issued), so a deleted user, a revoked administrator or an ended
 * session loses access at once (per request, and per live event). One statement, which also reads the viewer's card
 * and trip memberships.
 */
export async function loadViewer(deps: AppDeps, userId: string, session?: Viewer['session']): Promise<Viewer | null> {
  // A validly signed token naming no possible account (never issued by us) is nobody.
  if (!isUuid(userId)) return null;
  // Hand-written: the memberships come as one JSON array of [trip, status] pairs, which costs
  // the drivers one value to decode for a traveller on hundreds of trips (Prisma's joined
  // relation maps each one as an object).
  const [user] = await deps.db.prisma.$queryRaw<ViewerRow[]>`
    SELECT u.id, u.role::text AS role, u.deleted_at IS NOT NULL AS deleted, u.session_version AS "sessionVersion",
      u.first_name AS "firstName", u.last_name AS "lastName", u.avatar_url AS "avatarUrl", u.email,
      (SELECT json_agg(json_build_array(m.trip_id, m.status)) FROM trip_members m WHERE m.user_id = u.id) AS memberships
    FROM users u WHERE u.id = ${userId}::uuid`;
  // A retired (deleted) account is nobody: its tokens stop working at once.
  if (!user || user.deleted) return null;
  if (session && session.version < user.sessionVersion) return null;
  const { id, role, firstName, lastName, avatarUrl, email } = user;
  return {
    id,
    isAdmin: role === 'admin',
    card: { id, firstName, lastName, avatarUrl, email },
    memberships: (user.memberships ?? []).map(([tripId, status]) => ({ tripId, status: status.toUpperCase() })),
    ...(session ? { session } : {}),
  };
}

interface ViewerRow {
  id: string;
  role: string;
  deleted: boolean;
  sessionVersion: number;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  email: string;
  memberships: [tripId: string, status: string][] | null;
}
