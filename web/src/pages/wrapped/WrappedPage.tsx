/**
 * /dashboard/wrapped/:year: Travel Wrapped, the viewer's year in cards (WrappedCards), a year
 * switcher, and sharing (WrappedShare). A year with no trips says so kindly.
 */
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { graphql } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { WrappedPageQuery } from '../../__generated__/WrappedPageQuery.graphql';
import { MemoriesMessages as M } from '../../platform/domain';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { WrappedCards } from './WrappedCards';
import { WrappedShare } from './WrappedShare';
import { wrappedYear } from './wrappedYear';

const Query = graphql`
  query WrappedPageQuery($year: Int!) {
    viewer {
      id
      firstName
      wrapped(year: $year) {
        year
        trips {
          id
        }
        ...WrappedCards_wrapped
      }
      ...WrappedShare_viewer @arguments(year: $year)
    }
  }
`;

/** The years offered: this one and the nine before it. */
const YEARS = 10;

export default function WrappedPage() {
  const { viewer } = useRouteQuery<WrappedPageQuery>(Query);
  const params = useParams();
  const navigate = useNavigate();
  if (!viewer) return null;
  const year = wrappedYear(params.year);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: YEARS }, (_, i) => String(thisYear - i));
  if (!years.includes(String(year))) years.push(String(year));
  const empty = viewer.wrapped.trips.length === 0;
  return (
    <Stack gap="xl" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Text c="coral.8" fw={700} tt="uppercase" fz="sm">
            Travel Wrapped
          </Text>
          <Title order={1}>
            {viewer.firstName.trim() || 'Your'}
            {viewer.firstName.trim() ? '’s' : ''} {year} in travel
          </Title>
        </Stack>
        <Select
          label="Year"
          data={years}
          value={String(year)}
          onChange={(v) => v && navigate(`/dashboard/wrapped/${v}`)}
          allowDeselect={false}
          w={120}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {empty ? (
        <Paper withBorder radius="lg" p="xl" data-testid="wrapped-empty">
          <Title order={2} fz="lg">
            A quiet year
          </Title>
          <Text mt="xs">{M.noTrips(year)}</Text>
          <Button component={Link} to="/dashboard/trips" mt="md">
            Plan a trip
          </Button>
        </Paper>
      ) : (
        <>
          <WrappedCards wrapped={viewer.wrapped} />
          <WrappedShare viewer={viewer} year={year} />
        </>
      )}
    </Stack>
  );
}
