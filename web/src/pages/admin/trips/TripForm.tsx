/** The trips tab's modals: a trip's details, and the edit / create form (its changes through Relay). */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { closeButtonProps, modalStyles } from '../../../components/modalStyles';
import { AdminTripMessages as M } from '../../../platform/domain';
import { adminFormErrors } from '../kit/adminFormErrors';
import { useAdminAction } from '../kit/useAdminAction';
import { recordId } from '../kit/format';
import { useAdminUpdateTrip, useAdminCreateTrip } from './useAdminTripActions';
import { StatusBadge, dateText } from './adminList';
import type { AdminTripRow } from './TripsTab';

interface TripForm {
  ownerEmail: string;
  name: string;
  description: string;
  destination: string;
  startDate: string;
  endDate: string;
}

const emptyForm: TripForm = { ownerEmail: '', name: '', description: '', destination: '', startDate: '', endDate: '' };
const FIELDS = Object.keys(emptyForm) as (keyof TripForm)[];

export function TripFormModal({
  mode,
  trip,
  connectionId,
  onClose,
  onSaved,
}: {
  mode: 'edit' | 'create';
  trip: AdminTripRow | null;
  connectionId: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { run } = useAdminAction();
  const [update, updating] = useAdminUpdateTrip();
  const [create, creating] = useAdminCreateTrip();
  const [form, setForm] = useState<TripForm>(
    trip
      ? {
          ownerEmail: '',
          name: trip.name,
          description: trip.description ?? '',
          destination: trip.destination ?? '',
          startDate: trip.startDate ?? '',
          endDate: trip.endDate ?? '',
        }
      : emptyForm,
  );
  const [errors, setErrors] = useState<Partial<Record<keyof TripForm, string>>>({});
  const set = (key: keyof TripForm) => (e: { currentTarget: { value: string } }) => setForm({ ...form, [key]: e.currentTarget.value });
  const save = async () => {
    const { ownerEmail, ...fields } = form;
    const outcome =
      mode === 'edit'
        ? await run('update trip', update({ input: { tripId: trip!.id, ...fields } }), M.tripUpdated)
        : await run('create trip', create({ input: { ownerEmail, ...fields }, connections: connectionId ? [connectionId] : [] }), M.tripCreated);
    if (outcome.ok) onSaved();
    else setErrors(adminFormErrors(outcome, FIELDS));
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
          {mode === 'create' && (
            <TextInput label="Owner's e-mail" type="email" required value={form.ownerEmail} onChange={set('ownerEmail')} error={errors.ownerEmail} />
          )}
          <TextInput label="Name" required value={form.name} onChange={set('name')} error={errors.name} />
          <Textarea label="Description" autosize minRows={2} value={form.description} onChange={set('description')} error={errors.description} />
          <TextInput label="Destination" placeholder="City, Country" value={form.destination} onChange={set('destination')} error={errors.destination} />
          <Group grow align="flex-start">
            <TextInput label="Start date" type="date" value={form.startDate} onChange={set('startDate')} error={errors.startDate} />
            <TextInput label="End date" type="date" value={form.endDate} onChange={set('endDate')} error={errors.endDate} />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={updating || creating} disabled={!form.name.trim() || (mode === 'create' && !form.ownerEmail.trim())}>
              {mode === 'edit' ? 'Save changes' : 'Create Trip'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function TripDetails({ trip, onClose }: { trip: AdminTripRow; onClose: () => void }) {
  const rows: [string, React.ReactNode][] = [
    ['Id', recordId(trip.id)],
    ['Description', trip.description ?? '—'],
    ['Destination', trip.destination ?? '—'],
    ['Dates', `${dateText(trip.startDate)} – ${dateText(trip.endDate)}`],
    ['Duration', trip.durationDays === null || trip.durationDays === undefined ? '—' : `${trip.durationDays} days`],
    ['Status', <StatusBadge key="s" status={trip.status} />],
    ['Owner', `${trip.ownerName}${trip.ownerEmail ? ` (${trip.ownerEmail})` : ''}`],
    ['Members', trip.memberCount],
    ['Created', dateText(trip.createdAt)],
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
