import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from 'graphql';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip, INVITE } from '../support/trips.js';
import { backendRoutes } from '../../api/src/server/routes.js';
import type { BackendRoute } from '../../api/src/rest/kit.js';
import { AccountMessages } from '../../api/src/accounts/messages.js';
import { startInboundSmtp } from '../../api/src/reservations/receiving/smtp.js';
import { domainRecords, mailAuth } from '../support/mailAuth.js';

/**
 * Thousands of malformed requests over both doors (REST and GraphQL), from a seeded generator:
 * none may answer 5xx or a masked internal error, and none may change the data.
 *
 * Every request that could change something is wrong in at least one way the server must
 * refuse: no token, a forged one, ids that name nothing (or something the caller may not act
 * on), a required field that breaks a rule, a value of the wrong type, a broken document. Reads
 * may run signed in with anything. The data (row counts and a hash of every row of the tables
 * below) is compared before and after each chunk, so a change is pinned to a few hundred requests.
 *
 * Reproduce a failure with FUZZ_SEED=<seed printed in it>; explore with FUZZ_SEED=random,
 * FUZZ_REQUESTS=<n> and FUZZ_TIME_BUDGET_MS=<ms>.
 */
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20261124);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const CHUNK = 250;
const CONCURRENCY = 4;
/** Past this the run stops early (and says so) rather than time out on a very slow machine. */
const TIME_BUDGET_MS = Number(process.env.FUZZ_TIME_BUDGET_MS ?? 40_000);
const ANSWER_TIMEOUT_MS = 10_000;

// ---------- seeded randomness ----------

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
const int = (n: number) => Math.floor(random() * n);
const chance = (p: number) => random() < p;
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
const sample = <T>(xs: readonly T[], n: number): T[] => {
  const copy = [...xs];
  const out: T[] = [];
  while (out.length < n && copy.length) out.push(copy.splice(int(copy.length), 1)[0]!);
  return out;
};
const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[int(16)]).join('');
/** A well-formed v4 uuid that names nothing. */
const fakeUuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

// ---------- JSON with what JSON.stringify cannot write ----------

/** A raw JSON token: numbers JSON.stringify cannot write (1e999 parses as Infinity, -0 stays -0). */
class Raw {
  constructor(readonly text: string) {}
}
/** An object written from its entries: duplicate keys, and "__proto__" as a plain key. */
class Entries {
  constructor(readonly entries: [string, unknown][]) {}
}
/** An enum value: a bare name in a GraphQL literal, a string in JSON. */
class EnumValue {
  constructor(readonly name: string) {}
}

function json(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (v instanceof EnumValue) return JSON.stringify(v.name);
  if (v instanceof Entries) return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${json(x)}`).join(',')}}`;
  if (Array.isArray(v)) return `[${v.map(json).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${JSON.stringify(k)}:${json(x)}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
/** A GraphQL literal; keys that are not names become a valid (unknown) one. */
function literal(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (v instanceof EnumValue) return v.name;
  if (v instanceof Entries) return `{${v.entries.map(([k, x]) => `${NAME.test(k) ? k : 'notAName'}: ${literal(x)}`).join(', ')}}`;
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  if (v && typeof v === 'object') return literal(new Entries(Object.entries(v).filter(([, x]) => x !== undefined)));
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '0';
  return JSON.stringify(v) ?? 'null';
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as its raw bytes. */
const enc = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return (
      v
        .replace(/[\ud800-\udfff]/g, '')
        .split('')
        .map((c) => encodeURIComponent(c))
        .join('') + '%ED%A0%80'
    );
  }
};

// ---------- garbage ----------

const STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  'x'.repeat(10_000),
  'é'.repeat(3000),
  '\u0000',
  'a\u0000b\u0007\u001b[31m',
  '\u0000\u0001\u0002\u007f',
  '../../etc/passwd',
  '..\\..\\windows',
  '%2e%2e%2f',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '😀'.repeat(50),
  '\ud800',
  'a\udfffb',
  '\u202eevil',
  '\ufeff',
  'e\u0301'.repeat(20),
  '<script>alert(1)</script>',
  '${jndi:ldap://x/y}',
  '{{7*7}}',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '9'.repeat(400),
  '0x10',
  '{"a":1}',
  '[]',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF',
  'not-a-uuid',
  '2026-02-30',
  '0000-00-00',
  '%',
  '%zz',
  '\\',
  '/',
  '?#&=',
];
const NUMBERS: readonly unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  5e-324,
  new Raw('-0'),
  new Raw('1e999'),
  new Raw('-1e999'),
  new Raw('123456789012345678901234567890'),
  new Raw('1E-400'),
];
const BAD_EMAILS: readonly string[] = [
  '',
  ' ',
  'not-an-email',
  'a@',
  '@example.com',
  `${'x'.repeat(250)}@example.com`,
  'a b@example.com',
  '<a@example.com>',
  'a@@example.com',
  "x' OR 1=1 --@example.com",
  'x'.repeat(10_000),
];
const KEYS: readonly string[] = ['name', 'id', 'email', 'input', 'tripId', 'userId', 'token', 'action', 'query', 'variables', '__proto__', 'constructor', ''];

function garbage(depth = 0): unknown {
  const r = random();
  if (r < 0.4) return pick(STRINGS);
  if (r < 0.55) return pick(NUMBERS);
  if (r < 0.65) return pick([true, false, null]);
  if (r < 0.8 && depth < 4) return Array.from({ length: int(4) }, () => garbage(depth + 1));
  if (depth < 4) return new Entries(Array.from({ length: int(4) }, () => [chance(0.7) ? pick(KEYS) : pick(STRINGS).slice(0, 40), garbage(depth + 1)]));
  return 'deep';
}
function nested(n: number, array = chance(0.5)): unknown {
  let v: unknown = pick(['x', 1, null]);
  for (let i = 0; i < n; i++) v = array ? [v] : { a: v };
  return v;
}

// ---------- the world the requests aim at ----------

interface Account {
  userId: string;
  email: string;
  token: string;
}
interface World {
  me: Account & { refreshToken: string };
  friend: Account;
  myTrip: { uuid: string; gid: string };
  friendTrip: { uuid: string; gid: string };
  /** An itinerary item of each trip. */
  myItem: { uuid: string; gid: string };
  friendItem: { uuid: string; gid: string };
  /** A photo of each trip. */
  myPhoto: { uuid: string; gid: string };
  friendPhoto: { uuid: string; gid: string };
  /** Sent by `me` to an address with no account; still pending. */
  invitation: { uuid: string; gid: string; email: string };
  /** `me` asked `friend`, who accepted. */
  request: { uuid: string; gid: string };
  notifications: string[];
  /** Every real row id, with its GraphQL type. */
  entities: { type: string; uuid: string }[];
  forged: string[];
}
const TYPES = ['User', 'Trip', 'TripInvitation', 'FriendRequest', 'Friendship', 'Notification', 'TripMember', 'ItineraryItem', 'Photo'];
const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1]!;

async function buildWorld(t: TestApp): Promise<World> {
  const me = await signedInUser(t);
  const friend = await signedInUser(t, { first_name: 'Grace', last_name: 'Hopper' });
  const myTrip = await createTrip(t, me.token, { name: 'Fuzz base camp' });
  const friendTrip = await createTrip(t, friend.token, { name: 'Friend trip' });
  const sent = await t.graphql(
    `mutation($e: String!) { sendFriendRequest(input: { email: $e }) { ... on SendFriendRequestPayload { friendRequest { id } } } }`,
    { e: friend.email },
    me.token,
  );
  const requestGid = sent.body.data.sendFriendRequest.friendRequest.id as string;
  const accepted = await t.graphql(
    `mutation($id: ID!) { respondToFriendRequest(input: { requestId: $id, accept: true }) { __typename } }`,
    { id: requestGid },
    friend.token,
  );
  expect(accepted.body.data.respondToFriendRequest.__typename).toBe('RespondToFriendRequestPayload');
  const outsider = `outsider.${process.pid}.${SEED}@example.com`;
  const invited = await t.graphql(INVITE, { input: { tripId: myTrip.id, email: outsider } }, me.token);
  const invitationGid = invited.body.data.inviteToTrip.invitation.id as string;
  const notes = await t.graphql(`{ viewer { notifications(first: 10) { edges { node { id } } } } }`, {}, me.token);
  const notifications = (notes.body.data.viewer.notifications.edges as { node: { id: string } }[]).map((e) => e.node.id);

  const secret = t.app.deps.authSecret;
  const now = Math.floor(Date.now() / 1000);
  const sign = (key: Uint8Array, opts: { sub?: string; iat?: number; exp?: number; aud?: string; alg?: string } = {}) =>
    new SignJWT({ adm: true })
      .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
      .setSubject(opts.sub ?? me.userId)
      .setIssuer('tripcrew')
      .setAudience(opts.aud ?? 'tripcrew-api')
      .setIssuedAt(opts.iat ?? now)
      .setExpirationTime(opts.exp ?? now + 900)
      .sign(key);
  const b64u = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const [head, , sig] = me.token.split('.') as [string, string, string];
  const body = { sub: me.userId, adm: true, iss: 'tripcrew', aud: 'tripcrew-api', iat: now, exp: now + 900 };
  const forged = [
    `Bearer ${me.token.slice(0, -4)}${me.token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
    `Bearer ${b64u({ alg: 'none', typ: 'JWT' })}.${b64u(body)}.`,
    `Bearer ${head}.${b64u(body)}.${sig}`,
    `Bearer ${head}.${b64u('not an object')}.${sig}`,
    `Bearer ${await sign(new TextEncoder().encode('another secret, another server!!'))}`,
    `Bearer ${await sign(secret, { iat: now - 7200, exp: now - 3600 })}`,
    `Bearer ${await sign(secret, { sub: fakeUuid() })}`,
    `Bearer ${await sign(secret, { sub: 'not-a-uuid' })}`,
    `Bearer ${await sign(secret, { aud: 'someone-else' })}`,
    `Bearer ${await sign(secret, { alg: 'HS512' })}`,
    `Bearer ${await sign(secret, { iat: now + 3600, exp: now + 7200 })}`,
    `Bearer ${me.token}x`,
    `Bearer ${me.token}.x`,
    `Bearer ${me.token}, Bearer ${me.token}`,
    `Bearer ${me.session.refresh_token}`,
    `Bearer ${'A'.repeat(8000)}`,
    `Bearer a.b.c`,
    'Bearer',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
    `Token ${me.token}`,
    me.token,
    'Bearer ' + Buffer.from('\u00ff\u00fe').toString('latin1'),
  ];
  const item = async (tripId: string, userId: string) => {
    const row = await t.db.prisma.itineraryItem.create({ data: { tripId, createdById: userId, title: 'Fuzz item', type: 'ACTIVITY' } });
    return { uuid: row.id, gid: gid('ItineraryItem', row.id) };
  };
  const myItem = await item(myTrip.uuid, me.userId);
  const friendItem = await item(friendTrip.uuid, friend.userId);
  const photo = async (tripId: string, userId: string) => {
    const row = await t.db.prisma.photo.create({
      data: {
        tripId,
        uploadedById: userId,
        storageKey: `photos/${tripId}/${crypto.randomUUID()}.webp`,
        fileName: 'fuzz.jpg',
        fileSize: 1,
        mimeType: 'image/jpeg',
      },
    });
    return { uuid: row.id, gid: gid('Photo', row.id) };
  };
  const myPhoto = await photo(myTrip.uuid, me.userId);
  const friendPhoto = await photo(friendTrip.uuid, friend.userId);
  return {
    myItem,
    friendItem,
    myPhoto,
    friendPhoto,
    me: { userId: me.userId, email: me.email, token: me.token, refreshToken: me.session.refresh_token },
    friend: { userId: friend.userId, email: friend.email, token: friend.token },
    myTrip: { uuid: myTrip.uuid, gid: myTrip.id },
    friendTrip: { uuid: friendTrip.uuid, gid: friendTrip.id },
    invitation: { uuid: uuidOf(invitationGid), gid: invitationGid, email: outsider },
    request: { uuid: uuidOf(requestGid), gid: requestGid },
    notifications,
    entities: [
      { type: 'User', uuid: me.userId },
      { type: 'User', uuid: friend.userId },
      { type: 'Trip', uuid: myTrip.uuid },
      { type: 'Trip', uuid: friendTrip.uuid },
      { type: 'TripInvitation', uuid: uuidOf(invitationGid) },
      { type: 'FriendRequest', uuid: uuidOf(requestGid) },
      { type: 'ItineraryItem', uuid: myItem.uuid },
      { type: 'ItineraryItem', uuid: friendItem.uuid },
      { type: 'Photo', uuid: myPhoto.uuid },
      { type: 'Photo', uuid: friendPhoto.uuid },
      ...notifications.map((n) => ({ type: 'Notification', uuid: uuidOf(n) })),
    ],
    forged,
  };
}

// ---------- ids ----------

/**
 * A GraphQL id of `type` that names nothing the caller may act on: malformed, unknown, another
 * type's id of a real row, or (the case a lax decoder would get wrong) a real row of `type`
 * labelled as another type.
 */
