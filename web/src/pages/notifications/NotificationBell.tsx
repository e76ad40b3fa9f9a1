/**
 * The bell in the dashboard's top bar: unread count (kept live by the notificationsChanged
 * subscription, which also prepends each new notification), the latest notifications with an
 * icon and a destination per type, mark one or all as read.
 */
import { ActionIcon, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { notificationLink, notificationLook } from './notificationTypes';
import { useMemo, useState } from 'react';
import { graphql, useFragment, useSubscription } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { NotificationBellSubscription } from '../../__generated__/NotificationBellSubscription.graphql';
import type { NotificationBell_viewer$key } from '../../__generated__/NotificationBell_viewer.graphql';
import { timeAgo } from '../../components/dateFormat';
import { notify } from '../../platform/notify';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from './useMarkNotificationsRead';

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

  const open = (item: (typeof items)[number]) => {
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
  return (
    <Popover opened={opened} onChange={setOpened} width={340} position="bottom-end" shadow="lg" withArrow trapFocus>
      <Popover.Target>
        {/* The button is the popover's target, so aria-expanded sits on the control itself. */}
        <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)}>
          <Indicator label={unread > 99 ? '99+' : unread} size={18} color="coral.8" disabled={unread === 0} offset={2}>
            <IconBell size={22} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={700}>Notifications</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={unread === 0}
            loading={markingAll}
            onClick={() =>
              void markAllRead().then((outcome) => {
                if (!outcome.ok) notify.error(outcome.message);
              })
            }
          >
            Mark all as read
          </Button>
        </Group>
        <Divider />
        {items.length === 0 ? (
          <Text c="gray.7" fz="sm" ta="center" py="xl">
            You're all caught up.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={0}>
              {items.map((item) => {
                const look = notificationLook(item.type);
                const Icon = look.icon;
                return (
                  <UnstyledButton
                    key={item.id}
                    onClick={() => open(item)}
                    px="md"
                    py="sm"
                    style={{
                      borderBottom: '1px solid var(--mantine-color-gray-2)',
                      background: item.isRead ? undefined : 'var(--mantine-color-lagoon-0)',
                    }}
                  >
                    <Group gap={10} wrap="nowrap" align="flex-start">
                      <Indicator color="coral.8" size={9} offset={3} disabled={item.isRead} withBorder>
                        <ThemeIcon variant="light" color={look.color} radius="xl" size={34} aria-hidden>
                          <Icon size={18} />
                        </ThemeIcon>
                      </Indicator>
                      <div style={{ minWidth: 0 }}>
                        <Text fz="sm" fw={item.isRead ? 500 : 700}>
                          {item.title}
                          {!item.isRead && <VisuallyHidden> (unread)</VisuallyHidden>}
                        </Text>
                        <Text fz="xs" c="dark.4" lineClamp={2}>
                          {item.message}
                        </Text>
                        <Text fz="xs" c="gray.7" mt={2}>
                          {look.label.toLowerCase() === item.title.toLowerCase() ? '' : `${look.label} · `}
                          {timeAgo(item.createdAt)}
                        </Text>
                      </div>
                    </Group>
                  </UnstyledButton>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
