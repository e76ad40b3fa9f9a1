import { useEffect, useRef, useTransition } from 'react';

type Refetch<V> = (variables: V, options: { fetchPolicy: 'network-only' }) => unknown;

/**
 * Asks the server for a list again whenever its filters change, in a transition so the table stays
 * while the new page loads. The first page came with the tab's query, so nothing is fetched while
 * every filter is still blank. `reload` reads the list afresh with the current filters (after a change).
 * The caller debounces typed search text before it gets here.
 */
export function useFilterRefetch<V extends Record<string, unknown>>(refetch: Refetch<V>, variables: V) {
  const [refetching, startTransition] = useTransition();
  const used = useRef(false);
  const key = JSON.stringify(variables);
  useEffect(() => {
    if (!used.current && Object.values(variables).every((v) => !v)) return;
    used.current = true;
    startTransition(() => {
      refetch(variables, { fetchPolicy: 'network-only' });
    });
    // `key` stands for `variables`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, refetch]);
  const reload = () =>
    startTransition(() => {
      refetch(variables, { fetchPolicy: 'network-only' });
    });
  return { refetching, reload };
}
