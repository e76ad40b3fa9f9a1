/**
 * Poll notices by e-mail, for the members who asked for them (Settings: "E-mail me about polls").
 * A mail is owed in the same transaction as the in-app notice that causes it, so it has the same
 * once-only guard (the poll's creation, the close that found it open, the reminder's row); its row
 * (poll, member, kind) cannot be owed twice. Any instance may then send it: the one whose
 * conditional update claims the row sends it, the others skip it. A failed send is released and
 * tried again by the next sweep, three times at most.
 */
import type { AppDeps } from '../platform/context.js';
import { html } from '../platform/formats/html.js';
import type { OutgoingMail } from '../platform/mail.js';
import type { Tx } from '../platform/outbox.js';

export type PollMailKind = 'NEW' | 'REMINDER' | 'RESULT';

const SUBJECTS: Record<PollMailKind, string> = { NEW: 'New poll', REMINDER: 'Poll closing soon', RESULT: 'Poll result' };
const MAX_ATTEMPTS = 3;
const BATCH = 50;

/** Owes `kind` about `pollId` to those of `userIds` who want poll e-mails (one statement each way). */
export async function owePollMails(tx: Tx, pollId: string, userIds: string[], kind: PollMailKind, message: string) {
  if (!userIds.length) return;
  const wanting = await tx.user.findMany({ where: { id: { in: userIds }, emailPolls: true, deletedAt: null }, select: { id: true } });
  if (!wanting.length) return;
  await tx.pollMail.createMany({ data: wanting.map((u) => ({ pollId, userId: u.id, kind, message })), skipDuplicates: true });
}

/** The e-mail of one poll notice: its words, escaped, and a link to the trip's Decide tab. */
export function pollEmail(p: { to: string; firstName: string; kind: PollMailKind; tripName: string; message: string; url: string }): OutgoingMail {
  const title = SUBJECTS[p.kind];
  return {
    to: p.to,
    subject: `${title} · ${p.tripName}`,
    text: `Hi ${p.firstName},\n\n${p.tripName}: ${p.message}\n\nOpen the trip's Decide tab: ${p.url}\n\nYou get these because "E-mail me about polls" is on in your Tripcrew settings.\n`,
    html: html`<!doctype html>
      <html>
        <body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:auto;padding:24px">
          <h1 style="font-size:20px;color:#0b7285">Tripcrew</h1>
          <h2 style="font-size:18px">${title} · ${p.tripName}</h2>
          <p>Hi ${p.firstName},</p>
          <p>${p.message}</p>
          <p>
            <a href="${p.url}" style="display:inline-block;background:#0b7285;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none"
              >Open the Decide tab</a
            >
          </p>
          <p style="font-size:13px;color:#555">You get these because “E-mail me about polls” is on in your Tripcrew settings.</p>
        </body>
      </html>`.value,
  };
}

/**
 * Sends the poll mails still owed (those of `pollId` only, when given), each by the instance that
 * claims it. Never throws: a failure is logged and the row released for a later try. Answers how many went.
 */
export async function sendPollMails(deps: AppDeps, pollId?: string): Promise<number> {
  const prisma = deps.db.prisma;
  let sent = 0;
  try {
    const owed = await prisma.pollMail.findMany({
      where: { sentAt: null, attempts: { lt: MAX_ATTEMPTS }, ...(pollId ? { pollId } : {}) },
      select: {
        pollId: true,
        userId: true,
        kind: true,
        message: true,
        user: { select: { email: true, firstName: true, deletedAt: true } },
        poll: { select: { tripId: true, trip: { select: { name: true } } } },
      },
      orderBy: { createdAt: 'asc' },
      take: BATCH,
    });
    for (const m of owed) {
      const key = { pollId: m.pollId, userId: m.userId, kind: m.kind };
      const claimed = await prisma.pollMail.updateMany({ where: { ...key, sentAt: null }, data: { sentAt: new Date(), attempts: { increment: 1 } } });
      if (!claimed.count || m.user.deletedAt) continue;
      const url = `${deps.config.publicUrl}/dashboard/trips/${m.poll.tripId}?tab=decide`;
      try {
        await deps.mailer.send(
          pollEmail({ to: m.user.email, firstName: m.user.firstName, kind: m.kind as PollMailKind, tripName: m.poll.trip.name, message: m.message, url }),
        );
        sent += 1;
      } catch (err) {
        deps.logger.warn({ err, pollId: m.pollId, kind: m.kind }, 'poll mail failed; will retry');
        await prisma.pollMail.updateMany({ where: key, data: { sentAt: null } });
      }
    }
  } catch (err) {
    deps.logger.warn({ err }, 'poll mails could not be read; will retry');
  }
  return sent;
}
