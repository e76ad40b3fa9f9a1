/** /how-it-works (seed 002 §2.9): demo video placeholder, three value cards, two calls to action. */
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCamera, IconMap2, IconReceipt2, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ProductTour } from '../../components/ProductTour';

const VALUES = [
  {
    icon: IconUsersGroup,
    title: 'Create & Invite',
    text: 'Start a trip with a destination, dates and a budget, then invite your friends by e-mail or from your friends list.',
  },
  {
    icon: IconReceipt2,
    title: 'Plan Together',
    text: 'Share the itinerary, reservations and checklists, and split every expense so settling up takes seconds.',
  },
  {
    icon: IconCamera,
    title: 'Travel & Remember',
    text: 'Stay in sync on the road and keep every photo from the trip in one shared album.',
  },
];

export default function HowItWorksPage() {
  return (
    <Stack gap={48}>
      <Stack gap="sm" ta="center" align="center" maw={720} mx="auto">
        <Title order={1} fz={{ base: 32, sm: 44 }}>
          How Tripcrew works
        </Title>
        <Text c="dimmed" fz="lg">
          From the first "we should go somewhere" to the last photo, your crew plans in one place.
        </Text>
      </Stack>
      <ProductTour maw={860} firstScreen />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {VALUES.map(({ icon: Icon, title, text }, index) => (
          <Card key={title} withBorder padding="lg">
            <ThemeIcon size={44} variant="light" mb="md" aria-hidden>
              <Icon size={24} />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {index + 1}. {title}
            </Title>
            <Text c="dimmed" fz="sm" mt={6} lh={1.6}>
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Group justify="center" gap="md">
        <Button component={Link} to="/signup" size="lg" color="coral.8">
          Start Planning
        </Button>
        <Button component={Link} to="/guides" size="lg" variant="light" leftSection={<IconMap2 size={18} />}>
          Explore Guides
        </Button>
      </Group>
    </Stack>
  );
}
