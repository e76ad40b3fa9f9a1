import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger.js';
import { headerText } from './formats/mailHeaders.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Outgoing mail through nodemailer. With SMTP_URL it talks to that server; without, each message
 * is rendered to a complete .eml file in $DATA_DIR/outbox (and logged), so a developer or a test
 * can open the links a real inbox would receive.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(given) {
      // Subjects are built from users' words (a trip's or a person's name): each header's text is
      // made one line here, the one place every message passes, so none can add a header.
      const mail = { ...given, to: headerText(given.to), subject: headerText(given.subject) };
      const info = await transport.sendMail({ from: headerText(opts.from), ...mail });
      if (opts.smtpUrl) {
        opts.logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
        return;
      }
      await fs.mkdir(outbox, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      opts.logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
    close() {
      transport.close();
    },
  };
}
