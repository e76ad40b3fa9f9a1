import { timingSafeEqual, createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../../platform/context.js';
import { clientIp } from '../../rest/respond.js';
import { INBOUND_MAX_BYTES, ReservationMessages as M } from '../messages.js';
import { ByteBudget } from './budget.js';
import { admitRecipient, InboundRefusal, receiveMessage, type Envelope, type InboundAccount, type RefusalKind } from './pipeline.js';

const STATUS: Record<RefusalKind, 403 | 404 | 413 | 422 | 429 | 503> = {
  too_big: 413,
  rate_limited: 429,
  malformed: 422,
  unknown_address: 404,
  stranger: 403,
  auth_unavailable: 503,
  no_reservation: 422,
};

/** Bytes of webhook bodies held at once (as the SMTP door's budget, its own). */
const WEBHOOK_BUFFERED_BYTES = 4 * INBOUND_MAX_BYTES;

/** What is wrong with the envelope a provider passed, in words; null when it is usable. */
function envelopeProblem(q: { to?: string; from: string | null; ip?: string; helo?: string }): string | null {
  for (const [name, value] of [
    ['to', q.to],
    ['from', q.from],
  ] as const) {
    if (value && (value.length > 320 || !ADDRESS.test(value))) return `${name} must be an e-mail address.`;
  }
  if (q.ip && !isIP(q.ip)) return 'ip must be the sending server’s IP address.';
  if (q.helo && (q.helo.length > 255 || !HELO.test(q.helo))) return 'helo must be the sending server’s host name.';
  return null;
}
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;
const HELO = /^[A-Za-z0-9.:[\]_-]+$/;

/** Compared in constant time (hashes first, so lengths do not leak either). */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * `POST /api/inbound-email`: a mail provider's webhook hands over the raw message
 * (`Content-Type: message/rfc822`), with the shared secret as `Authorization: Bearer <secret>`
 * (or `X-Inbound-Secret`). Optional `?from=` and `?to=` carry the envelope the provider saw, and
 * `?ip=` / `?helo=` the server that sent it to the provider (for SPF). The secret proves only
 * that the provider called: the message itself is authenticated (DKIM, SPF, DMARC, ARC) by the
 * pipeline, exactly as over SMTP. With `?to=`, the recipient and the limits are checked before
 * the body is read. Unset INBOUND_SECRET turns the route off (404). Mounted ahead of the general
 * 256 KB body limit, with a limit of its own.
 */
export function inboundEmailRoute(deps: AppDeps) {
  const app = new Hono<{ Variables: { envelope: Envelope; admitted: InboundAccount | undefined } }>();
  const secret = deps.config.inboundSecret;
  const budget = new ByteBudget(WEBHOOK_BUFFERED_BYTES);
  const refused = (c: Context, err: InboundRefusal) =>
    c.json({ error: err.message }, STATUS[err.kind], err.kind === 'auth_unavailable' ? { 'retry-after': '60' } : {});
  app.post(
    '/',
    // Everything that needs no body comes first: the secret, the type, the recipient and the
    // limits, and room in the byte budget. Only then is the body read (bodyLimit reads it whole).
    async (c, next) => {
      if (!secret) return c.json({ error: 'Not found' }, 404);
      const given = c.req.header('x-inbound-secret') ?? c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
      if (!given || !sameSecret(given, secret)) return c.json({ error: 'A valid inbound secret is required.' }, 401);
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'message/rfc822') return c.json({ error: 'Send the raw message as message/rfc822.' }, 415);
      const to = c.req.query('to')?.trim();
      const from = c.req.query('from')?.trim() || null;
      const ip = c.req.query('ip')?.trim() || undefined;
      const helo = c.req.query('helo')?.trim() || undefined;
      const wrong = envelopeProblem({ to, from, ip, helo });
      if (wrong) return c.json({ error: wrong }, 400);
      const envelope: Envelope = { channel: 'webhook', mailFrom: from, recipients: to ? [to] : [], clientIp: clientIp(deps, c), senderIp: ip, helo };
      try {
        c.set('admitted', to ? await admitRecipient(deps, envelope, to, { requireSender: false }) : undefined);
      } catch (err) {
        if (err instanceof InboundRefusal) return refused(c, err);
        throw err;
      }
      c.set('envelope', envelope);
      const declared = Number(c.req.header('content-length'));
      const reserve = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, INBOUND_MAX_BYTES) : INBOUND_MAX_BYTES;
      if (!budget.take(reserve)) return c.json({ error: M.busy }, 503, { 'retry-after': '30' });
      try {
        await next();
      } finally {
        budget.release(reserve);
      }
    },
    bodyLimit({ maxSize: INBOUND_MAX_BYTES, onError: (c) => c.json({ error: M.tooBig.replace('{max}', String(INBOUND_MAX_BYTES / 1024 / 1024)) }, 413) }),
    async (c) => {
      const raw = Buffer.from(await c.req.arrayBuffer());
      try {
        const result = await receiveMessage(deps, c.get('envelope'), raw, c.get('admitted'));
        return c.json({ outcome: result.outcome.toLowerCase(), reservations: result.reservationIds.length }, 202);
      } catch (err) {
        if (err instanceof InboundRefusal) return refused(c, err);
        throw err;
      }
    },
  );
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));
  return app;
}
