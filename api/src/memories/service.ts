/**
 * Travel Wrapped and Mapped: the one place their rules live. Only the traveller reads or
 * changes their own (401 for nobody, 403 for anyone else, administrators included: these are
 * a person's private travels); a public Wrapped link is opt-in and revocable.
 */
import crypto from 'node:crypto';
import { requireViewer, type AppDeps, type RequestContext } from '../platform/context.js';
import { ForbiddenError, ValidationError } from '../platform/errors.js';
import { isoDate, todayIn } from '../platform/dates.js';
import { ON_TRIP_STATUSES } from '../trips/memberStatus.js';
import {
  cityKey,
  daysAndNights,
  flightCount,
  homeCurrency,
  longestTrip,
  overlapsYear,
  shareOfWorld,
  spendingIn,
  topCompanions,
  tripCities,
  tripCountries,
  tripDistanceKm,
  type GeoPoint,
  type ShareFacts,
  type SpendingFigures,
  type StoredRate,
  type TripFacts,
} from './figures.js';
import { airportPoint, countryAt, countryCodeOf, countryNameOf, destinationPoint, homePoint, isCountryCode } from './geo.js';
import { MemoriesMessages as M, WRAPPED_YEARS } from './messages.js';

/** The traveller only: 401 for nobody, 403 for anyone else. */
function requireTraveller(ctx: RequestContext, userId: string) {
  const viewer = requireViewer(ctx);
  if (viewer.id !== userId) throw new ForbiddenError(M.onlyTraveller);
  return viewer;
}

export function checkYear(year: unknown): number {
  const n = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : year;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < WRAPPED_YEARS.min || n > WRAPPED_YEARS.max) throw new ValidationError(M.invalidYear, 'year');
  return n;
}

// ---------------------------------------------------------------------------------------------
// Facts

interface TravellerTrips {
  home: GeoPoint | null;
  homeCountry: string | null;
  firstName: string;
  currency: string;
  trips: TripFacts[];
  manual: { code: string; createdAt: Date }[];
}

/** The traveller's dated, not cancelled trips starting on or before `until`, as facts. */
async function travellerTrips(deps: AppDeps, userId: string, until: string): Promise<TravellerTrips> {
  const prisma = deps.db.prisma;
  const [user, rows, manual] = await Promise.all([
    prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, city: true, country: true, countryOther: true } }),
    prisma.trip.findMany({
      where: {
        status: 'ACTIVE',
        startDate: { not: null, lte: new Date(`${until}T00:00:00Z`) },
        endDate: { not: null },
        members: { some: { userId, status: { in: ON_TRIP_STATUSES } } },
      },
      orderBy: [{ startDate: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        name: true,
        startDate: true,
        endDate: true,
        destinationMainText: true,
        destinationSecondaryText: true,
        destinationLat: true,
        destinationLng: true,
        members: {
          where: { status: { in: ON_TRIP_STATUSES }, userId: { not: userId }, user: { deletedAt: null } },
          select: { userId: true, user: { select: { firstName: true, lastName: true } } },
        },
        itineraryItems: {
          where: { OR: [{ type: 'FLIGHT' }, { latitude: { not: null }, longitude: { not: null } }] },
          select: { type: true, fromLocation: true, toLocation: true, returnDate: true, latitude: true, longitude: true, location: true },
        },
      },
    }),
    prisma.visitedCountry.findMany({ where: { userId }, orderBy: { code: 'asc' }, select: { code: true, createdAt: true } }),
  ]);
  const home = await homePoint(user.city, user.country, user.countryOther);
  const homeCountry = user.country && user.country !== 'OTHER' ? user.country : (countryCodeOf(user.countryOther) ?? home?.country ?? null);
  const trips: TripFacts[] = rows.map((t) => ({
    id: t.id,
    name: t.name,
    startDate: isoDate(t.startDate)!,
    endDate: isoDate(t.endDate)!,
    destination: destinationPoint({ mainText: t.destinationMainText, secondaryText: t.destinationSecondaryText, lat: t.destinationLat, lng: t.destinationLng }),
    places: t.itineraryItems
      .filter((i) => i.type !== 'FLIGHT' && i.latitude !== null && i.longitude !== null)
      .map((i) => ({ lat: i.latitude!, lng: i.longitude!, country: countryAt(i.latitude!, i.longitude!), city: '' })),
    flights: t.itineraryItems
      .filter((i) => i.type === 'FLIGHT')
      .map((i) => ({ from: airportPoint(i.fromLocation), to: airportPoint(i.toLocation), roundTrip: i.returnDate !== null })),
    companions: t.members.map((m) => ({ userId: m.userId, name: `${m.user.firstName} ${m.user.lastName}`.trim() })),
  }));
  return { home, homeCountry, firstName: user.firstName, currency: homeCurrency(homeCountry), trips, manual };
}

// ---------------------------------------------------------------------------------------------
// Wrapped

