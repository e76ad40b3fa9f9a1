import { clean, findDate, findTime } from './normalize.js';
import { flightTitle } from './markup.js';
import { readLegs } from './legs.js';
import { emptyReservation, type ExtractedReservation, type ReservationKind } from './types.js';

/**
 * The text layer: confirmations without markup (and PDF tickets) read by the labels each sender
 * prints. A source is recognised by its name or domain in the text; its labels come first, then
 * the general ones, so a sender changing one label rarely loses a field.
 */
type Labels = Partial<Record<'title' | 'date' | 'time' | 'location' | 'confirmation', RegExp[]>>;

interface Source {
  name: string;
  type: ReservationKind;
  detect: RegExp;
  /** Flights: the airline's name and its IATA code, for flight numbers. */
  airline?: { name: string; code: string };
  labels: Labels;
  /** Where no title label is: the title is the written line above the first line this matches. */
  titleAbove?: RegExp;
}

/** Labels at the start of a line (a whole word: "Depart" is not "Departure"), then what follows. */
const L = (...labels: string[]) => labels.map((l) => new RegExp(`^\\s*(?:${l})(?![A-Za-z])\\s*[:#]?\\s*(.*)$`, 'im'));

export const SOURCES: Source[] = [
  {
    name: 'Air Canada',
    type: 'FLIGHT',
    detect: /air\s?canada|aircanada\.com/i,
    airline: { name: 'Air Canada', code: 'AC' },
    labels: { confirmation: L('booking reference', 'booking ref\\.?'), date: L('depart(?:ure|s)?', 'date') },
  },
  {
    name: 'United',
    type: 'FLIGHT',
    detect: /united airlines|united\.com|\bunited mileageplus/i,
    airline: { name: 'United Airlines', code: 'UA' },
    labels: { confirmation: L('confirmation number', 'confirmation'), date: L('flight date', 'depart(?:ure|s)?', 'date') },
  },
  {
    name: 'Etihad',
    type: 'FLIGHT',
    detect: /etihad/i,
    airline: { name: 'Etihad Airways', code: 'EY' },
    labels: { confirmation: L('booking reference(?: \\(pnr\\))?', 'pnr'), date: L('departure date', 'depart(?:ure|s)?', 'date') },
  },
  {
    name: 'Airbnb',
    type: 'HOTEL',
    detect: /airbnb/i,
    labels: {
      title: L('listing', 'your stay at', 'reservation confirmed for'),
      confirmation: L('confirmation code'),
      date: L('check[- ]?in'),
      location: L('address', 'getting there'),
    },
    // A listing's card: its name over its kind ("Entire home/apt", "Private room").
    titleAbove: /^\s*(?:entire (?:home|place|rental unit|apartment|condo|house|cabin|villa)(?:\/apt)?|private room|shared room|hotel room|room)\s*$/im,
  },
  {
    name: 'Marriott',
    type: 'HOTEL',
    detect: /marriott|bonvoy/i,
    labels: {
      title: L('hotel(?!\\s+address)', 'property'),
      confirmation: L('confirmation number', 'confirmation'),
      date: L('check[- ]?in(?: date)?', 'arrival(?: date)?'),
      location: L('address', 'hotel address'),
    },
  },
  {
    name: 'Booking.com',
    type: 'HOTEL',
    detect: /booking\.com/i,
    labels: {
      title: L('property', 'your booking at', 'hotel'),
      confirmation: L('booking number', 'confirmation number'),
      date: L('check[- ]?in'),
      location: L('address', 'location'),
    },
  },
  {
    name: 'Expedia',
    type: 'HOTEL',
    detect: /expedia/i,
    labels: {
      title: L('hotel', 'property'),
      confirmation: L('itinerary\\s*(?:number|no\\.?|#)', 'confirmation number'),
      date: L('check[- ]?in'),
      location: L('address'),
    },
  },
  {
    name: 'Viator',
    type: 'ACTIVITY',
    detect: /viator/i,
    labels: {
      title: L('tour', 'product', 'activity'),
      confirmation: L('booking reference', 'booking ref\\.?', 'itinerary number'),
      date: L('travel date', 'tour date', 'date'),
      time: L('start time', 'departure time', 'tour time'),
      location: L('meeting point', 'departure point', 'location'),
    },
  },
  {
    name: 'GetYourGuide',
    type: 'ACTIVITY',
    detect: /getyourguide/i,
    labels: {
      title: L('activity', 'tour', 'ticket'),
      confirmation: L('booking reference', 'reference number', 'booking code'),
      date: L('date', 'activity date'),
      time: L('starting time', 'time'),
      location: L('meeting point', 'address', 'location'),
    },
  },
  {
    name: 'Cineplex',
    type: 'ENTERTAINMENT',
    detect: /cineplex|scene\+/i,
    labels: {
      title: L('movie', 'film', 'event'),
      confirmation: L('confirmation(?: number| #| no\\.?)?', 'booking number', 'order number'),
      date: L('showtime', 'show date', 'date'),
      location: L('theatre', 'theater', 'cinema', 'location'),
    },
  },
];

