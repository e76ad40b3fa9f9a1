import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import type { SpendingFigures } from './figures.js';
import { countryNameOf } from './geo.js';
import {
  mappedOf,
  revokeWrappedShare,
  setVisitedCountry,
  shareWrapped,
  wrappedFigures,
  wrappedShareOf,
  type Mapped,
  type MappedCity,
  type MappedCountry,
  type WrappedFigures,
  type WrappedShareLink,
} from './service.js';

/** Only the traveller: no one else, administrators included. */
const travellerOnly = (user: { id: string }) => ({ self: user.id });

type WrappedTrip = WrappedFigures['trips'][number];
type WrappedCity = WrappedFigures['cities'][number];
type Companion = WrappedFigures['topCompanions'][number];
type Favourite = WrappedFigures['photos']['mostFavourited'][number];

const WrappedTripRef = builder.objectRef<WrappedTrip>('WrappedTrip').implement({
  description: 'A trip of the year, as Wrapped counts it.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The trip’s id (UUID).' }),
    name: t.exposeString('name', { description: 'The trip’s name.' }),
    startDate: t.exposeString('startDate', { description: 'First day, YYYY-MM-DD.' }),
    endDate: t.exposeString('endDate', { description: 'Last day, YYYY-MM-DD.' }),
  }),
});

const WrappedCountryRef = builder.objectRef<{ code: string; isNew: boolean }>('WrappedCountry').implement({
  description: 'A country visited in the year.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'ISO 3166-1 alpha-2 code.' }),
    name: t.string({ description: 'English name.', resolve: (c) => countryNameOf(c.code) }),
    isNew: t.exposeBoolean('isNew', { description: 'True when not visited in an earlier year (nor marked visited by hand before this year ended).' }),
  }),
});

const WrappedCityRef = builder.objectRef<WrappedCity>('WrappedCity').implement({
  description: 'A destination city of the year.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The city’s name as the trip names it.' }),
    country: t.exposeString('country', { nullable: true, description: 'Its ISO 3166-1 alpha-2 country, when known.' }),
    isNew: t.exposeBoolean('isNew', { description: 'True when no earlier trip went there.' }),
  }),
});

const LongestTripRef = builder.objectRef<NonNullable<WrappedFigures['longestTrip']>>('WrappedLongestTrip').implement({
  description: 'The year’s longest trip.',
  fields: (t) => ({
    tripId: t.exposeString('id', { description: 'The trip’s id (UUID).' }),
    name: t.exposeString('name', { description: 'The trip’s name.' }),
    days: t.exposeInt('days', { description: 'Its length in days, first and last included.' }),
  }),
});

const CompanionRef = builder.objectRef<Companion>('WrappedCompanion').implement({
  description: 'Someone the traveller shared trips with this year.',
  fields: (t) => ({
    userId: t.exposeString('userId', { description: 'Their user id (UUID).' }),
    name: t.exposeString('name', { description: 'Their name.' }),
    trips: t.exposeInt('trips', { description: 'Trips of the year shared with them.' }),
  }),
});

const CategoryAmountRef = builder.objectRef<{ category: string; amount: number }>('WrappedCategoryAmount').implement({
  description: 'Spending in one expense category.',
  fields: (t) => ({
    category: t.exposeString('category', { description: 'The expense category (food, transport, accommodation, entertainment, shopping, activities, other).' }),
    amount: t.exposeInt('amount', { description: 'Minor units of the spending’s currency.' }),
  }),
});

const UnconvertedRef = builder.objectRef<{ currency: string; amount: number }>('WrappedUnconverted').implement({
  description: 'Shares no stored rate converts into the home currency, left in their own.',
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'ISO 4217 code.' }),
    amount: t.exposeInt('amount', { description: 'Minor units of that currency.' }),
  }),
});

const SpendingRef = builder.objectRef<SpendingFigures>('WrappedSpending').implement({
  description: 'The traveller’s own shares of the year’s expenses, in their home currency at the rates frozen with the expenses (never fetched).',
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'The home currency (from the profile’s country; USD otherwise).' }),
    total: t.exposeInt('total', { description: 'Minor units of `currency`.' }),
    byCategory: t.field({ type: [CategoryAmountRef], description: 'By category, largest first.', resolve: (s) => s.byCategory }),
    unconverted: t.field({ type: [UnconvertedRef], description: 'What could not be converted.', resolve: (s) => s.unconverted }),
  }),
});

const FavouriteRef = builder.objectRef<Favourite>('WrappedFavouritePhoto').implement({
  description: 'One of the traveller’s most favourited photos of the year.',
  fields: (t) => ({
    photoId: t.exposeString('id', { description: 'The photo’s id (UUID).' }),
    title: t.exposeString('title', { nullable: true, description: 'Its title, if any.' }),
    favorites: t.exposeInt('favorites', { description: 'Members who favourited it.' }),
  }),
});

