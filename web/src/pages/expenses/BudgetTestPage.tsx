/**
 * /dashboard/budget-test: the developer page of seed 001 §2 that opens the budget form. It lists
 * the viewer's trips so the form has a trip to set, and opens the same form as the trip page.
 */
import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql } from 'react-relay';
import { Link } from 'react-router-dom';
import type { BudgetTestPageQuery } from '../../__generated__/BudgetTestPageQuery.graphql';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { BudgetModal } from '../itinerary/BudgetModal';
import { formatMoney } from '../trips/format';

const Query = graphql`
  query BudgetTestPageQuery {
    viewer {
      id
      trips(first: 100) {
        edges {
          node {
            id
            name
            currency
            budget {
              amount
              currency
            }
          }
        }
      }
    }
  }
`;

export default function BudgetTestPage() {
  const data = useRouteQuery<BudgetTestPageQuery>(Query);
  const trips = data.viewer?.trips.edges.map((e) => e.node) ?? [];
  const [tripId, setTripId] = useState<string>(trips[0]?.id ?? '');
  const [open, setOpen] = useState(false);
  const trip = trips.find((t) => t.id === tripId) ?? trips[0];

  return (
    <Stack gap="lg" maw={560}>
      <div>
        <Title order={1}>Budget</Title>
        <Text c="dark.4">A developer page that opens the trip budget form.</Text>
      </div>
      <Paper withBorder p="lg">
        {trip ? (
          <Stack gap="sm">
            <NativeSelect
              label="Trip"
              data={trips.map((t) => ({ value: t.id, label: t.name }))}
              value={trip.id}
              onChange={(e) => setTripId(e.currentTarget.value)}
            />
            <Text>
              Budget: <strong>{trip.budget ? `${formatMoney(trip.budget.amount, trip.budget.currency)} ${trip.budget.currency}` : 'No budget set'}</strong>
            </Text>
            <Group>
              <Button onClick={() => setOpen(true)}>Set Budget</Button>
            </Group>
            <BudgetModal
              opened={open}
              onClose={() => setOpen(false)}
              tripId={trip.id}
              tripName={trip.name}
              amount={trip.budget?.amount ?? null}
              currency={trip.budget?.currency ?? trip.currency}
            />
          </Stack>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text>You have no trips yet; a budget belongs to a trip.</Text>
            <Button component={Link} to="/dashboard/trips">
              Go to Your Trips
            </Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