/** The sources offered as supported, as the forwarding panel lists them. */
export const SUPPORTED_SOURCE_NAMES = SOURCES.map((s) => s.name);

const GENERAL: Required<Labels> = {
  title: L('event', 'hotel', 'restaurant', 'property', 'activity', 'tour'),
  date: L('date', 'check[- ]?in', 'arrival', 'depart(?:ure)?', 'scheduled departure', 'date of journey', 'when', 'reservation date'),
  time: L('time', 'start time', 'departure time', 'scheduled departure', 'check[- ]?in time', 'reservation time', 'departs?'),
  location: L('location', 'address', 'venue', 'where', 'meeting point', 'restaurant address'),
  confirmation: L(
    'confirmation (?:number|code|no\\.?|#)',
    'pnr(?: no\\.?| number)?',
    'confirmation',
    'booking (?:reference|number|code|id|ref\\.?)',
    'reservation (?:number|code|id|#)',
    'record locator',
    'itinerary (?:number|#)',
    'order number',
  ),
};

/** What follows a label on its line (or, when nothing does, on the next non-empty line). */
function after(text: string, labels: RegExp[] | undefined): string | null {
  for (const re of labels ?? []) {
    const m = re.exec(text);
    if (!m) continue;
    const rest = m[1]!.trim();
    if (rest) return rest;
    const following = text
      .slice(m.index + m[0].length)
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean);
    if (following) return following;
  }
  return null;
}

