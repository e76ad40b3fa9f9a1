import { html } from '../../platform/formats/html.js';
import type { OutgoingMail } from '../../platform/mail.js';

/** Tells a member that an administrator cancelled their trip. */
export function tripCancelledEmail(p: { to: string; firstName: string; tripName: string; url: string }): OutgoingMail {
  const text = `Hi ${p.firstName},\n\nThe trip "${p.tripName}" has been cancelled by a Tripcrew administrator.\n\nYour trips: ${p.url}\n`;
  return {
    to: p.to,
    subject: `Trip cancelled: ${p.tripName}`,
    text,
    html: html`<p>Hi ${p.firstName},</p>
      <p>The trip &quot;${p.tripName}&quot; has been cancelled by a Tripcrew administrator.</p>
      <p><a href="${p.url}">Your trips</a></p>`.value,
  };
}
