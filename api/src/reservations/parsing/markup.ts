import { parseDocument } from 'htmlparser2';
import { DateTime } from 'luxon';
import { airportIn, zoneOfPlace } from '../../places/zoneLookup.js';
import { clean, splitIsoDateTime } from './normalize.js';
import { emptyReservation, type ExtractedReservation, type ReservationKind } from './types.js';

/**
 * schema.org reservation markup, the most reliable layer: airlines, hotels and ticket sellers put
 * it in their confirmations for mail clients to read. Both spellings are read: JSON-LD scripts
 * and microdata attributes (itemscope / itemtype / itemprop).
 */
type Thing = Record<string, unknown>;

interface Node {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

const isThing = (v: unknown): v is Thing => typeof v === 'object' && v !== null && !Array.isArray(v);
const typeOf = (t: Thing) => String(Array.isArray(t['@type']) ? t['@type'][0] : (t['@type'] ?? '')).replace(/^https?:\/\/schema\.org\//, '');
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
const thing = (v: unknown): Thing | null => {
  const f = first(v);
  return isThing(f) ? f : null;
};
const textOf = (v: unknown): string | null => {
  const f = first(v);
  if (isThing(f)) return clean(f.name);
  return clean(f);
};

function textContent(node: Node): string {
  if (node.type === 'text') return node.data ?? '';
  return (node.children ?? []).map(textContent).join(' ');
}

/** One microdata item: its type and properties, nested items as objects. */
function microdataItem(el: Node): Thing {
  const item: Thing = { '@type': (el.attribs?.itemtype ?? '').split(/\s+/)[0] };
  const visit = (node: Node) => {
    for (const child of node.children ?? []) {
      const prop = child.attribs?.itemprop;
      const isScope = child.attribs && 'itemscope' in child.attribs;
      if (prop) {
        const a = child.attribs!;
        const value = isScope
          ? microdataItem(child)
          : (a.content ?? a.datetime ?? (child.name === 'a' || child.name === 'link' ? a.href : undefined) ?? textContent(child));
        for (const name of prop.split(/\s+/)) if (!(name in item)) item[name] = typeof value === 'string' ? value.trim() : value;
      }
      if (!isScope) visit(child);
    }
  };
  visit(el);
  return item;
}

/** Commas a sender forgot or left over: "}{" between objects, ",}" before a closing bracket. */
const repair = (json: string) => json.replace(/,\s*([}\]])/g, '$1').replace(/}\s*{/g, '},{');

/** The balanced {...} spans at the top level of `text`, skipping brackets inside strings. */
function objectSpans(text: string): string[] {
  const spans: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' && depth++ === 0) start = i;
    else if (c === '}' && depth > 0 && --depth === 0) spans.push(text.slice(start, i + 1));
  }
  return spans;
}

/**
 * A JSON-LD script read leniently: as written, then with its commas repaired, then object by
 * object, so one sender's slip loses at most the object it is in.
 */
export function lenientJson(text: string): unknown[] {
  for (const attempt of [text, repair(text), `[${repair(text)}]`]) {
    try {
      const parsed: unknown = JSON.parse(attempt);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      // Try the next, more forgiving reading.
    }
  }
  const inner = text.trim().startsWith('[') ? text.trim().slice(1) : text;
  return objectSpans(inner).flatMap((span) => {
    try {
      return [JSON.parse(repair(span)) as unknown];
    } catch {
      return [];
    }
  });
}

/**
 * Every top-level item of an HTML document, JSON-LD and microdata alike. Microdata is read from
 * a parse that follows the tags as written (no implicit closing), so an item opened in a <p>
 * keeps the <div> properties HTML's rules would move out of it; the HTML parse is the fallback.
 */
export function markupItems(html: string): Thing[] {
  const strict = itemsOf(parseDocument(html, { xmlMode: true, recognizeSelfClosing: true, decodeEntities: true }) as unknown as Node);
  return strict.some((t) => typeOf(t).endsWith('Reservation')) ? strict : itemsOf(parseDocument(html) as unknown as Node);
}

