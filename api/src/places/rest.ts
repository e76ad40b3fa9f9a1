import type { BackendRoute } from '../rest/kit.js';
import { searchPlacesFor } from './service.js';
import { PLACE_SEARCH } from './types.js';

/** One prediction in the shape of Google's Place Autocomplete, which the web client was written against. */
export interface Prediction {
  description: string;
  place_id: string;
  structured_formatting: { main_text: string; secondary_text: string };
  lat: number;
  lng: number;
}

export interface AutocompleteResponse {
  status: 'OK' | 'ZERO_RESULTS' | 'INVALID_REQUEST';
  predictions: Prediction[];
  error_message?: string;
}

export const placesRoutes: BackendRoute[] = [
  {
    method: 'GET',
    path: '/google-places/autocomplete',
    access: 'signedIn',
    handle: async (ctx, { query }): Promise<AutocompleteResponse> => {
      const input = query.input ?? '';
      if (!input.trim()) return { status: 'INVALID_REQUEST', predictions: [], error_message: 'The input parameter is missing.' };
      if (input.length > PLACE_SEARCH.maxQueryLength) {
        return { status: 'INVALID_REQUEST', predictions: [], error_message: `The input is longer than ${PLACE_SEARCH.maxQueryLength} characters.` };
      }
      // Google's `location=lat,lng`: where the answers lean (the trip's destination).
      let bias = null;
      if (query.location !== undefined) {
        const parts = query.location.split(',').map((n) => (n.trim() === '' ? NaN : Number(n)));
        const [lat, lng] = parts;
        if (parts.length !== 2 || !(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
          return { status: 'INVALID_REQUEST', predictions: [], error_message: 'The location parameter must be "latitude,longitude".' };
        }
        bias = { lat, lng };
      }
      const places = await searchPlacesFor(ctx, input, { sessionToken: query.sessiontoken, bias });
      const predictions = places.map((p) => ({
        description: p.description,
        place_id: p.placeId,
        structured_formatting: { main_text: p.mainText, secondary_text: p.secondaryText },
        lat: p.lat,
        lng: p.lng,
      }));
      return { status: predictions.length ? 'OK' : 'ZERO_RESULTS', predictions };
    },
  },
];
