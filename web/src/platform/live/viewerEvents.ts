/**
 * The viewer's live changes as an in-app event: `useViewerLive` (mounted once in the dashboard
 * shell) hears `viewerChanged` from the server and re-emits each event here, so any screen can
 * refetch what it shows when its part changes:
 *
 *   // refetch this page's query whenever the viewer's friends or invitations change
 *   useLiveRefetch(['FRIENDS'], FriendsPageQueryNode, () => ({ count: 20 }));
 *
 *   // or react in any other way
 *   useViewerChange(['TRIPS'], (change) => { if (change.tripId === id) refetch(); });
 *
 * Kinds: FRIENDS (friends or friend requests), INVITATIONS (pending trip invitations),
 * TRIPS (the viewer's trips: joined, left, created, edited, deleted; `tripId` when known),
 * NOTIFICATIONS (the bell's own subscription already keeps itself fresh), RESERVATIONS (a forwarded
 * e-mail arrived, or a reservation changed).
 */
import { useCallback, useEffect, useRef } from 'react';
import { fetchQuery, useRelayEnvironment } from 'react-relay';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';

export type ViewerChangeKind = 'FRIENDS' | 'INVITATIONS' | 'TRIPS' | 'NOTIFICATIONS' | 'RESERVATIONS';

export interface ViewerChange {
  kind: ViewerChangeKind;
  /** The trip's global id, for TRIPS events about one trip. */
  tripId: string | null;
  /** 'server' for a viewerChanged event; 'local' when this tab emitted it (after its own change). */
  source: 'server' | 'local';
}

export type ViewerChangeListener = (change: ViewerChange) => void;

const listeners = new Set<ViewerChangeListener>();

/** Listen outside React; returns the unsubscribe function. */
export function onViewerChange(listener: ViewerChangeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tell every listening screen that a part of the viewer's data changed. */
export function emitViewerChange(kind: ViewerChangeKind, tripId: string | null = null, source: ViewerChange['source'] = 'local') {
  const change: ViewerChange = { kind, tripId, source };
  for (const listener of [...listeners]) {
    try {
      listener(change);
    } catch (error) {
      console.warn('A live update listener failed', error);
    }
  }
}

/** Calls `handler` (always the latest one) for each change of one of `kinds`. */
export function useViewerChange(kinds: readonly ViewerChangeKind[], handler: ViewerChangeListener) {
  const handlerRef = useRef(handler);
  const kindsKey = kinds.join(',');
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const wanted = new Set(kindsKey.split(','));
    return onViewerChange((change) => {
      if (wanted.has(change.kind)) handlerRef.current(change);
    });
  }, [kindsKey]);
}

/** How long bursts of events are gathered into one refetch (one action often publishes twice). */
export const LIVE_REFETCH_DELAY_MS = 150;

/**
 * Refetches `query` from the network (into the store, so every component reading those records
 * re-renders without suspending) when one of `kinds` changes. Events within `delayMs` are
 * gathered into one request. Returns a function that schedules the same refetch by hand, e.g.
 * after a mutation failed because the data on screen was stale.
 */
export function useLiveRefetch<Q extends OperationType>(
  kinds: readonly ViewerChangeKind[],
  query: GraphQLTaggedNode,
  variables: () => Q['variables'],
  delayMs = LIVE_REFETCH_DELAY_MS,
): () => void {
  const environment = useRelayEnvironment();
  const variablesRef = useRef(variables);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    variablesRef.current = variables;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = useCallback(() => {
    if (timer.current !== undefined) return; // one refetch already on its way covers this event
    timer.current = setTimeout(() => {
      timer.current = undefined;
      fetchQuery<Q>(environment, query, variablesRef.current(), { fetchPolicy: 'network-only' }).subscribe({
        error: (error: unknown) => console.warn('Live refetch failed', error),
      });
    }, delayMs);
  }, [environment, query, delayMs]);

  useViewerChange(kinds, schedule);
  return schedule;
}
