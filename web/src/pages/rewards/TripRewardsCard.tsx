/**
 * "Who should book what": for each item of the trip and each expense category, the member who
 * should pay and with which card or programme, with the reasoning. Other members' wallets stay
 * private: only the chosen card of each suggestion shows.
 */
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { TripRewardsCard_trip$key } from '../../__generated__/TripRewardsCard_trip.graphql';
import { formatMinor } from './money';

const Fragment = graphql`
  fragment TripRewardsCard_trip on Trip {
    rewards {
      catalogVersion
      membersWithWallet
      suggestions {
        title
        itineraryItemId
        expenseCategory
        userId
        userName
        programId
        programName
        estimatedValueMinor
        currency
        amountBasis
        reason
      }
    }
  }
`;

export function TripRewardsCard({ trip }: { trip: TripRewardsCard_trip$key }) {
  const { rewards } = useFragment(Fragment, trip);
  const items = rewards.suggestions.filter((s) => s.itineraryItemId);
  const categories = rewards.suggestions.filter((s) => !s.itineraryItemId && s.amountBasis !== 'nominal');
  const everyday = rewards.suggestions.filter((s) => !s.itineraryItemId && s.amountBasis === 'nominal');
  const shown = [...items, ...categories, ...everyday];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="rewards-title" data-testid="trip-rewards">
      <Group justify="space-between" align="baseline" mb="xs" wrap="wrap">
        <Title order={3} fz="lg" id="rewards-title">
          Who should book what
        </Title>
        <Anchor component={Link} to="/dashboard/rewards" fz="sm">
          Your wallet
        </Anchor>
      </Group>
      {rewards.membersWithWallet === 0 ? (
        <Text c="dimmed" fz="sm">
          Nobody on this trip has added cards or programmes yet. Add yours in{' '}
          <Anchor component={Link} to="/dashboard/rewards">
            your rewards wallet
          </Anchor>{' '}
          to see who should pay for the flights, the hotel and the rest.
        </Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No card or programme in the crew’s wallets earns on this trip yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {shown.map((s) => (
            <div key={`${s.itineraryItemId ?? s.expenseCategory}`}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} fz="sm">
                  {s.title}
                </Text>
                <Badge variant="light" color="teal">
                  {s.userName} · {s.programName}
                </Badge>
                <Text fz="sm" c="dark.4">
                  ≈ {formatMinor(s.estimatedValueMinor, s.currency)}
                </Text>
              </Group>
              <Text fz="sm" c="dark.5">
                {s.reason}
              </Text>
            </div>
          ))}
          <Text fz="xs" c="dimmed">
            Estimates from the rewards catalogue {rewards.catalogVersion}: point values are dated estimates, not offers. Balances still settle as usual, so
            whoever books for everyone is paid back.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
