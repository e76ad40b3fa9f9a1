import { Text } from '@mantine/core';

// Placeholder until this tab is built.
export default function ExpensesTab() {
  return <Text c="dimmed">Expenses: nothing here yet.</Text>;
}