function bogusGid(w: World, type: string): string | number {
  const r = int(9);
  if (r === 0) return gid(type, fakeUuid());
  if (r === 1) return gid(type, pick(STRINGS).slice(0, 300));
  if (r === 2) return fakeUuid();
  if (r === 3) return pick(STRINGS);
  if (r === 4) {
    const own = w.entities.filter((e) => e.type === type);
    if (own.length) return gid(pick(TYPES.filter((x) => x !== type)), pick(own).uuid);
  }
  if (r === 5) return gid(type, pick(w.entities.filter((e) => e.type !== type)).uuid);
  if (r === 6) return gid(type, `${fakeUuid()}:${fakeUuid()}`);
  if (r === 7) return pick([0, -1, 2147483647]);
  return pick([gid('Nope', fakeUuid()), 'Og==', '====', gid(type, ''), Buffer.from(pick(STRINGS)).toString('base64')]);
}
/** A raw (REST) id that names nothing. */
function bogusRaw(w: World): string {
  const r = int(6);
  if (r === 0) return fakeUuid();
  if (r === 1) return fakeUuid().toUpperCase();
  if (r === 2) return gid(pick(TYPES), pick(w.entities).uuid);
  if (r === 3) return `${fakeUuid()}\u0000`;
  if (r === 4) return ` ${fakeUuid()}' OR '1'='1`;
  return pick(STRINGS);
}
/** Any id at all, real ones (that the caller might act on) included: for requests refused at the door. */
function anyId(w: World): string | number {
  const e = pick(w.entities);
  return pick([e.uuid, gid(e.type, e.uuid), bogusRaw(w), bogusGid(w, pick(TYPES)), w.myTrip.gid, w.invitation.gid]);
}
const nobodyEmail = () => `nobody.${hex(8)}@example.com`;
const anyEmail = (w: World) => pick([...BAD_EMAILS, w.me.email, w.friend.email, w.invitation.email, nobodyEmail(), w.me.email.toUpperCase()]);

// ---------- GraphQL inputs from the schema ----------

const schema = buildSchema(fs.readFileSync('schema.graphql', 'utf8'));
const mutationFields = Object.values(schema.getMutationType()!.getFields());
const queryFields = Object.values(schema.getQueryType()!.getFields());
const subscriptionFields = Object.values(schema.getSubscriptionType()?.getFields() ?? {});

const DATES = ['2026-05-01', '2026-02-30', '2026-13-01', '0000-01-01', '99999-01-01', '2026-5-1', '2026-05-01T00:00:00Z', '', 'tomorrow'];

/** A value of roughly the type asked for (field names steer strings and ids), garbage here and there. */
function valueFor(w: World, type: GraphQLInputType, name: string, depth = 0): unknown {
  if (chance(0.12)) return garbage(2);
  if (isNonNullType(type)) return valueFor(w, type.ofType, name, depth);
  if (chance(0.04)) return null;
  if (isListType(type)) {
    if (chance(0.1)) return valueFor(w, type.ofType, name, depth + 1);
    return Array.from({ length: int(depth > 2 ? 2 : 4) }, () => valueFor(w, type.ofType, name, depth + 1));
  }
  if (isInputObjectType(type)) {
    if (depth > 4) return {};
    const entries: [string, unknown][] = [];
    for (const f of Object.values(type.getFields())) if (isNonNullType(f.type) || chance(0.6)) entries.push([f.name, valueFor(w, f.type, f.name, depth + 1)]);
    if (chance(0.05)) entries.push([pick(['nope', '__typename', 'id']), garbage(2)]);
    return Object.fromEntries(entries);
  }
  if (isEnumType(type)) return chance(0.85) ? new EnumValue(pick(type.getValues()).name) : pick(['NOPE', 'lowercase', 5]);
  switch (type.name) {
    case 'ID':
      return anyId(w);
    case 'Int':
      return pick([0, 1, 5, -1, 2147483647, -2147483648, 1000000, ...NUMBERS]);
    case 'Float':
      return pick([0, 45.5, -91, 181, 1e308, ...NUMBERS]);
    case 'Boolean':
      return chance(0.9) ? chance(0.5) : pick(['true', 1, 0]);
    case 'Date':
    case 'DateTime':
      return chance(0.7) ? pick(DATES) : pick(STRINGS);
    default:
      if (/email/i.test(name)) return anyEmail(w);
      if (/password/i.test(name)) return pick(['short', 'not the password at all', '', 'x'.repeat(200)]);
      if (/currency/i.test(name)) return pick(['USD', 'EUR', 'XXX', 'usd', '', 'BTC']);
      if (/budget/i.test(name)) return pick(['100', '1250.50', '-5', 'abc', '1e308', '99999999999', '0.001', ' 12 ']);
      if (/country/i.test(name)) return pick(['GB', 'US', 'XX', 'gb', '']);
      return chance(0.3) ? pick(['Lisbon', 'Ada', 'Paris, France', 'a']) : pick(STRINGS);
  }
}

/** A value `type` must refuse while coercing variables (the spec leaves no choice). */
function wrongFor(type: GraphQLInputType, value: unknown, allowNull = true): unknown {
  if (isNonNullType(type)) return allowNull && chance(0.3) ? null : wrongFor(type.ofType, undefined, false);
  if (isListType(type)) return [wrongFor(type.ofType, undefined, false)];
  if (isInputObjectType(type)) {
    const base = value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Entries) ? { ...(value as object) } : {};
    const fields = Object.values(type.getFields());
    const f = pick(fields);
    // Required fields stay present (so the poisoned one is what is refused).
    const filled: Record<string, unknown> = Object.fromEntries(fields.filter((x) => isNonNullType(x.type)).map((x) => [x.name, 'x']));
    return { ...filled, ...base, [f.name]: wrongFor(f.type, undefined) };
  }
  if (isEnumType(type)) return pick(['NOT_A_VALUE', 5, {}]);
  switch (type.name) {
    case 'String':
      return pick([5, true, { a: 1 }, [['x']], 1.5]);
    case 'ID':
      return pick([true, 1.5, { id: 'x' }, [['x']]]);
    case 'Boolean':
      return pick(['true', 1, {}, 'false']);
    case 'Int':
      return pick(['1', 1.5, 2 ** 31, 1e308, true, new Raw('1e999')]);
    case 'Float':
      return pick(['1', true, {}, new Raw('1e999'), new Raw('-1e999')]);
    default:
      return pick([{}, true, 'not-a-date', [['x']]]);
  }
}

// ---------- GraphQL documents ----------

const MAX_SELECTION_DEPTH = 4;
function selectionFor(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (isUnionType(named) || isInterfaceType(named)) {
    const parts = ['__typename'];
    if (isInterfaceType(named) && chance(0.5)) parts.push(objectSelection(named as unknown as GraphQLObjectType, depth, false));
    for (const p of sample(schema.getPossibleTypes(named), 1 + int(3))) parts.push(`... on ${p.name} { ${objectSelection(p, depth, true)} }`);
    return `{ ${parts.join(' ')} }`;
  }
  return `{ ${objectSelection(named as GraphQLObjectType, depth, true)} }`;
}
function objectSelection(type: GraphQLObjectType, depth: number, typename: boolean): string {
  const parts = typename ? ['__typename'] : [];
  for (const f of sample(Object.values(type.getFields()), 1 + int(4))) {
    const leaf = isLeafType(getNamedType(f.type));
    if (!leaf && depth >= MAX_SELECTION_DEPTH) continue;
    const args = f.args.filter((a) => isNonNullType(a.type) || chance(0.5)).map((a) => `${a.name}: ${literal(valueFor(world, a.type, a.name))}`);
    parts.push(`${f.name}${args.length ? `(${args.join(', ')})` : ''} ${leaf ? '' : selectionFor(f.type, depth + 1)}`);
  }
  return parts.join(' ') || '__typename';
}

interface Call {
  document: string;
  variables: unknown;
}
/** `field` called with its arguments as variables (or, now and then, inline literals). */
function callOf(
  field: GraphQLField<unknown, unknown>,
  op: 'query' | 'mutation' | 'subscription',
  variables: Record<string, unknown>,
  extra: { unknownArg?: boolean; unusedVar?: boolean; omit?: string } = {},
): Call {
  const inline = op === 'query' && chance(0.3);
  const args = field.args.filter((a) => a.name !== extra.omit);
  const defs = inline ? [] : args.map((a) => `$${a.name}: ${a.type.toString()}`);
  if (extra.unusedVar) defs.push(`$unused${int(100)}: Int`);
  const callArgs = args.map((a) => `${a.name}: ${inline ? literal(variables[a.name]) : `$${a.name}`}`);
  if (extra.unknownArg) callArgs.push(`${pick(['nope', 'id', 'input', 'force'])}: ${literal(garbage(2))}`);
  const selection = isLeafType(getNamedType(field.type)) ? '' : selectionFor(field.type, 1);
  const document = `${op}${chance(0.3) ? ` ${pick(['Fuzz', 'x', 'Q1'])}` : ''}${defs.length ? `(${defs.join(', ')})` : ''} { ${chance(0.3) ? 'x: ' : ''}${field.name}${callArgs.length ? `(${callArgs.join(', ')})` : ''} ${selection} }`;
  return { document, variables: inline ? {} : variables };
}

// ---------- refusals: inputs a signed-in caller must be refused ----------

/** A trip input that breaks one rule of trips/validation.ts, the rest random. */
function badTripInput(w: World, type: GraphQLInputType): Record<string, unknown> {
  const base = valueFor(w, type, 'input');
  const input: Record<string, unknown> = base && typeof base === 'object' && !Array.isArray(base) && !(base instanceof Entries) ? { ...(base as object) } : {};
  if (!('name' in input)) input.name = 'Lisbon';
  switch (int(7)) {
    case 0:
      return { ...input, name: pick(['', '   ', '\u0000\u0007', 'x'.repeat(121), 'y'.repeat(10_000), '\t\n']) };
    case 1:
      return { ...input, startDate: '2026-05-10', endDate: '2026-05-01' };
    case 2:
      return { ...input, currency: pick(['XXX', 'BTC', '€', '', 'US D']) };
    case 3:
      return { ...input, budget: pick(['abc', 'NaN', '99999999999', '1/2']) };
    case 4:
      return { ...input, description: 'd'.repeat(2001 + int(5000)) };
    case 5:
      return {
        ...input,
        destination: { mainText: 'Lisbon', ...pick([{ latitude: 91 }, { longitude: -181 }, { mainText: 'm'.repeat(201) }, { placeId: 'p'.repeat(201) }]) },
      };
    default:
      return { ...input, startDate: pick(['2026-02-30', 'not-a-date', '2026-13-01']) };
  }
}
/** A profile that breaks one rule of accounts/validation.ts (or changes the address without the password). */
function badProfile(w: World, type: GraphQLInputType): Record<string, unknown> {
  const base = valueFor(w, type, 'input');
  const input: Record<string, unknown> = base && typeof base === 'object' && !Array.isArray(base) && !(base instanceof Entries) ? { ...(base as object) } : {};
  const prefs = { accommodation: [], activities: [], preferredDestinations: [], transportation: [], travelStyle: [] };
  switch (int(7)) {
    case 0:
      return { ...input, firstName: pick(['', '   ', '\u0000']) };
    case 1:
      return { ...input, lastName: pick(['', '\t']) };
    case 2:
      return { ...input, email: pick(BAD_EMAILS) };
    case 3:
      return { ...input, phone: pick(['abc', '12', '+1 (555) 0100 ext. 7', 'x'.repeat(40)]) };
    case 4:
      return { ...input, country: pick(['XX', 'Narnia', 'gb ']) };
    case 5:
      return { ...input, travelPreferences: { ...prefs, [pick(Object.keys(prefs))]: [pick(['Space station', 'Hotels ', ''])] } };
    default:
      return { ...input, firstName: 'Ada', lastName: 'Lovelace', email: pick([w.friend.email, nobodyEmail()]), currentPassword: pick([undefined, null, '']) };
  }
}

/** Itinerary fields that break one rule of itinerary/validation.ts. */
function badItem(): Record<string, unknown> {
  return pick([
    { type: 'ACTIVITY', title: pick(['', '   ', '\u0000']) },
    { type: 'ACTIVITY', title: 'Museum', startTime: pick(['25:00', '9am', '12:60']) },
    { type: 'ACTIVITY', title: 'Museum', activityDate: pick(['2026-02-30', 'not-a-date']) },
    { type: 'ACCOMMODATION', hotelName: 'Inn', checkInDate: '2030-05-05', checkOutDate: '2030-05-01' },
    { type: 'FLIGHT', flightNumber: 'AC1', activityDate: '2030-05-05', returnDate: '2030-05-01' },
    { type: 'ACTIVITY', title: 'Museum', latitude: pick([91, -200, 1e308]) },
    { type: 'ACTIVITY', title: 'x'.repeat(10_000) },
  ]);
}
/** The same, as the REST row names its fields. */
function badItemRest(): Record<string, unknown> {
  return pick([
    { type: 'activity', title: pick(['', '   ']) },
    { type: 'activity', title: 'Museum', start_time: pick(['25:00', '9am']) },
    { type: 'accommodation', hotel_name: 'Inn', check_in_date: '2030-05-05', check_out_date: '2030-05-01' },
    { type: 'flight', flight_number: 'AC1', activity_date: '2030-05-05', return_date: '2030-05-01' },
    { type: pick(['spaceship', 42]), title: 'Museum' }, // '' is 'not given' (blank -> null): the default type
  ]);
}

