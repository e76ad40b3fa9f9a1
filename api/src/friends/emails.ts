import type { OutgoingMail } from '../platform/mail.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "Join me on Tripcrew": to an address without an account, from someone who wants to be friends. */
export function joinInvitationEmail(p: { to: string; inviterName: string; message: string | null; url: string }): OutgoingMail {
  const intro = `${p.inviterName} would like to plan trips with you on Tripcrew, where friends plan trips together.`;
  const action = 'Create your free account with this address and you will be friends straight away.';
  const note = p.message ? `\n\nTheir message: "${p.message}"` : '';
  return {
    to: p.to,
    subject: `${p.inviterName} invited you to Tripcrew`,
    text: `${intro}${note}\n\n${action}\n${p.url}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#0b7285">Tripcrew</h1><p>${escape(intro)}</p>${p.message ? `<blockquote style="border-left:3px solid #0b7285;padding-left:12px;color:#444">${escape(p.message)}</blockquote>` : ''}
<p>${escape(action)}</p><p><a href="${escape(p.url)}" style="display:inline-block;background:#0b7285;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Join Tripcrew</a></p>
<p style="font-size:13px;color:#555">${escape(p.url)}</p></body></html>`,
  };
}
