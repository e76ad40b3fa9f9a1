/**
 * Where a place is (server only: the boundary data is large): the country at a point by
 * point-in-polygon over Natural Earth's 1:50m boundaries (world-atlas, d3-geo's geoContains),
 * and country names and codes through i18n-iso-countries (English only).
 */
import { createRequire } from 'node:module';
import { geoBounds, geoContains } from 'd3-geo';
import { feature } from 'topojson-client';
import countries from 'i18n-iso-countries';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { Topology } from 'topojson-specification';
import { searchGazetteer } from '../places/gazetteer.js';
import { airportIn } from '../places/zoneLookup.js';
import type { GeoPoint } from './figures.js';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

interface Shape {
  code: string;
  feature: Feature<Geometry>;
  /** [[west, south], [east, north]]: a quick refusal before the polygon test. */
  bounds: [[number, number], [number, number]];
}

let shapes: Shape[] | undefined;

function loadShapes(): Shape[] {
  if (!shapes) {
    const topology = require('world-atlas/countries-50m.json') as Topology;
    const collection = feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;
    shapes = [];
    for (const f of collection.features) {
      const code = f.id === undefined ? undefined : countries.numericToAlpha2(String(f.id));
      if (code) shapes.push({ code, feature: f, bounds: geoBounds(f) });
    }
  }
  return shapes;
}

const inBounds = ([[w, s], [e, n]]: Shape['bounds'], lng: number, lat: number) =>
  lat >= s && lat <= n && (w <= e ? lng >= w && lng <= e : lng >= w || lng <= e);

function containing(lat: number, lng: number): string | null {
  for (const s of loadShapes()) {
    if (inBounds(s.bounds, lng, lat) && geoContains(s.feature, [lng, lat])) return s.code;
  }
  return null;
}

/** Rings of offsets (degrees) tried around a point the 1:50m coast leaves in the sea (lower Manhattan, a harbour). */
const NEARBY = [0.05, 0.15, 0.3].flatMap((d) => [
  [d, 0],
  [-d, 0],
  [0, d],
  [0, -d],
  [d, d],
  [-d, -d],
  [d, -d],
  [-d, d],
]);

/** The ISO 3166-1 alpha-2 country at these coordinates (or just off its simplified coast), or null (open sea, a disputed area). */
export function countryAt(lat: number, lng: number): string | null {
  const here = containing(lat, lng);
  if (here) return here;
  for (const [dLat, dLng] of NEARBY) {
    const near = containing(lat + dLat, lng + dLng);
    if (near) return near;
  }
  return null;
}

/** "Portugal", "United States" -> its code, or null. */
export function countryCodeOf(name: string | null | undefined): string | null {
  const text = name?.trim();
  if (!text) return null;
  if (/^[A-Z]{2}$/.test(text) && countries.isValid(text)) return text;
  return countries.getAlpha2Code(text, 'en') ?? null;
}

/** The English name of a code ("PT" -> "Portugal"), the code itself when unknown. */
export function countryNameOf(code: string): string {
  return countries.getName(code, 'en', { select: 'official' }) ?? code;
}

/** Is this a country code the map knows (ISO 3166-1 alpha-2)? */
export const isCountryCode = (code: string) => /^[A-Z]{2}$/.test(code) && countries.isValid(code);

/** A trip's destination as a point: its coordinates' country, else the last part of its secondary text. */
export function destinationPoint(d: { mainText: string | null; secondaryText: string | null; lat: number | null; lng: number | null }): GeoPoint | null {
  if (d.lat === null || d.lng === null) return null;
  const parts = (d.secondaryText ?? '').split(',').map((p) => p.trim());
  const country = countryAt(d.lat, d.lng) ?? countryCodeOf(parts.at(-1));
  return { lat: d.lat, lng: d.lng, country, city: d.mainText?.trim() ?? '' };
}

/** An airport a flight's route names ("LIS", "Lisbon (LIS)", "Tokyo"), as a point. */
export function airportPoint(text: string | null | undefined): GeoPoint | null {
  const a = airportIn(text);
  if (!a) return null;
  return { lat: a.latitude, lng: a.longitude, country: countryCodeOf(a.country) ?? countryAt(a.latitude, a.longitude), city: a.city };
}

/**
 * The traveller's home from their profile's city and country, found in the offline gazetteer
 * ("London, GB" is London, England, not Ontario), or null.
 */
export async function homePoint(city: string | null, country: string | null, countryOther: string | null = null): Promise<GeoPoint | null> {
  const name = city?.trim();
  if (!name) return null;
  // OTHER: the country typed by hand, when it names one.
  const listed = country && country !== 'OTHER' ? country : countryCodeOf(countryOther);
  // The gazetteer may fail to load (a broken cache file): then no home, and distances use flights only.
  const [place] = await searchGazetteer(listed ? `${name}, ${listed}` : name, 1).catch(() => []);
  if (!place) return null;
  return { lat: place.lat, lng: place.lng, country: listed ?? countryAt(place.lat, place.lng), city: place.mainText };
}
