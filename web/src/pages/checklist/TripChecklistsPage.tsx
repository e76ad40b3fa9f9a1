/**
 * /dashboard/checklist/:tripId, one trip's checklists: back, destination, dates, member count,
 * '+ Add Checklist' (empty or from a starter template), then each checklist with its items.
 * Ticks show at once (optimistic) and reach the other members live, as do all their changes.
 */
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconBulb, IconCalendar, IconChecklist, IconMapPin, IconPlus, IconUsers } from '@tabler/icons-react';
import { Suspense, useMemo, useState } from 'react';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { TripChecklistsPageQuery } from '../../__generated__/TripChecklistsPageQuery.graphql';
import type { TripChecklistsPage_checklists$key } from '../../__generated__/TripChecklistsPage_checklists.graphql';
import type { TripChecklistsPage_trip$key } from '../../__generated__/TripChecklistsPage_trip.graphql';
import type { TripChecklistsPaginationQuery } from '../../__generated__/TripChecklistsPaginationQuery.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateRange } from '../../components/dateFormat';
import { useDocumentTitle } from '../../platform/documentTitle';
import { ChecklistMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { useRouteQuery } from '../../platform/relay/routeQuery';
import { destinationText } from '../trips/format';
import { TripNotFound } from '../trips/TripNotFound';
import { todayForTrips } from '../trips/today';
import { ChecklistCard } from './ChecklistCard';
import { ChecklistFormModal } from './ChecklistFormModal';
import { ChecklistItemFormModal } from './ChecklistItemFormModal';
import type { ItemRowData } from './ChecklistItemRow';
import { checklistsConnectionId } from './connection';
import { CHECKLISTS_PAGE } from './pageSize';
import { SuggestItemsModal } from './SuggestItemsModal';
import { useChecklistLive } from './useChecklistLive';
import { useDeleteChecklist } from './useDeleteChecklist';
import { useTripLive } from './useTripLive';
import type { ChecklistFormValues } from './useSaveChecklist';

const Query = graphql`
  query TripChecklistsPageQuery($id: ID!, $count: Int!) {
    node(id: $id) {
      ... on Trip @alias(as: "trip") {
        id
        ...TripChecklistsPage_trip
        ...TripChecklistsPage_checklists @arguments(count: $count)
      }
    }
  }
`;

const TripFragment = graphql`
  fragment TripChecklistsPage_trip on Trip {
    id
    name
    startDate
    endDate
    memberCount
    destination {
      mainText
      secondaryText
      description
    }
    members {
      user {
        id
        displayName
      }
    }
  }
`;

const ChecklistsFragment = graphql`
  fragment TripChecklistsPage_checklists on Trip
  @refetchable(queryName: "TripChecklistsPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    checklists(first: $count, after: $cursor) @connection(key: "TripChecklists_checklists") {
      edges {
        node {
          id
          ...ChecklistCard_checklist
        }
      }
    }
  }
`;

const BackLink = () => (
  <Anchor component={Link} to="/dashboard/checklist" fz="sm" fw={600} c="lagoon.8" style={{ alignSelf: 'flex-start' }}>
    <Group gap={4} component="span" wrap="nowrap">
      <IconArrowLeft size={16} aria-hidden />
      Back to trips
    </Group>
  </Anchor>
);

export default function TripChecklistsPage() {
  return (
    <Suspense fallback={<ChecklistsSkeleton />}>
      <TripChecklistsRoute />
    </Suspense>
  );
}

function TripChecklistsRoute() {
  const data = useRouteQuery<TripChecklistsPageQuery>(Query);
  const trip = data.node?.trip ?? null;
  if (!trip) return <TripNotFound back={<BackLink />} />;
  return <TripChecklists key={trip.id} trip={trip} checklists={trip} />;
}

function TripChecklists({ trip, checklists }: { trip: TripChecklistsPage_trip$key; checklists: TripChecklistsPage_checklists$key }) {
  const data = useFragment(TripFragment, trip);
  const list = usePaginationFragment<TripChecklistsPaginationQuery, TripChecklistsPage_checklists$key>(ChecklistsFragment, checklists);
  useDocumentTitle(`Checklists · ${data.name}`);
  useChecklistLive(data.id);
  useTripLive(data.id);
  const connection = checklistsConnectionId(data.id);
  const today = todayForTrips();
  const members = useMemo(() => data.members.map((m) => ({ id: m.user.id, name: m.user.displayName })), [data.members]);

  const [checklistForm, setChecklistForm] = useState<{ editing: { id: string; values: ChecklistFormValues } | null } | null>(null);
  const [itemForm, setItemForm] = useState<{ checklistId: string; editing: ItemRowData | null } | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [remove, removing] = useDeleteChecklist(connection);

  const confirmDelete = async () => {
    if (!deleting) return;
    const outcome = await remove(deleting.id);
    setDeleting(null);
    if (!outcome.ok) notify.error(outcome.message);
  };

  const edges = list.data.checklists.edges;
  return (
    <Stack gap="lg">
      <BackLink />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} fz={28} style={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Title>
          <Group gap="md" c="dark.5" wrap="wrap">
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text fz="sm">{destinationText(data.destination) ?? 'No destination yet'}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconCalendar size={16} aria-hidden />
              <Text fz="sm">{formatDateRange(data.startDate, data.endDate)}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconUsers size={16} aria-hidden />
              <Text fz="sm">
                {data.memberCount} {data.memberCount === 1 ? 'member' : 'members'}
              </Text>
            </Group>
          </Group>
        </Stack>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconBulb size={16} aria-hidden />} onClick={() => setSuggesting(true)}>
            Suggest items
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setChecklistForm({ editing: null })}>
            Add Checklist
          </Button>
        </Group>
      </Group>
      <SuggestItemsModal
        tripId={data.id}
        opened={suggesting}
        onClose={() => setSuggesting(false)}
        onAdded={() => list.refetch({}, { fetchPolicy: 'network-only' })}
      />

      {edges.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack align="center" gap="xs" py="lg">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
              <IconChecklist size={26} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              {ChecklistMessages.noChecklists}
            </Title>
            <Text c="dark.4" ta="center" maw={420}>
              Start with a packing list for your kind of trip, or an empty one; everyone on the trip sees it and can tick things off.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="lg">
          {edges.map(({ node }) => (
            <ChecklistCard
              key={node.id}
              checklist={node}
              today={today}
              onEdit={(id, values) => setChecklistForm({ editing: { id, values } })}
              onDelete={(id, title) => setDeleting({ id, title })}
              onAddItem={(checklistId) => setItemForm({ checklistId, editing: null })}
              onEditItem={(checklistId, item) => setItemForm({ checklistId, editing: item })}
            />
          ))}
          {list.hasNext && (
            <Button variant="default" onClick={() => list.loadNext(CHECKLISTS_PAGE)} loading={list.isLoadingNext} style={{ alignSelf: 'center' }}>
              Load more checklists
            </Button>
          )}
        </Stack>
      )}

      <ChecklistFormModal
        opened={checklistForm !== null}
        tripId={data.id}
        connection={connection}
        editing={checklistForm?.editing ?? null}
        onClose={() => setChecklistForm(null)}
      />
      <ChecklistItemFormModal
        opened={itemForm !== null}
        checklistId={itemForm?.checklistId ?? null}
        editing={itemForm?.editing ?? null}
        members={members}
        onClose={() => setItemForm(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting ? `Delete "${deleting.title}"?` : 'Delete checklist?'}
        confirmLabel="Delete checklist"
        loading={removing}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {ChecklistMessages.confirmDeleteChecklist}
      </ConfirmDialog>
    </Stack>
  );
}

function ChecklistsSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading the checklists">
      <Skeleton height={16} width={120} />
      <Skeleton height={34} width="50%" />
      <Skeleton height={18} width={260} />
      <Skeleton height={220} />
      <Skeleton height={220} />
    </Stack>
  );
}
