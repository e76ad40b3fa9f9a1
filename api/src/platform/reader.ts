import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { cookieValues } from './cookies.js';

/**
 * Who a reader is, for the counts administrators read (story and guide views, page views): a
 * signed-in reader is their account; a signed-out one is their client address together with a
 * server-set, signed, HttpOnly cookie. Never the User-Agent or anything else the client writes.
 *
 * A signed-out view counts only when neither its address nor its cookie has been counted for
 * the same thing that day: dropping the cookie leaves the address, and moving address (a phone
 * between networks, IPv6 privacy addresses) keeps the cookie. Readers behind one address without
 * the cookie count once.
 */
export const READER_COOKIE = 'tc_reader';
/** A year: the cookie says who reads, nothing more, so it may last. */
const COOKIE_MAX_AGE_S = 365 * 86_400;

const mac = (secret: Uint8Array, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** A new cookie value: a random id and its signature, `<id>.<sig>`. */
export function newReaderCookieValue(secret: Uint8Array): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${mac(secret, `reader\n${id}`).slice(0, 32)}`;
}

/** The reader id of a `Cookie` header, when it carries one we signed; otherwise null. */
export function readerIdOf(secret: Uint8Array, cookieHeader: string | null | undefined): string | null {
  for (const value of cookieValues(cookieHeader, READER_COOKIE)) {
    const [id, sig] = value.split('.');
    if (!id || !sig || !/^[\w-]{22}$/.test(id)) continue;
    const want = Buffer.from(mac(secret, `reader\n${id}`).slice(0, 32));
    const got = Buffer.from(sig);
    if (got.length === want.length && timingSafeEqual(got, want)) return id;
  }
  return null;
}

/** The Set-Cookie header that gives a reader their cookie (Secure when the site is https). */
export function readerSetCookie(value: string, secure: boolean): string {
  return `${READER_COOKIE}=${value}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The part of an address that names one client: an IPv4 address whole, an IPv6 address by its
 * /64 network (one household or phone gets a whole /64 and may pick any address in it).
 */
export function addressUnit(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface ReaderFacts {
  viewerId: string | null;
  clientIp: string;
  readerId: string | null;
}

/**
 * The keys one reading is recorded under: `u:<account>`, else `a:<keyed hash of the address
 * unit>` and, with a valid cookie, `c:<cookie id>`. A reading counts when every key is new.
 * No address is stored, only its keyed hash.
 */
export function readerKeys(secret: Uint8Array, facts: ReaderFacts): string[] {
  if (facts.viewerId) return [`u:${facts.viewerId}`];
  const keys = [`a:${mac(secret, `address\n${addressUnit(facts.clientIp)}`).slice(0, 32)}`];
  if (facts.readerId) keys.push(`c:${facts.readerId}`);
  return keys;
}
