/** /about and /dashboard/about. */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export default function AboutPage() {
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>About Us</Title>
      <Text fz="lg">Tripcrew is where friends plan trips together: one place for the itinerary, the budget, the bookings and the memories.</Text>
      <Text>
        Group trips fall apart in chat threads and spreadsheets. We built Tripcrew so everyone in the crew sees the same plan, adds to it live, splits costs
        fairly and settles up in a few taps.
      </Text>
      <Text>Our city guides and community stories help you decide where to go; the trip workspace helps you get there together.</Text>
      <Group>
        <Button component={Link} to="/signup" color="coral.8">
          Start Planning
        </Button>
        <Button component={Link} to="/guides" variant="light">
          Explore Guides
        </Button>
      </Group>
    </Stack>
  );
}
