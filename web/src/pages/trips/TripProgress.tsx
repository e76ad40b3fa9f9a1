/** The trip card's progress bar with the label of seed 000 §4 ('Trip starts in n days'...). */
import { Group, Progress, Text } from '@mantine/core';
import { tripProgress } from '../../platform/domain';
import { todayForTrips } from './today';

export function TripProgress({ startDate, endDate }: { startDate: string | null | undefined; endDate: string | null | undefined }) {
  const { percent, label } = tripProgress(startDate ?? null, endDate ?? null, todayForTrips());
  const color = percent >= 100 ? 'gray.6' : percent > 0 ? 'teal.7' : 'lagoon.7';
  return (
    <div>
      <Group justify="space-between" mb={4} gap="xs">
        <Text fz="xs" fw={600} c="dark.5">
          {label}
        </Text>
        {startDate && endDate && (
          <Text fz="xs" c="gray.7">
            {percent}%
          </Text>
        )}
      </Group>
      <Progress value={percent} color={color} size="sm" radius="xl" aria-label={`Trip progress: ${label}`} />
    </div>
  );
}
