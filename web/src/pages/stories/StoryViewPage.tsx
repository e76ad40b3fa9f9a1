import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { COVER_SIZE, imageLoading } from '../../components/imageLoading';
import { useDocumentTitle } from '../../platform/documentTitle';
import { useRestData } from '../../platform/restData';
import { useSession } from '../../platform/SessionProvider';
import { longDate } from './listQueries';
import { editStoryPath, storyNodeId } from './paths';
import { pickStoryPage, storyRestPath, type StoryPage } from './storyApi';
import { StorySections } from './StorySections';
import classes from './stories.module.css';

const STATUS_LABEL = { draft: 'Draft', published: 'Published', hidden: 'Hidden' } as const;

function NotFound() {
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

function Story({ page: { story, sections } }: { page: StoryPage }) {
  const { user } = useSession();
  const isMine = user?.id === story.author_id;
  const views = story.view_count;
  return (
    <Stack gap="lg" component="article" maw={820} mx="auto">
      {story.cover_url && <img src={story.cover_url} alt="" className={classes.hero} {...COVER_SIZE} {...imageLoading(true)} />}
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" tt="uppercase" fw={700} c="dimmed">
            {story.city || 'Unknown City'}
          </Text>
          {story.status !== 'published' && <Badge color="gray">{STATUS_LABEL[story.status]}</Badge>}
        </Group>
        <Title order={1}>{story.title || 'Untitled Story'}</Title>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            By {story.author_name}
            {story.published_at ? ` · ${longDate(story.published_at)}` : ''} ·{' '}
            <span data-testid="story-views">
              {views} {views === 1 ? 'view' : 'views'}
            </span>
          </Text>
          {isMine && (
            <Button component={Link} to={editStoryPath(storyNodeId(story.id))} variant="light" leftSection={<IconEdit size={16} />}>
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
      <StorySections city={story.city} sections={sections} />
    </Stack>
  );
}

/**
 * /blog/stories/:id — the parameter is a slug or an id. Public for published stories; an author
 * also reads their own drafts. The server renders it per request with the signed-out answer
 * (web/src/prerender.tsx): the first render here is that markup; then the browser reads it again
 * as the reader, which counts their view and shows an author their draft.
 */
export default function StoryViewPage() {
  const { id = '' } = useParams();
  const page = useRestData(storyRestPath(id), pickStoryPage, { countsView: true });
  useDocumentTitle(page.state === 'ready' ? page.value.story.title : page.state === 'loading' ? null : 'Story not found');
  if (page.state === 'loading') return <Loading />;
  if (page.state === 'ready') return <Story page={page.value} />;
  if (page.state === 'missing') return <NotFound />;
  return (
    <Text c="red.8" ta="center" py="xl">
      Could not load the story. Please try again.
    </Text>
  );
}
