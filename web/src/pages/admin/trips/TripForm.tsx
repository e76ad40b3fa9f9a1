/** The trips tab's modals: a trip's details, and the edit / create form (its changes through Relay). */
import { useForm } from '@mantine/form';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { closeButtonProps, modalStyles } from '../../../components/modalStyles';
import { AdminTripMessages as M } from '../../../platform/domain';
import { focusFirstError, ruleErrors } from '../../../platform/form/ruleForm';
import { consoleTripProblems } from '../../../platform/rules';
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
/** The form field a server-named field belongs to ("destination.mainText" is the destination). */
const formField = (field: string) => {
  const head = field.split('.')[0] as keyof TripForm;
  return FIELDS.includes(head) ? head : null;
};

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
  // The server's own rule (admin/trips/tripForm.ts over the trips rule) before sending; the
  // server's refusals land on their fields too. An unchanged destination is kept, not read again.
  const form = useForm<TripForm>({
    validate: ruleErrors(
      (v: TripForm) =>
        consoleTripProblems({ ...v, destination: mode === 'edit' && v.destination.trim() === (trip?.destination ?? '') ? undefined : v.destination }, mode),
      formField,
    ),
    initialValues: trip
      ? {
          ownerEmail: '',
          name: trip.name,
          description: trip.description ?? '',
          destination: trip.destination ?? '',
          startDate: trip.startDate ?? '',
          endDate: trip.endDate ?? '',
        }
      : emptyForm,
  });
  const values = form.values;
  const save = async ({ ownerEmail, ...fields }: TripForm) => {
    const outcome =
      mode === 'edit'
        ? await run('update trip', update({ input: { tripId: trip!.id, ...fields } }), M.tripUpdated)
        : await run('create trip', create({ input: { ownerEmail, ...fields }, connections: connectionId ? [connectionId] : [] }), M.tripCreated);
    if (outcome.ok) return onSaved();
    const errors = adminFormErrors(outcome, FIELDS);
    form.setErrors(errors);
    focusFirstError(form)(errors);
  };
  return (
    <Modal opened onClose={onClose} title={mode === 'edit' ? 'Edit Trip' : 'Create Trip'} styles={modalStyles} closeButtonProps={closeButtonProps}>
      <form onSubmit={form.onSubmit(save, focusFirstError(form))} noValidate>
        <Stack>
          {mode === 'create' && <TextInput label="Owner's e-mail" type="email" required {...form.getInputProps('ownerEmail')} />}
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <TextInput label="Destination" placeholder="City, Country" {...form.getInputProps('destination')} />
          <Group grow align="flex-start">
            <TextInput label="Start date" type="date" {...form.getInputProps('startDate')} />
            <TextInput label="End date" type="date" {...form.getInputProps('endDate')} />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={updating || creating} disabled={!values.name.trim() || (mode === 'create' && !values.ownerEmail.trim())}>
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
