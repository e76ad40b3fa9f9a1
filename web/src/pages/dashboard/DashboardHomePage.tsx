/**
 * /dashboard: greeting, trip invitations, the four stat cards, quick actions, up to 3 upcoming
 * trips. Live: a new or withdrawn invitation, or a change to the viewer's trips
 * (viewerChanged INVITATIONS / TRIPS), refetches the page's query.
 */
import { Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconPlane, IconReceipt2 } from '@tabler/icons-react';
import { graphql } from 'react-relay';
import { Link } from 'react-router-dom';
import type { DashboardHomePageQuery } from '../../__generated__/DashboardHomePageQuery.graphql';
import { useLiveRefetch } from '../../platform/live';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { DashboardInvitations } from './DashboardInvitations';
import { DashboardStatCards } from './DashboardStatCards';
import { DashboardUpcomingTrips } from './DashboardUpcomingTrips';
import { WrappedDashboardCard } from '../wrapped/WrappedDashboardCard';

const Query = graphql`
  query DashboardHomePageQuery {
    viewer {
      id
      firstName
      dashboardStats {
        ...DashboardStatCards_stats
      }
      ...DashboardInvitations_viewer
      ...DashboardUpcomingTrips_viewer
    }
  }
`;

const QUICK_ACTIONS = [
  { label: 'Trips', text: 'Plan or open a trip', to: '/dashboard/trips', icon: IconPlane },
  { label: 'Expenses', text: 'Log and split costs', to: '/dashboard/expenses', icon: IconReceipt2 },
  { label: 'Checklist', text: 'Packing and to-dos', to: '/dashboard/checklist', icon: IconChecklist },
];

export default function DashboardHomePage() {
  const { viewer } = useRouteQuery<DashboardHomePageQuery>(Query);
  const refetchNow = useLiveRefetch<DashboardHomePageQuery>(['INVITATIONS', 'TRIPS'], Query, () => ({}));
  if (!viewer) return null; // the shell signs out a session the server no longer knows
  const name = viewer.firstName.trim() || 'Traveler';
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          Hello, {name}
        </Title>
        <Text c="gray.7" mt={4}>
          Here's what's happening with your trips.
        </Text>
      </div>

      <DashboardInvitations viewer={viewer} onStale={refetchNow} />

      <WrappedDashboardCard />

      <DashboardStatCards stats={viewer.dashboardStats} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DashboardUpcomingTrips viewer={viewer} />
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="dashboard-quick-actions">
          <Title order={2} fz="lg" mb="md" id="dashboard-quick-actions">
            Quick Actions
          </Title>
          <Stack gap="xs">
            {QUICK_ACTIONS.map(({ label, text, to, icon: Icon }) => (
              <Card key={to} component={Link} to={to} withBorder padding="sm" radius="md" style={{ textDecoration: 'none', color: 'inherit' }}>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size={36} aria-hidden>
                    <Icon size={20} />
                  </ThemeIcon>
                  <div>
                    <Text fw={650} fz="sm">
                      {label}
                    </Text>
                    <Text c="gray.7" fz="xs">
                      {text}
                    </Text>
                  </div>
                </Group>
              </Card>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
