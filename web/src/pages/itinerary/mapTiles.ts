/**
 * Where the map's tiles come from: the server's MAP_TILES_URL (the trip page's query asks for
 * `mapTiles`), OpenStreetMap's tiles when it answers nothing usable. Markers never depend on
 * tiles: they render when tiles fail.
 */
export const DEFAULT_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const TILES_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The template Leaflet's TileLayer gets ({z}/{x}/{y}). */
export function mapTilesUrl(configured?: string | null): string {
  const url = configured?.trim();
  return url && /\{z\}/.test(url) && /\{x\}/.test(url) && /\{y\}/.test(url) ? url : DEFAULT_TILES_URL;
}
