/**
 * Which tab 'Your Trips' opens on: `?tab=upcoming|current|past` when given, else the tab shown
 * last in this browser tab (so coming back from a trip returns to the same list). Imported by
 * the route table, so kept tiny.
 */
import type { LoaderFunctionArgs } from 'react-router-dom';

export type TripsTab = 'UPCOMING' | 'CURRENT' | 'PAST';

let lastTab: TripsTab = 'UPCOMING';

export function initialTripsTab(params: URLSearchParams): TripsTab {
  const asked = params.get('tab')?.toUpperCase();
  return asked === 'UPCOMING' || asked === 'CURRENT' || asked === 'PAST' ? asked : lastTab;
}

export function rememberTripsTab(tab: TripsTab) {
  lastTab = tab;
}

/** The trips route's query variables. */
export const tripsPageVariables = ({ request }: LoaderFunctionArgs) => ({ timing: initialTripsTab(new URL(request.url).searchParams) });
