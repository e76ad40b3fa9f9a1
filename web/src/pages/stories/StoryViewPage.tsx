import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useParams } from 'react-router-dom';
import type { StoryViewPageQuery } from '../../__generated__/StoryViewPageQuery.graphql';
import { Loading } from '../../components/Loading';
import { COVER_SIZE, imageLoading } from '../../components/imageLoading';
import { RelayBoundary } from '../../platform/relay/RelayBoundary';
import { useDocumentTitle } from '../../platform/documentTitle';
import { longDate } from './listQueries';
import { StorySections } from './StorySections';
import { editStoryPath } from './paths';
import { shownViewCount, useRecordStoryView } from './useRecordStoryView';
import classes from './stories.module.css';

const Query = graphql`
  query StoryViewPageQuery($slugOrId: String!) {
    story(slugOrId: $slugOrId) {
      id
      title
      city
      intro
      tags
      status
      coverUrl
      authorName
      isMine
      viewCount
      publishedAt
      ...StorySections_story
    }
  }
`;

const STATUS_LABEL = { DRAFT: 'Draft', PUBLISHED: 'Published', HIDDEN: 'Hidden' } as const;

function Story({ slugOrId }: { slugOrId: string }) {
  const { story } = useLazyLoadQuery<StoryViewPageQuery>(Query, { slugOrId }, { fetchPolicy: 'store-and-network' });
  const recordedViews = useRecordStoryView(story?.id ?? '', story?.status === 'PUBLISHED' && !story.isMine);
  useDocumentTitle(story?.title ?? 'Story not found');
  if (!story) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1}>Story not found</Title>
        <Text c="dimmed">It may have been unpublished or removed.</Text>
        <Anchor component={Link} to="/blog">
          Back to all stories
        </Anchor>
      </Stack>
    );
  }
  const label = STATUS_LABEL[story.status as keyof typeof STATUS_LABEL];
  const views = shownViewCount(story.viewCount, recordedViews);
  return (
    <Stack gap="lg" component="article" maw={820} mx="auto">
      {story.coverUrl && <img src={story.coverUrl} alt="" className={classes.hero} {...COVER_SIZE} {...imageLoading(true)} />}
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" tt="uppercase" fw={700} c="dimmed">
            {story.city || 'Unknown City'}
          </Text>
          {story.status !== 'PUBLISHED' && <Badge color="gray">{label}</Badge>}
        </Group>
        <Title order={1}>{story.title || 'Untitled Story'}</Title>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            By {story.authorName}
            {story.publishedAt ? ` · ${longDate(story.publishedAt)}` : ''} ·{' '}
            <span data-testid="story-views">
              {views} {views === 1 ? 'view' : 'views'}
            </span>
          </Text>
          {story.isMine && (
            <Button component={Link} to={editStoryPath(story.id)} variant="light" leftSection={<IconEdit size={16} />}>
              Edit Story
            </Button>
          )}
        </Group>
        {story.tags.length > 0 && (
          <Group gap={6}>
            {story.tags.map((tag) => (
              <Badge key={tag} variant="light">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      {story.intro && (
        <Text size="lg" style={{ whiteSpace: 'pre-line' }}>
          {story.intro}
        </Text>
      )}
      <StorySections story={story} />
    </Stack>
  );
}

/**
 * /blog/stories/:id — the parameter is a slug or an id. Public for published stories. The server
 * renders it per request with the signed-out answer (web/src/prerender.tsx), whose records the
 * store starts from: the first render here is that markup, and the query (store-and-network)
 * then asks again as whoever is signed in (an author's draft, `isMine`).
 */
export default function StoryViewPage() {
  const { id = '' } = useParams();
  return (
    <RelayBoundary>
      <Suspense fallback={<Loading />}>
        <Story slugOrId={id} />
      </Suspense>
    </RelayBoundary>
  );
}