type InputMaker = (w: World, field: GraphQLField<unknown, unknown>) => Record<string, unknown> | undefined;
const argType = (field: GraphQLField<unknown, unknown>, name: string) => field.args.find((a) => a.name === name)!.type;

/** Per mutation, variables the seeded user (good token) must be refused, reaching the service. */
const REFUSED_MUTATIONS: Record<string, InputMaker> = {
  acceptTripInvitation: (w) => ({ invitationId: chance(0.3) ? w.invitation.gid : bogusGid(w, 'TripInvitation') }),
  declineTripInvitation: (w) => ({ invitationId: chance(0.3) ? w.invitation.gid : bogusGid(w, 'TripInvitation') }),
  // The seeded invitation is the caller's own: cancelling it would succeed.
  cancelTripInvitation: (w) => ({ invitationId: bogusGid(w, 'TripInvitation') }),
  cancelFriendRequest: (w) => ({ input: { requestId: chance(0.3) ? w.request.gid : bogusGid(w, 'FriendRequest') } }),
  respondToFriendRequest: (w) => ({ input: { requestId: chance(0.3) ? w.request.gid : bogusGid(w, 'FriendRequest'), accept: chance(0.5) } }),
  createTrip: (w, f) => ({ input: chance(0.9) ? badTripInput(w, argType(f, 'input')) : new Entries([['__proto__', { name: 'Proto trip' }]]) }),
  updateTrip: (w, f) =>
    chance(0.5)
      ? { tripId: w.myTrip.gid, input: badTripInput(w, argType(f, 'input')) }
      : { tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip'), input: valueFor(w, argType(f, 'input'), 'input') },
  deleteTrip: (w) => ({ tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip') }),
  leaveTrip: (w) => ({ tripId: pick([w.friendTrip.gid, w.myTrip.gid, bogusGid(w, 'Trip'), bogusGid(w, 'Trip')]) }),
  inviteToTrip: (w, f) => {
    if (chance(0.5)) {
      const input = valueFor(w, argType(f, 'input'), 'input');
      return {
        input: {
          ...(input && typeof input === 'object' && !Array.isArray(input) && !(input instanceof Entries) ? input : {}),
          tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip'),
        },
      };
    }
    const who = pick([
      { email: pick(BAD_EMAILS) },
      { email: w.me.email },
      { email: ` ${w.invitation.email.toUpperCase()} ` },
      { friendId: bogusGid(w, 'User') },
      { friendId: gid('User', w.me.userId) },
      {},
    ]);
    return { input: { tripId: w.myTrip.gid, message: chance(0.5) ? pick(STRINGS) : undefined, ...who } };
  },
  markNotificationRead: (w) => ({ notificationId: bogusGid(w, 'Notification') }),
  // Expenses: someone else's trip or expense, ids that name nothing, or amounts that break a rule.
  addExpense: (w) => {
    const expense = { title: 'Dinner', amount: '10', expenseDate: '2030-01-01', participants: [gid('User', w.me.userId)] };
    return chance(0.5)
      ? { input: { tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip'), expense } }
      : {
          input: {
            tripId: w.myTrip.gid,
            expense: { ...expense, ...pick([{ amount: pick(['0', '-5', 'abc', '1.234']) }, { title: '  ' }, { participants: [] }]) },
          },
        };
  },
  updateExpense: (w) => ({
    input: { id: bogusGid(w, 'Expense'), expense: { title: 'Dinner', amount: '10', expenseDate: '2030-01-01', participants: [gid('User', w.me.userId)] } },
  }),
  deleteExpense: (w) => ({ input: { id: bogusGid(w, 'Expense') } }),
  undoSettlement: (w) => ({ input: { id: pick([bogusRaw(w), w.myTrip.uuid, 'not-an-id']) } }),
  recordSettlement: (w) => ({
    input: pick([
      {
        tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip'),
        fromUserId: gid('User', w.me.userId),
        toUserId: gid('User', w.friend.userId),
        amount: '5',
      },
      { tripId: w.myTrip.gid, fromUserId: gid('User', w.me.userId), toUserId: gid('User', w.me.userId), amount: pick(['5', '0', '-1', 'x']) },
    ]),
  }),
  addItineraryItem: (w) => ({
    input: chance(0.5)
      ? { tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip'), item: { type: 'ACTIVITY', title: 'Museum' } }
      : { tripId: w.myTrip.gid, item: badItem() },
  }),
  updateItineraryItem: (w) => ({
    input: chance(0.5)
      ? { id: chance(0.3) ? w.friendItem.gid : bogusGid(w, 'ItineraryItem'), item: { type: 'ACTIVITY', title: 'Museum' } }
      : { id: w.myItem.gid, item: badItem() },
  }),
  deleteItineraryItem: (w) => ({ input: { id: chance(0.3) ? w.friendItem.gid : bogusGid(w, 'ItineraryItem') } }),
  markItineraryItemBooked: (w) => ({ input: { id: chance(0.3) ? w.friendItem.gid : bogusGid(w, 'ItineraryItem') } }),
  addPendingItineraryItem: (w) => ({
    input: chance(0.5)
      ? { tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip'), title: 'Cafe', type: 'RESTAURANT' }
      : {
          tripId: w.myTrip.gid,
          type: 'RESTAURANT',
          ...pick([{ title: pick(['', '  ']) }, { title: 'Cafe', affiliateUrl: pick(['javascript:alert(1)', 'ftp://x', 'not a url']) }]),
        },
  }),
  setTripBudget: (w) => ({
    input: chance(0.5)
      ? { tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip'), amount: '100', currency: 'USD' }
      : {
          tripId: w.myTrip.gid,
          ...pick([
            { amount: pick(['-1', 'abc', '1.234', '1e400', '']), currency: 'USD' },
            { amount: '100', currency: pick(['XXX', 'usdx', '']) },
          ]),
        },
  }),
  addChecklist: (w) => ({
    input: chance(0.5) ? { tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip'), title: 'Packing' } : { tripId: w.myTrip.gid, title: 'x'.repeat(121) },
  }),
  updateChecklist: (w) => ({ input: { id: bogusGid(w, 'Checklist'), title: 'Packing' } }),
  deleteChecklist: (w) => ({ input: { id: bogusGid(w, 'Checklist') } }),
  addChecklistItem: (w) => ({ input: { checklistId: bogusGid(w, 'Checklist'), item: { description: 'Tent' } } }),
  updateChecklistItem: (w) => ({ input: { id: bogusGid(w, 'ChecklistItem'), item: { description: 'Tent' } } }),
  setChecklistItemCompleted: (w) => ({ input: { id: bogusGid(w, 'ChecklistItem'), isCompleted: true } }),
  deleteChecklistItem: (w) => ({ input: { id: bogusGid(w, 'ChecklistItem') } }),
  // Decide together: someone else's trip, ids that name no idea or poll, or fields that break a rule.
  addTripIdea: (w) =>
    chance(0.5)
      ? { tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip'), input: { title: 'Fado' } }
      : {
          tripId: w.myTrip.gid,
          input: pick([{ title: pick(['', '  ']) }, { title: 'Fado', url: 'javascript:alert(1)' }, { title: 'Fado', estimatedCost: pick(['-1', 'abc']) }]),
        },
  updateTripIdea: (w) => ({ id: bogusGid(w, 'TripIdea'), input: { title: 'Fado' } }),
  voteTripIdea: (w) => ({ id: bogusGid(w, 'TripIdea'), vote: chance(0.5) }),
  commentOnTripIdea: (w) => ({ id: bogusGid(w, 'TripIdea'), body: 'Yes' }),
  deleteTripIdea: (w) => ({ id: bogusGid(w, 'TripIdea') }),
  ideaToItinerary: (w) => ({ id: bogusGid(w, 'TripIdea'), activityDate: '2030-05-02' }),
  createTripPoll: (w) =>
    chance(0.5)
      ? { tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip'), input: { question: 'Q', kind: 'CHOICE', options: [{ label: 'a' }, { label: 'b' }] } }
      : { tripId: w.myTrip.gid, input: { question: pick(['', 'Q']), kind: 'DATES', options: [{ startDate: '2030-05-05', endDate: '2030-05-01' }] } },
  voteTripPoll: (w) => ({ id: bogusGid(w, 'TripPoll'), answers: [] }),
  closeTripPoll: (w) => ({ id: bogusGid(w, 'TripPoll') }),
  applyDatesPoll: (w) => ({ id: bogusGid(w, 'TripPoll'), optionId: String(bogusGid(w, 'PollOption')) }),
  setPhotoFavorite: (w) => ({ input: { photoId: chance(0.3) ? w.friendPhoto.gid : bogusGid(w, 'Photo'), favorite: chance(0.5) } }),
  deletePhoto: (w) => ({ input: { photoId: chance(0.3) ? w.friendPhoto.gid : bogusGid(w, 'Photo') } }),
  addPhotoComment: (w) => ({
    input: chance(0.5)
      ? { photoId: chance(0.3) ? w.friendPhoto.gid : bogusGid(w, 'Photo'), comment: 'Nice' }
      : { photoId: w.myPhoto.gid, comment: pick(['', '   ', '\u0000', 'x'.repeat(2001)]) },
  }),
  resetTripCalendarFeed: (w) => ({ input: { tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip') } }),
  trackAffiliateClick: (w) => ({
    input: chance(0.5)
      ? { affiliatePartner: 'Viator', affiliateUrl: 'https://example.com/x', tripId: chance(0.3) ? w.friendTrip.gid : bogusGid(w, 'Trip') }
      : { affiliatePartner: pick(['Viator', '']), affiliateUrl: pick(['javascript:alert(1)', 'file:///etc/passwd', '']) },
  }),
  removeFriend: (w) => ({ input: { friendId: chance(0.2) ? gid('User', w.me.userId) : bogusGid(w, 'User') } }),
  sendFriendRequest: (w) => ({
    input: {
      email: pick([pick(BAD_EMAILS), w.me.email, w.friend.email, w.friend.email.toUpperCase(), ` ${w.me.email} `, nobodyEmail()]),
      message: chance(0.5) ? pick(STRINGS) : undefined,
    },
  }),
  updateProfile: (w, f) => ({ input: badProfile(w, argType(f, 'input')) }),
  updateReservation: (w) => ({ input: { id: bogusGid(w, 'Reservation'), reservation: { title: 'Mine', type: 'HOTEL' } } }),
  deleteReservation: (w) => ({ input: { id: bogusGid(w, 'Reservation') } }),
  confirmReservation: (w) => ({ input: { id: bogusGid(w, 'Reservation') } }),
  addReservationToTrip: (w) => ({ input: { reservationId: bogusGid(w, 'Reservation'), tripId: pick([w.myTrip.gid, w.friendTrip.gid]) } }),
  saveStory: (w) => ({
    input: pick([
      { title: pick(['', '  ']), city: '' },
      { title: 'I hate queues', city: 'Lisbon' },
      { id: bogusGid(w, 'Story'), title: 'Lisbon', city: 'Lisbon' },
      { title: 'Lisbon', city: 'Lisbon', coverUrl: pick(['https://elsewhere.example/x.jpg', 'javascript:alert(1)']) },
    ]),
  }),
  setStoryStatus: (w) => ({ input: { id: bogusGid(w, 'Story'), status: pick(['PUBLISHED', 'HIDDEN', 'DRAFT']) } }),
  deleteStory: (w) => ({ input: { id: bogusGid(w, 'Story') } }),
  recordStoryView: (w) => ({ input: { id: bogusGid(w, 'Story') } }),
  // Public: only a link's token may decline, and no token of a real link is known here.
  declineInvitationByToken: () => ({ input: { token: chance(0.8) ? pick(STRINGS) : hex(43) } }),
  // The console's people mutations: refused to the seeded user, who is no administrator.
  adminUpdateUser: (w) => ({ input: { id: gid('User', w.friend.userId), firstName: pick(['', 'Ada']), lastName: 'B', country: pick(['UK', 'US']) } }),
  adminDeleteUser: (w) => ({ input: { id: pick([gid('User', w.friend.userId), gid('User', w.me.userId), bogusGid(w, 'User')]) } }),
  adminBroadcastNotification: () => ({ input: { title: pick(['', 'Hello']), message: pick(['', 'World']) } }),
  adminMarkNotificationRead: (w) => ({ input: { id: bogusGid(w, 'Notification') } }),
  adminDeleteNotification: (w) => ({ input: { id: bogusGid(w, 'Notification') } }),
  adminRemoveFriendship: (w) => ({ input: { id: bogusGid(w, 'Friendship') } }),
  adminApproveFriendRequest: (w) => ({ input: { id: chance(0.3) ? w.request.gid : bogusGid(w, 'FriendRequest') } }),
  adminRejectFriendRequest: (w) => ({ input: { id: chance(0.3) ? w.request.gid : bogusGid(w, 'FriendRequest') } }),
  // Administrators only: a traveller is refused whatever the input.
  adminSetStoryStatus: (w) => ({ input: { id: bogusGid(w, 'Story'), status: pick(['PUBLISHED', 'HIDDEN']) } }),
  adminDeleteStory: (w) => ({ input: { id: bogusGid(w, 'Story') } }),
  adminSetGuideStatus: () => ({ input: { id: fakeUuid(), status: pick(['PUBLISHED', 'HIDDEN']) } }),
  adminSetGuideFeatured: () => ({ input: { id: fakeUuid(), featured: chance(0.5) } }),
  adminUpdateGuide: () => ({ input: { id: fakeUuid(), title: '' } }),
  adminCreateGuide: () => ({ input: { slug: 'Not A Slug', title: '', city: '', country: '' } }),
  adminDeleteGuide: () => ({ input: { id: fakeUuid() } }),
  adminRunHealthCheck: () => ({ input: { kind: pick(['database', 'api', 'storage', 'all']) } }),
  // The console's changes: the fuzzing traveller is no administrator, so each is refused (FORBIDDEN).
  adminUpdateTrip: (w) => ({ input: { tripId: gid('AdminTrip', pick([w.myTrip.uuid, w.friendTrip.uuid, fakeUuid()])), name: pick(['Renamed', '']) } }),
  adminCancelTrip: (w) => ({ input: { tripId: gid('AdminTrip', pick([w.myTrip.uuid, w.friendTrip.uuid, fakeUuid()])) } }),
  adminCreateTrip: (w) => ({ input: { ownerEmail: w.invitation.email, name: pick(['Admin trip', '']) } }),
  adminUpdateExpense: () => ({ input: { expenseId: gid('AdminExpense', fakeUuid()), title: 'Renamed', amount: pick(['1', '-1', 'abc']) } }),
  adminDeleteExpense: () => ({ input: { expenseId: gid('AdminExpense', fakeUuid()) } }),
  adminUpdateChecklist: () => ({ input: { checklistId: gid('AdminChecklist', fakeUuid()), title: pick(['Renamed', '']) } }),
  adminDeleteChecklist: () => ({ input: { checklistId: gid('AdminChecklist', fakeUuid()) } }),
};

// ---------- REST ----------

type RestInput = { params?: Record<string, string>; body?: unknown };
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Per changing REST row, params and bodies the seeded user (good token) must be refused. */
const REFUSED_REST: Record<string, (w: World) => RestInput> = {
  'POST /handle-friend-request': (w) => ({
    body: {
      requestId: chance(0.3) ? w.request.uuid : bogusRaw(w),
      action: pick(['accept', 'reject', 'decline', pick(STRINGS)]),
      userId: pick([undefined, null, w.me.userId, w.friend.userId]),
    },
  }),
  'POST /add-friend-by-email': (w) => ({
    body: {
      email: pick([pick(BAD_EMAILS), w.me.email, w.friend.email, ` ${w.friend.email.toUpperCase()} `, nobodyEmail()]),
      message: chance(0.5) ? pick(STRINGS) : undefined,
      fromUserId: pick([undefined, w.me.userId, w.friend.userId]),
    },
  }),
  'DELETE /remove-friend/:friendProfileId': (w) => ({ params: { friendProfileId: pick([bogusRaw(w), w.me.userId, gid('User', w.friend.userId)]) } }),
  'POST /create-trip': (w) => {
    const body: Record<string, unknown> = {
      name: 'Lisbon',
      description: pick(STRINGS),
      destination: chance(0.5) ? garbage() : pick(['Paris, France', { main_text: 'Paris', lat: 91 }]),
      start_date: pick(DATES),
      end_date: pick(DATES),
      total_budget: pick(['100', 100, 'abc', 1e308, null]),
      currency: pick(['USD', 'EUR', 'XXX']),
    };
    switch (int(6)) {
      case 0:
        return { body: { ...body, name: pick(['', '  ', '\u0000', 'x'.repeat(121), null]) } };
      case 5:
        // Fields under a "__proto__" key are not the body's own: no name was sent.
        return { body: new Entries([['__proto__', { ...body, name: 'Proto trip' }]]) };
      case 1:
        return { body: { ...body, start_date: '2026-05-10', end_date: '2026-05-01' } };
      case 2:
        return { body: { ...body, currency: pick(['XXX', 'BTC', '']) } };
      case 3:
        return { body: { ...body, owner_id: w.friend.userId } };
      default:
        return { body: { ...body, total_budget: pick(['abc', '99999999999', 'NaN']) } };
    }
  },
  'DELETE /delete-trip/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.friendTrip.uuid, w.myTrip.gid]) } }),
  'POST /accept-trip-invitation/:id': (w) => ({
    params: { id: chance(0.3) ? w.invitation.uuid : bogusRaw(w) },
    body: { user_id: pick([undefined, w.me.userId, w.friend.userId, pick(STRINGS)]) },
  }),
  'DELETE /decline-trip-invitation/:id': (w) => ({ params: { id: chance(0.3) ? w.invitation.uuid : bogusRaw(w) } }),
  'POST /handle-trip-invitation': (w) => ({
    body: {
      invitationId: pick([undefined, w.invitation.uuid, bogusRaw(w)]),
      token: pick([undefined, pick(STRINGS), hex(43)]),
      action: pick(['accept', 'decline', pick(STRINGS)]),
      userId: pick([undefined, w.me.userId, w.friend.userId]),
    },
  }),
  'POST /invite-friend-to-trip': (w) =>
    chance(0.5)
      ? { body: { tripId: chance(0.3) ? w.friendTrip.uuid : bogusRaw(w), friendId: anyId(w), invitedBy: pick([undefined, w.me.userId]) } }
      : {
          body: {
            tripId: w.myTrip.uuid,
            friendId: pick([undefined, '', bogusRaw(w), w.me.userId]),
            invitedBy: pick([undefined, w.me.userId, w.friend.userId]),
          },
        },
  'POST /save-itinerary-item': (w) =>
    chance(0.5)
      ? { body: { id: pick([undefined, w.friendItem.uuid]), trip_id: chance(0.3) ? w.friendTrip.uuid : bogusRaw(w), type: 'activity', title: 'Museum' } }
      : { body: { id: pick([undefined, w.myItem.uuid]), trip_id: w.myTrip.uuid, ...badItemRest() } },
  'POST /save-expense': (w) =>
    chance(0.5)
      ? {
          body: {
            id: pick([undefined, bogusRaw(w)]),
            trip_id: chance(0.3) ? w.friendTrip.uuid : bogusRaw(w),
            title: 'Dinner',
            amount: 10,
            paid_by: w.me.userId,
            participants: [w.me.userId],
          },
        }
      : {
          body: {
            trip_id: w.myTrip.uuid,
            title: 'Dinner',
            paid_by: w.me.userId,
            participants: [w.me.userId],
            amount: pick([0, -5, 'abc', 1.234]),
            // An itemised receipt with a line nobody on the trip shares.
            ...(chance(0.3) ? { split_type: 'itemised', items: [{ description: '', amount: 5, participants: [w.friend.userId] }], tax: -1 } : {}),
          },
        },
  'DELETE /delete-expense/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) } }),
  // No payment has that id (a real id of another kind, or none): 404.
  'POST /undo-settlement/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myTrip.uuid, w.myItem.uuid]) } }),
  'POST /settle-expense': (w) =>
    chance(0.5)
      ? { body: { trip_id: chance(0.3) ? w.friendTrip.uuid : bogusRaw(w), from_user_id: w.me.userId, to_user_id: w.friend.userId, amount: 5 } }
      : { body: { trip_id: w.myTrip.uuid, from_user_id: w.me.userId, to_user_id: w.me.userId, amount: pick([5, 0, -1, 'x']) } },
  'DELETE /delete-itinerary-item/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.friendItem.uuid, w.myItem.gid]) } }),
  'PUT /mark-itinerary-item-booked/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.friendItem.uuid, w.myItem.gid]) } }),
  'POST /create-pending-itinerary-item': (w) =>
    chance(0.5)
      ? { body: { trip_id: chance(0.3) ? w.friendTrip.uuid : bogusRaw(w), title: 'Cafe', type: 'restaurant' } }
      : { body: { trip_id: w.myTrip.uuid, type: 'restaurant', ...pick([{ title: '' }, { title: 'Cafe', affiliate_url: 'javascript:alert(1)' }]) } },
  // Checklists: someone else's trip, ids that name no checklist or item, or fields that break a rule.
  'POST /save-checklist': (w) =>
    chance(0.5)
      ? { body: { id: pick([undefined, bogusRaw(w)]), trip_id: chance(0.3) ? w.friendTrip.uuid : bogusRaw(w), title: 'Packing' } }
      : { body: { trip_id: w.myTrip.uuid, ...pick([{ title: 'x'.repeat(121) }, { category: pick(['Snacks', 7]) }, { template: pick(['VOLCANO', 1]) }]) } },
  'DELETE /delete-checklist/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.friendItem.uuid, w.myItem.uuid]) } }),
  'POST /save-checklist-item': (w) => ({
    body: pick([
      { checklist_id: pick([undefined, bogusRaw(w), w.myItem.uuid]), description: 'Tent' },
      { id: pick([bogusRaw(w), w.myItem.uuid]), description: 'Tent' },
    ]),
  }),
  'DELETE /delete-checklist-item/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.friendItem.uuid, w.myItem.uuid]) } }),
  'PUT /toggle-checklist-item/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) }, body: { is_completed: pick([true, 'yes']) } }),
  'POST /save-idea': (w) =>
    chance(0.5)
      ? { body: { id: pick([undefined, bogusRaw(w)]), trip_id: chance(0.3) ? w.friendTrip.uuid : bogusRaw(w), title: 'Fado' } }
      : {
          body: {
            trip_id: w.myTrip.uuid,
            ...pick([{ title: '' }, { title: 'Fado', url: 'javascript:alert(1)' }, { title: 'Fado', estimated_cost: pick([-1, 'abc']) }]),
          },
        },
  'POST /vote-idea/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) }, body: { vote: pick([true, 'yes']) } }),
  'DELETE /delete-idea/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) } }),
  'POST /idea-to-itinerary/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) }, body: { activity_date: '2030-05-02' } }),
  'POST /save-poll': (w) =>
    chance(0.5)
      ? { body: { trip_id: chance(0.3) ? w.friendTrip.uuid : bogusRaw(w), question: 'Q', kind: 'choice', options: [{ label: 'a' }, { label: 'b' }] } }
      : {
          body: {
            trip_id: w.myTrip.uuid,
            question: pick(['', 'Q']),
            kind: pick(['dates', 'what']),
            options: [{ start_date: '2030-05-05', end_date: '2030-05-01' }],
          },
        },
  'POST /vote-poll/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) }, body: { answers: [] } }),
  'POST /close-poll/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) } }),
  'POST /apply-dates-poll/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) }, body: { option_id: bogusRaw(w) } }),
  'POST /poll-days/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) }, body: { days: pick([['2030-02-31'], 'every day', [17]]) } }),
  // Book smart: someone else's trip or no trip; a wallet with an unknown programme or a number; the console's rows (no administrator here).
  'POST /suggest-checklist': (w) => ({ body: { trip_id: pick([w.friendTrip.uuid, bogusRaw(w)]) } }),
  'POST /add-suggested-checklist-items': (w) => ({
    body: { trip_id: pick([w.friendTrip.uuid, bogusRaw(w)]), items: [{ description: 'Tent', per_person: true }] },
  }),
  'PUT /my-rewards': () => ({
    body: {
      programs: [
        pick([{ program_id: 'no-such-card' }, { program_id: '4111111111111111' }, { program_id: 'united-mileageplus', status: '4111 1111 1111 1111' }]),
      ],
    },
  }),
  'PUT /admin/rewards-catalog/:programId': () => ({ params: { programId: 'amex-gold-us' }, body: { pointValueCents: 3 } }),
  'DELETE /admin/rewards-catalog/:programId': () => ({ params: { programId: 'amex-gold-us' } }),
  'PUT /toggle-photo-favorite/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.friendPhoto.uuid, w.myPhoto.gid]) }, body: {} }),
  'DELETE /delete-photo/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.friendPhoto.uuid, w.myPhoto.gid]) } }),
  'POST /add-photo-comment': (w) =>
    chance(0.5)
      ? { body: { photo_id: pick([bogusRaw(w), w.friendPhoto.uuid]), comment: 'Nice' } }
      : { body: { photo_id: w.myPhoto.uuid, ...pick([{ comment: '' }, { comment: '  ' }, { comment: 12 }, { comment: 'x', user_id: w.friend.userId }]) } },
  'POST /save-story': (w) => ({
    body: pick([
      { title: pick(['', '  ', 42]), city: '' },
      { title: 'Terror of the seas', city: 'Lisbon' },
      { id: bogusRaw(w), title: 'Lisbon', city: 'Lisbon' },
      { title: 'Lisbon', city: 'Lisbon', cover_url: 'https://elsewhere.example/x.jpg' },
      { title: 'Lisbon', city: 'Lisbon', status: pick(['bogus', 7]) },
      { title: 'Lisbon', city: 'Lisbon', sections: pick([[{ section_type: 'poem', content: {} }], 'nope']) },
    ]),
  }),
  'PUT /story-status/:id': (w) => ({ params: { id: bogusRaw(w) }, body: { status: pick(['published', 'hidden', 'nope']) } }),
  'DELETE /delete-story/:id': (w) => ({ params: { id: bogusRaw(w) } }),
  'POST /upload-story-image': () => ({ body: pick([{}, { file: 'not an image' }]) }),
  'PUT /trip-budget/:tripId': (w) =>
    chance(0.5)
      ? { params: { tripId: pick([bogusRaw(w), w.friendTrip.uuid]) }, body: { total_budget: 100, currency: 'USD' } }
      : {
          params: { tripId: w.myTrip.uuid },
          body: pick([
            { total_budget: pick([-1, 'abc', 1.234, 1e308, null]), currency: 'USD' },
            { total_budget: 100, currency: 'XXX' },
          ]),
        },
  'POST /track-affiliate-click': (w) =>
    chance(0.5)
      ? {
          body: {
            affiliate_partner: 'Viator',
            affiliate_url: 'https://example.com/x',
            metadata: { source: 'fuzz', trip_id: pick([bogusRaw(w), w.friendTrip.uuid]) },
          },
        }
      : { body: { affiliate_partner: 'Viator', affiliate_url: pick(['javascript:alert(1)', 'file:///etc/passwd', '']) } },
  'POST /wishlist': () => ({
    body: pick([
      { kind: pick(['spaceship', '', null, 1]), item_key: 'bali', title: 'Bali' },
      { kind: 'destination', item_key: pick(['', '  ', null, 'x'.repeat(201)]), title: 'Bali' },
      { kind: 'hotel', item_key: 'x', title: 'X', url: pick(['javascript:alert(1)', '//evil.example', 'ftp://x']) },
    ]),
  }),
  'DELETE /wishlist/:id': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid(), w.me.userId]) } }),
  'POST /feedback': () => ({
    body: pick([{ signup_ease: pick([0, 6, 2.5, 'abc']) }, { design_impression: pick(['ugly', 1]) }, { email: pick(BAD_EMAILS.filter(Boolean)) }]),
  }),
  'POST /mapped-waitlist': () => ({ body: { email: pick([...BAD_EMAILS, '', null]) } }),
  // Someone else's map, or a code that is no country; a year out of range or no year.
  'PUT /mapped/:userId/countries/:code': (w) =>
    chance(0.5)
      ? { params: { userId: pick([w.friend.userId, bogusRaw(w)]), code: 'FR' }, body: { visited: true } }
      : { params: { userId: w.me.userId, code: pick(['XX', 'FRA', '', '1']) }, body: { visited: pick([true, 'yes']) } },
  'POST /wrapped-share': () => ({ body: { year: pick(['abc', 1999, 2101, null, 2026.5, '']) } }),
  'DELETE /wrapped-share/:year': () => ({ params: { year: pick(['abc', '1999', '2101']) } }),
  'POST /guide/:slug/email-itinerary': (w) =>
    chance(0.5)
      ? { params: { slug: pick(['atlantis', bogusRaw(w)]) }, body: {} }
      : { params: { slug: 'barcelona' }, body: { plan: pick(['9-day', '', 'x'.repeat(50)]) } },
  'PUT /update-reservation/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) }, body: { title: 'Mine', type: 'hotel' } }),
  'DELETE /delete-reservation/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) } }),
  'PUT /confirm-reservation/:id': (w) => ({ params: { id: pick([bogusRaw(w), w.myItem.uuid]) } }),
  'POST /add-reservation-to-trip': (w) => ({ body: { reservation_id: pick([bogusRaw(w), w.myItem.uuid]), trip_id: pick([w.myTrip.uuid, w.friendTrip.uuid]) } }),
  'POST /api/send-invite': (w) =>
    chance(0.5)
      ? { body: { tripId: chance(0.3) ? w.friendTrip.uuid : bogusRaw(w), to: anyEmail(w), message: pick(STRINGS) } }
      : { body: { tripId: w.myTrip.uuid, to: pick([pick(BAD_EMAILS), w.me.email]), message: pick(STRINGS) } },
  // The console's people rows: the seeded user is no administrator, so each is refused at the door.
  'PUT /admin/users/:id': (w) => ({
    params: { id: pick([w.me.userId, w.friend.userId, bogusRaw(w)]) },
    body: { first_name: pick(['', 'Ada']), last_name: pick(STRINGS), country: pick(['UK', 'US', pick(STRINGS)]) },
  }),
  'DELETE /admin/users/:id/delete': (w) => ({ params: { id: pick([w.me.userId, w.friend.userId, bogusRaw(w)]) } }),
  'POST /admin/notifications/broadcast': () => ({
    body: { title: pick(['', 'Hello', pick(STRINGS)]), message: pick(['', pick(STRINGS)]), type: pick(['announcement', pick(STRINGS)]) },
  }),
  'POST /admin/notifications/:id/mark-read': (w) => ({ params: { id: bogusRaw(w) } }),
  'DELETE /admin/notifications/:id/delete': (w) => ({ params: { id: bogusRaw(w) } }),
  'DELETE /admin/friends/:id/remove': (w) => ({ params: { id: bogusRaw(w) } }),
  'POST /admin/friends/requests/:id/approve': (w) => ({ params: { id: chance(0.3) ? w.request.uuid : bogusRaw(w) } }),
  'POST /admin/friends/requests/:id/reject': (w) => ({ params: { id: chance(0.3) ? w.request.uuid : bogusRaw(w) } }),
  // Administrators' content rows: a traveller is refused at the door; a made-up id is not found.
  'POST /admin/stories/:id/publish': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) } }),
  'POST /admin/stories/:id/hide': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) } }),
  'DELETE /admin/stories/:id/delete': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) } }),
  'POST /admin/guides': () => ({ body: { slug: pick(['', 'Not A Slug', 'x'.repeat(90)]), title: pick(['', ' ']), city: '', country: '' } }),
  'PUT /admin/guides/:id': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) }, body: { title: '' } }),
  'POST /admin/guides/:id/publish': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) } }),
  'POST /admin/guides/:id/hide': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) } }),
  'POST /admin/guides/:id/feature': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) } }),
  'POST /admin/guides/:id/unfeature': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) } }),
  'DELETE /admin/guides/:id/delete': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) } }),
  // The console's changes: the fuzzing traveller is no administrator, so every one is refused (403).
  'POST /admin/trips': (w) => ({ body: { owner_email: w.me.email, name: pick(['Admin trip', '', null]) } }),
  'PUT /admin/trips/:id': (w) => ({ params: { id: pick([w.myTrip.uuid, w.friendTrip.uuid, bogusRaw(w)]) }, body: { name: pick(['Renamed', '']) } }),
  'POST /admin/trips/:id/cancel': (w) => ({ params: { id: pick([w.myTrip.uuid, w.friendTrip.uuid, bogusRaw(w)]) } }),
  'PUT /admin/expenses/:id': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) }, body: { title: 'Renamed', amount: pick([1, -1, 'abc']) } }),
  'DELETE /admin/expenses/:id/delete': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) } }),
  'PUT /admin/checklists/:id': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) }, body: { title: pick(['Renamed', '']) } }),
  'DELETE /admin/checklists/:id/delete': (w) => ({ params: { id: pick([bogusRaw(w), fakeUuid()]) } }),
};
/** Rows that change nothing worth guarding whoever calls them. */
// The forwarding-address reset takes no fields (any field is refused, 400) and replaces only the
// caller's own secret, so a body-less call is a valid one: its change (users.forwarding_token)
// is left out of the data compared below. The fuzz block at the end checks its refusals.
const HARMLESS_REST = new Set(['POST /analytics/event', 'POST /reset-forwarding-address']);

