import { html } from '../platform/formats/html.js';
import type { OutgoingMail } from '../platform/mail.js';

function layout(title: string, intro: string, action: { label: string; url: string }, outro: string) {
  return html`<!doctype html>
    <html>
      <body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:auto;padding:24px">
        <h1 style="font-size:20px;color:#0b7285">Tripcrew</h1>
        <h2 style="font-size:18px">${title}</h2>
        <p>${intro}</p>
        <p>
          <a href="${action.url}" style="display:inline-block;background:#0b7285;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none"
            >${action.label}</a
          >
        </p>
        <p style="font-size:13px;color:#555">Or paste this link into your browser:<br />${action.url}</p>
        <p style="font-size:13px;color:#555">${outro}</p>
      </body>
    </html>`.value;
}

export function verificationEmail(to: string, firstName: string, url: string): OutgoingMail {
  const intro = `Hi ${firstName}, welcome to Tripcrew! Confirm your email address to start planning trips with your friends.`;
  const outro = 'This link expires in 48 hours. If you did not sign up, you can ignore this message.';
  return {
    to,
    subject: 'Confirm your Tripcrew email address',
    text: `${intro}\n\nConfirm your email: ${url}\n\n${outro}\n`,
    html: layout('Confirm your email address', intro, { label: 'Confirm email', url }, outro),
  };
}

/** To the new address of an e-mail change: the link moves the account to it. */
export function emailChangeEmail(to: string, firstName: string, url: string): OutgoingMail {
  const intro = `Hi ${firstName}, you asked to use this address for your Tripcrew account. Confirm it, and you will sign in with it from then on.`;
  const outro = 'This link expires in 48 hours. Until you open it, your account keeps its current address. If you did not ask for this, ignore this message.';
  return {
    to,
    subject: 'Confirm your new Tripcrew email address',
    text: `${intro}\n\nConfirm your new address: ${url}\n\n${outro}\n`,
    html: layout('Confirm your new email address', intro, { label: 'Confirm new address', url }, outro),
  };
}

/** To the current address of an e-mail change, so a change nobody asked for does not go unseen. */
export function emailChangeNoticeEmail(to: string, firstName: string, newAddress: string, resetUrl: string): OutgoingMail {
  const intro = `Hi ${firstName}, someone signed in to your Tripcrew account asked to change its email address to ${newAddress}. Nothing changes until that address is confirmed.`;
  const outro = 'If this was you, there is nothing to do. If it was not, choose a new password now: that signs everyone else out.';
  return {
    to,
    subject: 'Your Tripcrew email address is about to change',
    text: `${intro}\n\n${outro}\n${resetUrl}\n`,
    html: layout('Email change requested', intro, { label: 'Choose a new password', url: resetUrl }, outro),
  };
}

export function passwordResetEmail(to: string, firstName: string, url: string): OutgoingMail {
  const intro = `Hi ${firstName}, someone asked to reset the password of your Tripcrew account.`;
  const outro = 'This link expires in one hour and works once. If you did not ask for it, ignore this message: your password stays as it is.';
  return {
    to,
    subject: 'Reset your Tripcrew password',
    text: `${intro}\n\nChoose a new password: ${url}\n\n${outro}\n`,
    html: layout('Reset your password', intro, { label: 'Choose a new password', url }, outro),
  };
}

/** To the account's address after its password was changed in Settings, so a change nobody asked for does not go unseen. */
export function passwordChangedNoticeEmail(to: string, firstName: string, resetUrl: string): OutgoingMail {
  const intro = `Hi ${firstName}, the password of your Tripcrew account was just changed, and every other device signed in to it was signed out.`;
  const outro = 'If this was you, there is nothing to do. If it was not, choose a new password now: that signs everyone else out.';
  return {
    to,
    subject: 'Your Tripcrew password was changed',
    text: `${intro}\n\n${outro}\n${resetUrl}\n`,
    html: layout('Password changed', intro, { label: 'Choose a new password', url: resetUrl }, outro),
  };
}
