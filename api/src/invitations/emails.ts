import { html } from '../platform/formats/html.js';
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
    html: html`<!doctype html>
      <html>
        <body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:auto;padding:24px">
          <h1 style="font-size:20px;color:#0b7285">Tripcrew</h1>
          <p>${intro}</p>
          ${p.message && html`<blockquote style="border-left:3px solid #0b7285;padding-left:12px;color:#444">${p.message}</blockquote>`}
          <p>${action}</p>
          <p>
            <a href="${p.url}" style="display:inline-block;background:#0b7285;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none"
              >View invitation</a
            >
          </p>
          <p style="font-size:13px;color:#555">${p.url}<br />This invitation expires in 14 days.</p>
        </body>
      </html>`.value,
  };
}
