import type { LoaderFunctionArgs } from 'react-router-dom';
import { tripNodeId } from '../trips/ids';

/** The expenses page's query variables from its address: `?trip=` (a trip id) and `?item=` (an itinerary item's global id). */
export function expensesPageVariables({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const trip = params.get('trip') ?? '';
  const item = params.get('item') ?? '';
  return { tripId: tripNodeId(trip), hasTrip: trip !== '', itemId: item, hasItem: trip !== '' && item !== '' };
}