/** A body with the row's fields filled with anything (real ids included): for callers refused at the door. */
function freeBody(w: World, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(
    fields
      .filter(() => chance(0.8))
      .map((f) => [
        f,
        chance(0.5) ? garbage(1) : /email|^to$/i.test(f) ? anyEmail(w) : /id$/i.test(f) ? anyId(w) : pick(['accept', 'decline', 'Lisbon', pick(STRINGS)]),
      ]),
  );
}
const bodyFields = (route: BackendRoute) =>
  Object.keys((route.body as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? { name: 1, event_type: 1, page: 1, metadata: 1 });

/**
 * The text of a body, mostly as JSON, sometimes broken in one of many ways. A guarded body (one
 * that must be refused for what it says) is only broken in ways that keep it refused: never
 * swapped for other garbage, nor for bytes that decode to a valid name.
 */
function bodyText(value: unknown, mode: 'free' | 'guarded'): string | Uint8Array {
  if (chance(0.6)) return json(value);
  let r = int(9);
  while (mode === 'guarded' && (r === 4 || r === 7)) r = int(9);
  if (r === 0)
    return pick([
      '{',
      '{"name":',
      '{"name": "x",}',
      "{'name':'x'}",
      'nul',
      'undefined',
      'NaN',
      '\u0000',
      '\ufeff{}',
      '{"a":1}garbage',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '',
    ]);
  if (r === 1) return pick(['null', '[]', '"x"', '1e308', 'true', '-0', '[{"name":"Lisbon"}]', '1e999']);
  if (r === 2) return json(nested(30 + int(31)));
  if (r === 3) return pick(['['.repeat(5000), '{"a":'.repeat(3000), `[${'0,'.repeat(20_000)}0]`]);
  if (r === 4) return new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]);
  if (r === 5) return json(new Entries([['__proto__', value]]));
  if (r === 6 && chance(0.1)) return json({ pad: 'x'.repeat(300_000) });
  if (r === 7) return json(garbage());
  return `${json(value)}${pick([' ', '\n', 'x', '}', ',{}'])}`;
}
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json, text/plain',
  'x/y; a=b;;',
  'application/graphql',
];
const contentType = () => (chance(0.75) ? 'application/json' : chance(0.9) ? pick(CONTENT_TYPES) : undefined);

