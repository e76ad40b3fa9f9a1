/**
 * What the trips, expenses and checklists tabs share: each list is a Relay connection read with
 * `usePaginationFragment`, searched and filtered on the server (a refetch once typing pauses),
 * with 'Load more' for the next page; figures and badges are shown alike.
 */
import { useCallback, useEffect, useRef, useTransition } from 'react';
import { Badge, Button, Group, Loader, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/** A filter as the server takes it: 'all' or blank is no filter. */
export const filterValue = (v: string) => (v.trim() === '' || v === 'all' ? null : v.trim());

type Refetch<V> = (variables: V, options: { fetchPolicy: 'network-only' }) => unknown;

/**
 * Asks the server again when the search or a filter changes (300 ms after the last change), in a
 * transition so the table stays while the new page loads. The first page came with the query.
 * `reload` reads the same list afresh (the figures after a change).
 */
export function useListFilters<V extends Record<string, string | null>>(refetch: Refetch<V>, variables: V) {
  const [refetching, startTransition] = useTransition();
  const key = JSON.stringify(variables);
  const [debounced] = useDebouncedValue(key, 300);
  const initial = useRef(debounced);
  const used = useRef(false);
  useEffect(() => {
    if (!used.current && debounced === initial.current) return;
    used.current = true;
    startTransition(() => {
      refetch(JSON.parse(debounced) as V, { fetchPolicy: 'network-only' });
    });
  }, [debounced, refetch]);
  const reload = useCallback(
    () =>
      startTransition(() => {
        refetch(JSON.parse(key) as V, { fetchPolicy: 'network-only' });
      }),
    [key, refetch],
  );
  return { refetching, reload };
}

export { StatCard } from '../kit/StatCard';
export { ShortId } from '../kit/ShortId';

export function StatGrid({ children, cols = { base: 2, sm: 3, lg: 6 } }: { children: React.ReactNode; cols?: Record<string, number> }) {
  return <SimpleGrid cols={cols}>{children}</SimpleGrid>;
}

/** A list's loading state, named for screen readers. */
export function ListLoader({ label }: { label: string }) {
  return <Loader aria-label={label} />;
}

export function LoadMore({ shown, total, loading, onMore, more }: { shown: number; total: number; loading: boolean; more: boolean; onMore: () => void }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" aria-live="polite">{`Showing ${shown} of ${total}`}</Text>
      {more && (
        <Button variant="default" onClick={onMore} loading={loading}>
          Load more
        </Button>
      )}
    </Group>
  );
}

const STATUS_COLORS: Record<string, string> = {
  upcoming: 'blue',
  ongoing: 'teal',
  completed: 'gray',
  cancelled: 'red',
  paid: 'teal',
  unpaid: 'orange',
  pending: 'orange',
  overdue: 'red',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}

/** Money as the console shows it: amount (a decimal text) and currency, never summed across currencies. */
export const money = (amount: string | number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' }).format(Number(amount));

export const dateText = (iso: string | null | undefined) =>
  iso
    ? new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('en-US', {
        timeZone: iso.length === 10 ? 'UTC' : undefined,
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      })
    : '—';

/**
 * A server-paged list's body: a loader while a new search or filter loads, the list's empty text,
 * the table (scrolling sideways on a phone rather than widening the page) and 'Load more'.
 */
export function PagedTable({
  headers,
  empty,
  loadingLabel,
  refetching,
  shown,
  total,
  more,
  loadingMore,
  onMore,
  children,
}: {
  headers: string[];
  empty: string;
  loadingLabel: string;
  refetching: boolean;
  shown: number;
  total: number;
  more: boolean;
  loadingMore: boolean;
  onMore: () => void;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <>
      {refetching && <ListLoader label={loadingLabel} />}
      {shown === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {headers.map((h) => (
                    <Table.Th key={h}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{children}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMore shown={shown} total={total} more={more} loading={loadingMore} onMore={onMore} />
        </>
      )}
    </>
  );
}

/** A filter of fixed choices, 'All' first; it cannot be emptied. */
export function FilterSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: [value: string, label: string][];
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Select
      label={label}
      data={[{ value: 'all', label: 'All' }, ...options.map(([v, l]) => ({ value: v, label: l }))]}
      value={value}
      onChange={(v) => onChange(v ?? 'all')}
      allowDeselect={false}
    />
  );
}

/** A list's search box beside one filter of fixed choices (the status, mostly). */
export function SearchFilterBar({
  placeholder,
  search,
  onSearch,
  filterLabel,
  options,
  value,
  onChange,
}: {
  placeholder: string;
  search: string;
  onSearch: (v: string) => void;
  filterLabel: string;
  options: [value: string, label: string][];
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput label="Search" placeholder={placeholder} value={search} onChange={(e) => onSearch(e.currentTarget.value)} />
      <FilterSelect label={filterLabel} options={options} value={value} onChange={onChange} />
    </SimpleGrid>
  );
}
