/** One destination of explore: its facts, 'Plan Trip to X' and 'Save to Wishlist'. */
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBookmark, IconBookmarkFilled, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usualWeather, type Destination } from '../../platform/domain';
import { formatPrice } from '../guides/guideApi';

export interface DestinationDetailProps {
  destination: Destination;
  saved: boolean;
  saving: boolean;
  onBack: () => void;
  onPlan: () => void;
  onSave: () => void;
}

export function DestinationDetail({ destination: d, saved, saving, onBack, onPlan, onSave }: DestinationDetailProps) {
  return (
    <Stack gap="lg">
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} w="fit-content">
        Back to destinations
      </Button>
      <Card withBorder radius="lg" padding="xl">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} fz={32}>
              {d.name}
            </Title>
            <Text c="dimmed">{d.country}</Text>
          </Stack>
          <Badge size="lg" leftSection={<IconStarFilled size={12} aria-hidden />} variant="light" color="yellow" c="dark.8">
            {d.rating.toFixed(1)}
          </Badge>
        </Group>
        <Text mt="md" fz="lg">
          {d.description}
        </Text>
        <Group mt="lg" gap="sm">
          <Button color="coral.8" onClick={onPlan}>
            Plan Trip to {d.name}
          </Button>
          <Button
            variant={saved ? 'light' : 'default'}
            loading={saving}
            onClick={onSave}
            disabled={saved}
            leftSection={saved ? <IconBookmarkFilled size={16} aria-hidden /> : <IconBookmark size={16} aria-hidden />}
          >
            {saved ? 'Saved to Wishlist' : 'Save to Wishlist'}
          </Button>
          {d.guideSlug && (
            <Button component={Link} to={`/dashboard/guides/${d.guideSlug}`} variant="subtle">
              Read the {d.name} guide
            </Button>
          )}
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Card withBorder radius="md">
          <Text fw={600}>Best time to visit</Text>
          <Text c="dimmed">{d.bestTimeToVisit}</Text>
        </Card>
        <Card withBorder radius="md">
          <Text fw={600}>Average cost</Text>
          <Text c="dimmed">{formatPrice(d.averageCost)} per person per day</Text>
        </Card>
        <Card withBorder radius="md">
          <Text fw={600}>Usual weather</Text>
          <Text c="dimmed">{usualWeather(d.climate, new Date().getMonth()).summary}</Text>
          <Text c="dimmed" fz="xs" mt={4}>
            Averages for {d.climate.station}, 1991–2020
          </Text>
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="md">
          <Title order={3} fz="md">
            Top attractions
          </Title>
          <List mt="xs" spacing={4}>
            {d.attractions.map((a) => (
              <List.Item key={a}>{a}</List.Item>
            ))}
          </List>
        </Card>
        <Card withBorder radius="md">
          <Title order={3} fz="md">
            Things to do
          </Title>
          <List mt="xs" spacing={4}>
            {d.activities.map((a) => (
              <List.Item key={a}>{a}</List.Item>
            ))}
          </List>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
