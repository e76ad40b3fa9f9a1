/** The page of a city without a stored guide: 'City Guide' and what to think about. */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { GENERIC_GUIDE_TITLE } from '../../platform/domain';

const cityName = (slug: string) =>
  slug
    .split('-')
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');

export function GenericGuide({ city }: { city: string }) {
  const name = cityName(city);
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{GENERIC_GUIDE_TITLE}</Title>
      {name && (
        <Text c="dimmed" fz="lg">
          We have not written a detailed guide for {name} yet. Here is where to start.
        </Text>
      )}
      <Title order={2} fz="xl">
        Where to stay
      </Title>
      <Text>Choose a central neighbourhood close to public transport, so the whole crew can reach the sights and each other easily.</Text>
      <Title order={2} fz="xl">
        Top activities
      </Title>
      <Text>Mix one landmark a day with a food market, a long walk and an evening out; leave room for what locals recommend.</Text>
      <Title order={2} fz="xl">
        When to go
      </Title>
      <Text>Shoulder seasons usually bring mild weather, shorter queues and lower prices than the peak months.</Text>
      <Group>
        {name && (
          <Button component={Link} to={`/dashboard/explore?city=${encodeURIComponent(name)}`} color="coral.8">
            Plan {name} Trip
          </Button>
        )}
        <Button component={Link} to="/guides" variant="light">
          More guides
        </Button>
      </Group>
    </Stack>
  );
}
