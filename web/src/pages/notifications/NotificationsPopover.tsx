/**
 * The bell's popover: the latest notifications, mark one or all as read. Loaded when the bell is
 * first pointed at, focused or clicked (NotificationBell.tsx): Popover and its floating-ui (~15 KB
 * gzip) stay off every dashboard page's first load.
 */
import { Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactElement } from 'react';
import type { NotificationBell_viewer$data } from '../../__generated__/NotificationBell_viewer.graphql';
import { timeAgo } from '../../components/dateFormat';
import { notify } from '../../platform/notify';
import { notificationLook } from './notificationTypes';
import type { Outcome } from '../../platform/outcome';

export type NotificationItem = NotificationBell_viewer$data['notifications']['edges'][number]['node'];

export interface NotificationsPopoverProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The bell's button, the popover's target. */
  target: ReactElement;
  items: readonly NotificationItem[];
  unread: number;
  open: (item: NotificationItem) => void;
  markAllRead: () => Promise<Outcome>;
  markingAll: boolean;
}

export default function NotificationsPopover({ opened, onChange, target, items, unread, open, markAllRead, markingAll }: NotificationsPopoverProps) {
  return (
    <Popover opened={opened} onChange={onChange} width={340} position="bottom-end" shadow="lg" withArrow trapFocus>
      {/* The button is the popover's target, so aria-expanded sits on the control itself. */}
      <Popover.Target>{target}</Popover.Target>
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
