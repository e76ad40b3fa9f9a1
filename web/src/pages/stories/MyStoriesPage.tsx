import { Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import type { MyStoriesPageQuery, StoryStatus } from '../../__generated__/MyStoriesPageQuery.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading } from '../../components/Loading';
import { StoryMessages as M } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { editStoryPath, storyPath } from './paths';
import { useDeleteStory } from './useDeleteStory';
import { useSetStoryStatus } from './useSetStoryStatus';
import { readerDate } from '../../components/dateFormat';

const Query = graphql`
  query MyStoriesPageQuery($status: StoryStatus) {
    myStories(status: $status, first: 100) @connection(key: "MyStoriesPage_myStories", filters: ["status"]) {
      __id
      edges {
        node {
          id
          title
          city
          status
          slug
          createdAt
          updatedAt
        }
      }
    }
  }
`;

const FILTERS = [
  { value: 'ALL', label: 'All' },
  { value: 'DRAFT', label: 'Draft' },
  { value: 'PUBLISHED', label: 'Published' },
  { value: 'HIDDEN', label: 'Hidden' },
];
const STATUS = {
  DRAFT: { label: 'draft', color: 'gray' },
  PUBLISHED: { label: 'published', color: 'teal' },
  HIDDEN: { label: 'hidden', color: 'orange' },
} as const;
/** The one move each status offers from this list. */
const MOVE: Record<string, { label: string; to: StoryStatus }> = {
  DRAFT: { label: 'Publish', to: 'PUBLISHED' },
  PUBLISHED: { label: 'Hide', to: 'HIDDEN' },
  HIDDEN: { label: 'Unhide', to: 'PUBLISHED' },
};
const dateOf = (iso: string) => readerDate(iso, { year: 'numeric', month: 'short', day: 'numeric' });

function StoryList({ filter }: { filter: string }) {
  const status = filter === 'ALL' ? null : (filter as StoryStatus);
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<MyStoriesPageQuery>(Query, { status }, { fetchPolicy: 'store-and-network', fetchKey });
  const [setStatus] = useSetStoryStatus();
  const [remove, removing] = useDeleteStory(data.myStories.__id);
  const [deleting, setDeleting] = useState<string | null>(null);
  const edges = data.myStories.edges;

  const move = async (id: string, to: StoryStatus) => {
    const outcome = await setStatus(id, to);
    if (!outcome.ok) return notify.error(M.statusFailed);
    // A story that moved out of this filter leaves it.
    if (status) setFetchKey((k) => k + 1);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await remove(deleting);
    setDeleting(null);
    if (!outcome.ok) notify.error(M.deleteFailed);
    else notify.success('Story deleted.');
  };

  if (edges.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Stack align="center" gap="sm">
          <Text fw={600}>{status ? `No ${STATUS[status as keyof typeof STATUS].label} stories` : 'No stories yet'}</Text>
          <Button component={Link} to="/blog/write" leftSection={<IconPlus size={16} />}>
            Write Your Story
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>City</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Updated</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {edges.map(({ node }) => {
              const badge = STATUS[node.status as keyof typeof STATUS] ?? STATUS.DRAFT;
              const next = MOVE[node.status];
              const title = node.title || 'Untitled Story';
              return (
                <Table.Tr key={node.id}>
                  <Table.Td fw={600}>{title}</Table.Td>
                  <Table.Td>
                    <Badge color={badge.color} variant="light">
                      {badge.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{node.city || 'Unknown City'}</Table.Td>
                  <Table.Td>{dateOf(node.createdAt)}</Table.Td>
                  <Table.Td>{dateOf(node.updatedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="subtle" component={Link} to={storyPath(node.slug)} aria-label={`View ${title}`}>
                        View
                      </Button>
                      <Button size="xs" variant="subtle" component={Link} to={editStoryPath(node.id)} aria-label={`Edit ${title}`}>
                        Edit
                      </Button>
                      {next && (
                        <Button size="xs" variant="subtle" onClick={() => move(node.id, next.to)} aria-label={`${next.label} ${title}`}>
                          {next.label}
                        </Button>
                      )}
                      <Button size="xs" variant="subtle" color="red.8" onClick={() => setDeleting(node.id)} aria-label={`Delete ${title}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete story"
        confirmLabel="Delete"
        loading={removing}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {M.confirmDelete}
      </ConfirmDialog>
    </>
  );
}

/** /dashboard/my-stories: the author's own stories, by status, with their actions. */
export default function MyStoriesPage() {
  const [filter, setFilter] = useState('ALL');
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>My Stories</Title>
        <Button component={Link} to="/blog/write" leftSection={<IconPlus size={16} />}>
          Write a story
        </Button>
      </Group>
      <SegmentedControl data={FILTERS} value={filter} onChange={setFilter} aria-label="Filter stories by status" style={{ alignSelf: 'flex-start' }} />
      <Suspense fallback={<Loading />}>
        <StoryList filter={filter} />
      </Suspense>
    </Stack>
  );
}
