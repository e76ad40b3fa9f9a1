/**
 * What the trips, expenses and checklists tabs share: their lists come from the console's REST
 * rows (searched, filtered and paged on the server, with analytics over the whole set), and
 * their changes answer the catalogue's success text or 'Failed to <action>: {server message}'.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { ApiError, apiRequest } from '../../../platform/api';
import { notify } from '../../../platform/notify';
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

/**
 * Runs a change and says how it went: `success` (the catalogue's text), or 'Failed to <label>:
 * {server message}', or 'Failed to <label>. Please try again.' when the server could not be
 * reached. True when it worked.
 */
export async function runAdminAction(label: string, work: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await work();
    notify.success(success);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status > 0) notify.error(`Failed to ${label}: ${err.message}`);
    else notify.error(`Failed to ${label}. Please try again.`);
    return false;
  }
}

export function StatCard({ label, value, hint }: { label: string; value: React.ReactNode; hint?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={700} mt={4} component="div">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export function StatGrid({ children }: { children: React.ReactNode }) {
  return <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>{children}</SimpleGrid>;
}

/** An id shortened to 8 characters, the whole id on hover. */
export function ShortId({ id }: { id: string }) {
  return (
    <Tooltip label={id} withinPortal>
      <Text span ff="monospace" size="xs" c="dimmed" tabIndex={0}>
        {id.slice(0, 8)}
      </Text>
    </Tooltip>
  );
}

/** 'Error loading {what} data: {message}' with Retry. */
export function LoadError({ what, message, onRetry }: { what: string; message: string; onRetry: () => void }) {
  return (
    <Paper withBorder p="md" radius="md" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text c="red.8">{`Error loading ${what} data: ${message}`}</Text>
        <Button variant="light" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Paper>
  );
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

export const dateText = (iso: string | null) => (iso ? new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('en-US', { timeZone: iso.length === 10 ? 'UTC' : undefined, year: 'numeric', month: 'short', day: 'numeric' }) : '—');
