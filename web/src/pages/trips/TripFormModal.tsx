/**
 * 'Create New Trip' and 'Edit Trip': name, description, destination (place search), dates,
 * budget and currency. The browser checks in the order of seed 000 §5 (signed in, name,
 * then the form's required destination and dates, then date order); the server checks again
 * and its typed errors land on the field they name.
 */
import { Alert, Button, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { TripInput } from '../../__generated__/useCreateTripMutation.graphql';
import type { TripFormModal_trip$key } from '../../__generated__/TripFormModal_trip.graphql';
import { PlaceSearchInput, type PlaceValue } from '../../components/PlaceSearchInput';
import { TRIP_CURRENCIES, TripMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { useSession } from '../../platform/SessionProvider';
import { useCreateTrip, type CreatedTrip } from './useCreateTrip';
import { useUpdateTrip } from './useUpdateTrip';

/** The form's own required-field messages (the server accepts undated trips from other clients). */
export const TripFormMessages = {
  destinationRequired: 'Please choose a destination.',
  startRequired: 'Please choose a start date.',
  endRequired: 'Please choose an end date.',
} as const;

const TripFragment = graphql`
  fragment TripFormModal_trip on Trip {
    id
    name
    description
    startDate
    endDate
    currency
    budget {
      amount
      currency
    }
    destination {
      mainText
      secondaryText
      description
      placeId
      latitude
      longitude
    }
  }
`;

interface Values {
  name: string;
  description: string;
  destination: PlaceValue | null;
  startDate: string;
  endDate: string;
  budget: number | string;
  currency: string;
}

type Field = 'name' | 'description' | 'destination' | 'startDate' | 'endDate' | 'budget' | 'currency';
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', description: '', destination: null, startDate: '', endDate: '', budget: '', currency: 'USD' };

const budgetNumber = (b: number | string) => (typeof b === 'number' ? b : b.trim() === '' ? 0 : Number(b));

/** The first broken rule, in the documented order. */
function check(v: Values, signedIn: boolean): { field: Field | null; message: string } | null {
  if (!signedIn) return { field: null, message: TripMessages.notSignedIn };
  if (!v.name.trim()) return { field: 'name', message: TripMessages.nameRequired };
  if (!v.destination?.mainText.trim()) return { field: 'destination', message: TripFormMessages.destinationRequired };
  if (!v.startDate) return { field: 'startDate', message: TripFormMessages.startRequired };
  if (!v.endDate) return { field: 'endDate', message: TripFormMessages.endRequired };
  if (v.startDate > v.endDate) return { field: 'endDate', message: TripMessages.dateOrder };
  const budget = budgetNumber(v.budget);
  if (!Number.isFinite(budget) || budget < 0) return { field: 'budget', message: TripMessages.invalidBudget };
  return null;
}

function toInput(v: Values): TripInput {
  const budget = budgetNumber(v.budget);
  const d = v.destination!;
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    destination: {
      mainText: d.mainText.trim(),
      secondaryText: d.secondaryText ?? null,
      description: d.description ?? null,
      placeId: d.placeId ?? null,
      latitude: d.latitude ?? null,
      longitude: d.longitude ?? null,
    },
    startDate: v.startDate,
    endDate: v.endDate,
    // Sent only above 0, as decimal text ("1250.50"): money never travels as a float.
    budget: budget > 0 ? budget.toFixed(2) : null,
    currency: v.currency,
  };
}

const FIELDS: readonly string[] = ['name', 'description', 'destination', 'startDate', 'endDate', 'budget', 'currency'];

interface FormProps {
  initial: Values;
  submitLabel: string;
  onSubmit: (input: TripInput) => Promise<{ ok: true } | { ok: false; message: string; field: string | null }>;
  saving: boolean;
  onCancel: () => void;
}

function TripForm({ initial, submitLabel, onSubmit, saving, onCancel }: FormProps) {
  const { user } = useSession();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problem = check(values, !!user);
    if (problem) {
      setErrors(problem.field ? { [problem.field]: problem.message } : {});
      setFormError(problem.message);
      if (problem.field) document.getElementById(`trip-${problem.field}`)?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    const outcome = await onSubmit(toInput(values));
    if (outcome.ok) return;
    setFormError(outcome.message);
    if (outcome.field && FIELDS.includes(outcome.field)) setErrors({ [outcome.field]: outcome.message });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError && !Object.values(errors).some(Boolean) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          id="trip-name"
          label="Trip name"
          placeholder="Summer in Lisbon"
          required
          maxLength={120}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Textarea
          id="trip-description"
          label="Description"
          placeholder="What is this trip about?"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={2000}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
        />
        <PlaceSearchInput
          id="trip-destination"
          label="Destination"
          placeholder="Search a city, e.g. Lisbon"
          required
          value={values.destination}
          onChange={(place) => set('destination', place)}
          error={errors.destination}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            id="trip-startDate"
            type="date"
            label="Start date"
            required
            value={values.startDate}
            onChange={(e) => set('startDate', e.currentTarget.value)}
            error={errors.startDate}
          />
          <TextInput
            id="trip-endDate"
            type="date"
            label="End date"
            required
            min={values.startDate || undefined}
            value={values.endDate}
            onChange={(e) => set('endDate', e.currentTarget.value)}
            error={errors.endDate}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            id="trip-budget"
            label="Budget"
            description="Total planned (optional)"
            placeholder="0.00"
            min={0}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            hideControls
            inputMode="decimal"
            value={values.budget}
            onChange={(value) => set('budget', value)}
            error={errors.budget}
          />
          <NativeSelect
            id="trip-currency"
            label="Currency"
            description="For the budget"
            data={[...TRIP_CURRENCIES]}
            value={values.currency}
            onChange={(e) => set('currency', e.currentTarget.value)}
            error={errors.currency}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface CreateTripModalProps {
  opened: boolean;
  onClose: () => void;
  viewerId: string | null;
  onCreated?: (trip: CreatedTrip) => void;
}

export function CreateTripModal({ opened, onClose, viewerId, onCreated }: CreateTripModalProps) {
  const [create, saving] = useCreateTrip(viewerId);
  return (
    <Modal
      styles={modalStyles}
      closeButtonProps={closeButtonProps}
      opened={opened}
      onClose={onClose}
      title="Create New Trip"
      size="lg"
      radius="lg"
      closeOnClickOutside={!saving}
    >
      {opened && (
        <TripForm
          initial={EMPTY}
          submitLabel="Create Trip"
          saving={saving}
          onCancel={onClose}
          onSubmit={async (input) => {
            const outcome = await create(input);
            if (!outcome.ok) return outcome;
            notify.success(`"${outcome.value.name}" is ready. Invite your crew!`, 'Trip created');
            onClose();
            onCreated?.(outcome.value);
            return { ok: true };
          }}
        />
      )}
    </Modal>
  );
}

export interface EditTripModalProps {
  opened: boolean;
  onClose: () => void;
  viewerId: string | null;
  trip: TripFormModal_trip$key;
}

export function EditTripModal({ opened, onClose, viewerId, trip }: EditTripModalProps) {
  const data = useFragment(TripFragment, trip);
  const [update, saving] = useUpdateTrip(viewerId);
  const initial: Values = {
    name: data.name,
    description: data.description ?? '',
    destination: data.destination?.mainText
      ? {
          mainText: data.destination.mainText,
          secondaryText: data.destination.secondaryText,
          description: data.destination.description,
          placeId: data.destination.placeId,
          latitude: data.destination.latitude,
          longitude: data.destination.longitude,
        }
      : null,
    startDate: data.startDate ?? '',
    endDate: data.endDate ?? '',
    budget: data.budget ? data.budget.amount : '',
    currency: data.budget?.currency ?? data.currency,
  };
  return (
    <Modal
      styles={modalStyles}
      closeButtonProps={closeButtonProps}
      opened={opened}
      onClose={onClose}
      title="Edit Trip"
      size="lg"
      radius="lg"
      closeOnClickOutside={!saving}
    >
      {/* Mounted afresh on each opening, so the form starts from the trip as it is now. */}
      {opened && (
        <TripForm
          initial={initial}
          submitLabel="Save Changes"
          saving={saving}
          onCancel={onClose}
          onSubmit={async (input) => {
            const outcome = await update(data.id, input);
            if (!outcome.ok) return outcome;
            notify.success(`"${outcome.value.name}" was updated.`, 'Trip saved');
            onClose();
            return { ok: true };
          }}
        />
      )}
    </Modal>
  );
}
