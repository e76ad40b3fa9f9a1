/** A point on the globe, in degrees. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The map's centre when a trip has no destination coordinates (the specification's default). */
export const NEW_YORK: Coordinates = { latitude: 40.7128, longitude: -74.006 };

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine): exact enough for "5 nearest within a few km". */
export function haversineMeters(a: Coordinates, b: Coordinates): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A usable coordinate pair, or null (providers send strings, nulls and out-of-range numbers too). */
export function coordinates(lat: unknown, lng: unknown): Coordinates | null {
  const la = typeof lat === 'number' ? lat : typeof lat === 'string' && lat.trim() !== '' ? Number(lat) : NaN;
  const ln = typeof lng === 'number' ? lng : typeof lng === 'string' && lng.trim() !== '' ? Number(lng) : NaN;
  if (!Number.isFinite(la) || !Number.isFinite(ln) || Math.abs(la) > 90 || Math.abs(ln) > 180) return null;
  return { latitude: la, longitude: ln };
}

/**
 * The `limit` nearest of `items` within `radiusMeters` of `centre`, nearest first, each with its
 * distance in whole metres. Distances are ours, never the provider's: a provider that answers
 * beyond the radius (or lies about distances) cannot push far places into the list.
 */
export function nearest<T extends Coordinates>(centre: Coordinates, items: T[], radiusMeters: number, limit: number): (T & { distanceMeters: number })[] {
  return items
    .map((item) => ({ ...item, distanceMeters: Math.round(haversineMeters(centre, item)) }))
    .filter((item) => item.distanceMeters <= radiusMeters)
    .sort((a, b) => a.distanceMeters - b.distanceMeters)
    .slice(0, limit);
}
