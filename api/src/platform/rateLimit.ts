import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitedError } from './errors.js';
import type { Logger } from './logger.js';
import { closeRedisClient, createRedisClient } from './pubsub.js';

/**
 * Attempts allowed per key (an e-mail address, an account or a client address) in a window.
 * Deliberately loose for people, tight for scripts that guess passwords or flood inboxes.
 */
export const RATE_LIMITS = {
  /** Password confirmations by a signed-in account (changing the e-mail address). */
  signinPerEmail: { points: 10, duration: 15 * 60 },
  signinPerIp: { points: 50, duration: 15 * 60 },
  /** Sign-in attempts for one address from one client: a stranger exhausts only their own. */
  signinPerClientAndEmail: { points: 10, duration: 15 * 60 },
  /**
   * Failed sign-ins for one address from all clients together, against guessing spread over many
   * addresses. When spent, only a client that signed in to the account before may still try.
   */
  signinFailuresPerEmail: { points: 100, duration: 60 * 60 },
  /**
   * A client that signed in to an account (address and e-mail), remembered for 14 days. (The
   * in-memory store keeps each key with a timer, and timers cannot exceed about 24 days.)
   */
  signinKnownClient: { points: 1, duration: 14 * 24 * 60 * 60 },
  signupPerIp: { points: 20, duration: 60 * 60 },
  mailPerEmail: { points: 5, duration: 60 * 60 },
  /** Reset and verification e-mails asked for by one client, whichever addresses it names. */
  mailRequestsPerIp: { points: 20, duration: 60 * 60 },
  resetPerToken: { points: 10, duration: 60 * 60 },
  /** Declining a trip invitation with the e-mailed link's token, signed out. */
  declinePerToken: { points: 20, duration: 60 * 60 },
  /** Looking people up by e-mail (add friend, invite check) tells whether an account exists. */
  addressLookupPerUser: { points: 60, duration: 60 * 60 },
  /** Trip invitations an account may send (or re-send); each can mail and notify someone. */
  invitesPerUser: { points: 100, duration: 60 * 60 },
  /**
   * Invitation e-mails to one address, whoever sends them. Kept apart from mailPerEmail so that
   * inviting someone repeatedly cannot use up their sign-up, verification or reset e-mails.
   */
  inviteMailPerEmail: { points: 5, duration: 60 * 60 },
  analyticsPerIp: { points: 120, duration: 60 },
  /**
   * A signed-in person's own submissions (survey answers, waitlist sign-ups): counted per person,
   * apart from the per-address beacons, so pages viewed from one address (an office, a café)
   * never refuse someone's feedback.
   */
  submissionsPerUser: { points: 10, duration: 60 },
  /**
   * Signed-in pages rendered by the server, per reader (server/signedInPages.ts): each runs the
   * page's queries and a render. Far above anyone's reloads; beyond it the shell is served (the
   * page then renders in the browser), so a script reloading in a loop costs the static file.
   */
  signedInRendersPerUser: { points: 60, duration: 60 },
  /**
   * Requests per client address through every door together: REST (`/api/auth`, `/api/backend`,
   * `/api/send-invite`), GraphQL over HTTP and each operation started on a WebSocket. Far above
   * any screen's needs, below a flood's. `REQUESTS_PER_CLIENT_PER_MINUTE` sets the points.
   */
  requestsPerClient: { points: 1200, duration: 60 },
  /**
   * Calls to third-party providers (exchange rates, recommendations) one account may cause in an
   * hour. Answers served from the cache spend nothing; only a lookup that reaches a provider does.
   */
  providerCallsPerUser: { points: 120, duration: 60 * 60 },
  /**
   * Place searches one account may send to the online place provider in an hour (a search runs
   * as the traveller types, so more than the lookups above). Past it, the offline gazetteer answers.
   */
  placeSearchesPerUser: { points: 600, duration: 60 * 60 },
  /** Fetches of one calendar feed (by its token): calendar apps poll hourly at most. */
  calendarFeedPerToken: { points: 60, duration: 60 },
  /** Unknown calendar tokens asked by one client address before it must wait (guessing). */
  calendarMissesPerClient: { points: 30, duration: 60 },
  /** Forwarded e-mails from one client address (a mail server or webhook caller), any account. */
  inboundPerClient: { points: 120, duration: 60 },
  /** Forwarded e-mails to one account: a busy traveller forwards a few a day, not hundreds an hour. */
  inboundPerUser: { points: 60, duration: 60 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimiter {
  /** Spends one attempt; throws RateLimitedError with the given message when none is left. */
  consume(name: RateLimitName, key: string, message: string): Promise<void>;
  /** Forgets the attempts of a key, e.g. after a successful sign-in. */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Spends one attempt without refusing anything (counting failures, remembering a client). */
  record(name: RateLimitName, key: string): Promise<void>;
  /** True when the key has no attempt left; spends nothing. */
  isExhausted(name: RateLimitName, key: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Counters live in Redis when REDIS_URL is set, so every instance enforces the same budget and
 * a restart forgets nothing. While Redis is unreachable (or takes over a second to answer) each
 * limiter counts in this process's memory instead: limits stay per instance for that while, and
 * requests neither wait for Redis nor fail because of it.
 */
/**
 * `points`: an operator's own numbers for some limits (configuration), in place of RATE_LIMITS'.
 */
export function createRateLimiter(redisUrl: string | undefined, logger?: Logger, points: Partial<Record<RateLimitName, number>> = {}): RateLimiter {
  // Until the first connection attempt ends, commands wait for it (a second at most), so a
  // newly started instance already counts with the others; from then on a disconnected client
  // refuses commands at once, and the memory limiter answers instead.
  const redis = redisUrl ? createRedisClient(redisUrl, logger, 'rate limits', { commandTimeout: 1000, enableOfflineQueue: true }) : undefined;
  const failFast = () => {
    if (redis) redis.options.enableOfflineQueue = false;
  };
  redis?.once('ready', failFast).once('error', failFast);
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  const limiter = (name: RateLimitName) => {
    let l = limiters.get(name);
    if (!l) {
      const opts = { ...RATE_LIMITS[name], ...(points[name] ? { points: points[name] } : {}), keyPrefix: `rl:${name}` };
      l = redis ? new RateLimiterRedis({ storeClient: redis, ...opts, insuranceLimiter: new RateLimiterMemory(opts) }) : new RateLimiterMemory(opts);
      limiters.set(name, l);
    }
    return l;
  };
  return {
    async consume(name, key, message) {
      try {
        await limiter(name).consume(key.toLowerCase());
      } catch (res) {
        if (res instanceof RateLimiterRes) throw new RateLimitedError(message, Math.ceil(res.msBeforeNext / 1000));
        throw res;
      }
    },
    async reset(name, key) {
      await limiter(name).delete(key.toLowerCase());
    },
    async record(name, key) {
      await limiter(name).penalty(key.toLowerCase(), 1);
    },
    async isExhausted(name, key) {
      const res = await limiter(name).get(key.toLowerCase());
      return res !== null && res.consumedPoints >= RATE_LIMITS[name].points;
    },
    async close() {
      if (redis) await closeRedisClient(redis);
    },
  };
}
