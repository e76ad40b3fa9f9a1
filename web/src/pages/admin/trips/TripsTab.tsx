import { Text } from '@mantine/core';

// Placeholder until this tab is built.
export default function TripsTab() {
  return <Text c="dimmed">Trips: nothing here yet.</Text>;
}
