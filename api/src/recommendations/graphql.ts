import { builder } from '../graphql/builder.js';
import type { Coordinates } from './geo.js';
import { RECOMMENDATIONS as R } from './limits.js';
import { CENTRE_COLUMNS, tripRecommendations, type NearbyArticle, type NearbyPlace, type Recommendations } from './service.js';

const CoordinatesRef = builder.objectRef<Coordinates>('Coordinates').implement({
  description: 'A point on the globe.',
  fields: (t) => ({
    latitude: t.exposeFloat('latitude', { description: 'Degrees north (negative: south).' }),
    longitude: t.exposeFloat('longitude', { description: 'Degrees east (negative: west).' }),
  }),
});

const NearbyPlaceRef = builder.objectRef<NearbyPlace>('NearbyPlace').implement({
  description: 'A restaurant or attraction near the trip, from the configured OpenStreetMap (Overpass) service.',
  fields: (t) => ({
    name: t.exposeString('name', { description: `Its name, at most ${R.maxNameLength} characters.` }),
    kind: t.exposeString('kind', {
      description: 'What it is, as OpenStreetMap tags it: "restaurant", "cafe", "fast_food", "museum", "viewpoint", "castle", ...',
    }),
    latitude: t.exposeFloat('latitude', { description: 'Degrees north.' }),
    longitude: t.exposeFloat('longitude', { description: 'Degrees east.' }),
    distanceMeters: t.exposeInt('distanceMeters', { description: "Straight-line distance from the trip's centre, in whole metres (computed by the server)." }),
    address: t.exposeString('address', { nullable: true, description: 'Street address ("12 Rua Augusta, Lisboa") when the map data has one.' }),
    website: t.exposeString('website', { nullable: true, description: 'Its website (always an http or https URL) when the map data has one.' }),
  }),
});

const NearbyArticleRef = builder.objectRef<NearbyArticle>('NearbyArticle').implement({
  description: 'An encyclopedia article about a place near the trip, from the configured MediaWiki service.',
  fields: (t) => ({
    title: t.exposeString('title', { description: "The article's title." }),
    url: t.exposeString('url', { description: 'Where to read it (an http or https URL).' }),
    latitude: t.exposeFloat('latitude', { description: "Degrees north of the article's subject." }),
    longitude: t.exposeFloat('longitude', { description: "Degrees east of the article's subject." }),
    distanceMeters: t.exposeInt('distanceMeters', { description: "Straight-line distance from the trip's centre, in whole metres (computed by the server)." }),
    extract: t.exposeString('extract', {
      nullable: true,
      description: `Its opening sentences as plain text (at most ${R.maxExtractLength} characters); null when the wiki does not offer extracts.`,
    }),
  }),
});

const TripRecommendationsRef = builder.objectRef<Recommendations>('TripRecommendations').implement({
  description:
    "Places near the trip's centre. Lists are empty when no provider is configured (`available` false) or when a provider failed " +
    '(failures are logged on the server, not reported here). Answers are cached per centre for 30 minutes.',
  fields: (t) => ({
    centre: t.field({
      type: CoordinatesRef,
      description: "The trip destination's coordinates; New York (40.7128, -74.0060) when it has none.",
      resolve: (r) => r.centre,
    }),
    restaurants: t.field({
      type: [NearbyPlaceRef],
      description: `Restaurants and cafés within ${R.restaurants.radiusMeters / 1000} km: up to ${R.restaurants.fetched} fetched, the ${R.restaurants.shown} nearest, nearest first.`,
      resolve: (r) => r.restaurants,
    }),
    attractions: t.field({
      type: [NearbyPlaceRef],
      description: `Attractions, museums, viewpoints and sights within ${R.attractions.radiusMeters / 1000} km: up to ${R.attractions.fetched} fetched, the ${R.attractions.shown} nearest, nearest first.`,
      resolve: (r) => r.attractions,
    }),
    articles: t.field({
      type: [NearbyArticleRef],
      description: `Encyclopedia articles within ${R.articles.radiusMeters / 1000} km: ${R.articles.fetched} fetched, the ${R.articles.shown} nearest, nearest first.`,
      resolve: (r) => r.articles,
    }),
    available: t.exposeBoolean('available', {
      description: 'False when the server has no recommendation provider configured (the offline default): say so instead of "nothing nearby".',
    }),
  }),
});

builder.prismaObjectFields('Trip', (t) => ({
  recommendations: t.field({
    type: TripRecommendationsRef,
    description: "Places near the trip's centre (its destination's coordinates; New York 40.7128,-74.0060 when it has none). Members only.",
    authScopes: (trip) => ({ tripMember: trip.id }),
    select: CENTRE_COLUMNS,
    resolve: (trip, _a, ctx) => tripRecommendations(ctx, trip),
  }),
}));
