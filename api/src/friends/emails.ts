import { inviteMailHtml } from '../platform/inviteMail.js';
import type { OutgoingMail } from '../platform/mail.js';

/** "Join me on Tripcrew": to an address without an account, from someone who wants to be friends. */
export function joinInvitationEmail(p: { to: string; inviterName: string; message: string | null; url: string }): OutgoingMail {
  const intro = `${p.inviterName} would like to plan trips with you on Tripcrew, where friends plan trips together.`;
  const action = 'Create your free account with this address and you will be friends straight away.';
  const note = p.message ? `\n\nTheir message: "${p.message}"` : '';
  return {
    to: p.to,
    subject: `${p.inviterName} invited you to Tripcrew`,
    text: `${intro}${note}\n\n${action}\n${p.url}\n`,
    html: inviteMailHtml({ intro, message: p.message, action, url: p.url, button: 'Join Tripcrew' }),
  };
}