const WrappedRef = builder.objectRef<WrappedFigures>('Wrapped').implement({
  description: 'Travel Wrapped: the traveller’s year in figures. Only the traveller can read it.',
  fields: (t) => ({
    year: t.exposeInt('year', { description: 'The calendar year.' }),
    trips: t.field({ type: [WrappedTripRef], description: 'Trips (owned or joined, not cancelled) with a day in the year.', resolve: (f) => f.trips }),
    daysAway: t.exposeInt('daysAway', { description: 'Distinct days of the year inside a trip (first and last days included).' }),
    nights: t.exposeInt('nights', { description: 'Distinct nights of the year spent away.' }),
    countries: t.field({
      type: [WrappedCountryRef],
      description: 'Countries of the destinations, the plans’ places and where flights landed (home only when a destination is there).',
      resolve: (f) => f.countries.map((code) => ({ code, isNew: f.newCountries.includes(code) })),
    }),
    cities: t.field({ type: [WrappedCityRef], description: 'Destination cities.', resolve: (f) => f.cities }),
    distanceKm: t.exposeInt('distanceKm', { description: 'Great-circle kilometres: the flights’ routes, else home to the destination and back.' }),
    flights: t.exposeInt('flights', { description: 'Flights taken (a return leg counts as one).' }),
    longestTrip: t.field({ type: LongestTripRef, nullable: true, description: 'The longest trip, if any.', resolve: (f) => f.longestTrip }),
    topCompanions: t.field({ type: [CompanionRef], description: 'Up to three people most travelled with.', resolve: (f) => f.topCompanions }),
    spending: t.field({ type: SpendingRef, description: 'The traveller’s spending.', resolve: (f) => f.spending }),
    photosTaken: t.int({ description: 'Photos the traveller added to the year’s trips.', resolve: (f) => f.photos.taken }),
    mostFavourited: t.field({
      type: [FavouriteRef],
      description: 'Up to three of their photos with the most favourites.',
      resolve: (f) => f.photos.mostFavourited,
    }),
    checklistsCompleted: t.exposeInt('checklistsCompleted', { description: 'Checklists of the year’s trips with every item done.' }),
  }),
});

const ShareLinkRef = builder.objectRef<WrappedShareLink>('WrappedShareLink').implement({
  description: 'A public link to one year’s Wrapped (revocable).',
  fields: (t) => ({
    year: t.exposeInt('year', { description: 'The year it shows.' }),
    path: t.exposeString('path', { description: 'The public page’s path on this server (`/wrapped/<token>`).' }),
    imagePath: t.string({ description: 'Its preview image’s path.', resolve: (l) => `/api/wrapped/public/${l.token}.png?format=preview` }),
  }),
});

const MappedCountryRef = builder.objectRef<MappedCountry>('MappedCountry').implement({
  description: 'A country on the traveller’s map.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'ISO 3166-1 alpha-2 code.' }),
    name: t.exposeString('name', { description: 'English name.' }),
    trips: t.exposeInt('trips', { description: 'Trips begun by today that went there.' }),
    firstVisit: t.exposeString('firstVisit', { nullable: true, description: 'First day of the first such trip, YYYY-MM-DD.' }),
    lastVisit: t.exposeString('lastVisit', { nullable: true, description: 'Last day of the latest such trip, YYYY-MM-DD.' }),
    manual: t.exposeBoolean('manual', { description: 'Marked visited by hand.' }),
  }),
});

const MappedCityRef = builder.objectRef<MappedCity>('MappedCity').implement({
  description: 'A destination city on the map (a pin).',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The city’s name.' }),
    country: t.exposeString('country', { nullable: true, description: 'ISO 3166-1 alpha-2, when known.' }),
    latitude: t.exposeFloat('latitude', { description: 'Degrees north.' }),
    longitude: t.exposeFloat('longitude', { description: 'Degrees east.' }),
    trips: t.exposeInt('trips', { description: 'Trips that went there.' }),
  }),
});

const MappedRef = builder.objectRef<Mapped>('Mapped').implement({
  description: 'Mapped: the countries and cities the traveller has been to. Only the traveller can read it.',
  fields: (t) => ({
    countries: t.field({ type: [MappedCountryRef], description: 'Countries, by name.', resolve: (m) => m.countries }),
    cities: t.field({ type: [MappedCityRef], description: 'Destination cities.', resolve: (m) => m.cities }),
    shareOfWorld: t.exposeFloat('shareOfWorld', { description: 'Countries over the 195 sovereign states (0 to 1, three decimals).' }),
  }),
});