/** A path parameter, mostly percent-encoded; now and then raw, or an encoding that is itself broken. */
function pathParam(v: string): string {
  const r = random();
  if (r < 0.85) return enc(v);
  if (r < 0.92) return v.replace(/[^\x21-\x7e]/g, (c) => enc(c));
  return pick(['%', '%zz', '%E0%A4%A', '%C0%AF', '%00', '..', '.', '%2e%2e', '%2F', ';', '..%2f..%2f', '%ED%A0%80']);
}
function queryString(w: World, names: string[]): string {
  if (!chance(0.4)) return '';
  const pairs = sample(names, int(names.length + 1)).map((n) => `${n}=${enc(String(chance(0.5) ? pick(STRINGS) : anyId(w)).slice(0, 2000))}`);
  if (chance(0.3)) pairs.push(`${enc(pick(STRINGS).slice(0, 50))}=${enc(pick(STRINGS).slice(0, 100))}`);
  if (chance(0.1)) pairs.push(pick(['%', '&&&', '=', 'a=%zz', 'input=%E0%A4%A']));
  return `?${pairs.join('&')}`;
}

// ---------- one request ----------

type Auth = 'good' | 'none' | 'forged';
interface Case {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Could change data if the server got it wrong (a 2xx answer here is worth a look). */
  changing: boolean;
}

/** The Authorization header, and how to name it in a failure (forged ones by their index in World.forged). */
function authHeader(w: World, auth: Auth): [string | undefined, string] {
  if (auth === 'good') return [`Bearer ${w.me.token}`, auth];
  if (auth === 'forged') {
    const n = int(w.forged.length);
    return [w.forged[n], `forged #${n}`];
  }
  return chance(0.95) ? [undefined, auth] : ['', 'empty'];
}

