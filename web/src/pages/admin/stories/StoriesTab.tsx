import { Text } from '@mantine/core';

// Placeholder until this tab is built.
export default function StoriesTab() {
  return <Text c="dimmed">Stories: nothing here yet.</Text>;
}
