import type { AppDeps } from '../platform/context.js';
import type { PageHead } from '../platform/formats/html.js';
import { figuresOf, sharedWrapped } from './service.js';

/** The head of a public Wrapped page (`/wrapped/<token>`); null for an unknown or revoked token. */
export async function wrappedPageHead(deps: AppDeps, token: string): Promise<PageHead | null> {
  const shared = await sharedWrapped(deps, token);
  if (!shared) return null;
  const f = await figuresOf(deps, shared.userId, shared.year);
  const countries = f.countries.length;
  return {
    title: `${f.firstName}’s ${f.year} in travel`,
    description: `${f.trips.length} ${f.trips.length === 1 ? 'trip' : 'trips'}, ${f.daysAway} days away, ${countries} ${countries === 1 ? 'country' : 'countries'} and ${f.distanceKm.toLocaleString('en-US')} km: a year of travel on Tripcrew.`,
    image: `/api/wrapped/public/${encodeURIComponent(token)}.png?format=preview`,
    path: `/wrapped/${encodeURIComponent(token)}`,
    type: 'website',
  };
}
