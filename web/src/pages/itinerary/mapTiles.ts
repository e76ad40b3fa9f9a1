/**
 * Where the map's tiles come from. The contract names `MAP_TILES_URL` (OpenStreetMap's tiles by
 * default); the API does not hand its runtime configuration to the browser yet, so until it
 * does the map uses the default. Markers never depend on tiles: they render when tiles fail.
 */
export const DEFAULT_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const TILES_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The template Leaflet's TileLayer gets ({z}/{x}/{y}). */
export function mapTilesUrl(configured?: string | null): string {
  const url = configured?.trim();
  return url && /\{z\}/.test(url) && /\{x\}/.test(url) && /\{y\}/.test(url) ? url : DEFAULT_TILES_URL;
}
