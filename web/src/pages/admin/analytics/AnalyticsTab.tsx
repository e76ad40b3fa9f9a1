/**
 * The console's analytics: totals, the top five stories, guides by their real page views, user
 * counts, the last 30 days as charts, and the stored events. 'Refresh Data' reads it all again.
 */
import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart, Sparkline } from '@mantine/charts';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { graphql } from 'react-relay';
import type { AnalyticsTabQuery } from '../../../__generated__/AnalyticsTabQuery.graphql';
import { AdminWait } from '../AdminPage';
import { StatCard } from '../kit/StatCard';
import { EventsList } from './EventsList';
import { useAdminQuery } from '../kit/adminQuery';

const Query = graphql`
  query AnalyticsTabQuery {
    admin {
      analytics {
        totals {
          users
          newUsersThisMonth
          activeUsers
          usersWithPreferences
          trips
          stories
          publishedStories
          storyViews
          guides
          guidePageViews
          pageViews
          events
          feedback
          averageTimeOnPageMs
        }
        topStories {
          id
          title
          city
          slug
          viewCount
        }
        topGuides {
          slug
          title
          city
          status
          pageViews
        }
        eventTypes {
          eventType
          count
        }
        days {
          day
          pageViews
          signups
        }
      }
    }
  }
`;

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6'];

/** `asPage`: on its own page (/dashboard/admin-analytics) its title is the page's heading. */
export default function AnalyticsTab({ asPage = false }: { asPage?: boolean }) {
  const [refreshKey, setRefreshKey] = useState(0);
  const [tab, setTab] = useState<string | null>('overview');
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={asPage ? 1 : 2} fz={asPage ? { base: 26, sm: 32 } : 22}>
          Analytics
        </Title>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => setRefreshKey((k) => k + 1)}>
          Refresh Data
        </Button>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="stories">Stories</Tabs.Tab>
          <Tabs.Tab value="guides">Guides</Tabs.Tab>
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab value="events">Events</Tabs.Tab>
        </Tabs.List>
        <Suspense fallback={<AdminWait text="Loading admin dashboard..." />}>
          {tab === 'events' ? (
            <Stack pt="md">
              <EventsList refreshKey={refreshKey} />
            </Stack>
          ) : (
            <Figures tab={tab ?? 'overview'} refreshKey={refreshKey} />
          )}
        </Suspense>
      </Tabs>
    </Stack>
  );
}

/** A stat card's 30-day sparkline; its numbers are in the chart below, so it is named, not read out. */
function Trend({ label, data, color }: { label: string; data: number[]; color: string }) {
  return (
    <div role="img" aria-label={label}>
      <Sparkline h={36} mt="xs" data={data} color={color} curveType="monotone" fillOpacity={0.25} strokeWidth={1.5} />
    </div>
  );
}

function Figures({ tab, refreshKey }: { tab: string; refreshKey: number }) {
  const data = useAdminQuery<AnalyticsTabQuery>(Query, {}, refreshKey);
  const a = data.admin?.analytics;
  if (!a) return null;
  const t = a.totals;
  const days = a.days.map((d) => ({ day: d.day.slice(5), 'Page views': d.pageViews, Signups: d.signups }));
  return (
    <Stack gap="md" pt="md">
      {tab === 'overview' && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <StatCard
              label="Total Users"
              value={t.users}
              hint={`${t.newUsersThisMonth} new this month`}
              trend={<Trend label="Signups per day, last 30 days" data={a.days.map((d) => d.signups)} color="teal.6" />}
            />
            <StatCard label="Trips" value={t.trips} />
            <StatCard label="Stories" value={t.stories} hint={`${t.publishedStories} published · ${t.storyViews} views`} />
            <StatCard
              label="Page Views"
              value={t.pageViews}
              hint={t.averageTimeOnPageMs != null ? `${(t.averageTimeOnPageMs / 1000).toFixed(1)} s average time on page` : undefined}
              trend={<Trend label="Page views per day, last 30 days" data={a.days.map((d) => d.pageViews)} color="blue.6" />}
            />
          </SimpleGrid>
          <ChartCard title="Last 30 days">
            <AreaChart
              h={240}
              data={days}
              dataKey="day"
              series={[
                { name: 'Page views', color: 'blue.6' },
                { name: 'Signups', color: 'teal.6' },
              ]}
              curveType="monotone"
              withLegend
            />
          </ChartCard>
          {a.eventTypes.length > 0 && (
            <ChartCard title="Events by type">
              <Group justify="center">
                <DonutChart
                  data={a.eventTypes.map((e, i) => ({ name: e.eventType, value: e.count, color: COLORS[i % COLORS.length]! }))}
                  withLabels
                  withTooltip
                  size={180}
                  thickness={28}
                />
              </Group>
            </ChartCard>
          )}
        </>
      )}
      {tab === 'stories' && (
        <ChartCard title="Top 5 stories by views">
          {a.topStories.length === 0 ? (
            <Text c="dimmed">No published stories yet</Text>
          ) : (
            <>
              <BarChart
                h={220}
                data={a.topStories.map((s) => ({ story: s.title.slice(0, 18), Views: s.viewCount }))}
                dataKey="story"
                series={[{ name: 'Views', color: 'blue.6' }]}
              />
              <RankTable rows={a.topStories.map((s) => [s.title, s.city, s.viewCount])} head={['Story', 'City', 'Views']} />
            </>
          )}
        </ChartCard>
      )}
      {tab === 'guides' && (
        <ChartCard title={`Guides by page views (${t.guidePageViews} in all)`}>
          <BarChart
            h={220}
            data={a.topGuides.map((g) => ({ guide: g.city, Views: g.pageViews }))}
            dataKey="guide"
            series={[{ name: 'Views', color: 'teal.6' }]}
          />
          <RankTable rows={a.topGuides.map((g) => [g.title, g.status.toLowerCase(), g.pageViews])} head={['Guide', 'Status', 'Page views']} />
        </ChartCard>
      )}
      {tab === 'users' && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <StatCard label="Total Users" value={t.users} />
            <StatCard label="New This Month" value={t.newUsersThisMonth} />
            <StatCard label="Active Users" value={t.activeUsers} hint="Trip owners, last 30 days" />
            <StatCard label="With Preferences" value={t.usersWithPreferences} />
          </SimpleGrid>
          <ChartCard title="Signups, last 30 days">
            <BarChart h={220} data={days} dataKey="day" series={[{ name: 'Signups', color: 'teal.6' }]} />
          </ChartCard>
        </>
      )}
    </Stack>
  );
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

function RankTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <Table mt="md" aria-label={head[0]}>
      <Table.Thead>
        <Table.Tr>
          {head.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={i}>
            {r.map((c, j) => (
              <Table.Td key={j}>{c}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
