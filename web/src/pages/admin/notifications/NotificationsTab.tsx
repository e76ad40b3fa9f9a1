import { Text } from '@mantine/core';

// Placeholder until this tab is built.
export default function NotificationsTab() {
  return <Text c="dimmed">Notifications: nothing here yet.</Text>;
}
