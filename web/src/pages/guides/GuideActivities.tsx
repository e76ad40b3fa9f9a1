/** 'What to Do': themed lists, day trips and priced activities. */
import { Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { GuideContent } from '../../platform/domain';
import { formatPrice, trackGuideClick } from './guideApi';
import { PartnerLink } from './GuideStay';
import { GuideIdeasButton } from './GuideIdeasButton';

export function GuideActivities({ slug, city, content }: { slug: string; city: string; content: GuideContent }) {
  const { lists, dayTrips, cards } = content.activities;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {lists.map((l) => (
          <Card key={l.title} withBorder radius="md" padding="lg">
            <Title order={3} fz="md">
              {l.title}
            </Title>
            <List spacing={4} mt="sm" fz="sm">
              {l.items.map((i) => (
                <List.Item key={i}>{i}</List.Item>
              ))}
            </List>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={3} fz="lg">
        Day trips
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {dayTrips.map((d) => (
          <Card key={d.name} withBorder radius="md" padding="md">
            <PartnerLink partner="GetYourGuide" url={d.url} itemId={`${slug}:${d.name}`}>
              {d.name}
            </PartnerLink>
            <Text fz="sm" c="dimmed" mt={4}>
              {d.note}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {cards.map((a) => (
          <Card key={a.name} withBorder radius="md" padding="lg">
            <Title order={3} fz="md">
              {a.name}
            </Title>
            <Text fz="sm" c="dimmed" mt={4} style={{ flex: 1 }}>
              {a.note}
            </Text>
            <Group mt="xs">
              <GuideIdeasButton place={a.name} city={city} />
            </Group>
            <Group justify="space-between" mt="sm">
              <Text fw={700}>from {formatPrice(a.price)}</Text>
              <Button
                component="a"
                href={a.url}
                target="_blank"
                rel="noopener sponsored"
                size="compact-sm"
                variant="light"
                onClick={() => trackGuideClick(a.partner, a.url, `${slug}:${a.name}`)}
                aria-label={`Book now: ${a.name}`}
              >
                Book now
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
