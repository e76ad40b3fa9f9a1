import { wellFormed } from './text.js';

/**
 * Text put into an e-mail header (a subject, a display name): every line break and control
 * character becomes a space, so no user's text can end the header and start another.
 * The mailer applies it to every header it is given.
 */
export const headerText = (s: string): string =>
  wellFormed(s)
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
