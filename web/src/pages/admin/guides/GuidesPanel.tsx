/**
 * The console's guides: every stored guide searched and filtered on the server, four counters
 * over all of them, and New Guide, Edit, Publish, Hide, Feature/Unfeature and Delete, each saved
 * on the server.
 */
import { Anchor, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { GuidesPanelQuery } from '../../../__generated__/GuidesPanelQuery.graphql';
import type { GuidesPanel_query$key } from '../../../__generated__/GuidesPanel_query.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { GuideEditorMessages } from '../../../platform/domain';
import { EmptyText } from '../kit/AdminTable';
import { ContentStats, ListControls, STATUS_COLORS, STATUS_FILTERS } from '../kit/ListControls';
import { LoadMoreButton } from '../kit/LoadMoreButton';
import { mediumDate } from '../kit/format';
import { useStatusListFilter } from '../kit/useStatusListFilter';
import { useAdminAction } from '../kit/useAdminAction';
import { GuideEditor } from './GuideEditor';
import { useAdminGuideActions, type GuideInput } from './useAdminGuideActions';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';

export const GUIDE_DELETE_CONFIRM = 'Are you sure you want to delete this guide? This action cannot be undone.';
const PAGE = ADMIN_PAGE.guides;

const Query = graphql`
  query GuidesPanelQuery($first: Int!) {
    ...GuidesPanel_query @arguments(first: $first)
  }
`;

const Fragment = graphql`
  fragment GuidesPanel_query on Query
  @refetchable(queryName: "GuidesPanelPaginationQuery")
  @argumentDefinitions(first: { type: "Int!" }, after: { type: "String" }, search: { type: "String" }, status: { type: "AdminGuideStatus" }) {
    admin {
      guideStats {
        total
        published
        drafts
        totalViews
      }
      guides(first: $first, after: $after, search: $search, status: $status) @connection(key: "GuidesPanel_guides", filters: ["search", "status"]) {
        totalCount
        edges {
          node {
            id
            slug
            title
            city
            country
            status
            featured
            description
            author
            viewCount
            createdAt
            updatedAt
          }
        }
      }
    }
  }
`;

type Guide = NonNullable<NonNullable<NonNullable<GuidesPanel_query$key[' $data']>['admin']>['guides']['edges'][number]['node']>;

export default function GuidesPanel() {
  const data = useAdminQuery<GuidesPanelQuery>(Query, { first: PAGE });
  return <GuidesList query={data} />;
}

function GuidesList({ query }: { query: GuidesPanel_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(Fragment, query);
  const { filter, refetching, onSearch, onStatus, reload } = useStatusListFilter(refetch, PAGE);
  const [details, setDetails] = useState<Guide | null>(null);
  const [deleting, setDeleting] = useState<Guide | null>(null);
  // The editor: closed, a new guide (null id) or the guide being edited.
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const { run, pending } = useAdminAction();
  const actions = useAdminGuideActions();

  const admin = data.admin;
  if (!admin) return null;
  const stats = admin.guideStats;
  const guides = admin.guides.edges.map((e) => e.node).filter((n): n is Guide => !!n);

  const act = async (label: string, work: Promise<{ ok: boolean }>, success: string) => {
    const outcome = await run(label, work as never, success);
    if ((outcome as { ok: boolean }).ok) reload();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await run('delete guide', actions.remove(deleting.id), 'Guide deleted successfully!');
    if (outcome.ok) {
      setDeleting(null);
      setDetails(null);
      reload();
    }
  };

  const saveGuide = async (id: string | null, input: GuideInput) => {
    const outcome = id
      ? await run('update guide', actions.update(id, input), GuideEditorMessages.updated)
      : await run('create guide', actions.create(input), GuideEditorMessages.created);
    if (outcome.ok) {
      setEditing(null);
      reload();
    }
    return outcome;
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ id: null })}>
          New Guide
        </Button>
      </Group>
      <ContentStats plural="Guides" stats={stats} />
      <ListControls
        label="Search guides"
        placeholder="Search by title or city..."
        statuses={STATUS_FILTERS}
        status={filter.status}
        onStatus={onStatus}
        onSearch={onSearch}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {refetching ? 'Loading guides...' : `${admin.guides.totalCount} ${admin.guides.totalCount === 1 ? 'guide' : 'guides'}`}
      </Text>
      {guides.length === 0 ? (
        <EmptyText>No guides found</EmptyText>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={900} aria-label="Guides">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Guide</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Views</Table.Th>
                <Table.Th>Featured</Table.Th>
                <Table.Th>Updated</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {guides.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {g.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {g.author ?? 'Tripcrew team'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {g.city}, {g.country}
                  </Table.Td>
                  <Table.Td>
                    {/* A badge's label clips, which lets a crowded table squeeze it to nothing: here it keeps its width. */}
                    <Badge color={STATUS_COLORS[g.status] ?? 'gray'} variant="light" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
                      {g.status.toLowerCase()}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{g.viewCount}</Table.Td>
                  <Table.Td>
                    {g.featured ? (
                      <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" aria-label="Featured" />
                    ) : (
                      <Text size="xs" c="dimmed">
                        No
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{mediumDate(g.updatedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setDetails(g)} aria-label={`Details of ${g.title}`}>
                        Details
                      </Button>
                      <Button size="compact-xs" variant="light" onClick={() => setEditing({ id: g.id })} aria-label={`Edit ${g.title}`}>
                        Edit
                      </Button>
                      <Anchor href={`/guides/${g.slug}`} target="_blank" rel="noopener noreferrer" size="xs" px={6}>
                        View
                      </Anchor>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="yellow"
                        disabled={!!pending}
                        onClick={() =>
                          void act(
                            g.featured ? 'unfeature guide' : 'feature guide',
                            actions.setFeatured(g.id, !g.featured),
                            g.featured ? 'Guide unfeatured successfully!' : 'Guide featured successfully!',
                          )
                        }
                      >
                        {g.featured ? 'Unfeature' : 'Feature'}
                      </Button>
                      {g.status !== 'PUBLISHED' && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="green"
                          disabled={!!pending}
                          onClick={() => void act('publish guide', actions.setStatus(g.id, 'PUBLISHED'), 'Guide published successfully!')}
                        >
                          Publish
                        </Button>
                      )}
                      {g.status !== 'HIDDEN' && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="orange"
                          disabled={!!pending}
                          onClick={() => void act('hide guide', actions.setStatus(g.id, 'HIDDEN'), 'Guide hidden successfully!')}
                        >
                          Hide
                        </Button>
                      )}
                      <Button size="compact-xs" variant="light" color="red" disabled={!!pending} onClick={() => setDeleting(g)}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <LoadMoreButton variant="default" hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
      <Modal opened={!!details} onClose={() => setDetails(null)} title="Guide Details" size="lg">
        {details && (
          <Stack gap={6}>
            <Text fw={700} size="lg">
              {details.title}
            </Text>
            <Text size="sm">
              {details.city}, {details.country} · /guides/{details.slug}
            </Text>
            <Text size="sm">Status: {details.status.toLowerCase()}</Text>
            <Text size="sm">Featured: {details.featured ? 'Yes' : 'No'}</Text>
            <Text size="sm">Views: {details.viewCount}</Text>
            <Text size="sm">Author: {details.author ?? 'Tripcrew team'}</Text>
            <Text size="sm">Created: {mediumDate(details.createdAt)}</Text>
            <Text size="sm">Updated: {mediumDate(details.updatedAt)}</Text>
            {details.description && <Text size="sm">{details.description}</Text>}
          </Stack>
        )}
      </Modal>
      <GuideEditor guideId={editing?.id ?? null} opened={!!editing} onClose={() => setEditing(null)} onSave={saveGuide} />
      <ConfirmDialog
        opened={!!deleting}
        title="Delete guide"
        confirmLabel="Delete"
        loading={pending === 'delete guide'}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {GUIDE_DELETE_CONFIRM}
      </ConfirmDialog>
    </Stack>
  );
}