function itemsOf(doc: Node): Thing[] {
  const items: Thing[] = [];
  const walk = (node: Node) => {
    const a = node.attribs;
    if (node.name?.toLowerCase() === 'script' && a?.type?.toLowerCase() === 'application/ld+json') {
      for (const entry of lenientJson(textContent(node))) {
        if (!isThing(entry)) continue;
        const graph = entry['@graph'];
        items.push(...(Array.isArray(graph) ? graph.filter(isThing) : [entry]));
      }
      return;
    }
    if (a && 'itemscope' in a && a.itemtype) {
      items.push(microdataItem(node));
      return;
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(doc);
  return items;
}

function placeOf(v: unknown): string | null {
  const t = thing(v);
  if (!t) return clean(first(v));
  const address = thing(t.address);
  const addressText = address
    ? [address.streetAddress, address.addressLocality, address.addressRegion, address.addressCountry]
        .map((p) => textOf(p))
        .filter(Boolean)
        .join(', ')
    : clean(t.address);
  return [clean(t.name), addressText].filter(Boolean).join(', ') || null;
}

function airportOf(v: unknown): string | null {
  const t = thing(v);
  if (!t) return clean(first(v));
  const name = clean(t.name);
  const code = clean(t.iataCode);
  return name && code ? `${name} (${code})` : (name ?? code);
}

/** A station's or stop's name (its code in brackets when both are given). */
const placeName = (v: unknown) => airportOf(v);

const KIND_TITLE: Record<ReservationKind, string> = {
  FLIGHT: 'Flight',
  HOTEL: 'Hotel stay',
  ENTERTAINMENT: 'Event',
  ACTIVITY: 'Activity',
  RESTAURANT: 'Restaurant',
  OTHER: 'Reservation',
  TRAIN: 'Train',
  BUS: 'Bus',
  FERRY: 'Ferry',
  CAR_RENTAL: 'Car rental',
};

/** The people a booking is under: names, or given + family names. */
function peopleOf(v: unknown): string[] {
  const list = Array.isArray(v) ? v : v ? [v] : [];
  const names = list.map((p) => {
    if (!isThing(p)) return clean(p, 100);
    return clean(p.name, 100) ?? clean([p.givenName, p.familyName].filter(Boolean).join(' '), 100);
  });
  return [...new Set(names.filter((n): n is string => Boolean(n)))].slice(0, 20);
}

/** "Coach 12, seat 45" from a ticket's seat (or the seat's own text). */
function seatOf(ticket: unknown): string | null {
  const seat = thing(thing(ticket)?.ticketedSeat);
  if (!seat) return clean(thing(ticket)?.ticketedSeat ?? null, 60);
  const parts = [
    seat.seatSection ? `Coach ${String(textOf(seat.seatSection))}` : null,
    seat.seatRow ? `row ${String(textOf(seat.seatRow))}` : null,
    seat.seatNumber ? `seat ${String(textOf(seat.seatNumber))}` : null,
  ];
  const text = parts.filter(Boolean).join(', ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}

const KIND: Record<string, ReservationKind> = {
  FlightReservation: 'FLIGHT',
  LodgingReservation: 'HOTEL',
  EventReservation: 'ENTERTAINMENT',
  FoodEstablishmentReservation: 'RESTAURANT',
  RentalCarReservation: 'CAR_RENTAL',
  TrainReservation: 'TRAIN',
  BusReservation: 'BUS',
  BoatReservation: 'FERRY',
  TaxiReservation: 'OTHER',
};

function setEnd(r: ExtractedReservation, value: unknown) {
  const end = splitIsoDateTime(value);
  r.endDate = end.date;
  r.endTime = end.time;
}

/** A time written on the UTC clock ("2031-01-20T15:00:00Z"), not the place's own. */
const onUtc = (value: unknown) => typeof value === 'string' && /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]00:?00)$/i.test(value.trim());

/** A UTC instant as the day and wall-clock time of `zone`. */
function inZone(value: string, zone: string) {
  const at = DateTime.fromISO(value.trim(), { zone });
  return at.isValid ? { date: at.toISODate(), time: at.toFormat('HH:mm') } : null;
}

/**
 * Markup times written in UTC (pages and mails generated from a database often do) as the place's
 * wall clock, like a calendar's: the departure and arrival airports' zones for a journey, the zone
 * of the city the address names otherwise; a UTC time no place locates keeps the UTC clock and says so.
 */
function toPlaceClock(r: ExtractedReservation, start: unknown, end: unknown) {
  if (!onUtc(start)) return;
  const fromZone = airportIn(r.fromLocation)?.zone ?? zoneOfPlace(r.location);
  const toZone = airportIn(r.toLocation)?.zone ?? fromZone;
  if (!fromZone) {
    r.timeZone = 'UTC';
    return;
  }
  Object.assign(r, inZone(start as string, fromZone));
  const last = onUtc(end) && toZone ? inZone(end as string, toZone) : null;
  if (last) [r.endDate, r.endTime] = [last.date, last.time];
}

/** One reservation item read into our fields; null for items that are not reservations. */
export function fromMarkupItem(item: Thing): ExtractedReservation | null {
  const kind = KIND[typeOf(item)];
  if (!kind) return null;
  const target = thing(item.reservationFor) ?? {};
  const confirmationNumber = clean(item.reservationNumber ?? item.confirmationNumber, 60);
  let r: ExtractedReservation;
  let start: unknown;
  let end: unknown;
  switch (typeOf(item)) {
    case 'FlightReservation': {
      const airline = thing(target.airline);
      const airlineName = textOf(target.airline);
      const number = [clean(airline?.iataCode), clean(target.flightNumber)].filter(Boolean).join(' ');
      r = emptyReservation(kind, '');
      r.airline = airlineName;
      r.fromLocation = airportOf(target.departureAirport);
      r.toLocation = airportOf(target.arrivalAirport);
      Object.assign(r, splitIsoDateTime((start = target.departureTime)));
      setEnd(r, (end = target.arrivalTime));
      r.title = flightTitle(airlineName, number, r.fromLocation, r.toLocation);
      break;
    }
    case 'LodgingReservation': {
      r = emptyReservation(kind, clean(target.name) ?? 'Hotel stay');
      r.location = placeOf(target);
      const checkin = splitIsoDateTime((start = item.checkinTime ?? item.checkinDate));
      r.date = checkin.date;
      r.time = checkin.time;
      setEnd(r, (end = item.checkoutTime ?? item.checkoutDate));
      break;
    }
    case 'EventReservation': {
      r = emptyReservation(kind, clean(target.name) ?? 'Event');
      r.location = placeOf(target.location);
      Object.assign(r, splitIsoDateTime((start = target.startDate)));
      setEnd(r, (end = target.endDate));
      break;
    }
    case 'FoodEstablishmentReservation': {
      r = emptyReservation(kind, clean(target.name) ?? 'Restaurant');
      r.location = placeOf(target);
      Object.assign(r, splitIsoDateTime((start = item.startTime)));
      setEnd(r, (end = item.endTime));
      break;
    }
    case 'TrainReservation':
    case 'BusReservation':
    case 'BoatReservation': {
      // Ground and sea transport: the stations (stops, terminals) under each kind's own names.
      const at = (side: 'departure' | 'arrival') =>
        placeName(target[`${side}Station`] ?? target[`${side}BusStop`] ?? target[`${side}BoatTerminal`] ?? target[`${side}Terminal`]);
      const number = [clean(target.trainName ?? target.busName), clean(target.trainNumber ?? target.busNumber)].filter(Boolean).join(' ') || null;
      r = emptyReservation(kind, '');
      r.fromLocation = at('departure');
      r.toLocation = at('arrival');
      Object.assign(r, splitIsoDateTime((start = target.departureTime)));
      setEnd(r, (end = target.arrivalTime));
      const route = r.fromLocation && r.toLocation ? `${r.fromLocation} → ${r.toLocation}` : null;
      r.title = [number, route].filter(Boolean).join(': ') || clean(target.name) || KIND_TITLE[kind];
      r.provider = textOf(target.provider) ?? textOf(item.provider);
      break;
    }
    default: {
      // Car rentals (and taxis): the pick-up is where and when it starts, the drop-off its end.
      const company = textOf(target.rentalCompany) ?? textOf(item.provider) ?? textOf(item.broker);
      r = emptyReservation(kind, clean(company ? `${company} car rental` : (target.name ?? KIND_TITLE[kind]))!);
      r.location = placeOf(item.pickupLocation);
      r.fromLocation = textOf(item.pickupLocation);
      r.toLocation = textOf(item.dropoffLocation);
      r.provider = company;
      Object.assign(r, splitIsoDateTime((start = item.pickupTime ?? target.departureTime)));
      setEnd(r, (end = item.dropoffTime ?? target.arrivalTime));
    }
  }
  r.passengers = peopleOf(item.underName);
  r.seat = seatOf(item.reservedTicket);
  r.provider ??= textOf(item.provider) ?? textOf(item.broker);
  r.confirmationNumber = confirmationNumber;
  toPlaceClock(r, start, end);
  return r;
}

/** "Air Canada AC 856: Toronto (YYZ) → London (LHR)"; parts left out when unknown. */
export function flightTitle(airline: string | null, number: string | null, from: string | null, to: string | null): string {
  const route = from && to ? `${from} → ${to}` : (from ?? to);
  const head = [airline, number].filter(Boolean).join(' ');
  return [head, route].filter(Boolean).join(': ') || 'Flight';
}

/** schema.org's events: Event and its kinds (MusicEvent, TheaterEvent, Festival…). */
const EVENT_TYPE = /^(\w*Event|Festival)$/;
/** Events read from one page at most: a page listing many is a programme, not a booking. */
const PAGE_EVENTS_MAX = 2;

export function fromMarkup(html: string | null): ExtractedReservation[] {
  if (!html) return [];
  const items = markupItems(html);
  const reservations = items.map(fromMarkupItem).filter((r): r is ExtractedReservation => r !== null);
  if (reservations.length) return reservations;
  // An event's own page (a conference or a concert forwarded by someone going): its Event, when
  // the page describes one or two, is read as the booking of a place at it.
  const events = items.filter((i) => EVENT_TYPE.test(typeOf(i)));
  if (!events.length || events.length > PAGE_EVENTS_MAX) return [];
  return events.map((event) => fromMarkupItem({ '@type': 'EventReservation', reservationFor: event })).filter((r): r is ExtractedReservation => r !== null);
}
