import { Text } from '@mantine/core';

// Placeholder until this tab is built.
export default function UsersTab() {
  return <Text c="dimmed">Users: nothing here yet.</Text>;
}
