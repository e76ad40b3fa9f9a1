/**
 * 'Edit', 'Add Details' and 'Correct it': every field of a reservation; the server's refusals land
 * on their fields. Fields the reader was unsure of say so; saving settles the review.
 */
import { Alert, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { RESERVATION_LIMITS } from '../../platform/domain';
import { formErrors } from '../../platform/formErrors';
import type { ReservationData } from './ReservationCard';
import { RESERVATION_TYPES } from './reservationTypes';
import { useUpdateReservation, type ReservationFields } from './useUpdateReservation';
import { FormActions } from '../../components/FormActions';

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
    endDate: text(r.endDate),
    endTime: text(r.endTime),
    passengers: r.passengers.join(', '),
    seat: text(r.seat),
    provider: text(r.provider),
    notes: text(r.notes),
  });
  const unsure = new Set<string>(r.reviewFields);
  const check = (...fields: string[]) => (fields.some((f) => unsure.has(f)) ? 'Please check: read with low confidence' : undefined);
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
      endDate: orNull(values.endDate),
      endTime: orNull(values.endTime),
      passengers: values.passengers
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      seat: orNull(values.seat),
      provider: orNull(values.provider),
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
  const input = (field: Exclude<Field, 'type' | 'notes' | 'date' | 'time' | 'endDate' | 'endTime' | 'passengers'>, label: string, hint?: string) => (
    <TextInput label={label} description={hint} value={values[field]} onChange={set(field)} error={errors[field]} maxLength={RESERVATION_LIMITS[field] + 50} />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Title" required description={check('title')} value={values.title} onChange={set('title')} error={errors.title} data-autofocus />
        <NativeSelect
          label="Type"
          description={check('type')}
          value={values.type}
          onChange={set('type')}
          data={Object.entries(RESERVATION_TYPES).map(([value, t]) => ({ value, label: t.label }))}
          error={errors.type}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput type="date" label="Date" description={check('date')} value={values.date} onChange={set('date')} error={errors.date} />
          <TextInput type="time" label="Time" description={check('time')} value={values.time} onChange={set('time')} error={errors.time} />
          <TextInput
            type="date"
            label="End date"
            description={check('endDate') ?? 'Check-out, arrival or end'}
            value={values.endDate}
            onChange={set('endDate')}
            error={errors.endDate}
          />
          <TextInput type="time" label="End time" value={values.endTime} onChange={set('endTime')} error={errors.endTime} />
        </SimpleGrid>
        {input('location', 'Location', check('location'))}
        {input('confirmationNumber', 'Confirmation number')}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {input('fromLocation', 'From', check('route'))}
          {input('toLocation', 'To', check('route'))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {input('airline', 'Airline')}
          {input('provider', 'Provider')}
        </SimpleGrid>
        <TextInput
          label="Passengers"
          description="Names, separated by commas"
          value={values.passengers}
          onChange={set('passengers')}
          error={errors.passengers}
        />
        {input('seat', 'Seat')}
        <Textarea label="Notes" value={values.notes} onChange={set('notes')} error={errors.notes} autosize minRows={2} />
        <FormActions onCancel={onClose} saving={saving} submitLabel="Save" />
      </Stack>
    </form>
  );
}