function restCase(w: World, auth: Auth): Omit<Case, 'headers'> & { headers?: Record<string, string> } {
  const route = pick(backendRoutes);
  const k = key(route);
  const reads = route.method === 'GET';
  // Refused at the door (signed out or forged) unless public; reads change nothing.
  const guarded = !reads && !HARMLESS_REST.has(k) && (auth === 'good' || route.access === 'public');
  const params: Record<string, string> = {};
  let body: unknown = freeBody(w, bodyFields(route));
  for (const p of route.path.match(/:[a-zA-Z]+/g) ?? [])
    params[p.slice(1)] = String(chance(0.5) ? anyId(w) : pick([pick(STRINGS), w.me.userId, w.me.email, fakeUuid()]));
  if (guarded) {
    const refusal = Object.hasOwn(REFUSED_REST, k) ? REFUSED_REST[k] : undefined;
    if (!refusal) throw new Error(`no refusal for ${k}: add one to REFUSED_REST`);
    const made = refusal(w);
    Object.assign(params, made.params);
    body = made.body ?? {};
  }
  let path = `/api/backend${route.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => (guarded ? enc(params[name]!) : pathParam(params[name]!)))}`;
  path += queryString(w, ['input', 'sessiontoken', 'token', 'userId', 'email']);
  let method: string = route.method;
  if (chance(0.03)) method = pick(['PUT', 'PATCH', route.method === 'GET' ? 'POST' : 'GET']);
  // GET cannot carry a body; DELETE may (and the server ignores it).
  const text =
    method === 'GET' || (method === 'DELETE' && chance(0.5))
      ? undefined
      : guarded
        ? bodyText(body, 'guarded')
        : bodyText(chance(0.7) ? body : garbage(), 'free');
  return {
    label: `REST ${method} ${route.path} (${guarded ? 'refused input' : 'free input'})`,
    method,
    path,
    body: text,
    changing: method !== 'GET' && !HARMLESS_REST.has(k),
  };
}

const AUTH_ROUTES = ['signup', 'signin', 'refresh', 'signout', 'resend-verification', 'forgot-password', 'reset-password'] as const;
/** The account endpoints act on their bodies, never on a token: every body here must be refused. */
function authRouteCase(w: World): Omit<Case, 'headers'> & { headers?: Record<string, string> } {
  const r = pick(AUTH_ROUTES);
  let body: Record<string, unknown>;
  switch (r) {
    case 'signup': {
      const good = {
        email: nobodyEmail(),
        password: 'long enough password',
        confirm_password: 'long enough password',
        first_name: 'Ada',
        last_name: 'Lovelace',
        city: 'London',
        state: 'England',
        country: 'GB',
      };
      const base = { ...good, ...freeBody(w, Object.keys(good).concat(['travel_preferences', 'preferences_skipped', 'invitation'])) };
      body = pick<Record<string, unknown>>([
        { ...base, email: pick(BAD_EMAILS) },
        { ...base, password: 'short', confirm_password: 'short' },
        { ...base, confirm_password: 'something else entirely' },
        { ...base, first_name: pick(['', '  ', '\u0000']) },
        { ...base, city: '' },
        { ...base, country: 'XX' },
        { ...base, password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) },
        { ...base, preferences_skipped: false, travel_preferences: { accommodation: ['Space station'] } },
      ]);
      break;
    }
    case 'signin':
      // Never the seeded password: a wrong one, for real and unknown addresses.
      body = {
        email: anyEmail(w),
        password: pick(['correct horse batter', '', 'x'.repeat(10_000), pick(STRINGS)]),
        ...(chance(0.3) ? freeBody(w, ['remember', 'token']) : {}),
      };
      break;
    case 'refresh':
    case 'signout':
      body = { refresh_token: pick([pick(STRINGS), w.me.token, hex(43), `${w.me.refreshToken}x`, w.me.refreshToken.slice(0, -1)]) };
      break;
    case 'resend-verification':
    case 'forgot-password':
      body = { email: pick([pick(BAD_EMAILS), nobodyEmail(), pick(STRINGS)]) };
      break;
    default:
      body = {
        token: pick([pick(STRINGS), hex(43)]),
        password: pick(['long enough password', 'short', '']),
        confirm_password: pick(['long enough password', 'other']),
      };
  }
  return { label: `REST POST /api/auth/${r}`, method: 'POST', path: `/api/auth/${r}`, body: bodyText(body, 'free'), changing: true };
}

function otherPathCase(w: World, auth: Auth): Omit<Case, 'headers'> & { headers?: Record<string, string> } {
  if (chance(0.35)) {
    const guarded = auth === 'good' || chance(0.5);
    const input = guarded
      ? REFUSED_REST['POST /api/send-invite']!(w)
      : { body: freeBody(w, ['tripId', 'to', 'message', 'tripName', 'inviterName', 'isExistingUser']) };
    return {
      label: `REST POST /api/send-invite (${guarded ? 'refused input' : 'free input'})`,
      method: 'POST',
      path: '/api/send-invite',
      body: bodyText(input.body, guarded ? 'guarded' : 'free'),
      changing: true,
    };
  }
  const [method, path] = pick<[string, string]>([
    ['GET', `/api/auth/verify-email?token=${enc(pick(STRINGS).slice(0, 3000))}`],
    ['GET', `/api/auth/verify-email?token=${hex(43)}&token=${enc(pick(STRINGS))}`],
    ['GET', '/api/auth/verify-email'],
    ['GET', '/api/auth/signin'],
    ['PUT', '/api/auth/signup'],
    ['POST', `/api/auth/${enc(pick(STRINGS).slice(0, 200))}`],
    ['POST', '/api/backend/nope'],
    ['GET', '/api/backend'],
    ['GET', '/api/backend/'],
    ['GET', `/api/${enc(pick(STRINGS).slice(0, 500))}`],
    ['PATCH', '/api/backend/create-trip'],
    ['GET', '/api/backend/user-trips'],
    ['GET', `/api/backend/user-trips/${w.me.userId}/extra`],
    ['GET', `/api/backend/user-trips/${w.me.userId}/`],
    ['GET', `//api//backend//user-trips//${w.me.userId}`],
    ['PUT', '/graphql'],
    ['DELETE', '/graphql'],
    ['PATCH', '/graphql'],
    ['OPTIONS', '/graphql'],
    ['OPTIONS', '/api/backend/create-trip'],
    ['HEAD', `/api/backend/user-trips/${w.me.userId}`],
    ['HEAD', '/graphql'],
    ['GET', '/healthz'],
    ['POST', '/healthz'],
    ['GET', '/readyz'],
    ['GET', '/api/send-invite'],
    ['GET', `/graphiql/${pathParam(pick(STRINGS).slice(0, 200))}`],
    ['GET', '/graphiql/../../package.json'],
    ['GET', '/graphiql/%2e%2e/%2e%2e/package.json'],
  ]);
  const body = method === 'GET' || method === 'HEAD' ? undefined : bodyText(garbage(), 'free');
  const headers: Record<string, string> = {};
  if (method === 'OPTIONS')
    Object.assign(headers, {
      origin: pick(['http://evil.test', 'null', 'http://app.test', '*']),
      'access-control-request-method': pick(['POST', 'DELETE', 'X']),
      'access-control-request-headers': pick(['authorization', 'x-\u00ff', '*']),
    });
  return {
    label: `other ${method} ${path.slice(0, 60)}`,
    method,
    path,
    body,
    headers,
    changing: method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS',
  };
}

/** A call of a schema field: reads with anything; changes refused one way or another. */
function graphqlFieldCase(w: World, auth: Auth): Omit<Case, 'headers'> & { headers?: Record<string, string> } {
  const r = random();
  const field = r < 0.6 ? pick(mutationFields) : r < 0.97 ? pick(queryFields) : pick(subscriptionFields);
  const op = r < 0.6 ? 'mutation' : r < 0.97 ? 'query' : 'subscription';
  const free = Object.fromEntries(field.args.map((a) => [a.name, valueFor(w, a.type, a.name)]));
  let call: Call;
  let how = 'free input';
  let method = op === 'query' && chance(0.15) ? 'GET' : 'POST';
  const guarded = op === 'mutation' && (auth === 'good' || field.name === 'declineInvitationByToken');
  if (guarded) {
    const semantic = Object.hasOwn(REFUSED_MUTATIONS, field.name) ? REFUSED_MUTATIONS[field.name] : undefined;
    const ways = [
      'type',
      'broken',
      'get',
      'unknownArg',
      'unusedVar',
      ...(semantic ? ['semantic', 'semantic', 'semantic', 'semantic'] : []),
      ...(field.args.length ? ['omit', 'unknownField'] : []),
    ];
    how = pick(ways);
    if (how === 'semantic') call = callOf(field, 'mutation', semantic!(w, field)!);
    else if (how === 'type' && field.args.length) {
      const a = pick(field.args);
      call = callOf(field, 'mutation', { ...free, [a.name]: wrongFor(a.type, free[a.name]) });
    } else if (how === 'omit' && field.args.some((a) => isNonNullType(a.type))) {
      const a = pick(field.args.filter((x) => isNonNullType(x.type)));
      call = callOf(field, 'mutation', { ...free, [a.name]: undefined }, chance(0.5) ? { omit: a.name } : {});
    } else if (how === 'unknownField' && field.args.some((a) => isInputObjectType(getNamedType(a.type)))) {
      const a = field.args.find((x) => isInputObjectType(getNamedType(x.type)))!;
      const v = free[a.name];
      const entries: [string, unknown][] = v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Entries) ? Object.entries(v) : [];
      // An unknown field, or "__proto__" (which must stay an unknown field, not become a prototype).
      entries.push(
        chance(0.5) ? [pick(['nope', 'id', 'ownerId', 'role']), garbage(1)] : ['__proto__', semantic ? Object.values(semantic(w, field) ?? {})[0] : {}],
      );
      call = callOf(field, 'mutation', { ...free, [a.name]: new Entries(entries) });
    } else if (how === 'unusedVar') call = callOf(field, 'mutation', free, { unusedVar: true });
    else if (how === 'get') {
      call = callOf(field, 'mutation', free);
      method = 'GET';
    } else if (how === 'broken') {
      call = callOf(field, 'mutation', free);
      call.document = call.document.slice(0, int(call.document.length - 1));
    } else {
      how = 'unknownArg';
      call = callOf(field, 'mutation', free, { unknownArg: true });
    }
  } else call = callOf(field, op, free);
  if (op === 'subscription') method = 'POST';
  const label = `GraphQL ${method} ${op} ${field.name} (${how})`;
  if (method === 'GET') {
    const vars = json(call.variables);
    return { label, method, path: `/graphql?query=${enc(call.document)}${vars === '{}' ? '' : `&variables=${enc(vars)}`}`, changing: op === 'mutation' };
  }
  const payload: Record<string, unknown> = { query: call.document, variables: call.variables };
  if (chance(0.1)) payload.operationName = pick(['Fuzz', 'Nope', '', null, 5]);
  if (chance(0.05)) payload.extensions = pick([{}, garbage(), { persistedQuery: { version: 1, sha256Hash: hex(64) } }]);
  return {
    label,
    method,
    path: '/graphql',
    body: json(payload),
    changing: op === 'mutation',
    headers: op === 'subscription' ? { accept: pick(['application/json', 'application/graphql-response+json']) } : undefined,
  };
}

/** Documents and bodies that are wrong before any field is looked at. */
function graphqlOddCase(w: World): Omit<Case, 'headers'> & { headers?: Record<string, string> } {
  const docs = [
    () =>
      `{ ${pick(['nope', 'viewer { nope }', 'viewer { id(x: 1) }', '__schema { types { name } }', '__type(name: "User") { fields { name } }', 'node { id }', 'viewer { trips }'])} }`,
    () => `mutation { ${pick(mutationFields).name} }`,
    () => `query { ${pick(mutationFields).name} { __typename } }`,
    () => '{'.repeat(1 + int(2000)),
    () => `{ viewer ${'{ trips(first: 1) { edges { node { members { user '.repeat(4)} }`,
    () => `{ ${Array.from({ length: 40 + int(40) }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`,
    () => `{ viewer { id ${'@skip(if: false) '.repeat(60)} } }`,
    () => 'fragment A on Query { ...B } fragment B on Query { ...A } { ...A }',
    () => 'fragment A on Query { viewer { id } } { ...A ...A ...A }',
    () => `query A { viewer { id } } query B { viewer { id } }`,
    () => `query($q: String!) { placeSearch(query: $q) { __typename } }`,
    () => `{ placeSearch(query: "${'x'.repeat(int(2) ? 5000 : 200_000)}") { __typename } }`,
    () =>
      `{ node(id: ${pick(['1e999', '99999999999999999999', 'true', '[1]', '{a: 1}', '"\\ud800"', '"\\u0000"', `"${'x'.repeat(50_000)}"`])}) { __typename } }`,
    () => `{ viewer { popularActivities(first: ${pick(['2147483648', '-1', '1.5', '"5"', '1e999', '0', '1000000000'])}) { __typename } } }`,
    () => `{ viewer { trips(first: ${pick(['-1', '0', '1000000', '2147483647'])}, after: ${literal(pick(STRINGS))}) { edges { cursor } } } }`,
    () => `{ nodes(ids: [${Array.from({ length: int(300) }, () => literal(String(anyId(w)))).join(', ')}]) { __typename } }`,
    () => `subscription { viewerChanged { __typename } }`,
    () => `{ viewer { id } } ${'#'.repeat(100)}\u0000`,
    () => `\ufeff{ viewer { id } }`,
    () => pick(STRINGS),
    () => Array.from({ length: 2000 }, () => 'a').join(' '),
  ];
  const document = pick(docs)();
  const r = int(8);
  let body: string | Uint8Array;
  if (r === 0) body = bodyText({ query: document }, 'free');
  else if (r === 1) body = json({ query: pick([5, null, ['{ viewer { id } }'], {}, true, new Raw('1e999')]) });
  else if (r === 2) body = json({ query: document, variables: pick(['x', 5, [], true, nested(50), garbage()]) });
  else if (r === 3) body = json({ query: document, operationName: pick([{}, [], 5, true, 'x'.repeat(10_000)]) });
  else if (r === 4)
    body = pick([
      '[]',
      '[{"query":"{ viewer { id } }"}]',
      '',
      'query=%7Bviewer%7Bid%7D%7D',
      '--zz\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":"{viewer{id}}"}\r\n--zz--',
      '--zz\r\n\r\n--zz--',
      document,
    ]);
  else body = json({ query: document, variables: {} });
  const streams = document.startsWith('subscription');
  return {
    label: `GraphQL odd document/body`,
    method: 'POST',
    path: '/graphql',
    body,
    changing: true,
    headers: streams ? { accept: 'application/json' } : undefined,
  };
}

