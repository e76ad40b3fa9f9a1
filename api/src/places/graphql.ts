import { z } from 'zod';
import { builder } from '../graphql/builder.js';
import { searchPlacesFor } from './service.js';
import { PLACE_SEARCH, type Place } from './types.js';

const searchText = z.string().max(PLACE_SEARCH.maxQueryLength, `Search text must be at most ${PLACE_SEARCH.maxQueryLength} characters.`);

export const PlaceRef = builder.objectRef<Place>('Place').implement({
  description:
    'A place suggested by the place search: a town, island, region, lake, coast, national park or site from the offline gazetteer, or a result of the configured online geocoder.',
  fields: (t) => ({
    placeId: t.exposeString('placeId', {
      description:
        'Stable id: `city:<GeoNames id>` (a town) or `place:<slug>` (an island, region, park, ...) from the gazetteer, `osm:<N|W|R><id>` from an online provider.',
    }),
    mainText: t.exposeString('mainText', { description: 'The place itself, e.g. "Paris".' }),
    secondaryText: t.exposeString('secondaryText', {
      description: 'Region and country, at most 3 comma-separated parts, e.g. "Île-de-France, France"; may be empty.',
    }),
    description: t.exposeString('description', { description: 'The full text: main text, then secondary text.' }),
    latitude: t.float({ description: 'Degrees north.', resolve: (p) => p.lat }),
    longitude: t.float({ description: 'Degrees east.', resolve: (p) => p.lng }),
  }),
});

const PlaceNearInput = builder.inputType('PlaceNearInput', {
  description:
    "A point the search leans towards, usually the trip's destination: places near it (and in its country and region) come first; others still follow.",
  fields: (t) => ({
    latitude: t.float({ required: true, description: 'Degrees north, -90 to 90.', validate: z.number().min(-90).max(90) }),
    longitude: t.float({ required: true, description: 'Degrees east, -180 to 180.', validate: z.number().min(-180).max(180) }),
  }),
});

builder.queryField('placeSearch', (t) =>
  t.field({
    type: [PlaceRef],
    description:
      "Destination suggestions for what the user typed (a prefix of the place's name or of another name for it, such as " +
      '"München" for Munich; accents and case ignored; "place, country" narrows): at most 5, the most important places and ' +
      'exact matches first. Under 2 characters answers []. Clients debounce by 300 ms.',
    authScopes: { signedIn: true },
    args: {
      query: t.arg.string({ required: true, description: 'What the user typed, e.g. "Par" or "Paris, France".', validate: searchText }),
      sessionToken: t.arg.string({
        required: false,
        description: 'Accepted for Google-style clients; the providers used here have no sessions.',
        validate: searchText,
      }),
      near: t.arg({
        type: PlaceNearInput,
        required: false,
        description: 'Inside a trip, its destination\'s coordinates: on a Lisbon trip "Belem" answers Belém, Lisbon before Belém, Brazil.',
      }),
    },
    resolve: (_root, args, ctx) =>
      searchPlacesFor(ctx, args.query, {
        sessionToken: args.sessionToken ?? undefined,
        bias: args.near ? { lat: args.near.latitude, lng: args.near.longitude } : null,
      }),
  }),
);

builder.queryField('mapTiles', (t) =>
  t.field({
    type: builder.objectRef<{ urlTemplate: string }>('MapTiles').implement({
      description: "The map's tile server, as the server is configured (MAP_TILES_URL).",
      fields: (f) => ({
        urlTemplate: f.exposeString('urlTemplate', {
          description: 'A tile URL template with {z}, {x} and {y} (and perhaps {s}), e.g. "https://tile.openstreetmap.org/{z}/{x}/{y}.png".',
        }),
      }),
    }),
    description: 'Where maps load their background tiles from. Public: it is the same for everyone.',
    resolve: (_r, _a, ctx) => ({ urlTemplate: ctx.deps.config.mapTilesUrl }),
  }),
);