export interface WrappedFigures {
  userId: string;
  year: number;
  firstName: string;
  trips: { id: string; name: string; startDate: string; endDate: string }[];
  daysAway: number;
  nights: number;
  countries: string[];
  newCountries: string[];
  cities: { name: string; country: string | null; isNew: boolean }[];
  distanceKm: number;
  flights: number;
  longestTrip: { id: string; name: string; days: number } | null;
  topCompanions: { userId: string; name: string; trips: number }[];
  spending: SpendingFigures;
  photos: { taken: number; mostFavourited: { id: string; title: string | null; favorites: number }[] };
  checklistsCompleted: number;
}

/** The traveller's year, worked out from what is stored (never fetched). */
export async function wrappedFigures(ctx: RequestContext, userId: string, yearInput: unknown): Promise<WrappedFigures> {
  requireTraveller(ctx, userId);
  return figuresOf(ctx.deps, userId, checkYear(yearInput));
}

/** The figures themselves, for the traveller's own call or their public link. */
export async function figuresOf(deps: AppDeps, userId: string, year: number): Promise<WrappedFigures> {
  const facts = await travellerTrips(deps, userId, `${year}-12-31`);
  const inYear = facts.trips.filter((t) => overlapsYear(t, year));
  const earlier = facts.trips.filter((t) => t.endDate < `${year}-01-01`);
  const ids = inYear.map((t) => t.id);
  const prisma = deps.db.prisma;
  const from = new Date(`${year}-01-01T00:00:00Z`);
  const to = new Date(`${year + 1}-01-01T00:00:00Z`);
  const [splits, rated, photos, favourites, checklists] = await Promise.all([
    prisma.expenseSplit.findMany({
      where: { userId, expense: { tripId: { in: ids }, expenseDate: { gte: from, lt: to } } },
      select: { amountCents: true, baseAmountCents: true, expense: { select: { category: true, currency: true, baseCurrency: true, exchangeRate: true } } },
    }),
    prisma.expense.findMany({
      where: { tripId: { in: ids }, exchangeRate: { not: null }, baseCurrency: { not: null } },
      orderBy: { createdAt: 'asc' },
      select: { currency: true, baseCurrency: true, exchangeRate: true },
    }),
    prisma.photo.count({ where: { uploadedById: userId, tripId: { in: ids } } }),
    prisma.photo.findMany({
      where: { uploadedById: userId, tripId: { in: ids }, favorites: { some: {} } },
      orderBy: [{ favorites: { _count: 'desc' } }, { createdAt: 'asc' }],
      take: 3,
      select: { id: true, title: true, _count: { select: { favorites: true } } },
    }),
    prisma.checklist.findMany({
      where: { tripId: { in: ids }, items: { some: {} } },
      select: { _count: { select: { items: { where: { isCompleted: false } } } } },
    }),
  ]);
  const shares: ShareFacts[] = splits.map((s) => ({
    category: s.expense.category.toLowerCase(),
    amountMinor: s.amountCents,
    currency: s.expense.currency,
    baseAmountMinor: s.expense.exchangeRate !== null && s.expense.baseCurrency ? s.baseAmountCents : null,
    baseCurrency: s.expense.baseCurrency,
  }));
  const rates: StoredRate[] = rated.map((r) => ({ from: r.currency, to: r.baseCurrency!, rate: Number(r.exchangeRate) }));

  const countries = tripCountries(inYear, facts.homeCountry);
  const before = new Set([...tripCountries(earlier, facts.homeCountry), ...facts.manual.filter((m) => m.createdAt < to).map((m) => m.code)]);
  const earlierCities = new Set(tripCities(earlier).map((c) => cityKey(c.name, c.country)));
  const { days, nights } = daysAndNights(inYear, year);
  return {
    userId,
    year,
    firstName: facts.firstName,
    trips: inYear.map((t) => ({ id: t.id, name: t.name, startDate: t.startDate, endDate: t.endDate })),
    daysAway: days,
    nights,
    countries,
    newCountries: countries.filter((c) => !before.has(c)),
    cities: tripCities(inYear).map((c) => ({ name: c.name, country: c.country, isNew: !earlierCities.has(cityKey(c.name, c.country)) })),
    distanceKm: Math.round(inYear.reduce((sum, t) => sum + tripDistanceKm(t, facts.home), 0)),
    flights: flightCount(inYear),
    longestTrip: longestTrip(inYear),
    topCompanions: topCompanions(inYear),
    spending: spendingIn(facts.currency, shares, rates),
    photos: { taken: photos, mostFavourited: favourites.map((p) => ({ id: p.id, title: p.title, favorites: p._count.favorites })) },
    checklistsCompleted: checklists.filter((c) => c._count.items === 0).length,
  };
}

// ---------------------------------------------------------------------------------------------
// Public links

export interface WrappedShareLink {
  year: number;
  token: string;
  /** The public page's path (`/wrapped/<token>`). */
  path: string;
}

const shareLink = (year: number, token: string): WrappedShareLink => ({ year, token, path: `/wrapped/${token}` });

