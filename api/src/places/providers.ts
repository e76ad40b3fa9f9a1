import { fetchJsonLimited } from '../platform/fetchJson.js';
import { describe, PLACE_SEARCH, trimParts, type Place, type SearchBias } from './types.js';

/**
 * Online place search, used when PLACES_PROVIDER_URL is set: a Photon server (GeoJSON,
 * `/api?q=&limit=`) or a Nominatim server (`/search?format=jsonv2&q=&limit=`). Both are
 * OpenStreetMap geocoders that can be self-hosted. Any failure (network, timeout, status,
 * unreadable answer) throws; service.ts then answers from the gazetteer.
 */
export type ProviderKind = 'photon' | 'nominatim';

export interface ProviderConfig {
  url: string;
  kind: ProviderKind;
  /** Defaults to PLACE_SEARCH.providerTimeoutMs (3 s). */
  timeoutMs?: number;
  /** Sent as User-Agent (Nominatim's usage policy asks for an identifying one). */
  userAgent?: string;
}

/** PLACES_PROVIDER when given, else guessed from the address ("nominatim" in it), else Photon. */
export function providerKind(url: string, kind: string | undefined): ProviderKind {
  if (kind === 'photon' || kind === 'nominatim') return kind;
  return /nominatim/i.test(url) ? 'nominatim' : 'photon';
}

/**
 * Asks the provider; `bias` (a trip's destination) leans the answers towards it: Photon's
 * lat/lon, Nominatim's viewbox of about ±1° (a preference, not a bound).
 */
export async function searchProvider(provider: ProviderConfig, query: string, limit: number, bias?: SearchBias | null): Promise<Place[]> {
  const base = provider.url.replace(/\/+$/, '');
  const params: Record<string, string> = { q: query, limit: String(limit) };
  if (provider.kind === 'nominatim') {
    Object.assign(params, { format: 'jsonv2', addressdetails: '1' });
    if (bias) params.viewbox = [bias.lng - 1, bias.lat + 1, bias.lng + 1, bias.lat - 1].map((n) => n.toFixed(4)).join(',');
  } else {
    params.lang = 'en';
    if (bias) Object.assign(params, { lat: bias.lat.toFixed(4), lon: bias.lng.toFixed(4) });
  }
  const url = `${base}/${provider.kind === 'nominatim' ? 'search' : 'api'}?${new URLSearchParams(params)}`;
  const body = await fetchJsonLimited(
    url,
    { headers: { accept: 'application/json', 'accept-language': 'en', 'user-agent': provider.userAgent ?? 'Tripcrew' } },
    { timeoutMs: provider.timeoutMs ?? PLACE_SEARCH.providerTimeoutMs, maxBytes: PLACE_SEARCH.providerMaxBytes },
  );
  const places = provider.kind === 'nominatim' ? fromNominatim(body) : fromPhoton(body);
  return places.slice(0, limit);
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const coord = (v: unknown, bound: number): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= bound ? n : null;
};
const osmId = (type: unknown, id: unknown): string => {
  const t = str(type).charAt(0).toUpperCase();
  return `osm:${t}${str(id)}`;
};

/** Photon: a GeoJSON FeatureCollection with OSM properties. */
export function fromPhoton(body: unknown): Place[] {
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features)) throw new Error('place provider: not a FeatureCollection');
  const places: Place[] = [];
  for (const f of features) {
    const p = (f?.properties ?? {}) as Record<string, unknown>;
    const [lng, lat] = Array.isArray(f?.geometry?.coordinates) ? f.geometry.coordinates : [];
    const la = coord(lat, 90);
    const ln = coord(lng, 180);
    const street = [str(p.street), str(p.housenumber)].filter(Boolean).join(' ');
    const mainText = str(p.name) || street || str(p.city);
    if (!mainText || la === null || ln === null) continue;
    const town = str(p.city) || str(p.town) || str(p.village) || str(p.district);
    const secondaryText = trimParts([town === mainText ? '' : town, str(p.state), str(p.country)]);
    places.push({
      placeId: p.osm_id !== undefined ? osmId(p.osm_type, p.osm_id) : `geo:${la},${ln}`,
      mainText,
      secondaryText,
      description: describe(mainText, secondaryText),
      lat: la,
      lng: ln,
    });
  }
  return places;
}

/** Nominatim (format=jsonv2, addressdetails=1): an array of results. */
export function fromNominatim(body: unknown): Place[] {
  if (!Array.isArray(body)) throw new Error('place provider: not a result list');
  const places: Place[] = [];
  for (const r of body as Record<string, unknown>[]) {
    const la = coord(r?.lat, 90);
    const ln = coord(r?.lon, 180);
    const parts = str(r?.display_name)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const mainText = str(r?.name) || parts[0] || '';
    if (!mainText || la === null || ln === null) continue;
    const a = (r.address ?? {}) as Record<string, unknown>;
    const town = str(a.city) || str(a.town) || str(a.village) || str(a.municipality);
    const fromAddress = [town === mainText ? '' : town, str(a.state), str(a.country)];
    const rest = parts[0] === mainText ? parts.slice(1) : parts;
    const secondaryText = trimParts(fromAddress.some(Boolean) ? fromAddress : rest);
    places.push({
      placeId: r.osm_id !== undefined ? osmId(r.osm_type, r.osm_id) : `nominatim:${str(r.place_id)}`,
      mainText,
      secondaryText,
      description: describe(mainText, secondaryText),
      lat: la,
      lng: ln,
    });
  }
  return places;
}
