import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppDeps } from '../../platform/context.js';
import { idPrefixOf } from '../address.js';
import { INBOUND_MAX_BYTES, ReservationMessages as M } from '../messages.js';
import { InboundRefusal, receiveMessage, type RefusalKind } from './pipeline.js';

/** SMTP reply codes per refusal: temporary (4xx) for a flood, permanent (5xx) for the rest. */
const REPLY: Record<RefusalKind, number> = {
  too_big: 552,
  rate_limited: 451,
  malformed: 554,
  unknown_address: 550,
  stranger: 550,
  no_reservation: 554,
};

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

/** Reads the DATA stream up to the limit; over it, the rest is drained and the message refused. */
function readData(stream: SMTPServerDataStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= INBOUND_MAX_BYTES) chunks.push(chunk);
    });
    stream.on('end', () => resolve(stream.sizeExceeded || size > INBOUND_MAX_BYTES ? null : Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

/**
 * The product's own mail server for forwarded confirmations (INBOUND_SMTP_PORT). It takes mail
 * for forwarding addresses at MAIL_DOMAIN only (not a relay), without authentication, and hands
 * each message to the pipeline; the pipeline's verdict is the reply to the sending server.
 */
export async function startInboundSmtp(deps: AppDeps, port = deps.config.inboundSmtpPort, host = deps.config.host): Promise<InboundSmtp> {
  const server = new SMTPServer({
    name: deps.config.mailDomain,
    banner: 'Tripcrew reservations',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    maxClients: 50,
    socketTimeout: 60_000,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!idPrefixOf(address.address, deps.config.mailDomain)) return callback(smtpError(M.unknownAddress, 550));
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      readData(stream).then(
        async (raw) => {
          if (!raw) return callback(smtpError(M.tooBig.replace('{max}', String(INBOUND_MAX_BYTES / 1024 / 1024)), 552));
          const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
          try {
            await receiveMessage(
              deps,
              { channel: 'smtp', mailFrom: mailFrom || null, recipients: session.envelope.rcptTo.map((r) => r.address), clientIp: session.remoteAddress },
              raw,
            );
            callback();
          } catch (err) {
            if (err instanceof InboundRefusal) return callback(smtpError(err.message, REPLY[err.kind]));
            deps.logger.error({ err }, 'inbound mail failed');
            callback(smtpError('Temporary failure; please try again later.', 451));
          }
        },
        (err: unknown) => {
          deps.logger.warn({ err }, 'inbound mail stream failed');
          callback(smtpError('Temporary failure; please try again later.', 451));
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
