import { createHash } from 'node:crypto';
import { calendarDate } from '../../platform/calendarDate.js';
import type { AppDeps } from '../../platform/context.js';
import { RateLimitedError } from '../../platform/errors.js';
import { withLiveEvents } from '../../platform/outbox.js';
import { notify } from '../../notifications/service.js';
import { forwardingTokenOf, sameMailbox } from '../address.js';
import { verifyOwnerSender } from './authenticate.js';
import { INBOUND_MAX_BYTES, RESERVATION_LIMITS, RESERVATIONS_PER_MESSAGE_MAX, ReservationMessages as M } from '../messages.js';
import { extractReservations, MalformedMessageError, readMessage, type ExtractedReservation, type MessageParts } from '../parsing/index.js';

/** How a message arrived: the SMTP envelope, or what a webhook caller said of it. */
export interface Envelope {
  channel: 'smtp' | 'webhook';
  /** MAIL FROM (SMTP) or the provider's sender; null when not given (the header From decides). */
  mailFrom: string | null;
  /** RCPT TO (SMTP) or the provider's recipient; empty means the message's own To/Cc. */
  recipients: string[];
  /** Who is calling, for the per-client limit (the SMTP client, or the webhook's caller). */
  clientIp: string;
  /** The sending server as SPF judges it: its address and HELO name (the provider's, for the webhook). */
  senderIp?: string;
  helo?: string;
}

export type RefusalKind = 'too_big' | 'rate_limited' | 'malformed' | 'unknown_address' | 'stranger' | 'auth_unavailable' | 'no_reservation';

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

/** The account a forwarding address names, once admitted (recipient found, limits counted). */
export interface InboundAccount {
  user: { id: string; email: string };
  address: string;
}

/** The account an address names: its exact token, a live account. */
async function accountOf(deps: AppDeps, address: string): Promise<InboundAccount | null> {
  const token = forwardingTokenOf(address, deps.config.mailDomain);
  if (!token) return null;
  const user = await deps.db.prisma.user.findFirst({ where: { forwardingToken: token, deletedAt: null }, select: { id: true, email: true } });
  return user ? { user, address: address.trim().toLowerCase() } : null;
}

type Meta = { userId?: string; parts?: MessageParts; recipient?: string; sender?: string | null };

/**
 * The recipient check, before any of the message is read (SMTP's RCPT TO; the webhook's `?to=`):
 * counts the client's limit, finds the account by its exact token, refuses an envelope sender
 * that is not the owner's (SMTP requires one: no forwarded confirmation comes from the null
 * sender), then counts the account's limit. Throws InboundRefusal; nothing is buffered yet.
 */
export async function admitRecipient(
  deps: AppDeps,
  envelope: Pick<Envelope, 'channel' | 'mailFrom' | 'clientIp'>,
  address: string,
  opts: { requireSender: boolean },
): Promise<InboundAccount> {
  const meta: Meta = { recipient: address, sender: envelope.mailFrom };
  try {
    await consume(deps, 'inboundPerClient', envelope.clientIp);
    const found = await accountOf(deps, address);
    if (!found) throw new InboundRefusal('unknown_address', M.unknownAddress);
    meta.userId = found.user.id;
    meta.recipient = found.address;
    if (envelope.mailFrom ? !sameMailbox(envelope.mailFrom, found.user.email) : opts.requireSender) {
      throw new InboundRefusal('stranger', M.strangerSender);
    }
    await consume(deps, 'inboundPerUser', found.user.id);
    return found;
  } catch (err) {
    if (err instanceof InboundRefusal) await logRefusal(deps, envelope.channel, 0, err, meta);
    throw err;
  }
}

function truncate(r: ExtractedReservation) {
  const cut = (v: string | null, max: number) => (v && v.length > max ? v.slice(0, max) : v);
  return {
    type: r.type,
    title: cut(r.title, RESERVATION_LIMITS.title) || 'Reservation',
    // A date read from a message that is no calendar day (2026-13-45) is left out, never stored.
    date: calendarDate(r.date),
    time: r.time,
    // Where it ends (arrival, check-out), local at the place as the parsers read it.
    endDate: calendarDate(r.endDate),
    endTime: r.endTime,
    // Set only when the times are not the place's clock (UTC from a calendar): Add to Trip converts them.
    timeZone: r.timeZone ?? null,
    location: cut(r.location, RESERVATION_LIMITS.location),
    confirmationNumber: cut(r.confirmationNumber, RESERVATION_LIMITS.confirmationNumber),
    fromLocation: cut(r.fromLocation, RESERVATION_LIMITS.fromLocation),
    toLocation: cut(r.toLocation, RESERVATION_LIMITS.toLocation),
    airline: cut(r.airline, RESERVATION_LIMITS.airline),
    passengers: r.passengers
      .slice(0, RESERVATION_LIMITS.passengerCount)
      .map((p) => cut(p, RESERVATION_LIMITS.passenger)!)
      .filter(Boolean),
    seat: cut(r.seat, RESERVATION_LIMITS.seat),
    provider: cut(r.provider, RESERVATION_LIMITS.provider),
    reviewFields: r.reviewFields,
  };
}

