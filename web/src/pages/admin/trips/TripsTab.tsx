/** The console's trips tab ('Trip Management'): stat cards, search and filters, the table, view / edit / cancel, and 'Create Trip'. */
import { Suspense, useState } from 'react';
import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import type { TripsTabQuery } from '../../../__generated__/TripsTabQuery.graphql';
import type { TripsTab_query$key } from '../../../__generated__/TripsTab_query.graphql';
import type { TripsTab_trip$data, TripsTab_trip$key } from '../../../__generated__/TripsTab_trip.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { AdminTripMessages as M } from '../../../platform/domain';
import { useAdminAction } from '../kit/useAdminAction';
import { recordId } from '../kit/format';
import { useAdminCancelTrip } from './useAdminTripActions';
import { ListLoader, LoadMore, ShortId, StatCard, StatGrid, StatusBadge, dateText, filterValue, useListFilters } from './adminList';
import { TripDetails, TripFormModal } from './TripForm';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';

const PAGE = ADMIN_PAGE.trips;

const Query = graphql`
  query TripsTabQuery($count: Int!) {
    ...TripsTab_query @arguments(count: $count)
  }
`;

const Fragment = graphql`
  fragment TripsTab_query on Query
  @refetchable(queryName: "TripsTabPaginationQuery")
  @argumentDefinitions(
    count: { type: "Int!" }
    cursor: { type: "String" }
    search: { type: "String" }
    status: { type: "String" }
    destination: { type: "String" }
  ) {
    admin {
      tripStats {
        total
        upcoming
        ongoing
        completed
        averageDurationDays
        destinations
        destinationOptions
      }
      trips(first: $count, after: $cursor, search: $search, status: $status, destination: $destination) @connection(key: "TripsTab_trips") {
        __id
        totalCount
        edges {
          node {
            id
            ...TripsTab_trip
          }
        }
      }
    }
  }
`;

/** What a row, the details and the edit form read of a trip; a change's payload answers the same. */
export const TripRowFragment = graphql`
  fragment TripsTab_trip on AdminTrip {
    id
    name
    description
    destination
    destinationMainText
    startDate
    endDate
    status
    durationDays
    ownerName
    ownerEmail
    memberCount
    createdAt
  }
`;

export type AdminTripRow = TripsTab_trip$data;

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'ongoing', label: 'Ongoing' },
  { value: 'completed', label: 'Completed' },
];

function TripRow({
  trip: ref,
  onView,
  onEdit,
  onCancel,
}: {
  trip: TripsTab_trip$key;
  onView: (t: AdminTripRow) => void;
  onEdit: (t: AdminTripRow) => void;
  onCancel: (t: AdminTripRow) => void;
}) {
  const trip = useFragment(TripRowFragment, ref);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {trip.name}
        </Text>
        <ShortId id={recordId(trip.id)} />
      </Table.Td>
      <Table.Td>{trip.destinationMainText ?? '—'}</Table.Td>
      <Table.Td>
        <Text size="sm">{`${dateText(trip.startDate)} – ${dateText(trip.endDate)}`}</Text>
        {trip.durationDays !== null && trip.durationDays !== undefined && <Text size="xs" c="dimmed">{`${trip.durationDays} days`}</Text>}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={trip.status} />
      </Table.Td>
      <Table.Td>{trip.ownerName}</Table.Td>
      <Table.Td>{trip.memberCount}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="subtle" onClick={() => onView(trip)} aria-label={`View ${trip.name}`}>
            View
          </Button>
          <Button size="xs" variant="subtle" onClick={() => onEdit(trip)} aria-label={`Edit ${trip.name}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red.9"
            disabled={trip.status === 'cancelled'}
            onClick={() => onCancel(trip)}
            aria-label={`Cancel ${trip.name}`}
          >
            Cancel
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Trips() {
  const root = useAdminQuery<TripsTabQuery>(Query, { count: PAGE });
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(Fragment, root as TripsTab_query$key);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [destination, setDestination] = useState('all');
  const { refetching, reload } = useListFilters(refetch, { search: filterValue(search), status: filterValue(status), destination: filterValue(destination) });
  const { run, pending } = useAdminAction();
  const [cancel] = useAdminCancelTrip();
  const [viewing, setViewing] = useState<AdminTripRow | null>(null);
  const [editing, setEditing] = useState<AdminTripRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<AdminTripRow | null>(null);

  const cancelTrip = async () => {
    if (!cancelling) return;
    const outcome = await run('cancel trip', cancel({ input: { tripId: cancelling.id } }), M.tripCancelled);
    setCancelling(null);
    // The row changed with the answer; the cards are counted again.
    if (outcome.ok) reload();
  };

  const a = data.admin?.tripStats;
  const trips = data.admin?.trips;
  const rows = trips?.edges ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Trip Management</Title>
        <Button onClick={() => setCreating(true)}>Create Trip</Button>
      </Group>
      {a && (
        <StatGrid>
          <StatCard label="Total trips" value={a.total} />
          <StatCard label="Upcoming" value={a.upcoming} />
          <StatCard label="Ongoing" value={a.ongoing} />
          <StatCard label="Completed" value={a.completed} />
          <StatCard label="Avg. duration" value={`${a.averageDurationDays} days`} hint="Both days counted" />
          <StatCard label="Destinations" value={a.destinations} />
        </StatGrid>
      )}
      <Group grow preventGrowOverflow={false} wrap="wrap">
        <TextInput label="Search" placeholder="Name, description or destination" value={search} onChange={(e) => setSearch(e.currentTarget.value)} miw={200} />
        <Select label="Status" data={STATUS_OPTIONS} value={status} onChange={(v) => setStatus(v ?? 'all')} allowDeselect={false} miw={140} />
        <Select
          label="Destination"
          data={[{ value: 'all', label: 'All destinations' }, ...(a?.destinationOptions ?? []).map((d) => ({ value: d, label: d }))]}
          value={destination}
          onChange={(v) => setDestination(v ?? 'all')}
          allowDeselect={false}
          searchable
          miw={160}
        />
      </Group>
      {refetching && <ListLoader label="Loading trips" />}
      {rows.length === 0 ? (
        <Text c="dimmed">{M.noTrips}</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Trip</Table.Th>
                <Table.Th>Destination</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ node }) => (
                <TripRow key={node.id} trip={node} onView={setViewing} onEdit={setEditing} onCancel={setCancelling} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMore shown={rows.length} total={trips?.totalCount ?? 0} more={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
      {viewing && <TripDetails trip={viewing} onClose={() => setViewing(null)} />}
      {(editing || creating) && (
        <TripFormModal
          mode={editing ? 'edit' : 'create'}
          trip={editing}
          connectionId={trips?.__id ?? null}
          onClose={() => (setEditing(null), setCreating(false))}
          onSaved={() => {
            // The row changed with the answer; the cards are counted again, since new dates or a
            // new destination move the status counts, the average duration and the destinations.
            reload();
            setEditing(null);
            setCreating(false);
          }}
        />
      )}
      <ConfirmDialog
        opened={!!cancelling}
        title="Cancel trip"
        confirmLabel="Cancel trip"
        cancelLabel="Keep trip"
        loading={pending === 'cancel trip'}
        onConfirm={() => void cancelTrip()}
        onClose={() => setCancelling(null)}
      >
        {M.confirmCancel}
      </ConfirmDialog>
    </Stack>
  );
}

export default function TripsTab() {
  return (
    <Suspense fallback={<ListLoader label="Loading trips" />}>
      <Trips />
    </Suspense>
  );
}
