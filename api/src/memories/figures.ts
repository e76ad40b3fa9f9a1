/**
 * Travel Wrapped's figures as pure functions over plain facts (browser-safe: no Node, Prisma or
 * context imports), so the unit tests can check them against values worked out by hand and the
 * web can reuse the arithmetic. The service (service.ts) gathers the facts.
 */
import { currencyExponent } from '../platform/money.js';
import { currencyForCountry } from '../trips/countryCurrency.js';

/** A place with coordinates (degrees north and east) and, when known, its ISO 3166-1 alpha-2 country. */
export interface GeoPoint {
  lat: number;
  lng: number;
  country: string | null;
  /** The city's (or airport's city's) name; '' when unknown. */
  city: string;
}

export interface FlightFacts {
  from: GeoPoint | null;
  to: GeoPoint | null;
  /** The item carries a way back (returnDate): the same route flown the other way. */
  roundTrip: boolean;
}

export interface TripFacts {
  id: string;
  name: string;
  /** Calendar days, 'YYYY-MM-DD', both set (undated trips are not counted). */
  startDate: string;
  endDate: string;
  destination: GeoPoint | null;
  /** The plan's places with coordinates (stays, activities...). */
  places: GeoPoint[];
  flights: FlightFacts[];
  /** The other members on the trip (owner or accepted). */
  companions: { userId: string; name: string }[];
}

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance by the haversine formula, km. */
export function greatCircleKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** Does the trip have at least one day in `year`? */
export function overlapsYear(trip: { startDate: string; endDate: string }, year: number): boolean {
  return trip.startDate <= `${year}-12-31` && trip.endDate >= `${year}-01-01`;
}

/** A trip's length in days, first and last included. */
export const tripDays = (trip: { startDate: string; endDate: string }) => dayNumber(trip.endDate) - dayNumber(trip.startDate) + 1;

/**
 * Days away: the distinct calendar days of `year` inside some trip (first and last days
 * included, overlapping trips counted once). Nights: the distinct nights spent away, a night
 * belonging to the day it starts (a trip's last day has none), inside `year`.
 */
export function daysAndNights(trips: { startDate: string; endDate: string }[], year: number): { days: number; nights: number } {
  const first = dayNumber(`${year}-01-01`);
  const last = dayNumber(`${year}-12-31`);
  const days = new Set<number>();
  const nights = new Set<number>();
  for (const t of trips) {
    const s = dayNumber(t.startDate);
    const e = dayNumber(t.endDate);
    for (let d = Math.max(s, first); d <= Math.min(e, last); d++) {
      days.add(d);
      if (d < e) nights.add(d);
    }
  }
  return { days: days.size, nights: nights.size };
}

/**
 * The distance travelled on a trip, km: its flights' great circles (a round trip's way back
 * counted too) when its plan has flights whose airports are known; else home → destination and
 * back. Nothing when neither is known.
 */
export function tripDistanceKm(trip: TripFacts, home: { lat: number; lng: number } | null): number {
  const flown = trip.flights.filter((f) => f.from && f.to);
  if (flown.length > 0) return flown.reduce((sum, f) => sum + greatCircleKm(f.from!, f.to!) * (f.roundTrip ? 2 : 1), 0);
  if (home && trip.destination) return 2 * greatCircleKm(home, trip.destination);
  return 0;
}

/** Flights taken: each flight item, its way back counted as a second flight. */
export const flightCount = (trips: TripFacts[]) => trips.reduce((n, t) => n + t.flights.reduce((m, f) => m + (f.roundTrip ? 2 : 1), 0), 0);

/**
 * The countries of the trips (sorted codes): destinations, the plan's places, and the airports
 * flights land at; the home country only when a destination or place is in it (a flight home
 * is not a visit).
 */
export function tripCountries(trips: TripFacts[], homeCountry: string | null): string[] {
  const visited = new Set<string>();
  const landed = new Set<string>();
  for (const t of trips) {
    for (const p of [t.destination, ...t.places]) if (p?.country) visited.add(p.country);
    for (const f of t.flights) {
      if (f.to?.country) landed.add(f.to.country);
      if (f.roundTrip && f.from?.country) landed.add(f.from.country);
    }
  }
  for (const c of landed) if (c !== homeCountry) visited.add(c);
  return [...visited].sort();
}

/** A city's key: its name, case and accents ignored, with its country. */
export const cityKey = (city: string, country: string | null) =>
  `${city
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()}|${country ?? ''}`;

export interface CityFigure {
  name: string;
  country: string | null;
  lat: number;
  lng: number;
}

/** The trips' destination cities, each once, in the trips' order. */
export function tripCities(trips: TripFacts[]): CityFigure[] {
  const seen = new Map<string, CityFigure>();
  for (const t of trips) {
    const d = t.destination;
    if (!d || !d.city) continue;
    const key = cityKey(d.city, d.country);
    if (!seen.has(key)) seen.set(key, { name: d.city, country: d.country, lat: d.lat, lng: d.lng });
  }
  return [...seen.values()];
}

