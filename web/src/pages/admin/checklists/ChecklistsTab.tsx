import { Text } from '@mantine/core';

// Placeholder until this tab is built.
export default function ChecklistsTab() {
  return <Text c="dimmed">Checklists: nothing here yet.</Text>;
}
