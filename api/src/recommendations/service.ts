import type { AppDeps, RequestContext } from '../platform/context.js';
import { RateLimitedError } from '../platform/errors.js';
import { perApp } from '../platform/providerCache.js';
import { requireTripMember } from '../trips/access.js';
import { coordinates, nearest, NEW_YORK, type Coordinates } from './geo.js';
import { RECOMMENDATIONS as R } from './limits.js';
import {
  addWikiDetails,
  fetchOverpassPlaces,
  fetchWikiArticles,
  type OverpassList,
  type ProviderArticle,
  type ProviderOptions,
  type ProviderPlace,
} from './providers.js';

export type NearbyPlace = ProviderPlace & { distanceMeters: number };
export type NearbyArticle = ProviderArticle & { distanceMeters: number };

export interface Recommendations {
  centre: Coordinates;
  restaurants: NearbyPlace[];
  attractions: NearbyPlace[];
  articles: NearbyArticle[];
  /** False when no provider is configured: the lists are empty by design, not by failure. */
  available: boolean;
}

type Lists = Omit<Recommendations, 'centre' | 'available'>;

/** The trip columns that give its centre. */
export const CENTRE_COLUMNS = { destinationLat: true, destinationLng: true } as const;

/** The trip's destination coordinates, or New York when it has none (CONTRACT: decisions). */
export function tripCentre(trip: { destinationLat: number | null; destinationLng: number | null }): Coordinates {
  return coordinates(trip.destinationLat, trip.destinationLng) ?? NEW_YORK;
}

/** Places and articles near a trip's centre, for its members (and administrators). */
export async function tripRecommendations(
  ctx: RequestContext,
  trip: { id: string; destinationLat: number | null; destinationLng: number | null },
): Promise<Recommendations> {
  await requireTripMember(ctx, trip.id);
  return recommendationsNear(ctx.deps, tripCentre(trip), ctx.viewer?.id);
}

/**
 * What the configured providers know near `centre`. Nothing configured (the offline default):
 * nothing is fetched and `available` is false. A provider that fails, stalls or answers garbage
 * is logged and its list is empty; the others still answer.
 */
export async function recommendationsNear(deps: AppDeps, centre: Coordinates, accountId?: string): Promise<Recommendations> {
  const { overpassUrl, wikiGeosearchUrl } = deps.config;
  const available = Boolean(overpassUrl || wikiGeosearchUrl);
  if (!available) return { centre, restaurants: [], attractions: [], articles: [], available };
  return { centre, available, ...(await cached(deps, centre, accountId)) };
}

// One cache per running app (tests run several apps in a process, each with its own providers).
const recommendationCache = perApp<{ lists: Lists; failed: boolean }>({
  ttlMs: R.cacheTtlMs,
  failureTtlMs: R.failureTtlMs,
  maxEntries: R.cacheSize,
});

/**
 * Answers per centre (to about 10 m) are kept for a while, and concurrent requests for one
 * centre share one lookup: a trip page opened by a whole crew asks each provider once. A lookup
 * that reaches the providers spends one of the asking account's provider calls; once they are
 * spent, places not kept yet answer empty lists (and are not kept) until the hour turns.
 */
async function cached(deps: AppDeps, centre: Coordinates, accountId: string | undefined): Promise<Lists> {
  const cache = recommendationCache.cacheOf(deps);
  const key = `${centre.latitude.toFixed(4)},${centre.longitude.toFixed(4)}`;
  const kept = cache.get(key);
  if (kept) return (await kept).lists;
  if (accountId !== undefined) {
    try {
      await deps.limiter.consume('providerCallsPerUser', accountId, 'Too many recommendation lookups.');
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      deps.logger.info({ accountId, centre }, 'refused: recommendation lookups per account spent; lists left empty');
      return { restaurants: [], attractions: [], articles: [] };
    }
  }
  return (
    await cache.getOrLoad(
      key,
      () => lookUp(deps, centre),
      (answer) => answer.failed,
    )
  ).lists;
}

/** Forgets every cached answer of this app (tests). */
export function clearRecommendationCache(deps: AppDeps) {
  recommendationCache.clear(deps);
}

async function lookUp(deps: AppDeps, centre: Coordinates): Promise<{ lists: Lists; failed: boolean }> {
  const { overpassUrl, wikiGeosearchUrl, publicUrl } = deps.config;
  const userAgent = `Tripcrew (+${publicUrl})`;
  let failed = false;
  const attempt = async <T>(provider: string, list: string, work: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await work();
    } catch (err) {
      failed = true;
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err), provider, list, centre }, 'recommendation lookup failed; list left empty');
      return [];
    }
  };
  const places = (list: OverpassList) => {
    const spec = R[list];
    return overpassUrl
      ? attempt('overpass', list, async () =>
          nearest(
            centre,
            await fetchOverpassPlaces({ url: overpassUrl, userAgent }, list, centre, spec.radiusMeters, spec.fetched),
            spec.radiusMeters,
            spec.shown,
          ),
        )
      : Promise.resolve([]);
  };
  const articles = wikiGeosearchUrl
    ? attempt('mediawiki', 'articles', () => wikiArticles({ url: wikiGeosearchUrl, userAgent }, centre, deps))
    : Promise.resolve([]);
  const [restaurants, attractions, nearbyArticles] = await Promise.all([places('restaurants'), places('attractions'), articles]);
  return { lists: { restaurants, attractions, articles: nearbyArticles }, failed };
}

async function wikiArticles(provider: ProviderOptions, centre: Coordinates, deps: AppDeps): Promise<NearbyArticle[]> {
  const spec = R.articles;
  const shown = nearest(centre, await fetchWikiArticles(provider, centre, spec.radiusMeters, spec.fetched), spec.radiusMeters, spec.shown);
  try {
    const detailed = await addWikiDetails(provider, shown);
    return detailed.map((a, i) => ({ ...a, distanceMeters: shown[i].distanceMeters }));
  } catch (err) {
    // The articles stand without their extracts.
    deps.logger.warn(
      { err: err instanceof Error ? err.message : String(err), provider: 'mediawiki', list: 'article details' },
      'article details lookup failed',
    );
    return shown;
  }
}
