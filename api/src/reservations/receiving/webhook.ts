import { timingSafeEqual, createHash } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../../platform/context.js';
import { clientIp } from '../../rest/respond.js';
import { INBOUND_MAX_BYTES, ReservationMessages as M } from '../messages.js';
import { InboundRefusal, receiveMessage, type RefusalKind } from './pipeline.js';

const STATUS: Record<RefusalKind, 403 | 404 | 413 | 422 | 429> = {
  too_big: 413,
  rate_limited: 429,
  malformed: 422,
  unknown_address: 404,
  stranger: 403,
  no_reservation: 422,
};

/** Compared in constant time (hashes first, so lengths do not leak either). */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * `POST /api/inbound-email`: a mail provider's webhook hands over the raw message
 * (`Content-Type: message/rfc822`), with the shared secret as `Authorization: Bearer <secret>`
 * (or `X-Inbound-Secret`). Optional `?from=` and `?to=` carry the envelope the provider saw.
 * Unset INBOUND_SECRET turns the route off (404). Mounted ahead of the general 256 KB body
 * limit, with a limit of its own.
 */
export function inboundEmailRoute(deps: AppDeps) {
  const app = new Hono();
  const secret = deps.config.inboundSecret;
  app.post(
    '/',
    bodyLimit({ maxSize: INBOUND_MAX_BYTES, onError: (c) => c.json({ error: M.tooBig.replace('{max}', String(INBOUND_MAX_BYTES / 1024 / 1024)) }, 413) }),
    async (c) => {
      if (!secret) return c.json({ error: 'Not found' }, 404);
      const given = c.req.header('x-inbound-secret') ?? c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
      if (!given || !sameSecret(given, secret)) return c.json({ error: 'A valid inbound secret is required.' }, 401);
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'message/rfc822') return c.json({ error: 'Send the raw message as message/rfc822.' }, 415);
      const raw = Buffer.from(await c.req.arrayBuffer());
      const from = c.req.query('from')?.trim() || null;
      const to = c.req.query('to')?.trim();
      try {
        const result = await receiveMessage(deps, { channel: 'webhook', mailFrom: from, recipients: to ? [to] : [], clientIp: clientIp(deps, c) }, raw);
        return c.json({ outcome: result.outcome.toLowerCase(), reservations: result.reservationIds.length }, 202);
      } catch (err) {
        if (err instanceof InboundRefusal) return c.json({ error: err.message }, STATUS[err.kind]);
        throw err;
      }
    },
  );
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));
  return app;
}