/** The viewer's public link to a year (made once; asking again answers the same link). */
export async function shareWrapped(ctx: RequestContext, yearInput: unknown): Promise<WrappedShareLink> {
  const viewer = requireViewer(ctx);
  const year = checkYear(yearInput);
  const token = crypto.randomBytes(18).toString('base64url');
  const row = await ctx.deps.db.prisma.wrappedShare.upsert({
    where: { userId_year: { userId: viewer.id, year } },
    create: { userId: viewer.id, year, token },
    update: {},
    select: { token: true },
  });
  return shareLink(year, row.token);
}

/** Revokes the viewer's public link to a year: its address then answers 404. True when there was one. */
export async function revokeWrappedShare(ctx: RequestContext, yearInput: unknown): Promise<boolean> {
  const viewer = requireViewer(ctx);
  const year = checkYear(yearInput);
  const { count } = await ctx.deps.db.prisma.wrappedShare.deleteMany({ where: { userId: viewer.id, year } });
  return count > 0;
}

/** The viewer's current public link to a year, if any. */
export async function wrappedShareOf(ctx: RequestContext, userId: string, year: number): Promise<WrappedShareLink | null> {
  requireTraveller(ctx, userId);
  const row = await ctx.deps.db.prisma.wrappedShare.findUnique({ where: { userId_year: { userId, year } }, select: { token: true } });
  return row ? shareLink(year, row.token) : null;
}

/** Who and which year a public token shows, or null (unknown or revoked). */
export async function sharedWrapped(deps: AppDeps, token: string): Promise<{ userId: string; year: number } | null> {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
  return deps.db.prisma.wrappedShare.findUnique({ where: { token }, select: { userId: true, year: true } });
}

// ---------------------------------------------------------------------------------------------
// Mapped

export interface MappedCountry {
  code: string;
  name: string;
  trips: number;
  firstVisit: string | null;
  lastVisit: string | null;
  manual: boolean;
}

export interface MappedCity {
  name: string;
  country: string | null;
  latitude: number;
  longitude: number;
  trips: number;
}

export interface Mapped {
  userId: string;
  countries: MappedCountry[];
  cities: MappedCity[];
  /** Visited countries over 195 (figures.ts WORLD_COUNTRIES). */
  shareOfWorld: number;
}

/** The countries and cities the traveller has been to: trips begun by today (theirs), and countries marked by hand. */
export async function mappedOf(ctx: RequestContext, userId: string): Promise<Mapped> {
  requireTraveller(ctx, userId);
  const today = isoDate(todayIn(ctx.timeZone))!;
  const facts = await travellerTrips(ctx.deps, userId, today);
  const countries = new Map<string, MappedCountry>();
  const cities = new Map<string, MappedCity>();
  for (const t of facts.trips) {
    for (const code of tripCountries([t], facts.homeCountry)) {
      const row = countries.get(code) ?? { code, name: countryNameOf(code), trips: 0, firstVisit: null, lastVisit: null, manual: false };
      row.trips += 1;
      row.firstVisit = row.firstVisit && row.firstVisit < t.startDate ? row.firstVisit : t.startDate;
      row.lastVisit = row.lastVisit && row.lastVisit > t.endDate ? row.lastVisit : t.endDate;
      countries.set(code, row);
    }
    for (const c of tripCities([t])) {
      const key = cityKey(c.name, c.country);
      const row = cities.get(key) ?? { name: c.name, country: c.country, latitude: c.lat, longitude: c.lng, trips: 0 };
      row.trips += 1;
      cities.set(key, row);
    }
  }
  for (const m of facts.manual) {
    const row = countries.get(m.code);
    if (row) row.manual = true;
    else countries.set(m.code, { code: m.code, name: countryNameOf(m.code), trips: 0, firstVisit: null, lastVisit: null, manual: true });
  }
  const list = [...countries.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { userId, countries: list, cities: [...cities.values()], shareOfWorld: shareOfWorld(list.length) };
}

/**
 * Marks a country visited by hand (`visited: true`) or takes the mark back (`false`; a country
 * the trips feed stays on the map). Answers the map as it is now.
 */
export async function setVisitedCountry(ctx: RequestContext, userId: string, codeInput: unknown, visited: unknown): Promise<Mapped> {
  requireTraveller(ctx, userId);
  const code = typeof codeInput === 'string' ? codeInput.trim().toUpperCase() : '';
  if (!isCountryCode(code)) throw new ValidationError(M.invalidCountry, 'code');
  if (typeof visited !== 'boolean') throw new ValidationError('Say visited: true or false.', 'visited');
  const prisma = ctx.deps.db.prisma;
  if (visited) {
    await prisma.visitedCountry.upsert({ where: { userId_code: { userId, code } }, create: { userId, code }, update: {} });
  } else {
    await prisma.visitedCountry.deleteMany({ where: { userId, code } });
  }
  return mappedOf(ctx, userId);
}