/** The longest trip (by days; the earlier one on a tie). */
export function longestTrip(trips: TripFacts[]): { id: string; name: string; days: number } | null {
  let best: { id: string; name: string; days: number; start: string } | null = null;
  for (const t of trips) {
    const days = tripDays(t);
    if (!best || days > best.days || (days === best.days && t.startDate < best.start)) best = { id: t.id, name: t.name, days, start: t.startDate };
  }
  return best && { id: best.id, name: best.name, days: best.days };
}

/** The people the traveller shared most trips with (most first, then by name), at most `limit`. */
export function topCompanions(trips: TripFacts[], limit = 3): { userId: string; name: string; trips: number }[] {
  const count = new Map<string, { userId: string; name: string; trips: number }>();
  for (const t of trips) {
    for (const c of t.companions) {
      const row = count.get(c.userId) ?? { userId: c.userId, name: c.name, trips: 0 };
      row.trips += 1;
      count.set(c.userId, row);
    }
  }
  return [...count.values()].sort((a, b) => b.trips - a.trips || a.name.localeCompare(b.name)).slice(0, limit);
}

// ---------------------------------------------------------------------------------------------
// Spending

/** One share the traveller owes of an expense: in the expense's currency, and in the trip's at its frozen rate. */
export interface ShareFacts {
  category: string;
  amountMinor: number;
  currency: string;
  /** The share in `baseCurrency` (the trip's at entry), when the expense had a rate. */
  baseAmountMinor: number | null;
  baseCurrency: string | null;
}

/** A stored rate: `rate` units of `to` per unit of `from` (an expense's frozen exchange rate). */
export interface StoredRate {
  from: string;
  to: string;
  rate: number;
}

/**
 * Units of `to` per unit of `from` by the stored rates only (either way round, through other
 * currencies when needed; the first stored rate of a pair wins), or null when they do not link
 * the two. Never fetched.
 */
export function storedRate(rates: StoredRate[], from: string, to: string): number | null {
  if (from === to) return 1;
  const edges = new Map<string, Map<string, number>>();
  const add = (a: string, b: string, r: number) => {
    const m = edges.get(a) ?? new Map<string, number>();
    if (!m.has(b)) m.set(b, r);
    edges.set(a, m);
  };
  for (const r of rates) {
    if (!(r.rate > 0)) continue;
    add(r.from, r.to, r.rate);
    add(r.to, r.from, 1 / r.rate);
  }
  // Breadth first: the fewest conversions.
  const reached = new Map<string, number>([[from, 1]]);
  let frontier = [from];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const c of frontier) {
      for (const [d, r] of edges.get(c) ?? []) {
        if (reached.has(d)) continue;
        reached.set(d, reached.get(c)! * r);
        if (d === to) return reached.get(d)!;
        next.push(d);
      }
    }
    frontier = next;
  }
  return null;
}

/** `amountMinor` of `from` in minor units of `to` at `rate` (units of `to` per unit of `from`), rounded. */
export function convertMinor(amountMinor: number, from: string, to: string, rate: number): number {
  return Math.round(amountMinor * rate * 10 ** (currencyExponent(to) - currencyExponent(from)));
}

export interface SpendingFigures {
  currency: string;
  /** Minor units of `currency`. */
  total: number;
  byCategory: { category: string; amount: number }[];
  /** Shares no stored rate converts, left in their own currency (minor units). */
  unconverted: { currency: string; amount: number }[];
}

/**
 * The traveller's shares in `home`: a share already in it as it is; else its trip-currency
 * amount when that is `home`; else through the stored rates. Categories by amount, largest first.
 */
export function spendingIn(home: string, shares: ShareFacts[], rates: StoredRate[]): SpendingFigures {
  const byCategory = new Map<string, number>();
  const unconverted = new Map<string, number>();
  for (const s of shares) {
    let amount: number | null = null;
    if (s.currency === home) amount = s.amountMinor;
    else if (s.baseCurrency === home && s.baseAmountMinor !== null) amount = s.baseAmountMinor;
    else {
      const rate = storedRate(rates, s.currency, home);
      if (rate !== null) amount = convertMinor(s.amountMinor, s.currency, home, rate);
    }
    if (amount === null) unconverted.set(s.currency, (unconverted.get(s.currency) ?? 0) + s.amountMinor);
    else byCategory.set(s.category, (byCategory.get(s.category) ?? 0) + amount);
  }
  const rows = [...byCategory].map(([category, amount]) => ({ category, amount })).sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category));
  return {
    currency: home,
    total: rows.reduce((sum, r) => sum + r.amount, 0),
    byCategory: rows,
    unconverted: [...unconverted].map(([currency, amount]) => ({ currency, amount })),
  };
}

/** The traveller's home currency: their profile country's, among the trip currencies (USD otherwise). */
export const homeCurrency = currencyForCountry;

/** Share of the world: visited countries over the 195 sovereign states (193 UN members, the Holy See and Palestine). */
export const WORLD_COUNTRIES = 195;
export const shareOfWorld = (visited: number) => Math.round((visited / WORLD_COUNTRIES) * 1000) / 1000;
