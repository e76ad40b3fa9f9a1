import ICAL from 'ical.js';
import { clean } from './normalize.js';
import { fromGeneralText } from './text.js';
import type { ExtractedReservation } from './types.js';

/**
 * Calendar attachments (.ics): one reservation per event, its day and time as the event states
 * them in its own zone. The type and booking code come from the event's words, as for text.
 */
export function fromCalendar(ics: string): ExtractedReservation[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  } catch {
    return [];
  }
  return root.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const summary = clean(event.summary);
    const description = event.description ?? '';
    const r = fromGeneralText(`${summary ?? ''}\n${description}`, summary);
    r.title = summary ?? r.title;
    r.location = clean(event.location) ?? r.location;
    const start = event.startDate;
    if (start) {
      r.date = `${start.year}-${String(start.month).padStart(2, '0')}-${String(start.day).padStart(2, '0')}`;
      r.time = start.isDate ? null : `${String(start.hour).padStart(2, '0')}:${String(start.minute).padStart(2, '0')}`;
    }
    return r;
  });
}
