/**
 * A month calendar of the viewer's trips (in place of the seed's static one): trip days are
 * marked as ranges, and the trips of the shown month are listed below it as links.
 */
import { Box, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { TripCalendar_viewer$key } from '../../__generated__/TripCalendar_viewer.graphql';
import { formatDateRange } from '../../components/dateFormat';
import { tripPath } from './ids';
import { todayForTrips } from './today';

const Fragment = graphql`
  fragment TripCalendar_viewer on User {
    calendarCurrent: trips(timing: CURRENT, first: 10) {
      edges {
        node {
          id
          name
          startDate
          endDate
        }
      }
    }
    calendarUpcoming: trips(timing: UPCOMING, first: 25) {
      edges {
        node {
          id
          name
          startDate
          endDate
        }
      }
    }
    calendarPast: trips(timing: PAST, last: 15) {
      edges {
        node {
          id
          name
          startDate
          endDate
        }
      }
    }
  }
`;

interface DatedTrip {
  id: string;
  name: string;
  start: string;
  end: string;
}

export function TripCalendar({ viewer }: { viewer: TripCalendar_viewer$key }) {
  const data = useFragment(Fragment, viewer);
  const today = todayForTrips();
  const [month, setMonth] = useState(() => `${today.slice(0, 7)}-01`);

  const trips = useMemo<DatedTrip[]>(() => {
    const all = [...data.calendarPast.edges, ...data.calendarCurrent.edges, ...data.calendarUpcoming.edges].map((e) => e.node);
    const seen = new Set<string>();
    return all
      .filter((t) => {
        if (!t.startDate || !t.endDate || seen.has(t.id)) return false;
        seen.add(t.id);
        return true;
      })
      .map((t) => ({ id: t.id, name: t.name, start: t.startDate!, end: t.endDate! }))
      .sort((a, b) => a.start.localeCompare(b.start));
  }, [data]);

  const monthStart = month;
  const monthEnd = dayjs(month).endOf('month').format('YYYY-MM-DD');
  const inMonth = trips.filter((t) => t.start <= monthEnd && t.end >= monthStart);
  const nextTrip = trips.find((t) => t.start > monthEnd);

  const tripsOn = (day: string) => trips.filter((t) => t.start <= day && day <= t.end);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="trip-calendar-title">
      <Title order={2} fz="lg" mb="sm" id="trip-calendar-title">
        Trip Calendar
      </Title>
      <Box style={{ display: 'flex', justifyContent: 'center' }}>
        <Calendar
          static
          date={month}
          onDateChange={setMonth}
          maxLevel="month"
          highlightToday
          weekendDays={[]}
          hideOutsideDates
          size="sm"
          ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
          getDayProps={(date) => {
            const on = tripsOn(date);
            if (on.length === 0) return {};
            return {
              inRange: true,
              firstInRange: on.some((t) => t.start === date),
              lastInRange: on.some((t) => t.end === date),
              selected: on.some((t) => t.start === date || t.end === date),
              title: on.map((t) => t.name).join(', '),
            };
          }}
        />
      </Box>
      <Stack gap={6} mt="md">
        <Text fz="xs" fw={700} tt="uppercase" c="dark.4" style={{ letterSpacing: '0.05em' }}>
          {dayjs(month).format('MMMM YYYY')}
        </Text>
        {inMonth.length === 0 ? (
          <Text fz="sm" c="gray.7">
            No trips this month.
          </Text>
        ) : (
          inMonth.map((t) => (
            <UnstyledButton
              key={t.id}
              component={Link}
              to={tripPath(t.id)}
              p={6}
              style={{ borderRadius: 'var(--mantine-radius-sm)', borderLeft: '3px solid var(--mantine-color-lagoon-7)' }}
            >
              <Text fz="sm" fw={600} lh={1.3}>
                {t.name}
              </Text>
              <Text fz="xs" c="dark.4">
                {formatDateRange(t.start, t.end)}
              </Text>
            </UnstyledButton>
          ))
        )}
        {nextTrip && inMonth.length === 0 && (
          <Group gap={4} fz="sm">
            <Text fz="sm" c="dark.4">
              Next:
            </Text>
            <UnstyledButton fz="sm" c="lagoon.8" td="underline" onClick={() => setMonth(`${nextTrip.start.slice(0, 7)}-01`)}>
              {nextTrip.name} ({dayjs(nextTrip.start).format('MMM YYYY')})
            </UnstyledButton>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
