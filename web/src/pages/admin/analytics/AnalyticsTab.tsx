import { Text } from '@mantine/core';

// Placeholder until this tab is built.
export default function AnalyticsTab() {
  return <Text c="dimmed">Analytics: nothing here yet.</Text>;
}
