/** The dashboard's Travel Wrapped card: shown in December (the traveller's own calendar), linking to this year's. */
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { dayIn } from '../../platform/timeZone';

/**
 * December on the traveller's own calendar: the reader's day in their zone (a page the server
 * renders reads the reader's zone and instant, not the server's), or `today` ("YYYY-MM-DD") for tests.
 */
export const isWrappedSeason = (today = dayIn(null)) => today.slice(5, 7) === '12';

export function WrappedDashboardCard({ today = dayIn(null) }: { today?: string }) {
  if (!isWrappedSeason(today)) return null;
  const year = Number(today.slice(0, 4));
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