builder.prismaObjectFields('User', (t) => ({
  wrapped: t.field({
    type: WrappedRef,
    description: 'The user’s Travel Wrapped for a year. Only the user themself.',
    authScopes: travellerOnly,
    args: { year: t.arg.int({ required: true, description: 'The calendar year (2000 to 2100).' }) },
    resolve: (user, { year }, ctx) => wrappedFigures(ctx, user.id, year),
  }),
  wrappedShare: t.field({
    type: ShareLinkRef,
    nullable: true,
    description: 'The public link to that year’s Wrapped, if made. Only the user themself.',
    authScopes: travellerOnly,
    args: { year: t.arg.int({ required: true, description: 'The calendar year.' }) },
    resolve: (user, { year }, ctx) => wrappedShareOf(ctx, user.id, year),
  }),
  mapped: t.field({
    type: MappedRef,
    description: 'The user’s map of countries and cities. Only the user themself.',
    authScopes: travellerOnly,
    resolve: (user, _a, ctx) => mappedOf(ctx, user.id),
  }),
}));

const VisitedInput = builder.inputType('SetVisitedCountryInput', {
  description: 'A country marked visited by hand, or unmarked.',
  fields: (t) => ({
    code: t.string({ required: true, description: 'ISO 3166-1 alpha-2 code.' }),
    visited: t.boolean({ required: true, description: 'True to mark, false to take the mark back.' }),
  }),
});

const MappedPayload = builder.objectRef<Mapped>('SetVisitedCountryPayload').implement({
  description: 'The map after the change.',
  fields: (t) => ({
    mapped: t.field({ type: MappedRef, description: 'The map now.', resolve: (m) => m }),
    viewer: t.prismaField({
      type: 'User',
      description: 'The viewer, to refresh what their screens show (`mapped`, `wrapped`, `wrappedShare`).',
      resolve: (q, _p, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...q, where: { id: ctx.viewer!.id } }),
    }),
  }),
});

builder.mutationField('setVisitedCountry', (t) =>
  t.field({
    type: MappedPayload,
    description: 'Marks a country visited by hand (before using Tripcrew), or takes the mark back. The viewer’s own map.',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'SetVisitedCountryResult', description: 'The map, or why not.' } },
    args: { input: t.arg({ type: VisitedInput, required: true, description: 'The country.' }) },
    resolve: (_r, { input }, ctx) => setVisitedCountry(ctx, ctx.viewer!.id, input.code, input.visited),
  }),
);

const YearInput = builder.inputType('WrappedYearInput', {
  description: 'A year of the viewer’s Wrapped.',
  fields: (t) => ({ year: t.int({ required: true, description: 'The calendar year (2000 to 2100).' }) }),
});

const SharePayload = builder.objectRef<WrappedShareLink>('ShareWrappedPayload').implement({
  description: 'The public link.',
  fields: (t) => ({
    link: t.field({ type: ShareLinkRef, description: 'The link (the same one when asked again).', resolve: (l) => l }),
    viewer: t.prismaField({
      type: 'User',
      description: 'The viewer, to refresh what their screens show (`mapped`, `wrapped`, `wrappedShare`).',
      resolve: (q, _p, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...q, where: { id: ctx.viewer!.id } }),
    }),
  }),
});

builder.mutationField('shareWrapped', (t) =>
  t.field({
    type: SharePayload,
    description: 'Makes a public link to a year of the viewer’s Wrapped (opt-in; revocable).',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'ShareWrappedResult', description: 'The link, or why not.' } },
    args: { input: t.arg({ type: YearInput, required: true, description: 'The year.' }) },
    resolve: (_r, { input }, ctx) => shareWrapped(ctx, input.year),
  }),
);

const RevokePayload = builder.objectRef<{ year: number; revoked: boolean }>('RevokeWrappedSharePayload').implement({
  description: 'The public link no longer opens.',
  fields: (t) => ({
    year: t.exposeInt('year', { description: 'The year.' }),
    revoked: t.exposeBoolean('revoked', { description: 'False when there was no link.' }),
    viewer: t.prismaField({
      type: 'User',
      description: 'The viewer, to refresh what their screens show (`mapped`, `wrapped`, `wrappedShare`).',
      resolve: (q, _p, _a, ctx) => ctx.deps.db.prisma.user.findUniqueOrThrow({ ...q, where: { id: ctx.viewer!.id } }),
    }),
  }),
});

builder.mutationField('revokeWrappedShare', (t) =>
  t.field({
    type: RevokePayload,
    description: 'Revokes the public link to a year of the viewer’s Wrapped: its page and image then answer 404.',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'RevokeWrappedShareResult', description: 'Revoked, or why not.' } },
    args: { input: t.arg({ type: YearInput, required: true, description: 'The year.' }) },
    resolve: async (_r, { input }, ctx) => ({ year: input.year, revoked: await revokeWrappedShare(ctx, input.year) }),
  }),
);