const CODE = /^([A-Z0-9][A-Z0-9-]{3,24})\b/i;
/** A booking code: letters and digits, with at least one digit or all capitals (never a plain word). */
function codeOf(value: string | null): string | null {
  const m = value && CODE.exec(value.replace(/^#\s*/, ''));
  if (!m) return null;
  const code = m[1]!;
  return /\d/.test(code) || code === code.toUpperCase() ? code.toUpperCase() : null;
}

const AIRPORT = "([A-Z][A-Za-z .'-]+?)\\s*\\(([A-Z]{3})\\)";
const ROUTE_PATTERNS: ((t: string) => [string, string] | null)[] = [
  (t) => {
    const m = new RegExp(`${AIRPORT}\\s*(?:to|→|->|–|—|-)\\s*${AIRPORT}`).exec(t);
    return m ? [`${m[1]!.trim()} (${m[2]})`, `${m[3]!.trim()} (${m[4]})`] : null;
  },
  (t) => {
    // Where the traveller boards, when a ticket names it besides its origin ("Boarding Station:").
    const from = after(t, L('boarding (?:station|point)', 'from', 'departing from', 'origin'));
    const to = after(t, L('to', 'arriving (?:in|at)', 'destination'));
    const place = (v: string) => clean(v.replace(/[\s,;]+$/, ''))!;
    return from && to && !/@/.test(from + to) ? [place(from), place(to)] : null;
  },
  (t) => {
    const m = /\b([A-Z]{3})\s*(?:→|->|–|—|to)\s*([A-Z]{3})\b/.exec(t);
    return m ? [m[1]!, m[2]!] : null;
  },
];

function routeOf(text: string): [string, string] | null {
  for (const read of ROUTE_PATTERNS) {
    const route = read(text);
    if (route) return route;
  }
  return null;
}

/** Lines about the booking itself (its date, the payment), whose dates are not the journey's. */
const BOOKING_LINE = /book|issue|order|vystaven|buchung|payment|zahlung|bestell|emisi|paid|datum\s*:|date\s*:/i;

/** The first date in the text that is not on a line about the booking itself. */
function travelDate(text: string, reference: string | null) {
  for (const line of text.split('\n')) {
    if (BOOKING_LINE.test(line)) continue;
    const date = findDate(line, reference);
    if (date) return date;
  }
  return findDate(text, reference);
}

/** The date (and time on the same line) after the source's date labels, else the first in the text. */
function when(text: string, labels: Labels, reference: string | null = null) {
  const line = after(text, labels.date) ?? after(text, GENERAL.date);
  const date = findDate(line, reference) ?? travelDate(text, reference);
  const time = findTime(line) ?? findTime(after(text, labels.time) ?? after(text, GENERAL.time));
  return { date, time };
}

const FORWARD_MARK = /(forwarded message|original message|begin forwarded message)/i;
const HEADER_LINE = /^\s*(from|sent|date|subject|to|cc|reply-to)\s*:/i;

/**
 * The lines of a confirmation as read: the subject first, quoted-reply marks removed, and the
 * header block of a forward ("From: ... Date: ...") dropped, so its date is never taken for the
 * booking's.
 */
export function normalizeText(subject: string | null, body: string): string {
  const out: string[] = [subject ?? ''];
  let inHeader = false;
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.replace(/^(\s*>)+\s?/, '');
    if (FORWARD_MARK.test(line)) {
      inHeader = true;
      continue;
    }
    if (inHeader && (HEADER_LINE.test(line) || !line.trim())) {
      if (!line.trim()) inHeader = false;
      continue;
    }
    inHeader = false;
    out.push(line);
  }
  return unfoldColumns(out).join('\n');
}

/** Column heads of a stay's or journey's times, as mails set them side by side. */
const COLUMN_HEAD =
  /^(?:check-?\s?in|check-?\s?out|arrival|departure|arrives?|departs?|anreise|abreise|arrivée|départ|llegada|salida|příjezd|odjezd|start|end|begins?|ends?)(?:\s+(?:date|time|day))?$/i;

/**
 * Labels set as columns ("Check-in      Checkout" over "THU, JUN 27   MON, JUL 1" over
 * "5:00 PM   11:00 AM") rewritten as one labelled line each ("Check-in: THU, JUN 27 5:00 PM"), so
 * the label readers find their values. Only a head whose every cell is such a label, and value
 * rows cut into as many cells (two spaces or more between them), up to three rows.
 */
export function unfoldColumns(lines: string[]): string[] {
  const cells = (line: string) => line.trim().split(/\s{2,}|\t+/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = cells(lines[i]!);
    if (head.length < 2 || !head.every((c) => COLUMN_HEAD.test(c))) {
      out.push(lines[i]!);
      continue;
    }
    const values: string[][] = head.map(() => []);
    let j = i + 1;
    for (let rows = 0; j < lines.length && rows < 3; j++) {
      if (!lines[j]!.trim()) continue;
      const row = cells(lines[j]!);
      if (row.length !== head.length || !/\d/.test(lines[j]!)) break;
      row.forEach((c, k) => values[k]!.push(c));
      rows++;
    }
    if (!values[0]!.length) {
      out.push(lines[i]!);
      continue;
    }
    out.push(...head.map((label, k) => `${label}: ${values[k]!.join(' ')}`));
    i = j - 1;
  }
  return out;
}

export function detectSource(text: string): Source | null {
  return SOURCES.find((s) => s.detect.test(text)) ?? null;
}

/** The last written line (no link, not a sentence) before the first line `marker` matches. */
function lineAbove(text: string, marker: RegExp | undefined): string | null {
  const m = marker?.exec(text);
  if (!m) return null;
  const above = text
    .slice(0, m.index)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^\[?https?:/.test(l));
  const line = above.pop();
  return line && !/[.!?]$/.test(line) && line.length <= 100 ? clean(line) : null;
}

/** Reads one reservation from a source's confirmation text; `reference` dates the days written without a year. */
export function fromSourceText(source: Source, text: string, subject: string | null, reference: string | null = null): ExtractedReservation {
  const labels = source.labels;
  const r = emptyReservation(source.type, '');
  r.passengers = peopleIn(text);
  r.confirmationNumber = codeOf(after(text, labels.confirmation)) ?? codeOf(after(text, GENERAL.confirmation));
  Object.assign(r, when(text, labels, reference));
  if (source.airline) {
    const { name, code } = source.airline;
    const number = new RegExp(`\\b${code}\\s?(\\d{1,4})\\b`).exec(text);
    const route = routeOf(text);
    r.airline = name;
    r.fromLocation = route?.[0] ?? null;
    r.toLocation = route?.[1] ?? null;
    r.title = flightTitle(name, number ? `${code} ${number[1]}` : null, r.fromLocation, r.toLocation);
    return r;
  }
  if (source.type === 'HOTEL') stayEnd(r, text, r.date ?? reference);
  r.title = clean(after(text, labels.title)?.replace(/\s+is confirmed\W*$/i, '')) ?? lineAbove(text, source.titleAbove) ?? subjectTitle(subject) ?? source.name;
  r.location = clean(after(text, labels.location) ?? after(text, GENERAL.location));
  return r;
}

/** Words only a ground or sea journey uses: rail and coach operators, tickets, crossings. */
const TRANSPORT_WORDS: [ReservationKind, RegExp][] = [
  [
    'TRAIN',
    /\b(your train|train ticket|train (?:number|no|name)|date of journey|by train|zugbindung|bahncard|deutsche bahn|db fernverkehr|eurostar|tgv|inoui|ouigo|sncf|renfe|trenitalia|italo|öbb|sbb|regiojet|české dráhy|national rail|amtrak|via rail|thalys|nightjet)\b/i,
  ],
  ['BUS', /\b(flixbus|megabus|greyhound|national express|your coach|bus ticket|coach ticket|autobus)\b/i],
  ['FERRY', /\b(ferry|ferries|crossing ticket|stena line|dfds|p&o ferries|brittany ferries|fähre|traghetto)\b/i],
];

/** The ground or sea kind a text names, if any. */
export const transportKindOf = (text: string): ReservationKind | null => TRANSPORT_WORDS.find(([, re]) => re.test(text))?.[0] ?? null;

const KEYWORDS: [ReservationKind, RegExp][] = [
  ['FLIGHT', /\b(flight|boarding pass|airline|e-?ticket|departure gate|record locator)\b/i],
  ...TRANSPORT_WORDS,
  ['HOTEL', /\b(hotel|check[- ]?in|check[- ]?out|your stay|nights?|lodging|guest ?house|hostel)\b/i],
  ['RESTAURANT', /\b(restaurant|table for|dinner|lunch|brunch|party of \d+)\b/i],
  ['ENTERTAINMENT', /\b(concert|movie|film|theatre|theater|show ?time|tickets?|festival|match|seat)\b/i],
  ['ACTIVITY', /\b(tour|activity|excursion|experience|class|museum|admission)\b/i],
];

/** "Fwd: Your booking confirmation - Dinner at Nopa" -> "Dinner at Nopa". */
export function subjectTitle(subject: string | null): string | null {
  if (!subject) return null;
  const text = subject
    .replace(/^\s*((fwd?|fw|tr|wg|re)\s*:\s*)+/i, '')
    .replace(/^(your\s+)?(booking|reservation|order)?\s*(is\s+)?(confirmation|confirmed)\s*[:\-–—]?\s*/i, '')
    .trim();
  return clean(text);
}

/** A stay's check-out labels in the languages the date reader knows. */
const CHECK_OUT = L('check[- ]?out(?: date)?', 'abreise', 'departure date', 'date de départ', 'départ', 'fecha de salida', 'salida', 'odjezd', 'odhlášení');

/** A stay's end: the check-out line's date and time (the time may sit on its own label). */
function stayEnd(r: ExtractedReservation, text: string, reference: string | null) {
  const out = after(text, CHECK_OUT);
  r.endDate = findDate(out, reference);
  r.endTime = findTime(out) ?? findTime(after(text, L('check[- ]?out time')));
}

/** Labels of the people a booking is for, in the languages the date reader knows and a few more. */
const PEOPLE = L(
  'passengers?(?: names?)?',
  'travell?ers?',
  'guests?(?: names?)?',
  'name of (?:the )?guest',
  'lead (?:guest|traveller|passenger)',
  'reisende[rn]?',
  'fahrgast',
  'passagers?',
  'voyageurs?',
  'pasajeros?',
  'huésped',
  'resenär(?:er)?',
  'cestující',
);

/** Lower-case words a name may hold ("Ludwig van Beethoven", "María de la Cruz"). */
const NAME_PARTICLE = /^(?:van|von|der|den|de|del|della|di|da|das|dos|du|la|le|bin|binti|al|el|ter|zu|y|e)$/;
/** Up to six words, each capitalised or a particle: prose after a label ("departing from the same city") is none. */
const isName = (n: string) => {
  const words = n.split(/\s+/);
  return words.length <= 6 && words.every((w) => /^\p{Lu}/u.test(w) || NAME_PARTICLE.test(w));
};

/** "1.1KONQUI/KATIE MS": the numbered SURNAME/GIVEN names of a reservation system's record. */
const RECORD_NAME = /(?<![\w.])\d{1,2}\.\d{1,2}([A-Z][A-Z'-]+)\/([A-Z][A-Z'-]+)(?:\s+(?:MRS?|MS|MISS|MSTR|DR)\b)?/g;
const titleCase = (w: string) => w.charAt(0) + w.slice(1).toLowerCase();

/**
 * The names after every people label (one label a line or several), split at commas or "and";
 * counts ("2 adults") are no names. Without labels, the names of a reservation record's name line.
 */
export function peopleIn(text: string): string[] {
  const names = new Set<string>();
  for (const re of PEOPLE) {
    for (const m of text.matchAll(new RegExp(re.source, 'gim'))) {
      const line =
        m[1]!.trim() ||
        (text
          .slice(m.index + m[0].length)
          .split('\n')
          .map((l) => l.trim())
          .find(Boolean) ??
          '');
      for (const name of line.split(/\s*(?:,|;|\s&\s|\sand\s|\sund\s|\set\s)\s*/)) {
        const n = name.replace(/\s*\(.*?\)\s*/g, ' ').trim();
        if (/^\p{L}[\p{L}.'\- ]{1,80}$/u.test(n) && /\s/.test(n) && isName(n) && !/\b(adults?|children|kids|persons?|people|erwachsene|personen)\b/i.test(n))
          names.add(n);
      }
    }
    if (names.size) break;
  }
  if (!names.size) for (const m of text.matchAll(RECORD_NAME)) names.add(`${titleCase(m[2]!)} ${titleCase(m[1]!)}`);
  return [...names].slice(0, 20);
}

/** What follows a heading rather than a name ("Hotel details", "Event information"). */
const HEADING_VALUE = /^(?:details?|information|info|image|photos?|address|policy|policies|summary|overview|contact|name)$/i;
const LODGING_WORD =
  /\b(?:hotel|inn|hostel|resort|lodge|motel|suites|aparthotel|guest ?house|b&b|pension|gasthof|gasthaus|hôtel|hostal|albergo|penzion)(?![\p{L}])/iu;
/** Words of a sentence, not of a name: "Thanks for choosing our hotel." */
const SENTENCE_WORD = /\b(?:you|your|our|we|us|thank|thanks|please|for|is|are|was|will|be|all|this|at)\b/i;

/** A line naming a stay on its own: a few words with a lodging word, no sentence ("PREMIER INN LONDON MARYLEBONE"). */
export function lodgingNameIn(text: string): string | null {
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.length < 4 || line.length > 60 || /[.!?:]$/.test(line) || /\d{3}|@|\/\//.test(line)) continue;
    if (line.split(/\s+/).length > 7 || SENTENCE_WORD.test(line) || !LODGING_WORD.test(line)) continue;
    return clean(line);
  }
  return null;
}

const STREET =
  /\b(?:road|rd|street|st|avenue|ave|lane|boulevard|blvd|drive|way|square|straße|strasse|str|gasse|weg|allee|platz|rue|chemin|calle|avenida|plaza|via|viale|piazza|corso|ulice|náměstí|ulica|rua|laan|gade|gatan|vej)(?![\p{L}])/iu;
/** Words of directions, not of an address: "Continue along Marylebone Road". */
const DIRECTION_WORD = /\b(?:turn|continue|follow|head|heading|towards?|onto|along|take|exit|approach|becomes|left|right|straight)\b/i;

/** The first line that reads as a street address: a street word and a number, no sentence, no directions. */
export function addressLineIn(text: string): string | null {
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.length < 6 || line.length > 90 || /[.!?]$/.test(line) || /@|\/\/|\[/.test(line)) continue;
    if (!/\d/.test(line) || !STREET.test(line) || DIRECTION_WORD.test(line) || SENTENCE_WORD.test(line)) continue;
    return clean(line);
  }
  return null;
}

/** No known source: the general labels, the type guessed from the words used. */
export function fromGeneralText(text: string, subject: string | null, reference: string | null = null): ExtractedReservation {
  const type = KEYWORDS.find(([, re]) => re.test(text))?.[0] ?? 'OTHER';
  const labelled = clean(after(text, GENERAL.title));
  const named = labelled && !HEADING_VALUE.test(labelled) ? labelled : type === 'HOTEL' ? lodgingNameIn(text) : null;
  const r = emptyReservation(type, named ?? subjectTitle(subject) ?? 'Reservation');
  r.passengers = peopleIn(text);
  r.confirmationNumber = codeOf(after(text, GENERAL.confirmation)) ?? confirmationIn(text);
  Object.assign(r, when(text, {}, reference));
  if (type === 'HOTEL') stayEnd(r, text, reference);
  r.location = clean(after(text, GENERAL.location)) ?? (type === 'HOTEL' || type === 'RESTAURANT' ? addressLineIn(text) : null);
  if (type === 'FLIGHT' || type === 'TRAIN' || type === 'BUS' || type === 'FERRY') {
    const route = routeOf(text);
    r.fromLocation = route?.[0] ?? null;
    r.toLocation = route?.[1] ?? null;
    // A train, coach or boat with no title label is named by its service and route, as legs are.
    const service = clean(after(text, L('(?:train|bus|coach|ferry) (?:no\\.?|number)')), 30)?.replace(/[,;]$/, '');
    if (type !== 'FLIGHT' && route && !after(text, GENERAL.title)) r.title = [service, `${route[0]} → ${route[1]}`].filter(Boolean).join(': ');
  }
  return r;
}

/** Booking-code labels in English, German, French, Spanish and Czech, read anywhere on a line. */
const CODE_LABEL =
  /electronic ticket|elektronick[áa] j[íi]zdenka(?: [čc]\.)?|j[íi]zdenka [čc]\.|(?:booking|reservation|confirmation)\s*(?:reference|code|number|ref\.?|no\.?|#)|record locator|\bpnr(?:\s*(?:no\.?|number|nr\.?)(?!\p{L}))?|buchungs(?:nummer|code|referenz)|auftragsnummer|r[ée]f[ée]rence(?:\s+de\s+(?:r[ée]servation|dossier))?|dossier voyage|localizador|c[óo]digo de reserva|k[óo]d transakce|bokningsreferens|bestillings(?:nummer|referanse)|booking(?:nummer|kode)|varausnumero|varauskoodi|boekingsnummer|reserveringsnummer|codice (?:di )?prenotazione|numer rezerwacji|[čc][íi]slo (?:objedn[áa]vky|rezervace|j[íi]zdenky)|reservation code/giu;

/** The booking code after the first label that has one (on its line, or the next line). */
export function confirmationIn(text: string): string | null {
  for (const m of text.matchAll(CODE_LABEL)) {
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 160);
    const lines = rest.split('\n');
    const candidates = [lines[0]!.replace(/^\s*\/[^:]*$/, ''), lines[1] ?? '', lines[2] ?? ''];
    for (const c of candidates) {
      const value = c
        .replace(/^[\s:#*.]+/, '')
        .replace(/^\/[\p{L} ]+:?\s*/u, '')
        .replace(/^[\s:#*.]+/, '');
      const code = codeOf(value);
      if (code && /\d/.test(code + (code.length >= 5 ? '0' : ''))) return code;
      // A label's own colon on its line is no value: the code may stand on the next line.
      if (value.trim()) break;
    }
  }
  return null;
}

/** Journeys read leg by leg from the text, each a reservation; the booking code is the message's. */
export function fromTextLegs(text: string, reference: string | null): ExtractedReservation[] {
  const code = confirmationIn(text);
  const people = peopleIn(text);
  return readLegs(text, reference).map((leg) => {
    const r = emptyReservation(leg.mode === 'flight' ? 'FLIGHT' : leg.mode === 'bus' || /^bus/i.test(leg.number ?? '') ? 'BUS' : 'TRAIN', '');
    Object.assign(r, { date: leg.date, time: leg.time, endDate: leg.endDate, endTime: leg.endTime, fromLocation: leg.from, toLocation: leg.to });
    r.confirmationNumber = code;
    r.passengers = people;
    r.title =
      leg.mode === 'flight'
        ? flightTitle(null, leg.number, leg.from, leg.to)
        : [leg.number, leg.from && leg.to ? `${leg.from} → ${leg.to}` : null].filter(Boolean).join(': ') || (leg.mode === 'bus' ? 'Bus' : 'Train');
    return r;
  });
}

/** Whether the general reading found anything that makes it a booking rather than any e-mail. */
export const looksLikeReservation = (r: ExtractedReservation) => Boolean(r.confirmationNumber || (r.date && r.type !== 'OTHER'));
