/** The three most-read published stories, linking to each by its slug (or id). */
import { Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useRestData } from '../../platform/restData';
import { readerLocale } from '../../platform/renderFacts';

interface StoryTeaser {
  id: string;
  title: string;
  city: string;
  slug: string | null;
  updated_at: string;
  view_count: number;
}

export function PopularStories() {
  const stories = useRestData('/api/backend/popular-stories?limit=3', (b) => (b as { stories: StoryTeaser[] }).stories);
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        Popular stories
      </Title>
      {stories.state === 'loading' && <Skeleton h={72} />}
      {stories.state === 'ready' && stories.value.length === 0 && (
        <Text c="dimmed" fz="sm">
          No stories yet.{' '}
          <Anchor component={Link} to="/blog/write" fz="sm">
            Write the first one
          </Anchor>
        </Text>
      )}
      {stories.state === 'ready' && (
        <Stack gap="sm">
          {stories.value.map((s) => (
            <div key={s.id}>
              <Anchor component={Link} to={`/blog/stories/${s.slug || s.id}`} fw={600}>
                {s.title}
              </Anchor>
              <Text fz="xs" c="dimmed">
                {s.city} · {s.view_count.toLocaleString(readerLocale())} views
              </Text>
            </div>
          ))}
        </Stack>
      )}
      {(stories.state === 'failed' || stories.state === 'missing') && (
        <Text c="dimmed" fz="sm">
          Stories could not be loaded.
        </Text>
      )}
    </Card>
  );
}
