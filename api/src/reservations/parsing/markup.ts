import { parseDocument } from 'htmlparser2';
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

/** Every top-level item of an HTML document, JSON-LD and microdata alike. */
export function markupItems(html: string): Thing[] {
  const doc = parseDocument(html) as unknown as Node;
  const items: Thing[] = [];
  const walk = (node: Node, insideScope: boolean) => {
    const a = node.attribs;
    if (node.name === 'script' && a?.type?.toLowerCase() === 'application/ld+json') {
      try {
        const parsed: unknown = JSON.parse(textContent(node));
        for (const entry of Array.isArray(parsed) ? parsed : [parsed]) {
          if (!isThing(entry)) continue;
          const graph = entry['@graph'];
          items.push(...(Array.isArray(graph) ? graph.filter(isThing) : [entry]));
        }
      } catch {
        // A sender's broken JSON-LD is ignored; the other layers still read the message.
      }
      return;
    }
    if (a && 'itemscope' in a && !insideScope && a.itemtype) {
      items.push(microdataItem(node));
      return;
    }
    for (const child of node.children ?? []) walk(child, insideScope);
  };
  walk(doc, false);
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

const KIND: Record<string, ReservationKind> = {
  FlightReservation: 'FLIGHT',
  LodgingReservation: 'HOTEL',
  EventReservation: 'ENTERTAINMENT',
  FoodEstablishmentReservation: 'RESTAURANT',
  RentalCarReservation: 'OTHER',
  TrainReservation: 'OTHER',
  BusReservation: 'OTHER',
  BoatReservation: 'OTHER',
  TaxiReservation: 'OTHER',
};

/** One reservation item read into our fields; null for items that are not reservations. */
export function fromMarkupItem(item: Thing): ExtractedReservation | null {
  const kind = KIND[typeOf(item)];
  if (!kind) return null;
  const target = thing(item.reservationFor) ?? {};
  const confirmationNumber = clean(item.reservationNumber ?? item.confirmationNumber, 60);
  let r: ExtractedReservation;
  switch (typeOf(item)) {
    case 'FlightReservation': {
      const airline = thing(target.airline);
      const airlineName = textOf(target.airline);
      const number = [clean(airline?.iataCode), clean(target.flightNumber)].filter(Boolean).join(' ');
      r = emptyReservation(kind, '');
      r.airline = airlineName;
      r.fromLocation = airportOf(target.departureAirport);
      r.toLocation = airportOf(target.arrivalAirport);
      Object.assign(r, splitIsoDateTime(target.departureTime));
      r.title = flightTitle(airlineName, number, r.fromLocation, r.toLocation);
      break;
    }
    case 'LodgingReservation': {
      r = emptyReservation(kind, clean(target.name) ?? 'Hotel stay');
      r.location = placeOf(target);
      const checkin = splitIsoDateTime(item.checkinTime ?? item.checkinDate);
      r.date = checkin.date;
      r.time = checkin.time;
      break;
    }
    case 'EventReservation': {
      r = emptyReservation(kind, clean(target.name) ?? 'Event');
      r.location = placeOf(target.location);
      Object.assign(r, splitIsoDateTime(target.startDate));
      break;
    }
    case 'FoodEstablishmentReservation': {
      r = emptyReservation(kind, clean(target.name) ?? 'Restaurant');
      r.location = placeOf(target);
      Object.assign(r, splitIsoDateTime(item.startTime));
      break;
    }
    default: {
      // Car rentals and ground transport: no type of their own, kept as "other" with the route.
      const company = textOf(target.rentalCompany) ?? textOf(item.provider) ?? textOf(item.broker);
      r = emptyReservation(kind, clean(company ? `${company} car rental` : (target.name ?? 'Reservation'))!);
      r.location = placeOf(item.pickupLocation);
      r.fromLocation = textOf(item.pickupLocation);
      r.toLocation = textOf(item.dropoffLocation);
      Object.assign(r, splitIsoDateTime(item.pickupTime ?? target.departureTime));
    }
  }
  r.confirmationNumber = confirmationNumber;
  return r;
}

/** "Air Canada AC 856: Toronto (YYZ) → London (LHR)"; parts left out when unknown. */
export function flightTitle(airline: string | null, number: string | null, from: string | null, to: string | null): string {
  const route = from && to ? `${from} → ${to}` : (from ?? to);
  const head = [airline, number].filter(Boolean).join(' ');
  return [head, route].filter(Boolean).join(': ') || 'Flight';
}

export function fromMarkup(html: string | null): ExtractedReservation[] {
  if (!html) return [];
  return markupItems(html)
    .map(fromMarkupItem)
    .filter((r): r is ExtractedReservation => r !== null);
}
