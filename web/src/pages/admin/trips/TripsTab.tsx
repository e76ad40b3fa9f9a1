/** The console's trips tab ('Trip Management'): stat cards, search and filters, the table, view / edit / cancel, and 'Create Trip'. */
import { useState } from 'react';
import { Button, Group, Loader, Modal, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { closeButtonProps, modalStyles } from '../../../components/modalStyles';
import { AdminTripMessages as M } from '../../../platform/domain';
import { LoadError, LoadMore, ShortId, StatCard, StatGrid, StatusBadge, adminRequest, dateText, useRestAction, useAdminList } from './adminRest';

export interface AdminTripRow {
  id: string;
  name: string;
  description: string | null;
  destination: string | null;
  destination_main_text: string | null;
  start_date: string | null;
  end_date: string | null;
  status: string;
  duration_days: number | null;
  owner_id: string;
  owner_name: string;
  owner_email: string | null;
  member_count: number;
  created_at: string;
}

interface TripAnalytics {
  totalTrips: number;
  upcomingTrips: number;
  ongoingTrips: number;
  completedTrips: number;
  averageDuration: number;
  destinations: number;
  availableDestinations: string[];
}

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'ongoing', label: 'Ongoing' },
  { value: 'completed', label: 'Completed' },
];

interface TripForm {
  owner_email: string;
  name: string;
  description: string;
  destination: string;
  start_date: string;
  end_date: string;
}

const emptyForm: TripForm = { owner_email: '', name: '', description: '', destination: '', start_date: '', end_date: '' };

