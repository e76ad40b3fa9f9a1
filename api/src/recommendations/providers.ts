import { coordinates, type Coordinates } from './geo.js';
import { fetchJsonLimited } from '../platform/fetchJson.js';
import { RECOMMENDATIONS as R } from './limits.js';

/** A place near the centre, as an Overpass (OpenStreetMap) answer describes it. */
export interface ProviderPlace extends Coordinates {
  name: string;
  /** The OSM tag value that made it a match: "restaurant", "cafe", "museum", "viewpoint", ... */
  kind: string;
  address: string | null;
  website: string | null;
}

/** An encyclopedia article about a place near the centre (MediaWiki geosearch). */
export interface ProviderArticle extends Coordinates {
  pageId: number;
  title: string;
  url: string;
  extract: string | null;
}

export interface ProviderOptions {
  url: string;
  /** Sent as User-Agent: OpenStreetMap's and Wikimedia's usage policies ask for an identifying one. */
  userAgent: string;
}

const limits = { timeoutMs: R.timeoutMs, maxBytes: R.maxResponseBytes };

/** Provider text, trimmed, control characters dropped, cut to `max`; '' for anything that is not text. */
export function providerText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const text = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Only absolute http(s) links are passed on: a provider's `javascript:` URL never reaches a page. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > R.maxUrlLength) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Which OSM objects count as each list, with the tag whose value becomes `kind`. */
export const OVERPASS_FILTERS = {
  restaurants: [['amenity', '^(restaurant|cafe|fast_food|food_court)$']],
  attractions: [
    ['tourism', '^(attraction|museum|gallery|viewpoint|zoo|theme_park|aquarium)$'],
    ['historic', '^(castle|monument|ruins|archaeological_site)$'],
  ],
} as const satisfies Record<string, [string, string][]>;
export type OverpassList = keyof typeof OVERPASS_FILTERS;

/** Overpass QL: named objects of the list's kinds within `radius` of the centre, at most `limit`. */
export function overpassQuery(list: OverpassList, centre: Coordinates, radiusMeters: number, limit: number): string {
  const around = `(around:${radiusMeters},${centre.latitude.toFixed(6)},${centre.longitude.toFixed(6)})`;
  const parts = OVERPASS_FILTERS[list].map(([key, pattern]) => `nwr${around}["${key}"~"${pattern}"]["name"];`);
  // `out center` gives ways and relations (a museum drawn as a building) one point as well.
  return `[out:json][timeout:${Math.ceil(R.timeoutMs / 1000)}];(${parts.join('')});out center ${limit};`;
}

/** Asks an Overpass-compatible server; throws on any failure (the caller logs and shows nothing). */
export async function fetchOverpassPlaces(
  provider: ProviderOptions,
  list: OverpassList,
  centre: Coordinates,
  radiusMeters: number,
  limit: number,
): Promise<ProviderPlace[]> {
  const body = await fetchJsonLimited(
    provider.url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'user-agent': provider.userAgent },
      body: new URLSearchParams({ data: overpassQuery(list, centre, radiusMeters, limit) }).toString(),
    },
    limits,
  );
  return readOverpass(body, list).slice(0, limit);
}

/** The places of an Overpass JSON answer; elements without a name, a kind or a point are skipped. */
export function readOverpass(body: unknown, list: OverpassList): ProviderPlace[] {
  const elements = (body as { elements?: unknown } | null)?.elements;
  if (!Array.isArray(elements)) throw new Error('Overpass answer has no elements list');
  const places: ProviderPlace[] = [];
  const seen = new Set<string>();
  for (const el of elements as Record<string, unknown>[]) {
    if (!el || typeof el !== 'object') continue;
    const tags = (el.tags && typeof el.tags === 'object' ? el.tags : {}) as Record<string, unknown>;
    const centre = (el.center && typeof el.center === 'object' ? el.center : {}) as Record<string, unknown>;
    const point = coordinates(el.lat, el.lon) ?? coordinates(centre.lat, centre.lon);
    const name = providerText(tags.name, R.maxNameLength);
    const match = OVERPASS_FILTERS[list].find(([key, pattern]) => typeof tags[key] === 'string' && new RegExp(pattern).test(tags[key] as string));
    const key = `${String(el.type)}/${String(el.id)}`;
    if (!point || !name || !match || seen.has(key)) continue;
    seen.add(key);
    places.push({ ...point, name, kind: tags[match[0]] as string, address: osmAddress(tags), website: safeHttpUrl(tags.website ?? tags['contact:website']) });
  }
  return places;
}

