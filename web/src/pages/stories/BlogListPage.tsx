import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import type { BlogListPageQuery } from '../../__generated__/BlogListPageQuery.graphql';
import { FIRST_SCREEN_CARDS } from '../../components/imageLoading';
import { ClientData } from './ClientData';
import { BLOG_VARIABLES } from './listQueries';
import { StoryCard } from './StoryCard';
import classes from './stories.module.css';

const Query = graphql`
  query BlogListPageQuery($first: Int!) {
    publishedStories(first: $first) {
      edges {
        node {
          id
          ...StoryCard_story
        }
      }
    }
  }
`;

function Stories() {
  const data = useLazyLoadQuery<BlogListPageQuery>(Query, BLOG_VARIABLES, { fetchPolicy: 'store-and-network' });
  const edges = data.publishedStories.edges;
  if (edges.length === 0) {
    return (
      <Stack align="center" py="xl" gap="xs">
        <Text fw={600}>No stories yet</Text>
        <Text c="dimmed">Be the first to share a trip.</Text>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {edges.map((e, i) => (
        <StoryCard key={e.node.id} story={e.node} first={i < FIRST_SCREEN_CARDS} />
      ))}
    </SimpleGrid>
  );
}

const Skeleton = () => (
  <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" role="status" aria-busy="true" aria-label="Loading stories">
    {[0, 1, 2].map((i) => (
      <div key={i} className={classes.skeleton} />
    ))}
  </SimpleGrid>
);

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
      <ClientData fallback={<Skeleton />}>
        <Stories />
      </ClientData>
    </Stack>
  );
}
