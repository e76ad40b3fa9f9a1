/** Up to 3 upcoming trips (seed 000 §9), each with 'Starts in n day(s)', linking to the trip. */
import { Button, Card, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff, IconChevronRight, IconClock, IconPlane } from '@tabler/icons-react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { DashboardUpcomingTrips_viewer$key } from '../../__generated__/DashboardUpcomingTrips_viewer.graphql';
import { startsInLabel } from '../../platform/domain';
import { todayForTrips } from '../trips/today';
import { formatDateRange } from '../../components/dateFormat';
import { tripPath } from '../trips/ids';

const ViewerFragment = graphql`
  fragment DashboardUpcomingTrips_viewer on User {
    upcomingTrips: trips(timing: UPCOMING, first: 3) {
      edges {
        node {
          id
          name
          startDate
          endDate
          destination {
            mainText
          }
        }
      }
    }
  }
`;

export function DashboardUpcomingTrips({ viewer }: { viewer: DashboardUpcomingTrips_viewer$key }) {
  const data = useFragment(ViewerFragment, viewer);
  const trips = data.upcomingTrips.edges.map((edge) => edge.node);
  const today = todayForTrips();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="dashboard-upcoming">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="dashboard-upcoming">
          Upcoming Trips
        </Title>
        <Button component={Link} to="/dashboard/trips" variant="subtle" size="compact-sm" rightSection={<IconChevronRight size={14} />}>
          View all trips
        </Button>
      </Group>
      {trips.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <ThemeIcon variant="light" color="gray" radius="xl" size={48} aria-hidden>
            <IconCalendarOff size={26} />
          </ThemeIcon>
          <Text fw={600}>No upcoming trips planned</Text>
          <Button component={Link} to="/dashboard/trips" mt="xs">
            Plan a trip
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          {trips.map((trip) => (
            <Card
              key={trip.id}
              component={Link}
              to={tripPath(trip.id)}
              withBorder
              padding="sm"
              radius="md"
              style={{ textDecoration: 'none', color: 'inherit' }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" radius="xl" size={40} aria-hidden>
                  <IconPlane size={22} />
                </ThemeIcon>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={650} lineClamp={2}>
                    {trip.name}
                  </Text>
                  <Text fz="sm" c="gray.7">
                    {[trip.destination?.mainText, formatDateRange(trip.startDate, trip.endDate)].filter(Boolean).join(' · ')}
                  </Text>
                  <Group gap={6} mt={4} wrap="nowrap" c="indigo.8">
                    <IconClock size={15} aria-hidden style={{ flexShrink: 0 }} />
                    <Text fz="sm" fw={650}>
                      {trip.startDate ? startsInLabel(trip.startDate, today) : 'No dates set'}
                    </Text>
                  </Group>
                </div>
                <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, alignSelf: 'center', color: 'var(--mantine-color-gray-6)' }} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
