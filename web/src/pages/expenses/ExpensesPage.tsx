/**
 * /dashboard/expenses: the viewer's trips (soonest first) to choose from, and the chosen trip's
 * money (ExpensesWorkspace). The trip is in the address (`?trip=`), so a link, a notification or
 * an itinerary item's add-expense button (`&item=`) opens the right one.
 */
import { NativeSelect, Paper, Stack, Text, Title, Button } from '@mantine/core';
import { Suspense, useCallback, useEffect, useMemo } from 'react';
import { graphql } from 'react-relay';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ExpensesPageQuery } from '../../__generated__/ExpensesPageQuery.graphql';
import { formatMoneyDecimal } from '../../platform/domain';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { formatMoney } from '../trips/format';
import { tripIdOf } from '../trips/ids';
import { todayForTrips } from '../trips/today';
import { ExpensesWorkspace, ExpensesWorkspaceSkeleton } from './ExpensesWorkspace';

const Query = graphql`
  query ExpensesPageQuery($tripId: ID!, $hasTrip: Boolean!, $itemId: ID!, $hasItem: Boolean!) {
    viewer {
      id
      trips(first: 100) {
        edges {
          node {
            id
            name
            currency
            budget {
              amountCents
              currency
            }
          }
        }
      }
    }
    tripNode: node(id: $tripId) @include(if: $hasTrip) {
      ... on Trip @alias(as: "trip") {
        id
        currency
        ...ExpensesWorkspace_trip
      }
    }
    item: node(id: $itemId) @include(if: $hasItem) {
      ... on ItineraryItem {
        id
        title
        activityDate
        hasExpense
      }
    }
  }
`;

export default function ExpensesPage() {
  const data = useRouteQuery<ExpensesPageQuery>(Query);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const trips = useMemo(() => (data.viewer?.trips.edges ?? []).map((e) => e.node), [data.viewer]);
  const selected = params.get('trip');

  // No trip chosen yet: the soonest one.
  useEffect(() => {
    if (!selected && trips[0]) void navigate(`?trip=${tripIdOf(trips[0].id)}`, { replace: true });
  }, [selected, trips, navigate]);

  const trip = data.tripNode?.trip ?? null;
  const item = data.item && 'title' in data.item && !data.item.hasExpense ? data.item : null;
  const startWith = useMemo(
    () => (item ? { title: item.title, itineraryItemId: item.id, ...(item.activityDate ? { expenseDate: String(item.activityDate) } : {}) } : null),
    [item],
  );
  const onStarted = useCallback(() => void navigate(`?trip=${selected ?? ''}`, { replace: true }), [navigate, selected]);

  // The average budget of the viewer's trips planned in this trip's currency, in integer cents.
  const averagePerTrip = useMemo(() => {
    if (!trip) return null;
    const budgets = trips.filter((t) => t.budget && t.budget.currency === trip.currency).map((t) => t.budget!.amountCents);
    if (!budgets.length) return null;
    return formatMoney(formatMoneyDecimal(Math.floor(budgets.reduce((a, b) => a + b, 0) / budgets.length), trip.currency), trip.currency);
  }, [trips, trip]);

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Expenses
      </Title>
      {trips.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack align="center" gap="xs">
            <Text fw={600}>No trips yet</Text>
            <Text c="dark.4">Expenses belong to a trip: create one to start sharing costs.</Text>
            <Button component={Link} to="/dashboard/trips">
              Go to Trips
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <NativeSelect
            label="Trip"
            maw={420}
            data={trips.map((t) => ({ value: tripIdOf(t.id), label: t.name }))}
            value={selected ?? ''}
            onChange={(e) => void navigate(`?trip=${e.currentTarget.value}`)}
          />
          {selected && !trip ? (
            <Paper withBorder p="lg">
              <Text>Trip not found</Text>
            </Paper>
          ) : trip && data.viewer ? (
            <Suspense fallback={<ExpensesWorkspaceSkeleton />}>
              <ExpensesWorkspace
                trip={trip}
                viewerId={data.viewer.id}
                today={todayForTrips()}
                averagePerTrip={averagePerTrip}
                startWith={startWith}
                onStarted={onStarted}
              />
            </Suspense>
          ) : (
            <ExpensesWorkspaceSkeleton />
          )}
        </>
      )}
    </Stack>
  );
}
