import { Text } from '@mantine/core';

// Placeholder until this tab is built.
export default function SystemTab() {
  return <Text c="dimmed">System: nothing here yet.</Text>;
}
