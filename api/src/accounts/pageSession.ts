import { SignJWT, jwtVerify } from 'jose';
import type { AppDeps } from '../platform/context.js';
import { cookieValues } from '../platform/cookies.js';
import { PREFERENCE_COLUMNS, preferencesOf, type TravelPreferences } from './preferences.js';
import { REFRESH_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './tokens.js';

/**
 * The page cookie (issue 27 point 12): lets the server render a signed-in page's document with
 * the reader's data, so a dashboard page shows its content in the first paint instead of after
 * its scripts and queries. The API never reads it: every call still needs its bearer token, so
 * the cookie adds nothing a cross-site form could use. It only opens GET documents under
 * /dashboard (its Path), which the browser alone can read.
 *
 * It is set with the session the sign-in and each refresh answer, and cleared by sign-out. It
 * names the session (the refresh-token family) and the account's session version, and is
 * signed for an audience of its own, so it never passes as an access token. A render checks
 * that the family still has a live refresh token and that the version is current: signing out,
 * a password change or reset, or a deleted account ends it at once.
 */
export const PAGE_COOKIE = 'tc_page';
/** The signed-in pages' documents (server/pageGuard.ts SIGNED_IN_PAGES_PATH, which the time zone cookie shares). */
const COOKIE_PATH = '/dashboard';
const ISSUER = 'tripcrew';
const AUDIENCE = 'tripcrew-page';

interface PageClaims {
  userId: string;
  sessionId: string;
  sessionVersion: number;
}

const secureOf = (deps: AppDeps) => deps.config.publicUrl.startsWith('https:');

/** The Set-Cookie header for a session just issued (its access token names the session), or null for a token without one. */
export async function pageCookieFor(deps: AppDeps, accessToken: string): Promise<string | null> {
  const claims = await verifyAccessToken(deps.authSecret, accessToken);
  if (!claims?.sessionId) return null;
  const now = Math.floor(Date.now() / 1000);
  const value = await new SignJWT({ sid: claims.sessionId, sv: claims.sessionVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + REFRESH_TOKEN_TTL_SECONDS)
    .sign(deps.authSecret);
  return `${PAGE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${REFRESH_TOKEN_TTL_SECONDS}; HttpOnly; SameSite=Lax${secureOf(deps) ? '; Secure' : ''}`;
}

/** The Set-Cookie header that ends it (sign-out). */
export const clearPageCookie = (deps: AppDeps) => `${PAGE_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secureOf(deps) ? '; Secure' : ''}`;

async function claimsOf(deps: AppDeps, value: string): Promise<PageClaims | null> {
  if (value.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(value, deps.authSecret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.sv !== 'number') return null;
    return { userId: payload.sub, sessionId: payload.sid, sessionVersion: payload.sv };
  } catch {
    return null;
  }
}

/** Who a signed-in page is rendered for: what the page shows of them before any query. */
export interface PageReader {
  /** The Authorization header the render's queries run with. */
  authorization: string;
  user: { id: string; email: string; firstName: string; lastName: string } & TravelPreferences;
}

/**
 * The reader a render of a signed-in page is for, read with its session in one statement: a
 * fresh access token of the cookie's session, when the cookie is ours and its session is still
 * live; else null (the page is then served as the shell, and the app signs in as it always
 * did). The account's version is checked again by the queries themselves (accounts/service
 * authenticate).
 */
export async function pageReader(deps: AppDeps, cookieHeader: string | null | undefined): Promise<PageReader | null> {
  const value = cookieValues(cookieHeader, PAGE_COOKIE)[0] || null;
  const claims = value ? await claimsOf(deps, value) : null;
  if (!claims) return null;
  const live = await deps.db.prisma.refreshToken.findFirst({
    where: { userId: claims.userId, familyId: claims.sessionId, revokedAt: null, expiresAt: { gt: new Date() }, sessionVersion: claims.sessionVersion },
    select: {
      user: { select: { id: true, email: true, firstName: true, lastName: true, role: true, sessionVersion: true, deletedAt: true, ...PREFERENCE_COLUMNS } },
    },
  });
  if (!live || live.user.deletedAt || live.user.sessionVersion !== claims.sessionVersion) return null;
  const { token } = await signAccessToken(deps.authSecret, {
    userId: claims.userId,
    isAdmin: String(live.user.role).toLowerCase() === 'admin',
    sessionVersion: claims.sessionVersion,
    sessionId: claims.sessionId,
  });
  const { id, email, firstName, lastName } = live.user;
  return { authorization: `Bearer ${token}`, user: { id, email, firstName, lastName, ...preferencesOf(live.user) } };
}

/** The Authorization header alone (pageReader). */
export const pageAuthorization = async (deps: AppDeps, cookieHeader: string | null | undefined): Promise<string | null> =>
  (await pageReader(deps, cookieHeader))?.authorization ?? null;
