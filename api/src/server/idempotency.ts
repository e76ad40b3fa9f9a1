import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../platform/context.js';
import { ConflictError, UnauthenticatedError, ValidationError } from '../platform/errors.js';
import { authenticate } from '../accounts/service.js';

/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;

export const IdempotencyMessages = {
  badKey: 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  reused: 'This Idempotency-Key was already used for a different request.',
} as const;

/**
 * Makes a change safe to retry. A signed-in client may send `Idempotency-Key: <uuid>` with any
 * POST, PUT or DELETE (GraphQL mutations and REST alike): the first request runs and its answer
 * is kept for a day under (account, key); the same request again gets that answer back, marked
 * `Idempotent-Replayed: true`, without acting twice. The same key with a different request is
 * refused (400), and one that arrives while the first still runs waits its turn (409).
 * Requests without the header, or without an access token of a session still open (the check
 * every request's viewer load makes), pass through untouched: a replay is never an answer to a
 * token that could no longer make the request.
 */
export function idempotency(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    if (!KEY_FORMAT.test(key)) throw new ValidationError(IdempotencyMessages.badKey, 'Idempotency-Key');
    // The caller must be signed in now, as the route would check: a token whose session ended
    // (signed out, password changed or reset, account deleted) gets no stored answer; the route
    // then refuses it (401) as it would without the header.
    const viewer = await authenticate(deps, c.req.header('authorization')).catch((err: unknown) => {
      if (err instanceof UnauthenticatedError) return null;
      throw err;
    });
    if (!viewer) return next();

    const body = await c.req.text();
    const fingerprint = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');
    const prisma = deps.db.prisma;
    const id = { userId: viewer.id, key };
    const reserved = await prisma.idempotentRequest.createMany({ data: [{ ...id, fingerprint }], skipDuplicates: true }).catch((err: unknown) => {
      // A well-signed token of an account that no longer exists (no user row to keep an answer
      // under): the route refuses the token as it would without the header.
      if ((err as { code?: unknown } | null)?.code === 'P2003') return null;
      throw err;
    });
    if (!reserved) {
      c.req.raw = new Request(c.req.raw, { body });
      return next();
    }
    if (reserved.count === 0) {
      const earlier = await prisma.idempotentRequest.findUnique({ where: { userId_key: id } });
      if (earlier && earlier.createdAt.getTime() < Date.now() - IDEMPOTENCY_TTL_MS) {
        // Expired but not swept yet: forget it and take the key afresh.
        await prisma.idempotentRequest.deleteMany({ where: { ...id, createdAt: earlier.createdAt } });
        return idempotency(deps)(c, next);
      }
      if (!earlier || earlier.fingerprint !== fingerprint) throw new ValidationError(IdempotencyMessages.reused, 'Idempotency-Key');
      if (earlier.status === null) throw new ConflictError(IdempotencyMessages.inProgress);
      return new Response(earlier.body, {
        status: earlier.status,
        headers: { 'content-type': earlier.contentType ?? 'application/json', 'idempotent-replayed': 'true', 'cache-control': 'no-store' },
      });
    }

    // The body was read above; hand the route a request that still has it.
    c.req.raw = new Request(c.req.raw, { body });
    try {
      await next();
    } catch (err) {
      await prisma.idempotentRequest.deleteMany({ where: id });
      throw err;
    }
    const res = c.res;
    // A server error may be retried for real: keep nothing. Anything else is the answer.
    if (res.status >= 500) {
      await prisma.idempotentRequest.deleteMany({ where: id });
      return;
    }
    const text = await res.clone().text();
    await prisma.idempotentRequest.update({
      where: { userId_key: id },
      data: { status: res.status, contentType: res.headers.get('content-type'), body: text },
    });
  };
}

/** Forgets answers older than a day; returns how many. */
export async function sweepIdempotentRequests(deps: AppDeps): Promise<number> {
  const { count } = await deps.db.prisma.idempotentRequest.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_TTL_MS) } } });
  return count;
}
