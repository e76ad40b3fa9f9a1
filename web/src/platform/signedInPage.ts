/**
 * The browser's half of signed-in pages rendered by the server (issue 27 point 12, see
 * api/src/server/livePages.ts): the time zone cookie the server renders with, and the check that
 * a page rendered for a reader is adopted only by that reader, in that zone and language.
 */
import {
  HYDRATING_ATTRIBUTE,
  LOCALE_COOKIE,
  NOT_YOURS_ATTRIBUTE,
  RELAY_RECORDS_ID,
  SIGNED_IN_PAGES_PATH,
  TIME_ZONE_COOKIE,
} from '../../../api/src/server/pageGuard';
import { clearRenderFacts, renderFacts } from './renderFacts';

const YEAR_S = 365 * 86_400;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const browserLocale = () => navigator.language || 'en-US';

/** Keeps the browser's zone and language in the cookies the server reads (no secrets: script-set on purpose). */
export function rememberReaderPlace() {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const set = (name: string, value: string) =>
    (document.cookie = `${name}=${encodeURIComponent(value)}; Path=${SIGNED_IN_PAGES_PATH}; Max-Age=${YEAR_S}; SameSite=Lax${secure}`);
  set(TIME_ZONE_COOKIE, browserZone());
  set(LOCALE_COOKIE, browserLocale());
}

/** The app has adopted (or replaced) a server-rendered signed-in page: it answers taps now. */
export function pageAdopted() {
  document.documentElement.removeAttribute(HYDRATING_ATTRIBUTE);
}

/** Whether the page the server rendered is the signed-in `userId`'s, in this browser's zone and language. */
export function signedInPageIsYours(userId: string | undefined): boolean {
  const facts = renderFacts();
  return !!facts && !!userId && facts.viewer.id === userId && facts.timeZone === browserZone() && facts.locale === browserLocale();
}

/**
 * Drops a server-rendered page that is not to be adopted: its markup, its records and its facts,
 * and, when nobody is signed in here, the page cookie (a sign-out the server never heard of).
 */
export function forgetSignedInPage(container: HTMLElement, signedIn: boolean) {
  container.replaceChildren();
  document.getElementById(RELAY_RECORDS_ID)?.remove();
  clearRenderFacts();
  document.documentElement.removeAttribute(NOT_YOURS_ATTRIBUTE);
  pageAdopted();
  if (!signedIn) void fetch('/api/auth/signout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).catch(() => undefined);
}
