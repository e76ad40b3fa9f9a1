import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../platform/context.js';

/** Where stored files are served from: `/media/<key>?exp=<unix seconds>&sig=<hmac>`. */
export const MEDIA_PATH = '/media';

/** A link stays good for an hour at least; expiries are rounded up to this step so the same link (and the browser's cached copy) serves for a while. */
const LIFETIME_S = 60 * 60;
const STEP_S = 15 * 60;

const keyFor = new WeakMap<Uint8Array, Buffer>();
/** A key of its own for links, derived from the server's secret (a token key never signs a link). */
function linkKey(deps: AppDeps): Buffer {
  let key = keyFor.get(deps.authSecret);
  if (!key) {
    key = createHmac('sha256', deps.authSecret).update('tripcrew media links v1').digest();
    keyFor.set(deps.authSecret, key);
  }
  return key;
}

const signatureOf = (deps: AppDeps, key: string, exp: number) => createHmac('sha256', linkKey(deps)).update(`${key}\n${exp}`).digest('base64url');

/** A signed, expiring link to a stored file, relative to the site (the page's own origin serves it). */
export function signedMediaUrl(deps: AppDeps, key: string, now = Date.now()): string {
  const exp = Math.ceil((now / 1000 + LIFETIME_S) / STEP_S) * STEP_S;
  return `${MEDIA_PATH}/${key}?exp=${exp}&sig=${signatureOf(deps, key, exp)}`;
}

/** Whether a link's signature is the server's own for this key and has not expired. */
export function verifyMediaUrl(deps: AppDeps, key: string, exp: string | undefined, sig: string | undefined, now = Date.now()): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expiry = Number(exp);
  if (expiry * 1000 <= now) return false;
  const expected = Buffer.from(signatureOf(deps, key, expiry));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
