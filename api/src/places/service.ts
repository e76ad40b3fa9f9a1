import type { Config } from '../platform/config.js';
import type { RequestContext } from '../platform/context.js';
import { RateLimitedError } from '../platform/errors.js';
import { searchGazetteer } from './gazetteer.js';
import { normalizeText } from './normalize.js';
import { providerKind, searchProvider, type ProviderConfig } from './providers.js';
import { PLACE_SEARCH, type Place, type SearchBias } from './types.js';

export interface SearchPlacesOptions {
  /** At most 5 (the default). */
  limit?: number;
  /**
   * Accepted for clients written against Google's autocomplete, which groups a user's keystrokes
   * into one billed session. Neither the gazetteer nor the OSM providers have sessions: unused.
   */
  sessionToken?: string;
  /** An online provider to ask first; without one the gazetteer answers. */
  provider?: ProviderConfig | null;
  /**
   * Spends one of the caller's provider calls before a search reaches the provider (a cached
   * answer spends nothing); false when none is left, and the gazetteer answers instead.
   */
  spend?: () => Promise<boolean>;
  /** A trip's destination: places near it come first (see gazetteer.ts). */
  bias?: SearchBias | null;
  /** Where a provider failure is reported before falling back. */
  logger?: { warn: (obj: object, msg: string) => void };
}

/** The provider PLACES_PROVIDER_URL / PLACES_PROVIDER describe, or null for the gazetteer alone. */
export function providerFromConfig(config: Pick<Config, 'placesProviderUrl' | 'placesProviderKind' | 'publicUrl'>): ProviderConfig | null {
  if (!config.placesProviderUrl) return null;
  return {
    url: config.placesProviderUrl,
    kind: providerKind(config.placesProviderUrl, config.placesProviderKind),
    userAgent: `Tripcrew (+${config.publicUrl})`,
  };
}

// Online answers are kept a while: typing and deleting repeats queries, and public Nominatim
// servers allow about one request per second.
const CACHE_SIZE = 500;
const CACHE_TTL_MS = 10 * 60_000;
const cache = new Map<string, { at: number; places: Place[] }>();

/** Forgets cached online answers (tests). */
export function clearPlaceCache() {
  cache.clear();
}

/**
 * Place suggestions for what the user typed: the online provider when one is given, the
 * offline gazetteer otherwise or when the provider fails or takes more than 3 s. Fewer than 2
 * characters answer []; at most 5 places.
 */
export async function searchPlaces(query: string, options: SearchPlacesOptions = {}): Promise<Place[]> {
  const text = query.trim().slice(0, PLACE_SEARCH.maxQueryLength);
  const limit = Math.max(0, Math.min(Math.floor(options.limit ?? PLACE_SEARCH.maxResults), PLACE_SEARCH.maxResults));
  if (text.length < PLACE_SEARCH.minChars || limit === 0) return [];
  const provider = options.provider;
  const bias = options.bias ?? null;
  if (!provider) return searchGazetteer(text, limit, bias);

  const key = `${provider.kind} ${provider.url} ${limit} ${bias ? `${bias.lat.toFixed(2)},${bias.lng.toFixed(2)}` : '-'} ${normalizeText(text)}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.places;
  if (options.spend && !(await options.spend())) return searchGazetteer(text, limit, bias);
  try {
    const places = await searchProvider(provider, text, limit, bias);
    cache.delete(key);
    cache.set(key, { at: Date.now(), places });
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return places;
  } catch (err) {
    options.logger?.warn({ err, provider: provider.kind }, 'place provider failed; answering from the gazetteer');
    return searchGazetteer(text, limit, bias);
  }
}

/** searchPlaces with the provider and logger of the running app (GraphQL and REST use this). */
export function searchPlacesFor(ctx: RequestContext, query: string, options: { limit?: number; sessionToken?: string; bias?: SearchBias | null } = {}) {
  const account = ctx.viewer?.id;
  // A signed-in traveller's searches spend their own budget; a visitor's are bounded per client by the request budget.
  const spend = account
    ? () =>
        ctx.deps.limiter.consume('placeSearchesPerUser', account, 'Too many place searches.').then(
          () => true,
          (err: unknown) => {
            if (err instanceof RateLimitedError) return false;
            throw err;
          },
        )
    : undefined;
  return searchPlaces(query, { ...options, provider: providerFromConfig(ctx.deps.config), logger: ctx.deps.logger, spend });
}
