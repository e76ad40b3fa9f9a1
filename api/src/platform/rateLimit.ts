import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Redis } from 'ioredis';
import { RateLimitedError } from './errors.js';

/**
 * Attempts allowed per key (an e-mail address, an account or a client address) in a window.
 * Deliberately loose for people, tight for scripts that guess passwords or flood inboxes.
 */
export const RATE_LIMITS = {
  signinPerEmail: { points: 10, duration: 15 * 60 },
  signinPerIp: { points: 50, duration: 15 * 60 },
  signupPerIp: { points: 20, duration: 60 * 60 },
  mailPerEmail: { points: 5, duration: 60 * 60 },
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
  /** GraphQL operations per client address: far above any screen's needs, below a flood's. */
  graphqlPerClient: { points: 1200, duration: 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimiter {
  /** Spends one attempt; throws RateLimitedError with the given message when none is left. */
  consume(name: RateLimitName, key: string, message: string): Promise<void>;
  /** Forgets the attempts of a key, e.g. after a successful sign-in. */
  reset(name: RateLimitName, key: string): Promise<void>;
  close(): Promise<void>;
}

/** Counters live in Redis when REDIS_URL is set, so every instance enforces the same budget. */
export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 3 }) : undefined;
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  const limiter = (name: RateLimitName) => {
    let l = limiters.get(name);
    if (!l) {
      const opts = { ...RATE_LIMITS[name], keyPrefix: `rl:${name}` };
      l = redis ? new RateLimiterRedis({ storeClient: redis, ...opts }) : new RateLimiterMemory(opts);
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
    async close() {
      await redis?.quit();
    },
  };
}
