import { html } from './formats/html.js';

/**
 * The body of an invitation e-mail (to a trip, or to join as a friend): who invites, their own
 * words if any, what to do, a button and the link written out. Every value is escaped by `html`.
 */
export function inviteMailHtml(p: { intro: string; message: string | null; action: string; url: string; button: string; footnote?: string }): string {
  return html`<!doctype html>
    <html>
      <body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:auto;padding:24px">
        <h1 style="font-size:20px;color:#0b7285">Tripcrew</h1>
        <p>${p.intro}</p>
        ${p.message && html`<blockquote style="border-left:3px solid #0b7285;padding-left:12px;color:#444">${p.message}</blockquote>`}
        <p>${p.action}</p>
        <p>
          <a href="${p.url}" style="display:inline-block;background:#0b7285;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${p.button}</a>
        </p>
        <p style="font-size:13px;color:#555">${p.url}${p.footnote ? html`<br />${p.footnote}` : ''}</p>
      </body>
    </html>`.value;
}
