import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppDeps } from '../../platform/context.js';
import { INBOUND_MAX_BYTES, ReservationMessages as M } from '../messages.js';
import { ByteBudget } from './budget.js';
import { admitRecipient, InboundRefusal, receiveMessage, type InboundAccount, type RefusalKind } from './pipeline.js';

/**
 * SMTP replies per refusal: temporary (4xx) for a flood or a check that could not run, permanent
 * (5xx) for the rest. An unknown address and a sender the account does not accept get one and the
 * same reply, so a stranger cannot learn which addresses exist.
 */
const REPLY: Record<RefusalKind, [number, string]> = {
  unknown_address: [550, M.notAccepted],
  stranger: [550, M.notAccepted],
  too_big: [552, M.tooBig.replace('{max}', String(INBOUND_MAX_BYTES / 1024 / 1024))],
  rate_limited: [451, M.tooMany],
  auth_unavailable: [451, M.authUnavailable],
  malformed: [554, M.malformed],
  no_reservation: [554, M.noReservation],
};

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });
const refusalError = (err: InboundRefusal) => smtpError(REPLY[err.kind][1], REPLY[err.kind][0]);
const TRY_LATER = 'Temporary failure; please try again later.';

/** Bounds on what the server holds at once (defaults for production; tests pass smaller ones). */
export interface InboundSmtpLimits {
  /** Connections at once, from everyone (smtp-server answers 421 beyond). */
  maxClients: number;
  /** Connections at once from one client address. */
  maxClientsPerAddress: number;
  /** Message bytes held in memory at once, across all messages (received and being read). */
  maxBufferedBytes: number;
}

export const DEFAULT_INBOUND_SMTP_LIMITS: InboundSmtpLimits = { maxClients: 20, maxClientsPerAddress: 4, maxBufferedBytes: 4 * INBOUND_MAX_BYTES };

type DataOutcome = { raw: Buffer; reserved: number } | { refused: 'too_big' | 'busy' };

/**
 * Reads the DATA stream into the byte budget. Past the size limit, or when the budget is spent,
 * what was kept is dropped and the rest is only drained (never kept), then the message refused.
 */
function readData(stream: SMTPServerDataStream, budget: ByteBudget): Promise<DataOutcome> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let reserved = 0;
    let refused: 'too_big' | 'busy' | null = null;
    const drop = (why: 'too_big' | 'busy') => {
      refused = why;
      chunks = [];
      budget.release(reserved);
      reserved = 0;
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (refused) return;
      if (size > INBOUND_MAX_BYTES) return drop('too_big');
      if (!budget.take(chunk.length)) return drop('busy');
      reserved += chunk.length;
      chunks.push(chunk);
    });
    stream.on('end', () => {
      if (!refused && stream.sizeExceeded) drop('too_big');
      resolve(refused ? { refused } : { raw: Buffer.concat(chunks), reserved });
    });
    stream.on('error', (err) => {
      budget.release(reserved);
      reject(err);
    });
  });
}

export interface InboundSmtp {
  port: number;
  /** Message bytes the server has taken into memory since it started (what tests watch). */
  bytesBuffered(): number;
  close(): Promise<void>;
}

/**
 * The product's own mail server for forwarded confirmations (INBOUND_SMTP_PORT). It takes mail
 * for forwarding addresses at MAIL_DOMAIN only (not a relay), without SMTP authentication.
 * The recipient is checked and the limits counted at RCPT TO, before any of the message is read;
 * the message is then authenticated (DKIM/SPF/DMARC/ARC) by the pipeline, whose verdict is the
 * reply to the sending server.
 */
export async function startInboundSmtp(
  deps: AppDeps,
  port = deps.config.inboundSmtpPort,
  host = deps.config.host,
  limits: InboundSmtpLimits = DEFAULT_INBOUND_SMTP_LIMITS,
): Promise<InboundSmtp> {
  const budget = new ByteBudget(limits.maxBufferedBytes);
  let buffered = 0;
  const perAddress = new Map<string, number>();
  // The account the current transaction's RCPT TO admitted, per session.
  const admitted = new Map<string, InboundAccount>();
  const mailFromOf = (session: SMTPServerSession) => (session.envelope.mailFrom ? session.envelope.mailFrom.address : '') || null;

  const server = new SMTPServer({
    name: deps.config.mailDomain,
    banner: 'Tripcrew reservations',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    maxClients: limits.maxClients,
    socketTimeout: 60_000,
    logger: false,
    onConnect(session, callback) {
      const count = (perAddress.get(session.remoteAddress) ?? 0) + 1;
      if (count > limits.maxClientsPerAddress) return callback(smtpError('Too many connections from your address; please try again later.', 421));
      perAddress.set(session.remoteAddress, count);
      callback();
    },
    onClose(session) {
      admitted.delete(session.id);
      const count = (perAddress.get(session.remoteAddress) ?? 0) - 1;
      if (count > 0) perAddress.set(session.remoteAddress, count);
      else perAddress.delete(session.remoteAddress);
    },
    onMailFrom(_address, session, callback) {
      admitted.delete(session.id); // a new transaction
      callback();
    },
    onRcptTo(address, session, callback) {
      const current = admitted.get(session.id);
      if (current) {
        // One account per message: another recipient waits for its own transaction.
        return callback(address.address.trim().toLowerCase() === current.address ? undefined : smtpError(M.tooManyRecipients, 452));
      }
      admitRecipient(deps, { channel: 'smtp', mailFrom: mailFromOf(session), clientIp: session.remoteAddress }, address.address, { requireSender: true }).then(
        (account) => {
          admitted.set(session.id, account);
          callback();
        },
        (err: unknown) => {
          if (err instanceof InboundRefusal) return callback(refusalError(err));
          deps.logger.error({ err }, 'inbound recipient check failed');
          callback(smtpError(TRY_LATER, 451));
        },
      );
    },
    onData(stream, session, callback) {
      const account = admitted.get(session.id);
      admitted.delete(session.id);
      readData(stream, budget).then(
        async (data) => {
          if ('refused' in data) return callback(data.refused === 'busy' ? smtpError(M.busy, 451) : refusalError(new InboundRefusal('too_big', '')));
          if (!account) return callback(smtpError(M.notAccepted, 550));
          buffered += data.raw.length;
          const envelope = {
            channel: 'smtp' as const,
            mailFrom: mailFromOf(session),
            recipients: [account.address],
            clientIp: session.remoteAddress,
            senderIp: session.remoteAddress,
            helo: session.hostNameAppearsAs,
          };
          try {
            await receiveMessage(deps, envelope, data.raw, account);
            callback();
          } catch (err) {
            if (err instanceof InboundRefusal) return callback(refusalError(err));
            deps.logger.error({ err }, 'inbound mail failed');
            callback(smtpError(TRY_LATER, 451));
          } finally {
            budget.release(data.reserved);
          }
        },
        (err: unknown) => {
          deps.logger.warn({ err }, 'inbound mail stream failed');
          callback(smtpError(TRY_LATER, 451));
        },
      );
    },
  });
  server.on('error', (err) => deps.logger.warn({ err }, 'inbound SMTP server error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    bytesBuffered: () => buffered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
