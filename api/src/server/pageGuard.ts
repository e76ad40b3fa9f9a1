/**
 * A signed-in page rendered on the server (livePages.ts, issue 27 point 12) carries what its
 * render assumed of the reader, as a JSON data block (web/src/platform/renderFacts.ts reads it):
 * the account, the time zone and the instant. Right after it, this one inline script compares
 * the account with the session the browser holds, before anything below it is painted: when
 * they differ (signed out here while the server did not hear of it, another account since), the
 * page is marked and the stylesheet keeps its content hidden; the app then renders from scratch.
 * When they agree, the page shows at once, its controls marked as not yet answering taps until
 * the app has adopted it.
 *
 * Browser-safe (strings only): the server writes both tags into the document and allows exactly
 * this script's text by its hash in the CSP (securityHeaders.ts).
 */
import { SESSION_STORAGE_KEY } from './firstQuery.js';

/** The id of the data block: `{ viewer: { id, email, user_metadata }, timeZone, locale, now }`. */
export const RENDER_FACTS_ID = 'render-facts';
/** The attribute the script sets on <html> when the page is not the stored session's. */
export const NOT_YOURS_ATTRIBUTE = 'data-not-yours';
/**
 * The attribute it sets otherwise, until the app has adopted the markup (web/src/main.tsx): the
 * page is shown and its links work, but its controls take no taps yet (the stylesheet), since
 * nothing would answer them.
 */
export const HYDRATING_ATTRIBUTE = 'data-hydrating';

/** The inline script, one constant text (its hash is in the CSP). */
export const PAGE_GUARD_SCRIPT =
  '(function(){var ok=false;try{' +
  `var f=JSON.parse(document.getElementById(${JSON.stringify(RENDER_FACTS_ID)}).textContent);` +
  `var s=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||"null");` +
  'ok=!!(s&&s.user&&f&&f.viewer&&s.user.id===f.viewer.id);' +
  `}catch(e){}document.documentElement.setAttribute(ok?${JSON.stringify(HYDRATING_ATTRIBUTE)}:${JSON.stringify(NOT_YOURS_ATTRIBUTE)},"");})();`;

/** The data block and the script, for the top of <body>. `json` is already safe inside <script>. */
export const pageGuardTags = (json: string) => `<script type="application/json" id="${RENDER_FACTS_ID}">${json}</script><script>${PAGE_GUARD_SCRIPT}</script>`;

/**
 * The reader's time zone, which the browser keeps in this cookie (web/src/main.tsx) for the
 * server's renders of signed-in pages: their dates and "today" are the reader's. Without it the
 * server does not render the page (it cannot know the zone), and the shell is served.
 */
export const TIME_ZONE_COOKIE = 'tc_tz';
/** Likewise its language (navigator.language), which dates and times are written in. */
export const LOCALE_COOKIE = 'tc_locale';
/** The path both cookies are sent on: the signed-in pages' documents only. */
export const SIGNED_IN_PAGES_PATH = '/dashboard';

/** The id of the data block a server-rendered page carries its Relay records in (livePages.ts). */
export const RELAY_RECORDS_ID = 'relay-records';
