import { useCallback, useState, useTransition } from 'react';

type Filter = { search: string; status: string };
type FetchPolicy = 'store-or-network' | 'network-only';
type Refetch<S> = (variables: { first: number; search: string | null; status: S | null }, options: { fetchPolicy: FetchPolicy }) => unknown;

/**
 * The search text and status filter of a content list (stories, guides) beside `ListControls`:
 * each change asks the server for the first `page` rows again, in a transition so the table stays.
 * `reload` reads the list afresh with the current filter (the stat cards too, after a change).
 */
export function useStatusListFilter<S extends string>(refetch: Refetch<S>, page: number) {
  const [filter, setFilter] = useState<Filter>({ search: '', status: 'all' });
  const [refetching, startTransition] = useTransition();
  const apply = useCallback(
    (next: Filter, policy: FetchPolicy = 'store-or-network') => {
      setFilter(next);
      startTransition(() => {
        refetch({ first: page, search: next.search || null, status: next.status === 'all' ? null : (next.status as S) }, { fetchPolicy: policy });
      });
    },
    [refetch, page],
  );
  const onSearch = useCallback((search: string) => setFilter((f) => (f.search === search ? f : (apply({ ...f, search }), f))), [apply]);
  const onStatus = (status: string) => apply({ ...filter, status });
  const reload = () => apply(filter, 'network-only');
  return { filter, refetching, onSearch, onStatus, reload };
}
