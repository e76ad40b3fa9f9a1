import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconChecklist, IconPlane, IconReceipt2 } from '@tabler/icons-react';
import { graphql, useFragment } from 'react-relay';
import type { DashboardStatCards_stats$key } from '../../__generated__/DashboardStatCards_stats.graphql';

const StatsFragment = graphql`
  fragment DashboardStatCards_stats on DashboardStats {
    totalTrips
    upcomingTrips
    totalExpenses
    pendingTasks
  }
`;

/** The four numbers on the dashboard home, as the server counts them. */
export function DashboardStatCards({ stats }: { stats: DashboardStatCards_stats$key }) {
  const data = useFragment(StatsFragment, stats);
  const cards = [
    { label: 'Total Trips', value: data.totalTrips, icon: IconPlane, color: 'lagoon' },
    { label: 'Upcoming', value: data.upcomingTrips, icon: IconCalendarEvent, color: 'indigo' },
    { label: 'Expenses', value: data.totalExpenses, icon: IconReceipt2, color: 'coral' },
    { label: 'Pending Tasks', value: data.pendingTasks, icon: IconChecklist, color: 'grape' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
      {cards.map(({ label, value, icon: Icon, color }) => (
        <Paper key={label} withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text c="dimmed" fz="xs" tt="uppercase" fw={700} style={{ letterSpacing: '0.06em' }}>
                {label}
              </Text>
              <Text fz={30} fw={800} lh={1.2} mt={4}>
                {value}
              </Text>
            </div>
            <ThemeIcon size={40} radius="md" variant="light" color={color} aria-hidden>
              <Icon size={22} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
