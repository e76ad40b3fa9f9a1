import { Text } from '@mantine/core';

// Placeholder until this tab is built.
export default function FriendsTab() {
  return <Text c="dimmed">Friends: nothing here yet.</Text>;
}