/** "12 Rua Augusta, Lisboa" from OSM's addr:* tags, or null when there is no street. */
function osmAddress(tags: Record<string, unknown>): string | null {
  const street = providerText(tags['addr:street'], R.maxNameLength);
  if (!street) return null;
  const number = providerText(tags['addr:housenumber'], 20);
  const city = providerText(tags['addr:city'], R.maxNameLength);
  return [number ? `${number} ${street}` : street, city].filter(Boolean).join(', ');
}

/** A MediaWiki API URL with these query parameters (on top of any the configured URL carries). */
function wikiUrl(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** A MediaWiki page by id: index.php sits beside api.php on every MediaWiki installation. */
export function wikiPageUrl(apiUrl: string, pageId: number): string {
  const url = new URL('index.php', apiUrl);
  url.search = '';
  url.searchParams.set('curid', String(pageId));
  return url.toString();
}

/**
 * Articles near the centre from a MediaWiki API (action=query&list=geosearch), nearest first as
 * the wiki ranks them. Throws on any failure of the search itself.
 */
export async function fetchWikiArticles(provider: ProviderOptions, centre: Coordinates, radiusMeters: number, limit: number): Promise<ProviderArticle[]> {
  const headers = { accept: 'application/json', 'user-agent': provider.userAgent };
  const body = await fetchJsonLimited(
    wikiUrl(provider.url, {
      action: 'query',
      list: 'geosearch',
      gscoord: `${centre.latitude.toFixed(6)}|${centre.longitude.toFixed(6)}`,
      gsradius: String(radiusMeters),
      gslimit: String(limit),
      format: 'json',
      formatversion: '2',
    }),
    { headers },
    limits,
  );
  return readGeosearch(body, provider.url).slice(0, limit);
}

/** The articles of a geosearch answer (formatversion 1 or 2 look alike here). */
export function readGeosearch(body: unknown, apiUrl: string): ProviderArticle[] {
  const error = (body as { error?: { info?: unknown } } | null)?.error;
  if (error) throw new Error(`MediaWiki error: ${providerText(error.info, 200) || 'unknown'}`);
  const results = (body as { query?: { geosearch?: unknown } } | null)?.query?.geosearch;
  if (!Array.isArray(results)) throw new Error('MediaWiki answer has no geosearch list');
  const articles: ProviderArticle[] = [];
  for (const r of results as Record<string, unknown>[]) {
    const point = coordinates(r?.lat, r?.lon);
    const title = providerText(r?.title, R.maxNameLength);
    const pageId = typeof r?.pageid === 'number' && Number.isSafeInteger(r.pageid) && r.pageid > 0 ? r.pageid : null;
    if (!point || !title || pageId === null) continue;
    articles.push({ ...point, pageId, title, url: wikiPageUrl(apiUrl, pageId), extract: null });
  }
  return articles;
}

/**
 * Each article's canonical address and opening sentences (prop=info|extracts), for the few
 * articles shown. A wiki without the TextExtracts extension, or any failure, leaves the
 * articles as they were (index.php?curid= links, no extract): the list itself still stands.
 */
export async function addWikiDetails(provider: ProviderOptions, articles: ProviderArticle[]): Promise<ProviderArticle[]> {
  if (!articles.length) return articles;
  const body = await fetchJsonLimited(
    wikiUrl(provider.url, {
      action: 'query',
      prop: 'info|extracts',
      inprop: 'url',
      exintro: '1',
      explaintext: '1',
      exsentences: '2',
      exlimit: String(articles.length),
      pageids: articles.map((a) => a.pageId).join('|'),
      format: 'json',
      formatversion: '2',
    }),
    { headers: { accept: 'application/json', 'user-agent': provider.userAgent } },
    limits,
  );
  const pages = (body as { query?: { pages?: unknown } } | null)?.query?.pages;
  // formatversion 2 answers a list; 1 an object keyed by page id.
  const list = Array.isArray(pages) ? pages : pages && typeof pages === 'object' ? Object.values(pages) : [];
  const byId = new Map<number, Record<string, unknown>>();
  for (const p of list as Record<string, unknown>[]) if (typeof p?.pageid === 'number') byId.set(p.pageid, p);
  return articles.map((a) => {
    const page = byId.get(a.pageId);
    if (!page) return a;
    return { ...a, url: safeHttpUrl(page.fullurl) ?? a.url, extract: providerText(page.extract, R.maxExtractLength) || null };
  });
}
