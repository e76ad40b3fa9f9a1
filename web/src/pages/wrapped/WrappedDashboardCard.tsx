/** The dashboard's Travel Wrapped card: shown in December (the traveller's own calendar), linking to this year's. */
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** December on the traveller's local calendar (`now` for tests). */
export const isWrappedSeason = (now = new Date()) => now.getMonth() === 11;

export function WrappedDashboardCard({ now = new Date() }: { now?: Date }) {
  if (!isWrappedSeason(now)) return null;
  const year = now.getFullYear();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="dashboard-wrapped" data-testid="dashboard-wrapped">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fz="lg" id="dashboard-wrapped">
            Your {year} Travel Wrapped is here
          </Title>
          <Text c="gray.7" fz="sm">
            Trips, days away, countries and kilometres: your year in travel, ready to share.
          </Text>
        </div>
        <Button component={Link} to={`/dashboard/wrapped/${year}`}>
          See your year
        </Button>
      </Group>
    </Paper>
  );
}
