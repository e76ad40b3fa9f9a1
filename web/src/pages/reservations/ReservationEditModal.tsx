/** 'Edit' and 'Add Details': every field of a reservation; the server's refusals land on their fields. */
import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { RESERVATION_LIMITS } from '../../platform/domain';
import { formErrors } from '../../platform/formErrors';
import type { ReservationData } from './ReservationCard';
import { RESERVATION_TYPES } from './reservationTypes';
import { useUpdateReservation, type ReservationFields } from './useUpdateReservation';

type Field = keyof ReservationFields;
const text = (v: string | null | undefined) => v ?? '';
const orNull = (v: string) => (v.trim() ? v.trim() : null);

interface Props {
  reservation: ReservationData | null;
  onClose: () => void;
  onSaved: () => void;
}

export function ReservationEditModal({ reservation, onClose, onSaved }: Props) {
  return (
    <Modal
      styles={modalStyles}
      closeButtonProps={closeButtonProps}
      opened={reservation !== null}
      onClose={onClose}
      title="Edit Reservation"
      size="lg"
      radius="lg"
    >
      {reservation && <EditForm key={reservation.id} reservation={reservation} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditForm({ reservation: r, onClose, onSaved }: { reservation: ReservationData; onClose: () => void; onSaved: () => void }) {
  const [update, saving] = useUpdateReservation();
  const [values, setValues] = useState({
    title: r.title,
    type: r.type as string,
    date: text(r.date),
    time: text(r.time),
    location: text(r.location),
    confirmationNumber: text(r.confirmationNumber),
    fromLocation: text(r.fromLocation),
    toLocation: text(r.toLocation),
    airline: text(r.airline),
    notes: text(r.notes),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields: ReservationFields = {
      title: values.title,
      type: values.type as ReservationFields['type'],
      date: orNull(values.date),
      time: orNull(values.time),
      location: orNull(values.location),
      confirmationNumber: orNull(values.confirmationNumber),
      fromLocation: orNull(values.fromLocation),
      toLocation: orNull(values.toLocation),
      airline: orNull(values.airline),
      notes: orNull(values.notes),
    };
    const outcome = await update(r.id, fields);
    if (outcome.ok) {
      onSaved();
      onClose();
      return;
    }
    const shown = formErrors(outcome, Object.keys(values) as Field[]);
    setErrors(shown.fields);
    setFormError(shown.notice);
  };
  const input = (field: Exclude<Field, 'type' | 'notes' | 'date' | 'time'>, label: string) => (
    <TextInput label={label} value={values[field]} onChange={set(field)} error={errors[field]} maxLength={RESERVATION_LIMITS[field] + 50} />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Title" required value={values.title} onChange={set('title')} error={errors.title} data-autofocus />
        <NativeSelect
          label="Type"
          value={values.type}
          onChange={set('type')}
          data={Object.entries(RESERVATION_TYPES).map(([value, t]) => ({ value, label: t.label }))}
          error={errors.type}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput type="date" label="Date" value={values.date} onChange={set('date')} error={errors.date} />
          <TextInput type="time" label="Time" value={values.time} onChange={set('time')} error={errors.time} />
        </SimpleGrid>
        {input('location', 'Location')}
        {input('confirmationNumber', 'Confirmation number')}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {input('fromLocation', 'From')}
          {input('toLocation', 'To')}
        </SimpleGrid>
        {input('airline', 'Airline')}
        <Textarea label="Notes" value={values.notes} onChange={set('notes')} error={errors.notes} autosize minRows={2} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
