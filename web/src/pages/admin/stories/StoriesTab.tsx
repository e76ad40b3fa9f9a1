/**
 * The console's stories: every story searched by title or city and filtered by status on the
 * server, the stat cards over all of them, and Publish, Hide and Delete by the stories rules.
 */
import { Anchor, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { StoriesTabQuery } from '../../../__generated__/StoriesTabQuery.graphql';
import type { StoriesTab_query$key } from '../../../__generated__/StoriesTab_query.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyText } from '../kit/AdminTable';
import { ContentStats, ListControls, STATUS_COLORS, STATUS_FILTERS } from '../kit/ListControls';
import { LoadMoreButton } from '../kit/LoadMoreButton';
import { mediumDate, recordId } from '../kit/format';
import { useStatusListFilter } from '../kit/useStatusListFilter';
import { ShortId } from '../kit/ShortId';
import { useAdminAction } from '../kit/useAdminAction';
import { useAdminStoryActions } from './useAdminStoryActions';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';

export const STORY_DELETE_CONFIRM = 'Are you sure you want to delete this story? This action cannot be undone.';
const PAGE = ADMIN_PAGE.stories;

const Query = graphql`
  query StoriesTabQuery($first: Int!) {
    ...StoriesTab_query @arguments(first: $first)
  }
`;

const Fragment = graphql`
  fragment StoriesTab_query on Query
  @refetchable(queryName: "StoriesTabPaginationQuery")
  @argumentDefinitions(first: { type: "Int!" }, after: { type: "String" }, search: { type: "String" }, status: { type: "StoryStatus" }) {
    admin {
      storyStats {
        total
        published
        drafts
        totalViews
      }
      stories(first: $first, after: $after, search: $search, status: $status) @connection(key: "StoriesTab_stories", filters: ["search", "status"]) {
        totalCount
        edges {
          node {
            id
            title
            city
            intro
            tags
            status
            slug
            viewCount
            authorFullName
            authorEmail
            createdAt
            updatedAt
          }
        }
      }
    }
  }
`;

type Story = NonNullable<NonNullable<NonNullable<StoriesTab_query$key[' $data']>['admin']>['stories']['edges'][number]['node']>;

export default function StoriesTab() {
  const data = useAdminQuery<StoriesTabQuery>(Query, { first: PAGE });
  return <StoriesList query={data} />;
}

function StoriesList({ query }: { query: StoriesTab_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(Fragment, query);
  // The stat cards and the filtered list are read again after every change (`reload`).
  const { filter, refetching, onSearch, onStatus, reload } = useStatusListFilter(refetch, PAGE);
  const [details, setDetails] = useState<Story | null>(null);
  const [deleting, setDeleting] = useState<Story | null>(null);
  const { run, pending } = useAdminAction();
  const { setStatus, remove } = useAdminStoryActions();

  const admin = data.admin;
  if (!admin) return null;
  const stats = admin.storyStats;
  const stories = admin.stories.edges.map((e) => e.node).filter((n): n is Story => !!n);

  const act = async (story: Story, status: 'PUBLISHED' | 'HIDDEN') => {
    const label = status === 'PUBLISHED' ? 'publish story' : 'hide story';
    const outcome = await run(label, setStatus(story.id, status), status === 'PUBLISHED' ? 'Story published successfully!' : 'Story hidden successfully!');
    if (outcome.ok) reload();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await run('delete story', remove(deleting.id), 'Story deleted successfully!');
    if (outcome.ok) {
      setDeleting(null);
      setDetails(null);
      reload();
    }
  };

  return (
    <Stack gap="md">
      <ContentStats plural="Stories" stats={stats} />
      <ListControls
        label="Search stories"
        placeholder="Search by title or city..."
        statuses={STATUS_FILTERS}
        status={filter.status}
        onStatus={onStatus}
        onSearch={onSearch}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {refetching ? 'Loading stories...' : `${admin.stories.totalCount} ${admin.stories.totalCount === 1 ? 'story' : 'stories'}`}
      </Text>
      {stories.length === 0 ? (
        <EmptyText>No stories found</EmptyText>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={860} aria-label="Stories">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Story</Table.Th>
                <Table.Th>Author</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Views</Table.Th>
                <Table.Th>Updated</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stories.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {s.title || 'Untitled Story'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.city || 'Unknown City'} · <ShortId id={recordId(s.id)} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{s.authorFullName || 'Unknown Author'}</Text>
                    {s.authorEmail && (
                      <Text size="xs" c="dimmed">
                        {s.authorEmail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[s.status] ?? 'gray'} variant="light">
                      {s.status.toLowerCase()}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{s.viewCount}</Table.Td>
                  <Table.Td>{mediumDate(s.updatedAt)}</Table.Td>
                  <Table.Td>
                    <StoryActions
                      story={s}
                      pending={pending}
                      onDetails={() => setDetails(s)}
                      onStatus={(status) => void act(s, status)}
                      onDelete={() => setDeleting(s)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <LoadMoreButton variant="default" hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
      <Modal opened={!!details} onClose={() => setDetails(null)} title="Story Details" size="lg">
        {details && (
          <Stack gap="xs">
            <Text fw={700} size="lg">
              {details.title || 'Untitled Story'}
            </Text>
            <Detail label="Id" value={<ShortId id={recordId(details.id)} />} />
            <Detail label="City" value={details.city || 'Unknown City'} />
            <Detail label="Author" value={`${details.authorFullName || 'Unknown Author'}${details.authorEmail ? ` (${details.authorEmail})` : ''}`} />
            <Detail label="Status" value={details.status.toLowerCase()} />
            <Detail label="Slug" value={details.slug} />
            <Detail label="Views" value={details.viewCount} />
            <Detail label="Tags" value={details.tags.length ? details.tags.join(', ') : 'None'} />
            <Detail label="Created" value={mediumDate(details.createdAt)} />
            <Detail label="Updated" value={mediumDate(details.updatedAt)} />
            {details.intro && <Text size="sm">{details.intro}</Text>}
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={!!deleting}
        title="Delete story"
        confirmLabel="Delete"
        loading={pending === 'delete story'}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {STORY_DELETE_CONFIRM}
      </ConfirmDialog>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={80}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </Group>
  );
}

function StoryActions({
  story,
  pending,
  onDetails,
  onStatus,
  onDelete,
}: {
  story: Story;
  pending: string | null;
  onDetails: () => void;
  onStatus: (status: 'PUBLISHED' | 'HIDDEN') => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="subtle" onClick={onDetails} aria-label={`Details of ${story.title}`}>
        Details
      </Button>
      <Anchor href={`/blog/stories/${story.slug || recordId(story.id)}`} target="_blank" rel="noopener noreferrer" size="xs" px={6}>
        View
      </Anchor>
      {story.status !== 'PUBLISHED' && (
        <Button size="compact-xs" variant="light" color="green" disabled={!!pending} onClick={() => onStatus('PUBLISHED')}>
          Publish
        </Button>
      )}
      {story.status !== 'HIDDEN' && (
        <Button size="compact-xs" variant="light" color="orange" disabled={!!pending} onClick={() => onStatus('HIDDEN')}>
          Hide
        </Button>
      )}
      <Button size="compact-xs" variant="light" color="red" disabled={!!pending} onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}