function TripFormModal({ mode, trip, onClose, onSaved }: { mode: 'edit' | 'create'; trip: AdminTripRow | null; onClose: () => void; onSaved: () => void }) {
  const { act } = useRestAction();
  const [form, setForm] = useState<TripForm>(
    trip
      ? {
          owner_email: '',
          name: trip.name,
          description: trip.description ?? '',
          destination: trip.destination ?? '',
          start_date: trip.start_date ?? '',
          end_date: trip.end_date ?? '',
        }
      : emptyForm,
  );
  const [saving, setSaving] = useState(false);
  const set = (key: keyof TripForm) => (e: { currentTarget: { value: string } }) => setForm({ ...form, [key]: e.currentTarget.value });
  const save = async () => {
    setSaving(true);
    const { owner_email, ...fields } = form;
    const ok =
      mode === 'edit'
        ? await act('update trip', () => adminRequest(`/admin/trips/${trip!.id}`, { method: 'PUT', body: fields }), M.tripUpdated)
        : await act('create trip', () => adminRequest('/admin/trips', { method: 'POST', body: { owner_email, ...fields } }), M.tripCreated);
    setSaving(false);
    if (ok) onSaved();
  };
  return (
    <Modal opened onClose={onClose} title={mode === 'edit' ? 'Edit Trip' : 'Create Trip'} styles={modalStyles} closeButtonProps={closeButtonProps}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          {mode === 'create' && <TextInput label="Owner's e-mail" type="email" required value={form.owner_email} onChange={set('owner_email')} />}
          <TextInput label="Name" required value={form.name} onChange={set('name')} />
          <Textarea label="Description" autosize minRows={2} value={form.description} onChange={set('description')} />
          <TextInput label="Destination" placeholder="City, Country" value={form.destination} onChange={set('destination')} />
          <Group grow>
            <TextInput label="Start date" type="date" value={form.start_date} onChange={set('start_date')} />
            <TextInput label="End date" type="date" value={form.end_date} onChange={set('end_date')} />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!form.name.trim() || (mode === 'create' && !form.owner_email.trim())}>
              {mode === 'edit' ? 'Save changes' : 'Create Trip'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function TripDetails({ trip, onClose }: { trip: AdminTripRow; onClose: () => void }) {
  const rows: [string, React.ReactNode][] = [
    ['Id', trip.id],
    ['Description', trip.description ?? '—'],
    ['Destination', trip.destination ?? '—'],
    ['Dates', `${dateText(trip.start_date)} – ${dateText(trip.end_date)}`],
    ['Duration', trip.duration_days === null ? '—' : `${trip.duration_days} days`],
    ['Status', <StatusBadge key="s" status={trip.status} />],
    ['Owner', `${trip.owner_name}${trip.owner_email ? ` (${trip.owner_email})` : ''}`],
    ['Members', trip.member_count],
    ['Created', dateText(trip.created_at)],
  ];
  return (
    <Modal opened onClose={onClose} title={trip.name} styles={modalStyles} closeButtonProps={closeButtonProps}>
      <Stack gap="xs">
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} w={110} size="sm">
              {label}
            </Text>
            <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}

export default function TripsTab() {
  const { act } = useRestAction();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [destination, setDestination] = useState('all');
  const { list, reload, loadMore } = useAdminList<AdminTripRow, TripAnalytics>('/trips', { search, status, destination }, (b) => ({
    rows: b.trips as AdminTripRow[],
    analytics: b.analytics as TripAnalytics,
  }));
  const [viewing, setViewing] = useState<AdminTripRow | null>(null);
  const [editing, setEditing] = useState<AdminTripRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<AdminTripRow | null>(null);
  const [busy, setBusy] = useState(false);

  const cancelTrip = async () => {
    if (!cancelling) return;
    setBusy(true);
    const ok = await act('cancel trip', () => adminRequest(`/admin/trips/${cancelling.id}/cancel`, { method: 'POST' }), M.tripCancelled);
    setBusy(false);
    setCancelling(null);
    if (ok) reload();
  };

  const a = list.state === 'ready' ? list.analytics : null;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Trip Management</Title>
        <Button onClick={() => setCreating(true)}>Create Trip</Button>
      </Group>
      {a && (
        <StatGrid>
          <StatCard label="Total trips" value={a.totalTrips} />
          <StatCard label="Upcoming" value={a.upcomingTrips} />
          <StatCard label="Ongoing" value={a.ongoingTrips} />
          <StatCard label="Completed" value={a.completedTrips} />
          <StatCard label="Avg. duration" value={`${a.averageDuration} days`} hint="Both days counted" />
          <StatCard label="Destinations" value={a.destinations} />
        </StatGrid>
      )}
      <Group grow preventGrowOverflow={false} wrap="wrap">
        <TextInput label="Search" placeholder="Name, description or destination" value={search} onChange={(e) => setSearch(e.currentTarget.value)} miw={200} />
        <Select label="Status" data={STATUS_OPTIONS} value={status} onChange={(v) => setStatus(v ?? 'all')} allowDeselect={false} miw={140} />
        <Select
          label="Destination"
          data={[{ value: 'all', label: 'All destinations' }, ...(a?.availableDestinations ?? []).map((d) => ({ value: d, label: d }))]}
          value={destination}
          onChange={(v) => setDestination(v ?? 'all')}
          allowDeselect={false}
          searchable
          miw={160}
        />
      </Group>
      {list.state === 'loading' && <Loader aria-label="Loading trips" />}
      {list.state === 'failed' && <LoadError what="trip" message={list.message} onRetry={reload} />}
      {list.state === 'ready' && (
        <>
          {list.rows.length === 0 ? (
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
                  {list.rows.map((trip) => (
                    <Table.Tr key={trip.id}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {trip.name}
                        </Text>
                        <ShortId id={trip.id} />
                      </Table.Td>
                      <Table.Td>{trip.destination_main_text ?? '—'}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{`${dateText(trip.start_date)} – ${dateText(trip.end_date)}`}</Text>
                        {trip.duration_days !== null && <Text size="xs" c="dimmed">{`${trip.duration_days} days`}</Text>}
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={trip.status} />
                      </Table.Td>
                      <Table.Td>{trip.owner_name}</Table.Td>
                      <Table.Td>{trip.member_count}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="xs" variant="subtle" onClick={() => setViewing(trip)} aria-label={`View ${trip.name}`}>
                            View
                          </Button>
                          <Button size="xs" variant="subtle" onClick={() => setEditing(trip)} aria-label={`Edit ${trip.name}`}>
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red.9"
                            disabled={trip.status === 'cancelled'}
                            onClick={() => setCancelling(trip)}
                            aria-label={`Cancel ${trip.name}`}
                          >
                            Cancel
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <LoadMore shown={list.rows.length} total={list.totalCount} more={!!list.nextCursor} loading={list.loadingMore} onMore={loadMore} />
        </>
      )}
      {viewing && <TripDetails trip={viewing} onClose={() => setViewing(null)} />}
      {(editing || creating) && (
        <TripFormModal
          mode={editing ? 'edit' : 'create'}
          trip={editing}
          onClose={() => (setEditing(null), setCreating(false))}
          onSaved={() => {
            setEditing(null);
            setCreating(false);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        opened={!!cancelling}
        title="Cancel trip"
        confirmLabel="Cancel trip"
        cancelLabel="Keep trip"
        loading={busy}
        onConfirm={() => void cancelTrip()}
        onClose={() => setCancelling(null)}
      >
        {M.confirmCancel}
      </ConfirmDialog>
    </Stack>
  );
}
