import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FIRST_SCREEN_CARDS } from '../../components/imageLoading';
import { useRestData } from '../../platform/restData';
import { BLOG_PATH, pickStories } from './listQueries';
import { StoryCard } from './StoryCard';
import classes from './stories.module.css';

const Skeleton = () => (
  <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" role="status" aria-busy="true" aria-label="Loading stories">
    {[0, 1, 2].map((i) => (
      <div key={i} className={classes.skeleton} />
    ))}
  </SimpleGrid>
);

function Stories() {
  const stories = useRestData(BLOG_PATH, pickStories);
  if (stories.state === 'loading') return <Skeleton />;
  if (stories.state !== 'ready') return <Text c="red.8">Could not load the stories. Please try again.</Text>;
  if (stories.value.length === 0) {
    return (
      <Stack align="center" py="xl" gap="xs">
        <Text fw={600}>No stories yet</Text>
        <Text c="dimmed">Be the first to share a trip.</Text>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {stories.value.map((story, i) => (
        <StoryCard key={story.id} story={story} first={i < FIRST_SCREEN_CARDS} />
      ))}
    </SimpleGrid>
  );
}

/** /blog: the most viewed published stories. */
export default function BlogListPage() {
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Stories from the crew</Title>
          <Text c="dimmed">Trips told by the people who took them.</Text>
        </Stack>
        <Button component={Link} to="/blog/write">
          Write your story
        </Button>
      </Group>
      <Stories />
    </Stack>
  );
}
