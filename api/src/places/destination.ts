import { describe, type Place } from './types.js';
import { cleanInput } from '../platform/text.js';

/**
 * A trip's destination as stored: structured, the way the place search answered it. Older clients send it as plain text or as a JSON string of the object; all three
 * forms come in through parseDestination.
 */
export interface Destination {
  mainText: string;
  secondaryText: string;
  /** The full text ("Paris, Île-de-France, France"). */
  description: string;
  /** From the place search; null for a destination typed by hand. */
  placeId: string | null;
  /** Both or neither. */
  lat: number | null;
  lng: number | null;
}

/** The specification's wire form (snake_case), as the REST adapter answers it. */
export interface DestinationJson {
  main_text: string;
  secondary_text: string;
  full_description: string;
  place_id: string | null;
  lat: number | null;
  lng: number | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

const coordinate = (v: unknown, bound: number): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= bound ? n : null;
};

/** "Paris, France" -> main "Paris", secondary "France"; the description is the whole text. */
function fromPlainText(input: string): Destination | null {
  const parts = input
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  return { mainText: parts[0], secondaryText: parts.slice(1).join(', '), description: input, placeId: null, lat: null, lng: null };
}

function fromObject(o: Record<string, unknown>): Destination | null {
  const formatting = (o.structured_formatting && typeof o.structured_formatting === 'object' ? o.structured_formatting : {}) as Record<string, unknown>;
  let mainText = text(o.main_text) || text(o.mainText) || text(formatting.main_text);
  let secondaryText = text(o.secondary_text) || text(o.secondaryText) || text(formatting.secondary_text);
  const full = text(o.full_description) || text(o.description) || text(o.fullDescription);
  if (!mainText) {
    const parsed = full ? fromPlainText(full) : null;
    if (!parsed) return null;
    mainText = parsed.mainText;
    secondaryText ||= parsed.secondaryText;
  } else if (!secondaryText && full.startsWith(`${mainText},`)) {
    secondaryText = full.slice(mainText.length + 1).trim();
  }
  const lat = coordinate(o.lat ?? o.latitude, 90);
  const lng = coordinate(o.lng ?? o.lon ?? o.longitude, 180);
  const both = lat !== null && lng !== null;
  return {
    mainText,
    secondaryText,
    description: full || describe(mainText, secondaryText),
    placeId: text(o.place_id) || text(o.placeId) || null,
    lat: both ? lat : null,
    lng: both ? lng : null,
  };
}

/**
 * Any of the three forms a destination arrives in -> the structured form, or null when there is
 * nothing usable (empty text, an empty object, a number, an array, broken JSON):
 * - the object `{ main_text, secondary_text?, full_description?, place_id?, lat?, lng? }` (also
 *   a place-search prediction with `description` and `structured_formatting`, or camelCase);
 * - a JSON string of that object;
 * - plain text, "Paris, France".
 */
export function parseDestination(input: unknown, depth = 0): Destination | null {
  if (input === null || input === undefined || depth > 2) return null;
  if (typeof input === 'object') return Array.isArray(input) ? null : fromObject(input as Record<string, unknown>);
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  if (!trimmed || trimmed === 'null' || trimmed === 'undefined') return null;
  if (/^[{["]/.test(trimmed)) {
    try {
      // Escapes inside the JSON (\u0000) become characters only now: clean them too.
      return parseDestination(cleanInput(JSON.parse(trimmed)), depth + 1);
    } catch {
      // Looks like JSON but is not: a mangled value, not a place anyone typed.
      return trimmed.startsWith('"') ? fromPlainText(trimmed) : null;
    }
  }
  return fromPlainText(trimmed);
}

/** Any destination, including a stored trip's whose parts may be missing. */
export type DestinationFields = { [K in keyof Destination]: Destination[K] | null };
type JsonOf<D extends DestinationFields> = D extends Destination ? DestinationJson : { [K in keyof DestinationJson]: DestinationJson[K] | null };

/** The snake_case form the REST payloads carry. */
export function destinationToJson<D extends DestinationFields>(d: D): JsonOf<D> {
  return { main_text: d.mainText, secondary_text: d.secondaryText, full_description: d.description, place_id: d.placeId, lat: d.lat, lng: d.lng } as JsonOf<D>;
}

export function placeToDestination(p: Place): Destination {
  return { mainText: p.mainText, secondaryText: p.secondaryText, description: p.description, placeId: p.placeId, lat: p.lat, lng: p.lng };
}
