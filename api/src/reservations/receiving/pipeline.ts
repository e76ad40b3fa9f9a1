import { createHash } from 'node:crypto';
import { calendarDate } from '../../platform/calendarDate.js';
import type { AppDeps } from '../../platform/context.js';
import { RateLimitedError } from '../../platform/errors.js';
import { withLiveEvents } from '../../platform/outbox.js';
import { notify } from '../../notifications/service.js';
import { forwardingAddress, idPrefixOf, idRange } from '../address.js';
import { INBOUND_MAX_BYTES, RESERVATION_LIMITS, RESERVATIONS_PER_MESSAGE_MAX, ReservationMessages as M } from '../messages.js';
import { extractReservations, MalformedMessageError, readMessage, type ExtractedReservation, type MessageParts } from '../parsing/index.js';

/** How a message arrived: the SMTP envelope, or what a webhook caller said of it. */
export interface Envelope {
  channel: 'smtp' | 'webhook';
  /** MAIL FROM (SMTP) or the provider's sender; null when not given (the header From decides). */
  mailFrom: string | null;
  /** RCPT TO (SMTP) or the provider's recipient; empty means the message's own To/Cc. */
  recipients: string[];
  clientIp: string;
}

export type RefusalKind = 'too_big' | 'rate_limited' | 'malformed' | 'unknown_address' | 'stranger' | 'no_reservation';

/** A message that is not taken: nothing of it is stored but a line in the inbound log. */
export class InboundRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'InboundRefusal';
  }
}

export interface InboundResult {
  outcome: 'ACCEPTED' | 'DUPLICATE';
  userId: string;
  reservationIds: string[];
}

const lower = (s: string | null | undefined) => (s ? s.trim().toLowerCase() : null);

/** The account a message is for: the first recipient that is a forwarding address of someone. */
async function recipientAccount(deps: AppDeps, recipients: string[]) {
  const domain = deps.config.mailDomain;
  for (const address of recipients) {
    const prefix = idPrefixOf(address, domain);
    if (!prefix) continue;
    const users = await deps.db.prisma.user.findMany({ where: { id: idRange(prefix), deletedAt: null }, select: { id: true, email: true }, take: 5 });
    // Two accounts sharing the id's first 8 characters are told apart by the name part.
    const user = users.length === 1 ? users[0] : users.find((u) => forwardingAddress(u, domain) === address.replace(/\+[^@]*@/, '@'));
    if (user) return { user, address };
  }
  return null;
}

function truncate(r: ExtractedReservation) {
  const cut = (v: string | null, max: number) => (v && v.length > max ? v.slice(0, max) : v);
  return {
    type: r.type,
    title: cut(r.title, RESERVATION_LIMITS.title) || 'Reservation',
    // A date read from a message that is no calendar day (2026-13-45) is left out, never stored.
    date: calendarDate(r.date),
    time: r.time,
    location: cut(r.location, RESERVATION_LIMITS.location),
    confirmationNumber: cut(r.confirmationNumber, RESERVATION_LIMITS.confirmationNumber),
    fromLocation: cut(r.fromLocation, RESERVATION_LIMITS.fromLocation),
    toLocation: cut(r.toLocation, RESERVATION_LIMITS.toLocation),
    airline: cut(r.airline, RESERVATION_LIMITS.airline),
  };
}

/** Writes a refused message's line in the inbound log (metadata only) and logs it. */
async function logRefusal(
  deps: AppDeps,
  envelope: Envelope,
  raw: Buffer,
  refusal: InboundRefusal,
  meta: { userId?: string; parts?: MessageParts; recipient?: string },
) {
  deps.logger.info(
    { channel: envelope.channel, kind: refusal.kind, sender: envelope.mailFrom ?? meta.parts?.from, recipient: meta.recipient },
    `inbound mail refused: ${refusal.message}`,
  );
  if (refusal.kind === 'rate_limited' || refusal.kind === 'too_big') return; // floods are not written down
  await deps.db.prisma.inboundMessage
    .create({
      data: {
        userId: meta.userId ?? null,
        outcome: 'REFUSED',
        reason: refusal.message,
        channel: envelope.channel,
        sender: (envelope.mailFrom ?? meta.parts?.from)?.slice(0, 320) ?? null,
        recipient: (meta.recipient ?? envelope.recipients[0])?.slice(0, 320) ?? null,
        subject: meta.parts?.subject?.slice(0, 300) ?? null,
        messageId: meta.parts?.messageId?.slice(0, 300) ?? null,
        sizeBytes: raw.length,
      },
    })
    .catch((err) => deps.logger.warn({ err }, 'could not log a refused inbound message'));
}

