import { requireViewer, type RequestContext } from '../platform/context.js';
import { ValidationError } from '../platform/errors.js';
import { fetchJsonLimited } from '../platform/fetchJson.js';
import { formatRate, parseRate } from '../platform/money.js';
import { perApp } from '../platform/providerCache.js';
import { TRIP_CURRENCIES } from '../trips/messages.js';
import { ExpenseMessages as M } from './messages.js';

/** A rates answer is a few hundred bytes; 64 KiB leaves room for a provider listing every currency. */
const LIMITS = { timeoutMs: 3000, maxBytes: 64 * 1024 };

/**
 * Rates are kept per currency pair: the providers publish daily rates, so an hour old is current
 * enough for a suggestion the member can still change. A failure is kept a minute, so a provider
 * that is down is not asked again by every form. (7 currencies make 42 pairs.)
 */
export const RATE_CACHE = { ttlMs: 60 * 60_000, failureTtlMs: 60_000, maxEntries: 100 } as const;
const rateCache = perApp<RateOffer | null>(RATE_CACHE);

/** A rate offered for an expense's currency: decimal text, and where it came from. */
export interface RateOffer {
  rate: string;
  /** The provider in words for people (RATES_NAME), never its address. */
  source: string;
}

/**
 * The current rate from `from` to `to` (units of `to` per unit of `from`) from the provider at
 * RATES_URL, asked as `?from=EUR&to=USD` and read as Frankfurter answers (`{rates: {USD: 1.08}}`)
 * or as `{rate: "1.08"}`. Null when no provider is configured (nothing is fetched), or when it
 * fails, is slow or answers nonsense: the member types the rate instead. The rate is only offered;
 * what is stored is what the form sends. Answers are cached (RATE_CACHE); a lookup that reaches
 * the provider spends one of the account's provider calls (`providerCallsPerUser`).
 */
export async function offeredRate(ctx: RequestContext, from: string, to: string): Promise<RateOffer | null> {
  const viewer = requireViewer(ctx);
  const listed = (c: string) => (TRIP_CURRENCIES as readonly string[]).includes(c);
  if (!listed(from) || !listed(to)) throw new ValidationError(M.invalidCurrency, listed(from) ? 'to' : 'from');
  if (from === to) return { rate: '1', source: 'same currency' };
  const base = ctx.deps.config.ratesUrl;
  if (!base) return null;
  const cache = rateCache.cacheOf(ctx.deps);
  const key = `${from}>${to}`;
  const kept = cache.get(key);
  if (kept) return kept;
  await ctx.deps.limiter.consume('providerCallsPerUser', viewer.id, M.tooManyRateLookups);
  return cache.getOrLoad(
    key,
    () => fetchRate(ctx, base, from, to),
    (offer) => offer === null,
  );
}

async function fetchRate(ctx: RequestContext, base: string, from: string, to: string): Promise<RateOffer | null> {
  try {
    const url = new URL(base);
    url.searchParams.set('from', from);
    url.searchParams.set('to', to);
    const json = (await fetchJsonLimited(url, { headers: { accept: 'application/json' } }, LIMITS)) as {
      rates?: Record<string, unknown>;
      rate?: unknown;
    } | null;
    const raw = json?.rates?.[to] ?? json?.rate;
    // A JSON number is written out as decimal text once, here; from then on the rate is an integer.
    const text = typeof raw === 'number' && Number.isFinite(raw) ? raw.toFixed(10) : typeof raw === 'string' ? raw : '';
    const scaled = parseRate(text);
    return scaled ? { rate: formatRate(scaled), source: ctx.deps.config.ratesName } : null;
  } catch (err) {
    ctx.deps.logger.warn({ err: (err as Error).message }, 'exchange-rate provider failed; rates are typed');
    return null;
  }
}