function graphqlGetCase(w: World): Omit<Case, 'headers'> & { headers?: Record<string, string> } {
  const field = pick(queryFields);
  const call = callOf(field, 'query', Object.fromEntries(field.args.map((a) => [a.name, valueFor(w, a.type, a.name)])));
  const parts: string[] = [];
  if (chance(0.9)) parts.push(`query=${chance(0.9) ? enc(call.document) : pick(['%', '%zz', enc(pick(STRINGS))])}`);
  if (chance(0.6))
    parts.push(
      `variables=${chance(0.5) ? enc(json(call.variables)) : enc(pick(['{', '[]', '5', '"x"', 'null', 'true', json(nested(50)), json(garbage()), `{"x":"${'y'.repeat(5000)}"}`]))}`,
    );
  if (chance(0.3)) parts.push(`operationName=${enc(pick(STRINGS).slice(0, 500))}`);
  if (chance(0.3)) parts.push(`extensions=${enc(pick(['{', '[]', '{}', '5', json(garbage()), '{"persistedQuery":{"version":1,"sha256Hash":"x"}}']))}`);
  if (chance(0.2)) parts.push(pick(['query=a&query=b', 'variables=%', '&&', 'variables=', 'query=']));
  return { label: `GraphQL GET ${field.name}`, method: 'GET', path: `/graphql?${sample(parts, parts.length).join('&')}`, changing: false };
}

function nextCase(w: World, i: number): Case {
  const r = random();
  const a = random();
  const auth: Auth = a < 0.45 ? 'good' : a < 0.65 ? 'none' : 'forged';
  let c: Omit<Case, 'headers'> & { headers?: Record<string, string> };
  if (r < 0.34) c = restCase(w, auth);
  else if (r < 0.4) c = authRouteCase(w);
  else if (r < 0.46) c = otherPathCase(w, auth);
  else if (r < 0.84) c = graphqlFieldCase(w, auth);
  else if (r < 0.93) c = graphqlOddCase(w);
  else c = graphqlGetCase(w);
  // Each request from its own address (the app trusts one proxy hop), so per-address limits
  // do not turn the run into 429s; now and then a malformed one.
  const headers: Record<string, string> = {
    'x-forwarded-for': chance(0.98)
      ? `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`
      : pick(['', 'unknown', '::1', '1.2.3.4, 5.6.7.8, 9.9.9.9', 'x'.repeat(2000), ' , ,']),
  };
  const [authorization, authLabel] = authHeader(w, auth);
  if (authorization !== undefined) headers.authorization = authorization;
  const type = contentType();
  if (type !== undefined && c.body !== undefined) headers['content-type'] = type;
  headers.accept = chance(0.85)
    ? 'application/json'
    : pick(['application/graphql-response+json', '*/*', 'text/html', 'multipart/mixed', 'text/event-stream', 'application/xml', '']);
  if (chance(0.05)) headers['x-time-zone'] = pick(['Europe/Lisbon', 'Mars/Olympus', 'x'.repeat(100), '', '../../etc/localtime', 'UTC+25']);
  if (chance(0.03)) headers['user-agent'] = pick(['', 'x'.repeat(8000), 'curl/8 \u00ff']);
  // A retry key on changes: valid (the answer is stored, and must be the same refusal) or malformed.
  if (chance(0.05)) headers['idempotency-key'] = chance(0.5) ? `fuzz-${SEED}-${i}` : pick(['', 'short', 'x'.repeat(200), 'not valid!', '../../']);
  return { ...c, headers: { ...headers, ...c.headers }, label: `${c.label} [${authLabel}]` };
}

// ---------- checks ----------

let t: TestApp;
let world: World;

async function snapshot(): Promise<Record<string, { rows: number; hash: string }>> {
  const p = t.db.prisma;
  const tables: Record<string, Promise<unknown[]>> = {
    // Without the forwarding token (and the update time its reset touches): see HARMLESS_REST.
    users: p.user.findMany({ orderBy: { id: 'asc' }, omit: { forwardingToken: true, updatedAt: true } }),
    trips: p.trip.findMany({ orderBy: { id: 'asc' } }),
    tripMembers: p.tripMember.findMany({ orderBy: { id: 'asc' } }),
    invitations: p.tripInvitation.findMany({ orderBy: { id: 'asc' } }),
    friendRequests: p.friendRequest.findMany({ orderBy: { id: 'asc' } }),
    friendships: p.friendship.findMany({ orderBy: { id: 'asc' } }),
    notifications: p.notification.findMany({ orderBy: { id: 'asc' } }),
    refreshTokens: p.refreshToken.findMany({ orderBy: { id: 'asc' } }),
    verificationTokens: p.emailVerificationToken.findMany({ orderBy: { id: 'asc' } }),
    resetTokens: p.passwordResetToken.findMany({ orderBy: { id: 'asc' } }),
    photos: p.photo.findMany({ orderBy: { id: 'asc' } }),
    photoFavorites: p.photoFavorite.findMany({ orderBy: { id: 'asc' } }),
    photoComments: p.photoComment.findMany({ orderBy: { id: 'asc' } }),
    itineraryItems: p.itineraryItem.findMany({ orderBy: { id: 'asc' } }),
    checklists: p.checklist.findMany({ orderBy: { id: 'asc' } }),
    checklistItems: p.checklistItem.findMany({ orderBy: { id: 'asc' } }),
    expenses: p.expense.findMany({ orderBy: { id: 'asc' } }),
    expenseSplits: p.expenseSplit.findMany({ orderBy: { id: 'asc' } }),
    settlements: p.settlement.findMany({ orderBy: { id: 'asc' } }),
    stories: p.story.findMany({ orderBy: { id: 'asc' } }),
    reservations: p.reservation.findMany({ orderBy: { id: 'asc' } }),
    wishlist: p.wishlistItem.findMany({ orderBy: { id: 'asc' } }),
  };
  const out: Record<string, { rows: number; hash: string }> = {};
  for (const [name, rows] of Object.entries(tables)) {
    const list = await rows;
    const text = JSON.stringify(list, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    out[name] = { rows: list.length, hash: createHash('sha256').update(text).digest('hex').slice(0, 16) };
  }
  return out;
}
const changedTables = (a: Awaited<ReturnType<typeof snapshot>>, b: Awaited<ReturnType<typeof snapshot>>) =>
  Object.keys(a)
    .filter((k) => a[k]!.hash !== b[k]!.hash)
    .map((k) => `${k}: ${a[k]!.rows} -> ${b[k]!.rows} rows${a[k]!.rows === b[k]!.rows ? ' (contents changed)' : ''}`);

const NOT_BUILT = 'The web app is not built yet';
/** What is wrong with an answer, or null: any 5xx, any masked internal error. */
function verdict(c: Case, status: number, text: string): string | null {
  // Paths that normalise away from /api and /graphql land on the web app, which tests do not build.
  if (status === 503 && text.startsWith(NOT_BUILT)) {
    const p = new URL(c.path, 'http://app.test').pathname;
    return p.startsWith('/api') || p.startsWith('/graphql') ? `status ${status}` : null;
  }
  if (status >= 500) return `status ${status}`;
  if (text.includes('INTERNAL_SERVER_ERROR') || text.includes('Unexpected error.') || text.includes(AccountMessages.unexpected)) return 'masked internal error';
  return null;
}

const timeout = <T>(p: Promise<T>, ms: number, onTimeout?: () => void) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => {
        onTimeout?.();
        reject(new Error(`no answer in ${ms} ms`));
      }, ms).unref(),
    ),
  ]);

interface Outcome {
  failure?: string;
  accepted?: string;
  /** The status, and `typed` for a GraphQL answer carrying a domain error result (the input got as far as a service). */
  status?: number;
  typed?: boolean;
}
async function send(c: Case, i: number): Promise<Outcome> {
  const excerpt = `#${i} ${c.label}: ${c.method} ${c.path.slice(0, 160)}${c.body !== undefined ? ` body ${(typeof c.body === 'string' ? c.body : `<${c.body.length} bytes>`).slice(0, 200)}` : ''}`;
  let status: number;
  let text: string;
  try {
    const request = new Request(`http://app.test${c.path}`, { method: c.method, headers: c.headers, body: c.body as BodyInit | undefined, redirect: 'manual' });
    const res = await timeout(t.app.fetch(request), ANSWER_TIMEOUT_MS);
    status = res.status;
    text = await timeout(res.text(), ANSWER_TIMEOUT_MS, () => void res.body?.cancel().catch(() => {}));
  } catch (err) {
    return { failure: `${excerpt} -> threw ${(err as Error).message}` };
  }
  const wrong = verdict(c, status, text);
  if (wrong) return { failure: `${excerpt} -> ${wrong}: ${text.slice(0, 300)}` };
  const typed = /"__typename":"\w+Error"/.test(text);
  // A change that was answered as done: the data check says whether it really was.
  const done =
    c.changing &&
    ((status >= 200 && status < 300 && c.path.startsWith('/api') && !c.path.startsWith('/api/backend/analytics')) || /"__typename":"\w+Payload"/.test(text));
  return { status, typed, accepted: done ? `${excerpt} -> ${status} ${text.slice(0, 200)}` : undefined };
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
});
afterAll(() => t?.close());

describe('fuzzing both doors', () => {
  it(
    `answers ${REQUESTS} malformed requests without a server error or a change to the data (seed ${SEED})`,
    async () => {
      const started = Date.now();
      const baseline = await snapshot();
      const failures: string[] = [];
      const accepted: string[] = [];
      const changes: string[] = [];
      const byKind = new Map<string, number>();
      const byStatus = new Map<number, number>();
      let typed = 0;
      let sent = 0;
      for (let from = 0; from < REQUESTS && Date.now() - started < TIME_BUDGET_MS; from += CHUNK) {
        const to = Math.min(from + CHUNK, REQUESTS);
        const chunkAccepted: string[] = [];
        let next = from;
        // Cases are generated in index order (synchronously, as each worker takes one), so the
        // stream of requests depends on the seed alone.
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < to) {
              const i = next++;
              const c = nextCase(world, i);
              const kind = c.label.split(' (')[0]!.split(' [')[0]!.split(' ').slice(0, 2).join(' ');
              byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
              const outcome = await send(c, i);
              if (outcome.failure) failures.push(outcome.failure);
              if (outcome.accepted) chunkAccepted.push(outcome.accepted);
              if (outcome.status) byStatus.set(outcome.status, (byStatus.get(outcome.status) ?? 0) + 1);
              if (outcome.typed) typed++;
            }
          }),
        );
        sent = to;
        accepted.push(...chunkAccepted);
        const now = await snapshot();
        const changed = changedTables(baseline, now);
        if (changed.length && !changes.length)
          changes.push(
            `data changed during requests #${from}-#${to - 1}: ${changed.join('; ')}`,
            ...chunkAccepted.slice(0, 30).map((a) => `  answered as done: ${a}`),
          );
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const list = (m: Map<string | number, number>) =>
        [...m]
          .sort((a, b) => (a[0] < b[0] ? -1 : 1))
          .map(([k, n]) => `${k}: ${n}`)
          .join(', ');
      console.info(
        `fuzz (seed ${SEED}): ${sent} requests in ${seconds} s\n  by kind: ${list(byKind)}\n  by status: ${list(byStatus)}; GraphQL typed error results: ${typed}`,
      );
      if (sent < REQUESTS) console.warn(`fuzz (seed ${SEED}): time budget spent after ${sent} of ${REQUESTS} requests`);
      expect(failures.slice(0, 20), `seed ${SEED}: ${failures.length} server errors (FUZZ_SEED=${SEED} reproduces)`).toEqual([]);
      expect(changes, `seed ${SEED}: a refused request changed the data (FUZZ_SEED=${SEED} reproduces)`).toEqual([]);
      expect(changedTables(baseline, await snapshot())).toEqual([]);
    },
    TIME_BUDGET_MS + 50_000,
  );
});

// ---------- sec-counts (issue 25: counts, admin user edits, story pictures) ----------