/** Writes a refused message's line in the inbound log (metadata only) and logs it. */
async function logRefusal(deps: AppDeps, channel: Envelope['channel'], sizeBytes: number, refusal: InboundRefusal, meta: Meta) {
  const sender = meta.sender ?? meta.parts?.from ?? null;
  deps.logger.info({ channel, kind: refusal.kind, sender, recipient: meta.recipient }, `inbound mail refused: ${refusal.message}`);
  // Floods and unknown addresses are not written down (nothing to tie them to, and a stranger
  // could otherwise fill the table); refusals for an account are, for its owner's sake.
  if (refusal.kind === 'rate_limited' || refusal.kind === 'too_big' || !meta.userId) return;
  await deps.db.prisma.inboundMessage
    .create({
      data: {
        userId: meta.userId,
        outcome: 'REFUSED',
        reason: refusal.message,
        channel,
        sender: sender?.slice(0, 320) ?? null,
        recipient: meta.recipient?.slice(0, 320) ?? null,
        subject: meta.parts?.subject?.slice(0, 300) ?? null,
        messageId: meta.parts?.messageId?.slice(0, 300) ?? null,
        sizeBytes,
      },
    })
    .catch((err) => deps.logger.warn({ err }, 'could not log a refused inbound message'));
}

/**
 * The one pipeline both doors (SMTP and the webhook) feed: the recipient and the limits (already
 * done at RCPT TO when `admitted` is given), then reads the message, accepts it only when it is
 * authenticated as the account owner's own (authenticate.ts), understands it, and stores its
 * reservations, the log line, a notification and the live event in one transaction. Any refusal
 * throws InboundRefusal and stores nothing else.
 */
export async function receiveMessage(deps: AppDeps, envelope: Envelope, raw: Buffer, admitted?: InboundAccount): Promise<InboundResult> {
  const meta: Meta = { sender: envelope.mailFrom };
  try {
    if (raw.length > INBOUND_MAX_BYTES) throw new InboundRefusal('too_big', M.tooBig.replace('{max}', String(INBOUND_MAX_BYTES / 1024 / 1024)));
    let found = admitted;
    if (found) {
      meta.userId = found.user.id;
      meta.recipient = found.address;
    }
    if (!found) await consume(deps, 'inboundPerClient', envelope.clientIp);
    try {
      meta.parts = await readMessage(raw);
    } catch (err) {
      if (err instanceof MalformedMessageError) throw new InboundRefusal('malformed', M.malformed);
      throw err;
    }
    const parts = meta.parts;
    if (!found) {
      for (const address of envelope.recipients.length ? envelope.recipients : parts.to) {
        found = (await accountOf(deps, address)) ?? undefined;
        if (found) break;
      }
      if (!found) throw new InboundRefusal('unknown_address', M.unknownAddress);
      meta.userId = found.user.id;
      meta.recipient = found.address;
      if (envelope.mailFrom && !sameMailbox(envelope.mailFrom, found.user.email)) throw new InboundRefusal('stranger', M.strangerSender);
      await consume(deps, 'inboundPerUser', found.user.id);
    }
    const verdict = await verifyOwnerSender(
      deps,
      raw,
      { mailFrom: envelope.mailFrom, clientIp: envelope.senderIp, helo: envelope.helo },
      [found.user.email],
      parts.from,
    );
    if (!verdict.ok) {
      deps.logger.info({ channel: envelope.channel, from: verdict.from, why: verdict.why }, 'inbound mail not authenticated');
      throw verdict.temporary ? new InboundRefusal('auth_unavailable', M.authUnavailable) : new InboundRefusal('stranger', M.strangerSender);
    }
    const { reservations } = await extractReservations(parts, {
      reader: deps.config.reservationReader,
      onReaderError: (err) => deps.logger.warn({ err: (err as Error).message }, 'the reservation reader (language model) gave no usable answer'),
    });
    if (!reservations.length) throw new InboundRefusal('no_reservation', M.noReservation);
    return await store(deps, envelope, raw, parts, found, reservations.slice(0, RESERVATIONS_PER_MESSAGE_MAX));
  } catch (err) {
    if (err instanceof InboundRefusal) await logRefusal(deps, envelope.channel, raw.length, err, meta);
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
