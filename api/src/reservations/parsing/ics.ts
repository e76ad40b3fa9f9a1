import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { airportIn } from '../../places/zoneLookup.js';
import { clean, findDate } from './normalize.js';
import { fromGeneralText, fromTextLegs, transportKindOf } from './text.js';
import type { ExtractedReservation, ReservationKind } from './types.js';

/**
 * Calendar attachments (.ics): one reservation per event, or one per leg when its description
 * lays out a journey. Times are the place's wall clock: a TZID time as written, a UTC ("Z") time
 * turned into the zone of the airport the event names. The route comes from the summary
 * ("A -> B", "from A to B") or from the legs.
 */
const ROUTE = [/^(?:.*?:\s*)?(.+?)\s*(?:->|→|➞|–>|—>)\s*(.+)$/u, /\bfrom\s+(.+?)\s+to\s+(.+?)(?:,\s*seat.*)?$/i];

/** A leading operator and service number ("Eurostar 9014 ", "ICE 597 "). */
const SERVICE = /^\p{L}+\s+\d{2,5}\s+(?=\p{L})/u;

function routeOf(summary: string | null): [string, string] | null {
  for (const re of ROUTE) {
    const m = summary && re.exec(summary);
    // "Eurostar 9014 London St Pancras → Paris Nord": the service's name and number are not the place.
    if (m) return [clean(m[1]!.replace(SERVICE, ''))!, clean(m[2])!];
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day and wall-clock time of a calendar time; UTC ones in `zone` when it is known. */
function local(time: ICAL.Time | null, zone: string | null): { date: string | null; time: string | null } {
  if (!time) return { date: null, time: null };
  if (!time.isDate && time.zone?.tzid === 'UTC' && zone) {
    const at = DateTime.fromMillis(time.toJSDate().getTime(), { zone });
    return { date: at.toISODate(), time: at.toFormat('HH:mm') };
  }
  return { date: `${time.year}-${pad(time.month)}-${pad(time.day)}`, time: time.isDate ? null : `${pad(time.hour)}:${pad(time.minute)}` };
}

/** The kinds an event's title opens with (or, for rentals, names anywhere), in the main European languages. */
const SUMMARY_KINDS: [ReservationKind, RegExp][] = [
  ['TRAIN', /^(train|zug|vlak|tren|treno|trein|tåg|pociąg)\s+(?=\S*\d|from|von|de|van|da|z|från)/iu],
  ['BUS', /^(bus|coach|autobus|fernbus)\s+(?=\S*\d|from|von|de|van|da|z|från)/iu],
  ['FERRY', /^(ferry|fähre|ferry|traghetto|ferri|färja)\b/iu],
  ['CAR_RENTAL', /\b(rental car|car rental|car hire|mietwagen|location de voiture|auto a noleggio|alquiler de coche)\b/iu],
];

export function fromCalendar(ics: string, reference: string | null = null): ExtractedReservation[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  } catch {
    return [];
  }
  return root.getAllSubcomponents('vevent').flatMap((component) => {
    const event = new ICAL.Event(component);
    const summary = clean(event.summary);
    const description = event.description ?? '';
    const text = `${summary ?? ''}\n${description}`;
    const startDay = event.startDate ? `${event.startDate.year}-${pad(event.startDate.month)}-${pad(event.startDate.day)}` : reference;
    const legs = fromTextLegs(description, startDay);
    // Several legs are the journey's own; one leg keeps the event's times, which are exact.
    if (legs.length > 1) {
      const code = legs[0]!.confirmationNumber ?? fromGeneralText(text, summary).confirmationNumber;
      for (const leg of legs) {
        leg.confirmationNumber ??= code;
        // Legs that give no day run on the event's.
        leg.date ??= startDay;
        if (leg.endTime && !leg.endDate && leg.date)
          leg.endDate = !leg.time || leg.endTime >= leg.time ? leg.date : DateTime.fromISO(leg.date).plus({ days: 1 }).toISODate();
      }
      return legs;
    }
    const r = fromGeneralText(text, summary, reference);
    r.title = summary ?? r.title;
    r.location = clean(event.location) ?? r.location;
    const leg = legs[0];
    const route = routeOf(summary) ?? (leg?.fromLocation && leg.toLocation ? ([leg.fromLocation, leg.toLocation] as [string, string]) : null);
    if (leg) [r.type, r.title, r.confirmationNumber] = [leg.type, summary ?? leg.title, r.confirmationNumber ?? leg.confirmationNumber];
    if (route) {
      [r.fromLocation, r.toLocation] = route;
      if (r.type === 'HOTEL' || r.type === 'OTHER') r.type = transportKindOf(text) ?? 'OTHER';
    } else if (r.type === 'OTHER') {
      // A calendar event with no journey in it is something to attend.
      r.type = 'ACTIVITY';
    }
    // An event's title that opens with its kind ("Train 5186 from …", "Rental car: …") says more
    // than the words of its description ("Seat: 62").
    const named = summary ? SUMMARY_KINDS.find(([, re]) => re.test(summary))?.[0] : undefined;
    if (named) r.type = named;
    // UTC times belong to a place: the first airport the event names (departure, then arrival).
    const zone = (text: string) => airportIn(text)?.zone ?? null;
    const fromZone = zone(`${r.fromLocation ?? ''} ${summary ?? ''} ${event.location ?? ''} ${description}`);
    const toZone = zone(`${r.toLocation ?? ''}`) ?? fromZone;
    // An all-day event gives the days; the times its description writes ("Check-in: 3:00 PM") stay.
    const written = { time: r.time, endTime: r.endTime };
    Object.assign(r, local(event.startDate, fromZone));
    if (event.startDate?.isDate) r.time = written.time;
    // Without DTEND or DURATION an event ends as it starts: no end is known.
    const bounded = component.hasProperty('dtend') || component.hasProperty('duration');
    const end = bounded ? local(event.endDate, toZone) : { date: null, time: null };
    // An all-day event's end is exclusive in iCalendar: the last day is the one before.
    if (event.endDate?.isDate && end.date) end.date = DateTime.fromISO(end.date).minus({ days: 1 }).toISODate();
    [r.endDate, r.endTime] = [end.date, event.endDate?.isDate && end.date ? written.endTime : end.time];
    // A UTC time no airport placed stays on the UTC clock: say so, so the trip's place converts it.
    if (!fromZone && event.startDate && !event.startDate.isDate && event.startDate.zone?.tzid === 'UTC') r.timeZone = 'UTC';
    if (!r.date) r.date = findDate(text, reference);
    return [r];
  });
}
