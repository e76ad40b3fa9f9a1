/**
 * Route data for react-router's data router: a route's `loader` starts the Relay query
 * (loadQuery) while the route's code chunk loads, and the page reads it with
 * usePreloadedQuery. Render-as-you-fetch, no request waterfall.
 *
 *   { path: 'settings',
 *     loader: relayLoader('settings', () => import('../__generated__/SettingsPageQuery.graphql')),
 *     lazy: page(() => import('./pages/settings/SettingsPage')) }
 *
 *   const data = useRouteQuery<SettingsPageQuery>(SettingsQuery);
 *
 * Disposal: a route's query reference is disposed once a newer reference of the same route
 * has been rendered (committed), never while it may still be on screen. Loads that were
 * superseded before rendering are disposed then too. So each route keeps at most one
 * retained query after it unmounts: memory stays bounded.
 */
import { useEffect } from 'react';
import { fetchQuery, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { ConcreteRequest, GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { isOnline } from '../offline/network';
import { recordsReady } from '../offline/records';
import { signInRedirect } from '../routeGuards';
import { sessionStore } from '../session';
import { currentEnvironment, onPossiblyMissedEvents } from './environment';
import { renderFacts } from '../renderFacts';

type AnyReference = PreloadedQuery<OperationType>;
/** References per route key that have not been superseded by a rendered newer one. */
const retained = new Map<string, Set<AnyReference>>();
const routeKeyOf = new WeakMap<AnyReference, string>();
/** The query each reference loaded, and the references on screen now. */
const requestOf = new WeakMap<AnyReference, ConcreteRequest>();
const shown = new Set<AnyReference>();

// Changes the socket may have missed (environment.ts): the pages on screen read theirs again.
// Their components read the store, so the fresh answer shows where it differs.
onPossiblyMissedEvents(() => {
  for (const reference of shown) {
    const request = requestOf.get(reference);
    if (!request || reference.isDisposed) continue;
    fetchQuery(reference.environment, request, reference.variables, { fetchPolicy: 'network-only' }).subscribe({ error: () => undefined });
  }
});

export interface RelayLoaderOptions<Q extends OperationType> {
  variables?: (args: LoaderFunctionArgs) => Q['variables'];
  /** Public routes may load without a session. */
  public?: boolean;
}

export function relayLoader<Q extends OperationType>(
  key: string,
  importQuery: () => Promise<{ default: ConcreteRequest }>,
  options: RelayLoaderOptions<Q> = {},
) {
  return async (args: LoaderFunctionArgs): Promise<PreloadedQuery<Q>> => {
    const [{ default: query }] = await Promise.all([importQuery(), sessionStore.ready]);
    // A server render (and its hydration) is for the reader it names (renderFacts.ts).
    const rendering = renderFacts();
    if (!options.public && !sessionStore.current && !rendering?.viewer) throw signInRedirect(args.request);
    const environment = currentEnvironment();
    // The records kept on the device are in the store before the first query (offline/records.ts).
    await recordsReady(environment);
    // Offline, a page the store can answer is read from it (asking the network would fail the
    // page); online, the store shows at once and the network refreshes it. A page the server
    // has just rendered holds its answer already: asked again only if it does not.
    const reference = loadQuery<Q>(environment, query, options.variables?.(args) ?? {}, {
      fetchPolicy: rendering || !isOnline() ? 'store-or-network' : 'store-and-network',
    });
    const set = retained.get(key) ?? new Set<AnyReference>();
    set.add(reference as AnyReference);
    retained.set(key, set);
    routeKeyOf.set(reference as AnyReference, key);
    requestOf.set(reference as AnyReference, query);
    return reference;
  };
}

/** Reads the query the route's loader started. */
export function useRouteQuery<Q extends OperationType>(query: GraphQLTaggedNode): Q['response'] {
  const reference = useLoaderData() as PreloadedQuery<Q>;
  useEffect(() => {
    shown.add(reference as AnyReference);
    return () => {
      shown.delete(reference as AnyReference);
    };
  }, [reference]);
  useEffect(() => {
    const key = routeKeyOf.get(reference as AnyReference);
    const set = key ? retained.get(key) : undefined;
    if (!set) return;
    for (const other of set) {
      if (other !== (reference as AnyReference)) {
        other.dispose();
        set.delete(other);
      }
    }
  }, [reference]);
  return usePreloadedQuery<Q>(query, reference);
}
