/**
 * The bell in the dashboard's top bar: unread count (kept live by the notificationsChanged
 * subscription, which also prepends each new notification), the latest notifications with an
 * icon and a destination per type, mark one or all as read. The list is a popover whose code
 * loads when the bell is first approached (NotificationsPopover.tsx).
 */
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { notificationLink } from './notificationTypes';
import { lazy, Suspense, useMemo, useState } from 'react';
import { graphql, useFragment, useSubscription } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { NotificationBellSubscription } from '../../__generated__/NotificationBellSubscription.graphql';
import type { NotificationBell_viewer$key } from '../../__generated__/NotificationBell_viewer.graphql';
import { notify } from '../../platform/notify';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from './useMarkNotificationsRead';
import type { NotificationItem } from './NotificationsPopover';

/** The popover's code (NotificationsPopover.tsx), asked for when the bell is approached. */
const loadPopover = () => import('./NotificationsPopover');
const Popover = lazy(loadPopover);
const preloadOn = { onPointerEnter: () => void loadPopover().catch(() => {}), onFocus: () => void loadPopover().catch(() => {}) };

const ViewerFragment = graphql`
  fragment NotificationBell_viewer on User {
    id
    unreadNotificationCount
    notifications(first: 10) @connection(key: "NotificationBell_notifications") {
      __id
      edges {
        node {
          id
          type
          title
          message
          isRead
          createdAt
          actionUrl
        }
      }
    }
  }
`;

const Subscription = graphql`
  subscription NotificationBellSubscription($connections: [ID!]!) {
    notificationsChanged {
      unreadCount
      notification @prependNode(connections: $connections, edgeTypeName: "UserNotificationsConnectionEdge") {
        id
        type
        title
        message
        isRead
        createdAt
        actionUrl
      }
      viewer {
        id
        unreadNotificationCount
      }
    }
  }
`;

export function NotificationBell({ viewer }: { viewer: NotificationBell_viewer$key }) {
  const data = useFragment(ViewerFragment, viewer);
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  // Mounted from the first open on, so it closes with its transition.
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  const connectionId = data.notifications.__id;
  const subscriptionConfig = useMemo<GraphQLSubscriptionConfig<NotificationBellSubscription>>(
    () => ({
      subscription: Subscription,
      variables: { connections: [connectionId] },
      onError: (error) => console.warn('Notification updates paused', error),
    }),
    [connectionId],
  );
  useSubscription(subscriptionConfig);
  const [markRead] = useMarkNotificationRead(data.id);
  const [markAllRead, markingAll] = useMarkAllNotificationsRead();

  const unread = data.unreadNotificationCount;
  const items = data.notifications.edges.map((edge) => edge.node);

  const open = (item: NotificationItem) => {
    if (!item.isRead) {
      void markRead(item.id, unread).then((outcome) => {
        if (!outcome.ok) notify.error(outcome.message);
      });
    }
    const target = notificationLink(item.type, item.actionUrl);
    if (target) {
      setOpened(false);
      void navigate(target);
    }
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray.8"
      size="lg"
      aria-label={label}
      // What the popover's target says, before its code has come too.
      aria-haspopup="dialog"
      aria-expanded={opened}
      onClick={() => setOpened((o) => !o)}
      {...preloadOn}
    >
      <Indicator label={unread > 99 ? '99+' : unread} size={18} color="coral.8" disabled={unread === 0} offset={2}>
        <IconBell size={22} />
      </Indicator>
    </ActionIcon>
  );
  // Until the first open, the button alone; a click that finds the popover still loading shows the
  // button as it is and opens it on arrival.
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <Popover
        opened={opened}
        onChange={setOpened}
        target={button}
        items={items}
        unread={unread}
        open={open}
        markAllRead={markAllRead}
        markingAll={markingAll}
      />
    </Suspense>
  );
}
