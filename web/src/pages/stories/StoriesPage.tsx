import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconCoin, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { GUIDE_IMAGE_SIZE, imageLoading } from '../../components/imageLoading';
import { useRestData, type Loaded } from '../../platform/restData';
import { GUIDES_PATH, pickGuides, type GuideSummary } from '../guides/guideApi';
import { LANDING_GUIDES, listDate, pickStories, STORIES_PATH, type StoryListRow } from './listQueries';
import { storyPath } from './paths';
import classes from './stories.module.css';

const TIPS = [
  { icon: IconUsers, title: 'Plan together', text: 'Invite your crew early so everyone shapes the plan.' },
  { icon: IconCoin, title: 'Split as you go', text: 'Log shared costs the day they happen.' },
  { icon: IconMapPin, title: 'Pin the essentials', text: 'Put stays and bookings on the itinerary map.' },
  { icon: IconBulb, title: 'Ask a local', text: 'The best cafés are rarely in the guidebooks.' },
];

/** A list's loaded value, else its skeleton while it loads or a line when it failed. */
function WhenReady<T>({ loaded, label, children }: { loaded: Loaded<T>; label: string; children: (value: T) => ReactNode }) {
  if (loaded.state === 'ready') return <>{children(loaded.value)}</>;
  if (loaded.state === 'loading') return <div className={classes.skeleton} role="status" aria-busy="true" aria-label={`Loading ${label}`} />;
  return <Text c="red.8">Could not load the {label}. Please try again.</Text>;
}

/** The first published guides (featured first), as the administrators keep them. */
function GuideCards({ all }: { all: GuideSummary[] }) {
  const guides = all.slice(0, LANDING_GUIDES);
  if (guides.length === 0) return <Text c="dimmed">City guides are on their way.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {guides.map((g) => (
        <Card key={g.slug} withBorder padding="md" component={Link} to={`/guides/${g.slug}`} className={classes.card}>
          <Card.Section>
            <img src={g.image_url} alt="" className={classes.guideImage} {...GUIDE_IMAGE_SIZE} {...imageLoading(true)} />
          </Card.Section>
          <Title order={3} fz="lg" mt="sm">
            {g.city}
          </Title>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {g.country}
          </Text>
          {g.description && (
            <Text size="sm" c="dimmed" mt={4} lineClamp={2}>
              {g.description}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

function PopularStories({ stories }: { stories: StoryListRow[] }) {
  if (stories.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Stack align="center" gap="xs">
          <Text fw={600}>No stories yet</Text>
          <Button component={Link} to="/blog/write" variant="light">
            Write Your Story
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {stories.map((node) => (
        <Card key={node.id} withBorder padding="md" component={Link} to={storyPath(node.slug || node.id)} className={classes.card}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {node.city || 'Unknown City'}
          </Text>
          <Title order={3} fz="lg" mt={4}>
            {node.title || 'Untitled Story'}
          </Title>
          <Text size="sm" c="dimmed" mt={6}>
            Updated {listDate(node.updated_at)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** /stories: guides, the most viewed stories, tips and a call to write. */
export default function StoriesPage() {
  const guides = useRestData(GUIDES_PATH, pickGuides);
  const stories = useRestData(STORIES_PATH, pickStories);
  return (
    <Stack gap={48}>
      <Stack gap={4}>
        <Title order={1}>Travel Stories</Title>
        <Text c="dimmed">City guides from our team and stories from travellers like you.</Text>
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="stories-guides">
        <Title order={2} id="stories-guides">
          City guides
        </Title>
        <WhenReady loaded={guides} label="guides">
          {(all) => <GuideCards all={all} />}
        </WhenReady>
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="stories-popular">
        <Group justify="space-between">
          <Title order={2} id="stories-popular">
            Popular stories
          </Title>
          <Anchor component={Link} to="/blog">
            All stories
          </Anchor>
        </Group>
        <WhenReady loaded={stories} label="stories">
          {(list) => <PopularStories stories={list} />}
        </WhenReady>
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="stories-tips">
        <Title order={2} id="stories-tips">
          Travel tips
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {TIPS.map((tip) => (
            <Card key={tip.title} withBorder padding="md">
              <ThemeIcon variant="light" size="lg" aria-hidden>
                <tip.icon size={20} />
              </ThemeIcon>
              <Text fw={600} mt="sm">
                {tip.title}
              </Text>
              <Text size="sm" c="dimmed">
                {tip.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>

      <Card withBorder padding="xl" component="section" aria-labelledby="stories-cta">
        <Stack align="center" gap="sm">
          <Title order={2} id="stories-cta">
            Been somewhere good?
          </Title>
          <Text c="dimmed" ta="center">
            Write a story for the crew, or start with a city guide.
          </Text>
          <Group>
            <Button component={Link} to="/blog/write">
              Write Your Story
            </Button>
            <Button component={Link} to="/guides" variant="default">
              Explore guides
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
