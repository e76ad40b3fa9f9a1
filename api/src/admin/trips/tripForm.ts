/**
 * The console's trip form as the trips rule reads it, for the server's create and edit and for the
 * form in the browser alike (pure code): the destination is typed as text ("Paris, France") and
 * parsed as the server stores it; everything else is the trips domain's `validateTrip`.
 */
import { parseDestination } from '../../places/destination.js';
import { problemsOf } from '../../platform/validation.js';
import { validateTrip, type DestinationInput, type TripInput } from '../../trips/validation.js';
import { AdminTripMessages as M } from './messages.js';

export interface ConsoleTripFields {
  name?: string | null;
  description?: string | null;
  /** Plain text, the place object or its JSON text; undefined keeps (an edit) or leaves out (a create). */
  destination?: unknown;
  startDate?: string | null;
  endDate?: string | null;
}

/** A typed or picked destination as the trips rule takes it; null when there is none. */
export function consoleDestination(raw: unknown): DestinationInput | null {
  const d = parseDestination(raw);
  return d && { mainText: d.mainText, secondaryText: d.secondaryText, description: d.description, placeId: d.placeId, latitude: d.lat, longitude: d.lng };
}

/** The trips rule's input for the form's fields (a kept destination is not read again). */
export const consoleTripInput = (fields: ConsoleTripFields): TripInput => ({
  name: fields.name,
  description: fields.description,
  destination: fields.destination === undefined ? undefined : consoleDestination(fields.destination),
  startDate: fields.startDate,
  endDate: fields.endDate,
});

/** Every problem of the console's form at once: an owner for a new trip, then the trips rule's. */
export function consoleTripProblems(fields: ConsoleTripFields & { ownerEmail?: string | null }, mode: 'create' | 'edit') {
  const own = mode === 'create' && !fields.ownerEmail?.trim() ? [{ field: 'ownerEmail', message: M.ownerRequired }] : [];
  return [...own, ...problemsOf(validateTrip, consoleTripInput(fields))];
}
