import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Access tokens are short-lived JWTs; a client keeps a session alive with refresh tokens. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const VERIFICATION_TOKEN_TTL_SECONDS = 48 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

const ISSUER = 'tripcrew';
const AUDIENCE = 'tripcrew-api';

/**
 * What an access token says: who, whether an administrator, and which session: the refresh-token
 * family it was issued for (`sid`) and the account's session version then (`sv`). A password
 * change or reset raises the version, and `authenticate` refuses a token of an older one.
 */
export interface AccessClaims {
  userId: string;
  isAdmin: boolean;
  sessionVersion: number;
  /** The refresh-token family; null in tokens issued before sessions were named. */
  sessionId: string | null;
}

/** A token without a session (scripts, tests) is of version 0 and names no refresh-token family. */
export async function signAccessToken(secret: Uint8Array, claims: { userId: string; isAdmin: boolean; sessionVersion?: number; sessionId?: string }) {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ adm: claims.isAdmin, sv: claims.sessionVersion ?? 0, ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt };
}

const MAX_TOKEN_AGE_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 60;

/**
 * Tokens already verified, by their text, until they expire: a signed-in client sends the same
 * token with every request for its 15 minutes, and checking its HMAC each time (WebCrypto, an
 * asynchronous job) was a large part of a small request's cost. The answer for a given text and
 * secret cannot change before the expiry, which is checked on every hit. Bounded; oldest go first.
 * Whether the session has been ended since is not the token's to say: `authenticate` compares its
 * session version with the account's, read with the viewer on every request.
 */
const verified = new Map<string, { secret: Uint8Array; claims: AccessClaims; validUntilMs: number }>();
const VERIFIED_MAX = 20_000;

export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  const hit = verified.get(token);
  if (hit && hit.secret === secret) {
    if (Date.now() < hit.validUntilMs) return hit.claims;
    verified.delete(token);
  }
  try {
    // A token without an expiry (or older than an access token can be) is refused, whoever signed it.
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
    });
    if (typeof payload.sub !== 'string') return null;
    const claims: AccessClaims = {
      userId: payload.sub,
      isAdmin: payload.adm === true,
      sessionVersion: typeof payload.sv === 'number' && Number.isSafeInteger(payload.sv) ? payload.sv : 0,
      sessionId: typeof payload.sid === 'string' ? payload.sid : null,
    };
    // jose accepts while (whole seconds) now < exp and now - iat <= the maximum age.
    const validUntilMs = Math.min(payload.exp! * 1000, (payload.iat! + MAX_TOKEN_AGE_SECONDS + 1) * 1000);
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret, claims, validUntilMs });
    return claims;
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer <token>` value; null when it has another form. */
export function bearerToken(authorization: string): string | null {
  return authorization.match(/^Bearer\s+(.+)$/i)?.[1].trim() || null;
}

/** An opaque random token for links and refresh; only its SHA-256 is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function secondsFromNow(seconds: number): Date {
  return new Date(Date.now() + seconds * 1000);
}
