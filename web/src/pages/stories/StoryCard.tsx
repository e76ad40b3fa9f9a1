import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CARD_TAGS } from '../../platform/domain';
import { COVER_SIZE, imageLoading } from '../../components/imageLoading';
import type { StoryListRow } from './listQueries';
import { FALLBACK_COVER, storyPath } from './paths';
import classes from './stories.module.css';

/**
 * A blog card: cover (or the fallback), city, title and the first tags; the whole card links to
 * the story. `first`: a card of the first screen, whose cover is the page's largest picture and is
 * fetched at once and first (a lazy image waits for layout; the others wait for scrolling).
 */
export function StoryCard({ story: s, first = false }: { story: StoryListRow; first?: boolean }) {
  return (
    <Card withBorder padding="md" radius="md" component={Link} to={storyPath(s.slug || s.id)} className={classes.card}>
      <Card.Section>
        <img src={s.cover_url ?? FALLBACK_COVER} alt="" className={classes.cover} {...COVER_SIZE} {...imageLoading(first)} />
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
