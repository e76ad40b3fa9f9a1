/**
 * The console's queries, started by the route (render-as-you-fetch) and read by the screens.
 * A route's loader calls `preloadAdminQueries` with the first queries of the screen it opens
 * (tabQueries.ts), so they run while the screen's code loads; the screen reads them with
 * `useAdminQuery`, which takes the loader's answer (still in flight, or in the store) on its
 * first render instead of asking again, and asks afresh on a Retry or a refresh.
 */
import { useEffect, useState } from 'react';
import { loadQuery, useLazyLoadQuery, type PreloadedQuery } from 'react-relay';
import { getRequest, type ConcreteRequest, type GraphQLTaggedNode, type OperationType, type Variables } from 'relay-runtime';
import { currentEnvironment } from '../../../platform/relay/environment';
import type { FirstQuery } from '../tabQueries';
import { useAdminFetchKey } from './retryKey';

/** Queries a loader started and no screen has taken yet, by operation and variables. */
const started = new Map<string, PreloadedQuery<OperationType>>();
const keyOf = (request: ConcreteRequest, variables: Variables) => `${request.params.name}:${JSON.stringify(variables)}`;

export async function preloadAdminQueries(queries: readonly FirstQuery[]): Promise<void> {
  await Promise.all(
    queries.map(async ({ load, variables }) => {
      const { default: request } = await load();
      const key = keyOf(request, variables);
      started.get(key)?.dispose();
      started.set(key, loadQuery(currentEnvironment(), request, variables, { fetchPolicy: 'store-and-network' }));
    }),
  );
}

/** `useLazyLoadQuery` for a console screen: the loader's answer first, then fresh on `own` or Retry. */
export function useAdminQuery<Q extends OperationType>(query: GraphQLTaggedNode, variables: Q['variables'], own: number | string = 0): Q['response'] {
  const key = keyOf(getRequest(query), variables);
  const fetchKey = useAdminFetchKey(own);
  // The fetch key this mount took the loader's answer under (null when there was none).
  const [preloadedAt] = useState(() => (started.has(key) ? fetchKey : null));
  useEffect(() => {
    if (preloadedAt === null) return;
    // Committed: the screen holds the data now, so the loader's hold is let go.
    started.get(key)?.dispose();
    started.delete(key);
  }, [key, preloadedAt]);
  return useLazyLoadQuery<Q>(query, variables, { fetchPolicy: fetchKey === preloadedAt ? 'store-or-network' : 'store-and-network', fetchKey });
}
