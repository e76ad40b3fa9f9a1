import { readerLocale } from '../../platform/renderFacts';
/**
 * The map's numbers (seed 001 §2, §9): the centre is the trip's destination, New York when it
 * has none, and the view extends 0.02 degrees around the centre. Distances read as a person
 * would say them.
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** New York City, the documented default centre. */
export const NEW_YORK: LatLng = { latitude: 40.7128, longitude: -74.006 };

/** How far the first view reaches on each side of the centre, in degrees. */
export const MAP_BOX_OFFSET = 0.02;

const isCoordinate = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** The destination's coordinates, or New York when the trip has none. */
export function mapCentre(destination: { latitude?: number | null; longitude?: number | null } | null | undefined): LatLng {
  const lat = destination?.latitude;
  const lng = destination?.longitude;
  return isCoordinate(lat) && isCoordinate(lng) ? { latitude: lat, longitude: lng } : NEW_YORK;
}

/** [[south, west], [north, east]]: the box 0.02 degrees around the centre (Leaflet's bounds shape). */
export function mapBox(centre: LatLng, offset = MAP_BOX_OFFSET): [[number, number], [number, number]] {
  return [
    [centre.latitude - offset, centre.longitude - offset],
    [centre.latitude + offset, centre.longitude + offset],
  ];
}

/** Whether a record has usable coordinates (both present, in range). */
export function hasCoordinates(p: { latitude?: number | null; longitude?: number | null }): p is { latitude: number; longitude: number } {
  return isCoordinate(p.latitude) && isCoordinate(p.longitude) && Math.abs(p.latitude) <= 90 && Math.abs(p.longitude) <= 180;
}

/** "350 m", "1.2 km", "12 km". */
export function formatDistance(meters: number, locale: string | readonly string[] = readerLocale()): string {
  const loc = locale as string | string[] | undefined;
  if (meters < 1000) return `${new Intl.NumberFormat(loc, { maximumFractionDigits: 0 }).format(Math.max(0, Math.round(meters / 10) * 10))} m`;
  const km = meters / 1000;
  return `${new Intl.NumberFormat(loc, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)} km`;
}

/**
 * The trip workspace's place searches (the map's and an item's location) wait this long after
 * the last keystroke (seed 001 §7, §9); the trip form elsewhere keeps PLACE_SEARCH's 300 ms.
 */
export const WORKSPACE_PLACE_SEARCH_DEBOUNCE_MS = 250;
