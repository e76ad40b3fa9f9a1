import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { StoryCard_story$key } from '../../__generated__/StoryCard_story.graphql';
import { CARD_TAGS } from '../../platform/domain';
import { COVER_SIZE, imageLoading } from '../../components/imageLoading';
import { FALLBACK_COVER, storyPath } from './paths';
import classes from './stories.module.css';

const Fragment = graphql`
  fragment StoryCard_story on Story {
    title
    city
    slug
    coverUrl
    tags
  }
`;

/**
 * A blog card: cover (or the fallback), city, title and the first tags; the whole card links to
 * the story. `first`: a card of the first screen, whose cover is the page's largest picture and is
 * fetched at once and first (a lazy image waits for layout; the others wait for scrolling).
 */
export function StoryCard({ story, first = false }: { story: StoryCard_story$key; first?: boolean }) {
  const s = useFragment(Fragment, story);
  return (
    <Card withBorder padding="md" radius="md" component={Link} to={storyPath(s.slug)} className={classes.card}>
      <Card.Section>
        <img src={s.coverUrl ?? FALLBACK_COVER} alt="" className={classes.cover} {...COVER_SIZE} {...imageLoading(first)} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {s.city || 'Unknown City'}
        </Text>
        <Title order={3} fz="lg">
          {s.title || 'Untitled Story'}
        </Title>
        {s.tags.length > 0 && (
          <Group gap={6}>
            {s.tags.slice(0, CARD_TAGS).map((tag) => (
              <Badge key={tag} variant="light" size="sm">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
