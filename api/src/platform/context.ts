import { contextCacheSymbol } from '@pothos/core';
import { UnauthenticatedError } from './errors.js';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail.js';
import type { PubSub } from './pubsub.js';
import type { RateLimiter } from './rateLimit.js';
import type { Database } from '../db/index.js';
import type { FileStorage } from './storage.js';

/** Long-lived services, built once per process (server/app.ts) and shared by every request. */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  pubsub: PubSub;
  limiter: RateLimiter;
  logger: Logger;
  /** Uploaded files (photos, covers), by key. */
  storage: FileStorage;
  authSecret: Uint8Array;
}

/** Who is calling: resolved from the access token, or null for a signed-out request. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
  /**
   * The session the request's access token belongs to: the account's session version it was
   * issued under (older than the account's means ended, see accounts/tokens.ts) and its
   * refresh-token family. Absent for work the server does on its own behalf.
   */
  session?: { version: number; id: string | null };
  /**
   * The account's name, picture and address, read with the access check that found the viewer
   * (same row, same statement): a screen that shows only these answers `viewer` without another
   * read. Absent for work the server does on its own behalf.
   */
  card?: ViewerCard;
  /**
   * Every trip the account is on and how (OWNER, ACCEPTED or INVITED), read
   * in the same statement as the rest: the trip rules' membership checks start from it instead of
   * a query of their own (trips/access.ts). Absent for work the server does on its own behalf, and
   * dropped once the request changes the viewer's trips.
   */
  memberships?: { tripId: string; status: string }[];
}

export interface ViewerCard {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  email: string;
}

/** What a request says about its caller, whichever door (REST, GraphQL over HTTP or WebSocket) it came in by. */
export interface CallerFacts {
  /** `Bearer <token>`, or nothing for a signed-out caller. */
  authorization: string | null | undefined;
  /** The TCP peer's address. */
  socketAddress: string | undefined;
  forwardedFor: string | null | undefined;
  userAgent: string | null | undefined;
  /** The `Cookie` header: only the signed reader cookie is read from it (platform/reader.ts). */
  cookie?: string | null | undefined;
  /** An IANA zone name, as sent; anything else means UTC. */
  timeZone: unknown;
  /** The server's own read, made to render a page (server/app.ts `inProcess`): no client can claim it. */
  serverRender?: boolean;
}

/**
 * What every domain function receives, whichever door (GraphQL or REST) the request came in by.
 * Rules live in the domain services, written once against this.
 */
export interface RequestContext {
  deps: AppDeps;
  viewer: Viewer | null;
  clientIp: string;
  userAgent: string;
  /** The signed reader cookie's id (platform/reader.ts), when the request carried a valid one. */
  readerId?: string | null;
  /**
   * The caller's IANA time zone (header `X-Time-Zone`, or `timeZone` in the WebSocket's connection
   * params), so "today" — which tab a trip is in, how many days until it starts — is the caller's
   * calendar day, not the server's. UTC when absent or unknown.
   */
  timeZone: string;
  /**
   * The server reading for a page it renders (a story, a guide), not a reader: such a read counts
   * no view. The reader's browser makes the same read once the page is theirs, and that counts.
   */
  serverRender?: boolean;
  /** Per-request memo (see `once`): facts loaded once per request, such as the viewer's trips. */
  cache: Map<string, Promise<unknown>>;
  /**
   * The event a live subscription is delivering now (trips/live.ts): reads that are the same for
   * everyone it reaches are made once for all of them through it (`sharedRead`, liveReads.ts).
   */
  liveEvent?: object;
}

/**
 * The signed-in caller, or UNAUTHENTICATED. Lives with the request context, below every
 * domain, so that no domain imports another just to ask who is calling.
 */
export function requireViewer(ctx: RequestContext): Viewer {
  if (!ctx.viewer) throw new UnauthenticatedError('You must be signed in.');
  return ctx.viewer;
}

/** A memo's promise, carrying its value once it has one (see `loaded`). */
type Memo<T> = Promise<T> & { settled?: { value: T } };

/** Runs `load` once per request for `key`; later callers share its promise. */
export function once<T>(ctx: RequestContext, key: string, load: () => Promise<T>): Promise<T> {
  let hit = ctx.cache.get(key) as Memo<T> | undefined;
  if (!hit) {
    const memo: Memo<T> = load();
    memo.then(
      (value) => void (memo.settled = { value }),
      () => undefined, // the callers of `once` see the rejection
    );
    hit = memo;
    ctx.cache.set(key, hit);
  }
  return hit;
}

/**
 * What `once` loaded for `key` in this request, if it has finished loading: lets a check that
 * runs for every item of a list answer without a promise per item. Forgotten with the memo.
 */
export function loaded<T>(ctx: RequestContext, key: string): { value: T } | undefined {
  return (ctx.cache.get(key) as Memo<T> | undefined)?.settled;
}

/**
 * A value kept for the rest of the request (or of a subscription's current event), made on first
 * use: for facts a request gathers as it goes, such as the trips a list has just shown to be the
 * viewer's. Held with the memos, so `startEvent` and deleting the key forget it.
 */
export function requestScoped<T>(ctx: RequestContext, key: string, create: () => T): T {
  const hit = ctx.cache.get(key) as Memo<T> | undefined;
  if (hit?.settled) return hit.settled.value;
  const value = create();
  const memo: Memo<T> = Promise.resolve(value);
  memo.settled = { value };
  ctx.cache.set(key, memo);
  return value;
}

/**
 * A subscription keeps one context for its whole life, so before each event it delivers the
 * memos of earlier events are dropped: ours (`once`) and Pothos' (scope results),
 * which key on the context's `contextCacheSymbol` object when it has one. Auth checks and data
 * are then read afresh for every event, never from what was true when the subscription began.
 */
export function startEvent(ctx: RequestContext): void {
  ctx.cache = new Map();
  (ctx as { [contextCacheSymbol]?: object })[contextCacheSymbol] = {};
}

/**
 * Once a subscription's event has been executed, what was read for it is let go rather than kept
 * until the next event: a socket's subscriptions then hold their facts and nothing of the last
 * event (a crowd on one trip would otherwise keep every event's memos once per subscriber).
 */
export function endEvent(ctx: RequestContext): void {
  if (ctx.cache.size) ctx.cache = new Map();
  (ctx as { [contextCacheSymbol]?: object })[contextCacheSymbol] = {};
  ctx.liveEvent = undefined;
}

/** A context for work the server does on its own behalf (start-up, seeding, tests). */
export function systemContext(deps: AppDeps, viewer: Viewer | null = null): RequestContext {
  return { deps, viewer, clientIp: 'system', userAgent: 'system', timeZone: 'UTC', cache: new Map() };
}
