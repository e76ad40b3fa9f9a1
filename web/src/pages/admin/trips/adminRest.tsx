/**
 * What the trips, expenses and checklists tabs share: their lists come from the console's REST
 * rows (searched, filtered and paged on the server, with analytics over the whole set), and
 * their changes answer the catalogue's success text or 'Failed to <action>: {server message}'.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { ApiError, apiRequest } from '../../../platform/api';
import { notify } from '../../../platform/notify';
import { networkFailure, type Outcome } from '../../../platform/outcome';
import { useAdminAction } from '../kit/useAdminAction';
import { sessionStore } from '../../../platform/session';

/** A REST call with the administrator's fresh access token. */
export async function adminRequest<T>(path: string, options: Parameters<typeof apiRequest>[1] = {}): Promise<T> {
  return apiRequest<T>(`/api/backend${path}`, { ...options, accessToken: await sessionStore.accessToken() });
}

export interface ListPage {
  total_count: number;
  next_cursor: string | null;
}

export type ListState<Row, A> =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; rows: Row[]; analytics: A; totalCount: number; nextCursor: string | null; loadingMore: boolean };

/**
 * One list of a tab: reloaded when its query changes (typing waits 300 ms), 'Load more' appends
 * the next page, `reload` starts again from the first page (after a change).
 */
export function useAdminList<Row, A>(path: string, query: Record<string, string>, pick: (body: Record<string, unknown>) => { rows: Row[]; analytics: A }) {
  const [list, setList] = useState<ListState<Row, A>>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== '' && v !== 'all')).toString();
  const pickRef = useRef(pick);
  pickRef.current = pick;
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      adminRequest<Record<string, unknown> & ListPage>(`${path}?${qs}`, { signal: abort.signal })
        .then((body) => {
          const { rows, analytics } = pickRef.current(body);
          setList({ state: 'ready', rows, analytics, totalCount: body.total_count, nextCursor: body.next_cursor, loadingMore: false });
        })
        .catch((err: unknown) => {
          if ((err as Error).name === 'AbortError') return;
          setList({ state: 'failed', message: err instanceof Error ? err.message : String(err) });
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [path, qs, version]);
  const reload = useCallback(() => {
    setList((l) => (l.state === 'failed' ? { state: 'loading' } : l));
    setVersion((v) => v + 1);
  }, []);
  const loadMore = useCallback(() => {
    if (list.state !== 'ready' || !list.nextCursor) return;
    const cursor = list.nextCursor;
    setList({ ...list, loadingMore: true });
    adminRequest<Record<string, unknown> & ListPage>(`${path}?${qs}${qs ? '&' : ''}cursor=${encodeURIComponent(cursor)}`)
      .then((body) => {
        const { rows } = pickRef.current(body);
        setList((l) => (l.state === 'ready' ? { ...l, rows: [...l.rows, ...rows], nextCursor: body.next_cursor, loadingMore: false } : l));
      })
      .catch((err: unknown) => {
        notify.error(err instanceof Error ? err.message : String(err));
        setList((l) => (l.state === 'ready' ? { ...l, loadingMore: false } : l));
      });
  }, [list, path, qs]);
  return { list, reload, loadMore };
}

/** A REST change as an `Outcome`: refused with the server's words, or failed to reach it. */
export async function restOutcome(work: () => Promise<unknown>): Promise<Outcome> {
  try {
    await work();
    return { ok: true, value: true };
  } catch (err) {
    if (err instanceof ApiError && err.status > 0) return { ok: false, message: err.message, field: null, fieldErrors: err.fieldErrors, refused: true };
    return networkFailure(err instanceof Error ? err.message : String(err));
  }
}

/**
 * Runs a change with the console's wording (the kit's `useAdminAction`): the catalogue's success
 * text, or 'Failed to <label>: {server message}' / 'Failed to <label>. Please try again.'.
 * True when it worked.
 */
export function useRestAction() {
  const { run, pending } = useAdminAction();
  const act = useCallback(async (label: string, work: () => Promise<unknown>, success: string) => (await run(label, restOutcome(work), success)).ok, [run]);
  return { act, pending };
}

export { StatCard } from '../kit/StatCard';
export { ShortId } from '../kit/ShortId';
export { LoadError } from '../kit/LoadError';

export function StatGrid({ children, cols = { base: 2, sm: 3, lg: 6 } }: { children: React.ReactNode; cols?: Record<string, number> }) {
  return <SimpleGrid cols={cols}>{children}</SimpleGrid>;
}

export function LoadMore({ shown, total, loading, onMore, more }: { shown: number; total: number; loading: boolean; more: boolean; onMore: () => void }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">{`Showing ${shown} of ${total}`}</Text>
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

/** Money as the console shows it: amount and currency, never summed across currencies. */
export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);

export const dateText = (iso: string | null) =>
  iso
    ? new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('en-US', {
        timeZone: iso.length === 10 ? 'UTC' : undefined,
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      })
    : '—';
