/** The summary cards of 'Your Trips': trips per tab, budgets planned (per currency), companions. */
import { Grid, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconCalendarTime, IconHistory, IconUsersGroup, IconWallet } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { TripSummaryCards_viewer$key } from '../../__generated__/TripSummaryCards_viewer.graphql';
import { formatMoney } from './format';

const Fragment = graphql`
  fragment TripSummaryCards_viewer on User {
    tripSummary {
      upcomingCount
      currentCount
      pastCount
      companionCount
      totalBudgets {
        currency
        amount
      }
    }
  }
`;

function SummaryCard({ label, icon: Icon, color, children }: { label: string; icon: ComponentType<{ size?: number }>; color: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} shadow="xs" role="group" aria-label={label} h="100%">
      <Group gap={8} wrap="nowrap" align="center">
        <ThemeIcon size={26} radius="md" variant="light" color={color} aria-hidden visibleFrom="sm">
          <Icon size={16} />
        </ThemeIcon>
        <Text c="dark.4" fz="xs" tt="uppercase" fw={700} lh={1.2} style={{ letterSpacing: '0.05em' }}>
          {label}
        </Text>
      </Group>
      {children}
    </Paper>
  );
}

const Big = ({ children }: { children: ReactNode }) => (
  <Text fz={28} fw={800} lh={1.2} mt={4}>
    {children}
  </Text>
);

export function TripSummaryCards({ viewer }: { viewer: TripSummaryCards_viewer$key }) {
  const { tripSummary: s } = useFragment(Fragment, viewer);
  return (
    <Grid gap={{ base: 'xs', sm: 'md' }}>
      <Grid.Col span={{ base: 4, lg: 2 }}>
        <SummaryCard label="Upcoming" icon={IconCalendarEvent} color="lagoon">
          <Big>{s.upcomingCount}</Big>
        </SummaryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 4, lg: 2 }}>
        <SummaryCard label="Current" icon={IconCalendarTime} color="teal">
          <Big>{s.currentCount}</Big>
        </SummaryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 4, lg: 2 }}>
        <SummaryCard label="Past" icon={IconHistory} color="gray">
          <Big>{s.pastCount}</Big>
        </SummaryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 7, sm: 8, lg: 3 }}>
        <SummaryCard label="Total budget planned" icon={IconWallet} color="coral">
          {s.totalBudgets.length === 0 ? (
            <Big>—</Big>
          ) : (
            <Stack gap={0} mt={4}>
              {s.totalBudgets.map((b) => (
                <Text key={b.currency} fz={s.totalBudgets.length > 1 ? 'lg' : 28} fw={800} lh={1.25}>
                  {formatMoney(b.amount, b.currency)}{' '}
                  <Text span fz="xs" c="dark.4" fw={600}>
                    {b.currency}
                  </Text>
                </Text>
              ))}
            </Stack>
          )}
        </SummaryCard>
      </Grid.Col>
      <Grid.Col span={{ base: 5, sm: 4, lg: 3 }}>
        <SummaryCard label="Travel companions" icon={IconUsersGroup} color="grape">
          <Big>{s.companionCount}</Big>
        </SummaryCard>
      </Grid.Col>
    </Grid>
  );
}
