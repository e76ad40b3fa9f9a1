import { html } from '../platform/formats/html.js';
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
    html: html`<!doctype html>
      <html>
        <body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:auto;padding:24px">
          <h1 style="font-size:20px;color:#0b7285">Tripcrew</h1>
          <p>${intro}</p>
          ${p.message && html`<blockquote style="border-left:3px solid #0b7285;padding-left:12px;color:#444">${p.message}</blockquote>`}
          <p>${action}</p>
          <p>
            <a href="${p.url}" style="display:inline-block;background:#0b7285;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none"
              >Join Tripcrew</a
            >
          </p>
          <p style="font-size:13px;color:#555">${p.url}</p>
        </body>
      </html>`.value,
  };
}