describe('sec-counts: refusals of the counted doors and the partial admin edit', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let traveller: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    const adminEmail = `admin.fuzz.${process.pid}.${Date.now()}@example.com`;
    app = await createTestApp({ ADMIN_EMAILS: adminEmail });
    [admin, traveller] = [await signedInUser(app, { email: adminEmail }), await signedInUser(app)];
  });
  afterAll(() => app?.close());

  it('refuses client-sent events the server records itself, signed in or not, and stores nothing', async () => {
    for (const event_type of ['feedback_submit', 'affiliate_click', 'signup', 'FEEDBACK_SUBMIT', ['feedback_submit'], { $ne: 1 }, 7, null]) {
      for (const token of [undefined, traveller.token]) {
        const res = await app.request('POST', '/api/backend/analytics/event', { token, body: { event_type, page: '/feedback' } });
        expect(res.status, JSON.stringify(event_type)).toBe(400);
      }
    }
    expect(await app.db.prisma.analyticsEvent.count()).toBe(0);
  });

  it('survives reader cookies of every shape (forged, huge, repeated, odd characters) without a 5xx', async () => {
    const cookies = [
      'tc_reader=',
      'tc_reader=.',
      'tc_reader=a.b.c',
      `tc_reader=${'A'.repeat(22)}.${'x'.repeat(32)}`,
      `tc_reader=${'z'.repeat(8000)}`,
      'tc_reader=%00%ff; tc_reader=\u00e9',
      ';;;=;',
    ];
    for (const cookie of cookies) {
      const res = await app.request('GET', '/api/backend/stories', { headers: { cookie } });
      expect(res.status, cookie.slice(0, 40)).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^tc_reader=[\w-]{22}\.[\w-]{32};/);
    }
  });

  it('refuses bad admin user edits with a 4xx and changes nothing; an empty edit changes nothing either', async () => {
    const target = traveller.userId;
    const before = await app.db.prisma.user.findUniqueOrThrow({ where: { id: target } });
    const bodies: unknown[] = [
      { first_name: '' },
      { first_name: null },
      { last_name: '   ' },
      { country: 'UK' },
      { country: 'OTHER' },
      { country: 'OTHER', country_other: '' },
      { first_name: 42 },
      { city: ['Paris'] },
      { state: { $set: 'x' } },
      { country: 'x'.repeat(101) },
    ];
    for (const body of bodies) {
      const res = await app.request('PUT', `/api/backend/admin/users/${target}`, { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await app.request('PUT', `/api/backend/admin/users/${target}`, { token: admin.token, body: {} })).status).toBe(200);
    const gql = `mutation($input: AdminUpdateUserInput!) { adminUpdateUser(input: $input) { __typename } }`;
    const id = Buffer.from(`User:${target}`).toString('base64');
    for (const input of [
      { id, firstName: '' },
      { id, lastName: null },
      { id, country: 'ZZ' },
      { id, country: 'OTHER', countryOther: null },
    ]) {
      const res = await app.graphql(gql, { input }, admin.token);
      expect(res.body.data?.adminUpdateUser.__typename, JSON.stringify(input)).toBe('ValidationError');
    }
    const after = await app.db.prisma.user.findUniqueOrThrow({ where: { id: target } });
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
  });

  it('keeps a pending story picture from everyone but its uploader, whatever the path or cookie', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png as BlobPart]), 'a.png');
    const up = await app.app.fetch(
      new Request('http://app.test/api/backend/upload-story-image', { method: 'POST', body: form, headers: { authorization: `Bearer ${traveller.token}` } }),
    );
    expect(up.status).toBe(201);
    const url = ((await up.json()) as { url: string }).url;
    const others: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${admin.token}` },
      { cookie: 'tc_reader=forged.forged' },
      { authorization: 'Bearer nonsense' },
    ];
    for (const headers of others) {
      const res = await app.app.fetch(new Request(`http://app.test${url}`, { headers }));
      expect([401, 404], JSON.stringify(headers)).toContain(res.status);
    }
  });
});

describe('issue 25 (sec-money): impossible dates, overflowing amounts and payment doors', () => {
  const BAD_DATES = ['2026-13-45', '2026-00-10', '0000-01-01', '2024-02-30'];
  it('refuses each with a 4xx, never a 5xx, and changes nothing', async () => {
    const before = await snapshot();
    const me = world.me;
    const trip = world.myTrip.uuid;
    const cases: [string, string, unknown][] = [];
    for (const day of BAD_DATES) {
      cases.push(
        ['POST', '/api/backend/save-itinerary-item', { trip_id: trip, title: 'x', type: 'activity', activity_date: day }],
        ['POST', '/api/backend/save-itinerary-item', { trip_id: trip, type: 'accommodation', hotel_name: 'Inn', check_in_date: day, check_out_date: day }],
        ['POST', '/api/backend/save-itinerary-item', { trip_id: trip, type: 'flight', flight_number: 'AC1', return_date: day }],
        ['POST', '/api/backend/save-expense', { trip_id: trip, title: 'x', amount: '1', paid_by: me.userId, participants: [me.userId], expense_date: day }],
        ['POST', '/api/backend/create-trip', { name: 'x', start_date: day, end_date: day }],
        ['PUT', `/api/backend/update-reservation/${world.myItem.uuid}`, { title: 'x', type: 'flight', date: day }],
      );
    }
    const expense = { trip_id: trip, title: 'x', paid_by: me.userId, participants: [me.userId], expense_date: '2030-01-01' };
    cases.push(
      ['POST', '/api/backend/save-expense', { ...expense, amount: '21474836.48' }],
      ['POST', '/api/backend/save-expense', { ...expense, amount: '20000000', currency: 'EUR', exchange_rate: '2' }],
      ['POST', '/api/backend/save-expense', { ...expense, amount: '1e9' }],
      // A payment beyond the debt, its confirmation of the wrong type.
      [
        'POST',
        '/api/backend/settle-expense',
        { trip_id: trip, from_user_id: me.userId, to_user_id: world.friend.userId, amount: '5', allow_overpayment: 'yes' },
      ],
      ['POST', '/api/backend/settle-expense', { trip_id: trip, from_user_id: me.userId, to_user_id: world.friend.userId, amount: '5', allow_overpayment: 1 }],
      ['POST', '/api/backend/settle-expense', { trip_id: trip, from_user_id: me.userId, to_user_id: me.userId, amount: '5', allow_overpayment: true }],
      ['POST', '/api/backend/undo-settlement/not-a-uuid', {}],
      ['POST', '/api/backend/undo-settlement/00000000-0000-4000-8000-000000000000', {}],
      ['POST', `/api/backend/undo-settlement/${encodeURIComponent("'; DROP TABLE settlements; --")}`, {}],
      ['POST', `/api/backend/undo-settlement/${trip}`, { id: trip }],
    );
    for (const [method, path, body] of cases) {
      const res = await t.request(method, path, { token: me.token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)} -> ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
    for (const input of [{ id: 'not-a-uuid' }, { id: '' }, { id: trip }]) {
      const res = await t.graphql(`mutation($input: UndoSettlementInput!) { undoSettlement(input: $input) { __typename } }`, { input }, me.token);
      expect(res.body.data?.undoSettlement?.__typename, JSON.stringify(res.body)).toBe('NotFoundError');
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

// ---------- issue 25: the inbound mail doors (sec-mail) ----------

describe('fuzzing the inbound mail doors (webhook, SMTP) and the address reset', () => {
  const SECRET = 'fuzz-inbound-secret-0123456789';
  const DOMAIN = 'in.fuzz.test';

  it('refuses malformed, forged and unauthenticated mail on both doors, with no server error and no change', async () => {
    const mail = mailAuth(fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-fuzz-mailauth-')));
    mail.addRecords(domainRecords('evil.test', mail.privateKey));
    const app = await createTestApp({ INBOUND_SECRET: SECRET, MAIL_DOMAIN: DOMAIN, ...mail.env }, { db: t.db });
    const smtp = await startInboundSmtp(app.app.deps, 0, '127.0.0.1');
    try {
      const token = (await t.db.prisma.user.findUniqueOrThrow({ where: { id: world.me.userId }, select: { forwardingToken: true } })).forwardingToken;
      const address = `${token}@${DOMAIN}`;
      const baseline = await snapshot();
      const unsigned = Buffer.from(
        `From: ${world.me.email}\r\nTo: ${address}\r\nSubject: Booking\r\n\r\nConfirmation number: ABC123\r\nFlight AC 856 on 2031-06-12\r\n`,
      );
      const bodies = [
        unsigned,
        await mail.sign(unsigned, 'evil.test'),
        Buffer.from(`${(await mail.sign(unsigned)).toString()}tampered\r\n`),
        Buffer.from(`From: <>\r\n\r\n`),
        Buffer.from('\u0000\u0001garbage'),
        Buffer.alloc(0),
        Buffer.from(`From: a@b\r\nFrom: ${world.me.email}\r\n\r\nx`),
        Buffer.from(`DKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=${'x'.repeat(300)}; b=;\r\nFrom: ${world.me.email}\r\n\r\nx`),
      ];
      const values = [
        '',
        ' ',
        'x',
        '%00',
        'a@b@c',
        `${'f'.repeat(32)}@${DOMAIN}`,
        `anything.${world.me.userId.slice(0, 8)}@${DOMAIN}`,
        address,
        world.me.email,
        'x'.repeat(400),
      ];
      const failures: string[] = [];
      for (let i = 0; i < 120; i++) {
        const query = new URLSearchParams();
        for (const name of ['to', 'from', 'ip', 'helo'])
          if (chance(0.5)) query.set(name, pick([...values, '127.0.0.1', '::1', '999.1.1.1', 'mx.example.com', '<script>']));
        const headers: Record<string, string> = { 'content-type': pick(['message/rfc822', 'message/rfc822; charset=utf-8', 'text/plain', '']) };
        const auth = pick(['good', 'good', 'good', 'none', 'wrong']);
        if (auth !== 'none') headers.authorization = `Bearer ${auth === 'good' ? SECRET : 'nope'}`;
        const res = await app.app.fetch(
          new Request(`http://app.test/api/inbound-email?${query}`, { method: 'POST', headers, body: new Uint8Array(pick(bodies)) }),
        );
        const text = await res.text();
        if (res.status >= 500 || res.status === 202) failures.push(`webhook #${i} ?${query} (${auth}) -> ${res.status} ${text.slice(0, 200)}`);
      }
      const lines = () =>
        pick([
          `MAIL FROM:<${pick([...values, ''])}>`,
          `RCPT TO:<${pick(values)}>`,
          'DATA',
          pick(bodies)
            .toString('latin1')
            .replace(/\r?\n\./g, '\r\n..') + '\r\n.',
          'RSET',
          'NOOP',
          pick(STRINGS),
          'AUTH PLAIN AAAA',
          'STARTTLS',
        ]);
      for (let i = 0; i < 25; i++) {
        const script = ['EHLO fuzz.test', ...Array.from({ length: 2 + int(8) }, lines), 'NOOP'];
        const replies = await smtpSession(smtp.port, script);
        const last = replies[replies.length - 1] ?? '';
        if (!/^[245]\d\d/.test(last) && !replies.some((r) => r.startsWith('421')))
          failures.push(`smtp #${i} ${JSON.stringify(script).slice(0, 300)} -> ${last}`);
      }
      // The reset takes no fields, on either door.
      for (const body of [{ user_id: world.friend.userId }, { forwarding_address: address }, { confirm: true }, 'not json']) {
        const res = await t.app.fetch(
          new Request('http://app.test/api/backend/reset-forwarding-address', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${world.me.token}` },
            body: typeof body === 'string' ? body : JSON.stringify(body),
          }),
        );
        if (res.status !== 400) failures.push(`reset ${JSON.stringify(body)} -> ${res.status}`);
      }
      const gql = await t.graphql('mutation { resetForwardingAddress(userId: "x") { __typename } }', {}, world.me.token);
      if (!gql.body.errors) failures.push('resetForwardingAddress(userId:) was not refused');
      expect(failures.slice(0, 20)).toEqual([]);
      expect(changedTables(baseline, await snapshot())).toEqual([]);
      const after = await t.db.prisma.user.findUniqueOrThrow({ where: { id: world.me.userId }, select: { forwardingToken: true } });
      expect(after.forwardingToken).toBe(token);
    } finally {
      await smtp.close();
      await app.close();
    }
  }, 120_000);
});

/** Runs one SMTP session line by line (each waits for the previous reply); resolves with the last line of each reply. */
function smtpSession(port: number, script: string[]): Promise<string[]> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const replies: string[] = [];
    let buffer = '';
    let greeted = false;
    let sent = 0;
    const done = () => {
      socket.destroy();
      resolve(replies);
    };
    socket.setTimeout(10_000, done);
    socket.on('close', done);
    socket.on('error', done);
    socket.on('data', (d) => {
      buffer += d.toString('latin1');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (line[3] === '-') continue;
        if (greeted) replies.push(line);
        greeted = true;
        // After DATA's 354 the message goes next; then "." ends it and a reply follows.
        if (sent === script.length) return done();
        socket.write(`${script[sent++]}\r\n`);
      }
    });
  });
}
