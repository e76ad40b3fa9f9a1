import fs from 'node:fs';
import path from 'node:path';

/**
 * Scoring against a corpus of real confirmation mail kept outside the project (see
 * ../shared/corpus/real-mail/README.md): each message's expected reservations, compared field by
 * field with what the parser read. Pure functions, so a script can score other corpora the same way.
 */
export interface ExpectedLeg {
  schemaType: string;
  types: string[];
  titleKeys: string[];
  titleMode: 'code' | 'name';
  date: string | null;
  time: string | null;
  endDate: string | null;
  endTime: string | null;
  from: string[] | null;
  to: string[] | null;
  loc: string[] | null;
  confirmation: string | null;
}

export interface CorpusMessage {
  id: string;
  format: string;
  raw: Buffer;
  expected: ExpectedLeg[];
}

/** What a parsed reservation offers the scorer (fields beyond these are ignored). */
export interface Got {
  type: string;
  title: string;
  date: string | null;
  time: string | null;
  endDate?: string | null;
  endTime?: string | null;
  location: string | null;
  fromLocation: string | null;
  toLocation: string | null;
  confirmationNumber: string | null;
  passengers?: string[];
}

export const FIELDS = ['found', 'type', 'title', 'date', 'time', 'end', 'location', 'confirmation'] as const;
export type Field = (typeof FIELDS)[number];

/** The corpus beside the repository, or null when it is not there (it is not part of the project). */
export function loadCorpus(dir: string): CorpusMessage[] | null {
  if (!fs.existsSync(path.join(dir, 'expected'))) return null;
  return fs
    .readdirSync(path.join(dir, 'expected'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const json = JSON.parse(fs.readFileSync(path.join(dir, 'expected', f), 'utf8')) as { id: string; format: string; expected: ExpectedLeg[] };
      return { id: json.id, format: json.format, expected: json.expected, raw: fs.readFileSync(path.join(dir, 'inputs', `${json.id}.eml`)) };
    });
}

/** Our own types for the schema.org kinds that have one; the corpus lists the older answer. */
const OWN_TYPE: Record<string, string[]> = {
  TrainReservation: ['TRAIN'],
  BusReservation: ['BUS'],
  BoatReservation: ['FERRY'],
  RentalCarReservation: ['CAR_RENTAL'],
};

/** Lower case, no accents, letters and digits only: "DL 9520" matches "DL9520". */
const compact = (v: string | null | undefined) =>
  (v ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const contains = (got: string | null | undefined, keys: string[]) => {
  const g = compact(got);
  return Boolean(g) && keys.some((k) => compact(k) && g.includes(compact(k)));
};

const unscoredTime = (t: string | null) => t === null || t === 'n/a';

/** Each field of one expected leg: true/false when scored, undefined when the source gives no answer. */
export function scoreLeg(e: ExpectedLeg, g: Got | undefined): Record<Field, boolean | undefined> {
  const transport = Boolean(e.from?.length && e.to?.length);
  return {
    found: Boolean(g),
    type: g ? [...e.types, ...(OWN_TYPE[e.schemaType] ?? [])].includes(g.type) : false,
    title: e.titleKeys.length ? Boolean(g && contains(g.title, e.titleKeys)) : undefined,
    date: e.date ? g?.date === e.date : undefined,
    time: unscoredTime(e.time) ? undefined : g?.time === e.time,
    end: e.endDate ? g?.endDate === e.endDate && (unscoredTime(e.endTime) || g?.endTime === e.endTime) : undefined,
    location: transport
      ? Boolean(g && contains(g.fromLocation ?? g.location, e.from!) && contains(g.toLocation, e.to!))
      : e.loc?.length
        ? Boolean(g && contains(g.location, e.loc))
        : undefined,
    confirmation: e.confirmation ? compact(g?.confirmationNumber) === compact(e.confirmation) : undefined,
  };
}

/** The same journey or stay: what a source repeats once per traveller. */
const sameLeg = (a: ExpectedLeg, b: ExpectedLeg) =>
  JSON.stringify([a.schemaType, a.titleKeys, a.date, a.time, a.endDate, a.endTime, a.from, a.to, a.loc, a.confirmation]) ===
  JSON.stringify([b.schemaType, b.titleKeys, b.date, b.time, b.endDate, b.endTime, b.from, b.to, b.loc, b.confirmation]);

/**
 * Pairs each expected leg with a reservation read: same day and time first, then same day, then
 * order. Sources that give one reservation per traveller repeat a leg; one reservation read for
 * that leg that names as many travellers answers for each copy (our model keeps the travellers on
 * one reservation), never for a different leg.
 */
export function matchLegs(expected: ExpectedLeg[], got: Got[]): (Got | undefined)[] {
  const free = new Set(got.map((_, i) => i));
  const take = (pred: (g: Got) => boolean) => {
    const i = [...free].find((j) => pred(got[j]!));
    if (i === undefined) return undefined;
    free.delete(i);
    return got[i];
  };
  const pairs: (Got | undefined)[] = expected.map((e) => (e.date && e.time ? take((g) => g.date === e.date && g.time === e.time) : undefined));
  expected.forEach((e, i) => {
    if (!pairs[i] && e.date) pairs[i] = take((g) => g.date === e.date);
  });
  expected.forEach((_, i) => {
    if (!pairs[i]) pairs[i] = take(() => true);
  });
  expected.forEach((e, i) => {
    if (pairs[i]) return;
    const first = expected.findIndex((o, j) => j < i && pairs[j] && sameLeg(o, e));
    if (first < 0) return;
    const g = pairs[first]!;
    const copies = expected.filter((o, j) => j <= i && sameLeg(o, e)).length;
    if ((g.passengers?.length ?? 0) >= copies) pairs[i] = g;
  });
  return pairs;
}

export interface Tally {
  right: Record<Field, number>;
  scored: Record<Field, number>;
  misses: string[];
}

export function emptyTally(): Tally {
  const zero = () => Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>;
  return { right: zero(), scored: zero(), misses: [] };
}

export function addMessage(tally: Tally, id: string, expected: ExpectedLeg[], got: Got[]) {
  matchLegs(expected, got).forEach((g, leg) => {
    const s = scoreLeg(expected[leg]!, g);
    for (const f of FIELDS) {
      if (s[f] === undefined) continue;
      tally.scored[f]++;
      if (s[f]) tally.right[f]++;
      else tally.misses.push(`${id}#${leg} ${f}: got ${JSON.stringify(g ? missValue(f, g) : null)}`);
    }
  });
}

function missValue(f: Field, g: Got) {
  if (f === 'end') return `${g.endDate} ${g.endTime}`;
  if (f === 'location') return `${g.location} | ${g.fromLocation} -> ${g.toLocation}`;
  if (f === 'confirmation') return g.confirmationNumber;
  if (f === 'found') return null;
  return g[f];
}

export const ratio = (t: Tally, f: Field) => (t.scored[f] ? t.right[f] / t.scored[f] : 1);

export function table(t: Tally): string {
  return FIELDS.map((f) => `  ${f.padEnd(13)} ${(ratio(t, f) * 100).toFixed(1).padStart(5)}%  (${t.right[f]}/${t.scored[f]})`).join('\n');
}