/**
 * The one pipeline both doors (SMTP and the webhook) feed: checks size and rate, reads the
 * message, finds the account by its forwarding address, accepts it only from that account's own
 * address, understands it, then stores its reservations, the log line, a notification and the
 * live event in one transaction. Any refusal throws InboundRefusal and stores nothing else.
 */
export async function receiveMessage(deps: AppDeps, envelope: Envelope, raw: Buffer): Promise<InboundResult> {
  const meta: { userId?: string; parts?: MessageParts; recipient?: string } = {};
  try {
    if (raw.length > INBOUND_MAX_BYTES) throw new InboundRefusal('too_big', M.tooBig.replace('{max}', String(INBOUND_MAX_BYTES / 1024 / 1024)));
    await consume(deps, 'inboundPerClient', envelope.clientIp);
    try {
      meta.parts = await readMessage(raw);
    } catch (err) {
      if (err instanceof MalformedMessageError) throw new InboundRefusal('malformed', M.malformed);
      throw err;
    }
    const parts = meta.parts;
    const found = await recipientAccount(deps, envelope.recipients.length ? envelope.recipients.map((r) => r.toLowerCase()) : parts.to);
    if (!found) throw new InboundRefusal('unknown_address', M.unknownAddress);
    meta.userId = found.user.id;
    meta.recipient = found.address;
    // The account holder's own address, as the sending server states it (a provider's automatic
    // forward keeps the airline in From:), or as the message states it when nothing else does.
    if (lower(envelope.mailFrom ?? parts.from) !== lower(found.user.email)) throw new InboundRefusal('stranger', M.strangerSender);
    await consume(deps, 'inboundPerUser', found.user.id);
    const { reservations } = await extractReservations(parts);
    if (!reservations.length) throw new InboundRefusal('no_reservation', M.noReservation);
    return await store(deps, envelope, raw, parts, found, reservations.slice(0, RESERVATIONS_PER_MESSAGE_MAX));
  } catch (err) {
    if (err instanceof InboundRefusal) await logRefusal(deps, envelope, raw, err, meta);
    throw err;
  }
}

async function consume(deps: AppDeps, name: 'inboundPerClient' | 'inboundPerUser', key: string) {
  try {
    await deps.limiter.consume(name, key, M.tooMany);
  } catch (err) {
    if (err instanceof RateLimitedError) throw new InboundRefusal('rate_limited', M.tooMany);
    throw err;
  }
}

async function store(
  deps: AppDeps,
  envelope: Envelope,
  raw: Buffer,
  parts: MessageParts,
  found: { user: { id: string }; address: string },
  reservations: ExtractedReservation[],
): Promise<InboundResult> {
  const userId = found.user.id;
  // The same message forwarded twice (or retried by a sending server) is imported once.
  const messageKey = (parts.messageId ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`).slice(0, 300);
  return withLiveEvents(deps, async (tx, events) => {
    const created = await tx.reservation.createManyAndReturn({
      data: reservations.map((r, i) => ({
        ...truncate(r),
        userId,
        sourceSender: (envelope.mailFrom ?? parts.from)?.slice(0, 320) ?? null,
        sourceMessageId: i === 0 ? messageKey : `${messageKey}#${i}`,
      })),
      skipDuplicates: true,
      select: { id: true, title: true },
    });
    const outcome = created.length ? 'ACCEPTED' : 'DUPLICATE';
    await tx.inboundMessage.create({
      data: {
        userId,
        outcome,
        channel: envelope.channel,
        sender: (envelope.mailFrom ?? parts.from)?.slice(0, 320) ?? null,
        recipient: found.address.slice(0, 320),
        subject: parts.subject?.slice(0, 300) ?? null,
        messageId: parts.messageId?.slice(0, 300) ?? null,
        sizeBytes: raw.length,
        reservationCount: created.length,
      },
    });
    if (created.length) {
      const first = created[0]!.title;
      await notify(tx, events, userId, {
        type: 'RESERVATION_RECEIVED',
        title: created.length === 1 ? 'New reservation' : 'New reservations',
        message:
          created.length === 1
            ? `"${first}" arrived from your forwarded e-mail.`
            : `${created.length} reservations arrived from your forwarded e-mail, starting with "${first}".`,
        actionUrl: '/dashboard/reservations',
        data: { reservationIds: created.map((c) => c.id) },
      });
      events.viewer([userId], { kind: 'reservations' });
    }
    return { outcome, userId, reservationIds: created.map((c) => c.id) };
  });
}
