/**
 * The signed-in viewer's live channel, mounted once in the dashboard shell. It subscribes to
 * `viewerChanged` (one server channel per user, fed by every API instance through Redis) and:
 *
 * 1. writes the counts the shell and tabs show (friends, pending requests, unread
 *    notifications) straight into the Relay store from the event's `viewer`, so they are
 *    right at once on every screen;
 * 2. re-emits the event in the app (`viewerEvents.ts`), so the screen on display refetches the
 *    lists it shows: friends and requests on FRIENDS, invitations on INVITATIONS, trips and
 *    the dashboard on TRIPS (see `useLiveRefetch`).
 *
 * Events sent while a socket was down (a laptop asleep, a background tab) are not replayed, so
 * when the tab becomes visible again after being hidden for a while the hook emits every kind
 * once and the screen on display refetches.
 *
 * Notifications keep their own subscription (NotificationBell: notificationsChanged prepends
 * each new one); graphql-ws carries both over the same socket.
 */
import { useEffect, useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useViewerLiveSubscription } from '../../__generated__/useViewerLiveSubscription.graphql';
import { emitViewerChange, type ViewerChangeKind } from './viewerEvents';

const Subscription = graphql`
  subscription useViewerLiveSubscription {
    viewerChanged {
      kind
      tripId
      viewer {
        id
        friendCount
        pendingFriendRequestCount
        unreadNotificationCount
      }
    }
  }
`;

const ALL_KINDS: ViewerChangeKind[] = ['FRIENDS', 'INVITATIONS', 'TRIPS', 'RESERVATIONS'];
/** A tab hidden longer than this may have missed events (sleeping sockets): refresh on return. */
const STALE_AFTER_HIDDEN_MS = 60_000;

export function useViewerLive() {
  const config = useMemo<GraphQLSubscriptionConfig<useViewerLiveSubscription>>(
    () => ({
      subscription: Subscription,
      variables: {},
      onNext: (response) => {
        const event = response?.viewerChanged;
        if (event) emitViewerChange(event.kind, event.tripId ?? null, 'server');
      },
      onError: (error) => console.warn('Live updates paused', error),
    }),
    [],
  );
  useSubscription(config);

  useEffect(() => {
    let hiddenAt: number | null = null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now();
        return;
      }
      if (hiddenAt !== null && Date.now() - hiddenAt > STALE_AFTER_HIDDEN_MS) {
        for (const kind of ALL_KINDS) emitViewerChange(kind);
      }
      hiddenAt = null;
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
}
