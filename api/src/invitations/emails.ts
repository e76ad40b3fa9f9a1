import { inviteMailHtml } from '../platform/inviteMail.js';
import type { OutgoingMail } from '../platform/mail.js';

/** The invitation e-mail: existing users are sent to their dashboard, new addresses to the public page. */
export function invitationEmail(p: {
  to: string;
  inviterName: string;
  tripName: string;
  message: string | null;
  url: string;
  existingUser: boolean;
}): OutgoingMail {
  const intro = `${p.inviterName} invited you to join the trip "${p.tripName}" on Tripcrew.`;
  const action = p.existingUser
    ? 'Sign in to accept or decline it from your dashboard.'
    : 'Open the invitation to accept it; you can create your free account on the way.';
  const note = p.message ? `\n\nTheir message: "${p.message}"` : '';
  return {
    to: p.to,
    subject: `${p.inviterName} invited you to "${p.tripName}"`,
    text: `${intro}${note}\n\n${action}\n${p.url}\n\nThis invitation expires in 14 days.\n`,
    html: inviteMailHtml({ intro, message: p.message, action, url: p.url, button: 'View invitation', footnote: 'This invitation expires in 14 days.' }),
  };
}
