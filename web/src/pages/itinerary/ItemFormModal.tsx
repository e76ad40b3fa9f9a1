/**
 * 'Add Item' and 'Edit Item': the type first, then the fields that type keeps (a flight's number,
 * route, times and return date; a stay's hotel, check-in and check-out and reservation; for the
 * rest a date, times, a place from the place search with its coordinates, and notes). Dates are
 * limited to the trip's. On submit every problem by the shared itinerary rule shows at once on
 * its field; the server checks again and its field errors land on the fields they name.
 */
import '@mantine/dates/styles.layer.css';
import { Alert, Modal, NativeSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ItemFormModal_item$key } from '../../__generated__/ItemFormModal_item.graphql';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { PlaceSearchInput } from '../../components/PlaceSearchInput';
import { focusFirstError, ruleErrors, showRefusal } from '../../platform/form/ruleForm';
import { done, type Outcome } from '../../platform/outcome';
import { notify } from '../../platform/notify';
import { wasQueued } from '../../platform/relay/useOutcomeMutation';
import {
  checkItem,
  emptyItemValues,
  fieldLabel,
  fieldsFor,
  formFieldOf,
  itemValuesOf,
  titleRequired,
  toItemInput,
  type ItemField,
  type ItemValues,
  type TripDates,
} from './itemForm';
import { WORKSPACE_PLACE_SEARCH_DEBOUNCE_MS } from './geo';
import { ITEM_TYPES, ITEM_TYPE_INFO } from './itemTypes';
import { ItineraryText } from './messages';
import type { ItemType } from './timeline';
import { useAddItineraryItem } from './useAddItineraryItem';
import { useUpdateItineraryItem } from './useUpdateItineraryItem';
import { FormActions } from '../../components/FormActions';

const Fragment = graphql`
  fragment ItemFormModal_item on ItineraryItem {
    id
    title
    revision
    type
    activityDate
    startTime
    endTime
    location
    latitude
    longitude
    notes
    checkInDate
    checkOutDate
    departureTime
    arrivalTime
    flightNumber
    hotelName
    reservationNumber
    returnDate
    fromLocation
    toLocation
    timeZone
    arrivalTimeZone
    returnDepartureTime
    returnArrivalTime
    returnTimeZone
    returnArrivalTimeZone
  }
`;

const DATE_FIELDS = new Set<ItemField>(['activityDate', 'checkInDate', 'checkOutDate', 'returnDate']);
const TIME_FIELDS = new Set<ItemField>(['startTime', 'endTime', 'departureTime', 'arrivalTime', 'returnDepartureTime', 'returnArrivalTime']);
const WIDE_FIELDS = new Set<ItemField>(['location', 'notes', 'hotelName']);
const ZONE_FIELDS = new Set<ItemField>(['timeZone', 'arrivalTimeZone', 'returnTimeZone', 'returnArrivalTimeZone']);
/** Every IANA zone this browser knows, for the zone pickers (read once). */
let zoneNames: string[] | undefined;
const allZones = () => (zoneNames ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);

const TITLE_HINT: Partial<Record<ItemType, string>> = {
  FLIGHT: 'Optional: without one, the flight is named by its number and route.',
  ACCOMMODATION: 'Optional: without one, the stay is named after the hotel.',
};

const PLACEHOLDER: Partial<Record<ItemField, string>> = {
  flightNumber: 'e.g. TP 1234',
  fromLocation: 'e.g. Lisbon',
  toLocation: 'e.g. Rome',
  hotelName: 'e.g. Casa Azul',
  reservationNumber: 'e.g. ABC123',
  location: 'Search a place',
  notes: 'Anything the group should know',
};

/** The trip's destination, which the place search leans towards. */
type Near = { latitude: number; longitude: number } | null;

interface FormProps {
  initial: ItemValues;
  tripDates: TripDates;
  near: Near;
  submitLabel: string;
  saving: boolean;
  onCancel: () => void;
  /** Saves; a refusal is shown on the form. */
  onSubmit: (values: ItemValues) => Promise<Outcome<unknown>>;
}

const idOf = (field: string) => `item-${field}`;

function ItemForm({ initial, tripDates, near, submitLabel, saving, onCancel, onSubmit }: FormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  // The shared itinerary rule (checkItem: the server's itineraryItemProblems) checks the form.
  const form = useForm<ItemValues>({
    initialValues: initial,
    validate: ruleErrors(
      (v: ItemValues) => checkItem(v, tripDates),
      (f) => f as ItemField,
    ),
    onValuesChange: () => setFormError(null),
  });
  const values = form.values;
  const errors = form.errors;
  const minDate = tripDates.startDate ?? undefined;

  const set = <K extends keyof ItemValues>(key: K, value: ItemValues[K]) => form.setFieldValue(key, value as never);

  /** A field's problem as soon as it is left (the same rules as on submit). */
  const checkField = (name: ItemField) => {
    const problem = checkItem(values, tripDates).find((p) => p.field === name);
    if (problem) form.setFieldError(name, problem.message);
  };

  const submit = async (v: ItemValues) => {
    if (saving) return;
    setFormError(null);
    const outcome = await onSubmit(v);
    if (!outcome.ok) setFormError(showRefusal(form, outcome, (field) => formFieldOf(field, v.type), idOf));
  };

  const field = (name: ItemField): ReactNode => {
    const common = {
      id: `item-${name}`,
      label: fieldLabel(name, values.type),
      error: errors[name],
      style: WIDE_FIELDS.has(name) ? { gridColumn: '1 / -1' } : undefined,
    };
    if (name === 'location') {
      return (
        <div key={name} style={common.style}>
          <PlaceSearchInput
            id={common.id}
            label={common.label}
            placeholder={PLACEHOLDER.location}
            description="Pick a suggestion to pin it on the map"
            value={values.location}
            onChange={(place) => set('location', place)}
            near={near}
            error={common.error}
            debounceMs={WORKSPACE_PLACE_SEARCH_DEBOUNCE_MS}
          />
        </div>
      );
    }
    if (DATE_FIELDS.has(name)) {
      const key = name as 'activityDate' | 'checkInDate' | 'checkOutDate' | 'returnDate';
      return (
        <DateInput
          key={name}
          {...common}
          value={values[key] || null}
          onChange={(value) => set(key, value ?? '')}
          // No minDate/maxDate: the picker would blank a typed date outside the trip on blur and
          // the item would save unscheduled. The date stays, and its problem shows on the field.
          onBlur={() => checkField(key)}
          defaultDate={values[key] || minDate}
          valueFormat="ddd, MMM D, YYYY"
          placeholder="Pick a date"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear' }}
          popoverProps={{ withinPortal: true }}
        />
      );
    }
    if (TIME_FIELDS.has(name)) {
      const key = name as 'startTime' | 'endTime' | 'departureTime' | 'arrivalTime' | 'returnDepartureTime' | 'returnArrivalTime';
      return <TimeInput key={name} {...common} value={values[key]} onChange={(e) => set(key, e.currentTarget.value)} />;
    }
    if (ZONE_FIELDS.has(name)) {
      const key = name as 'timeZone' | 'arrivalTimeZone' | 'returnTimeZone' | 'returnArrivalTimeZone';
      const value = values[key];
      // The saved (derived) zone shows on an edit; blank lets the server derive it again.
      const data = value && !allZones().includes(value) ? [value, ...allZones()] : allZones();
      return (
        <Select
          key={name}
          {...common}
          data={data}
          value={value || null}
          onChange={(zone) => set(key, zone ?? '')}
          searchable
          clearable
          limit={50}
          placeholder="Automatic (from the place)"
          nothingFoundMessage="No such time zone"
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    if (name === 'notes') {
      return (
        <Textarea
          key={name}
          {...common}
          placeholder={PLACEHOLDER.notes}
          autosize
          minRows={2}
          maxRows={6}
          value={values.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
        />
      );
    }
    const key = name as 'flightNumber' | 'fromLocation' | 'toLocation' | 'hotelName' | 'reservationNumber';
    return <TextInput key={name} {...common} placeholder={PLACEHOLDER[key]} value={values[key]} onChange={(e) => set(key, e.currentTarget.value)} />;
  };

  return (
    <form onSubmit={form.onSubmit(submit, focusFirstError(form, idOf))} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <NativeSelect
          id="item-type"
          label="Type"
          required
          withAsterisk
          data={ITEM_TYPES.map((t) => ({ value: t, label: ITEM_TYPE_INFO[t].label }))}
          value={values.type}
          onChange={(e) => set('type', e.currentTarget.value as ItemType)}
          error={errors.type}
        />
        <TextInput
          id="item-title"
          label="Title"
          required={titleRequired(values.type)}
          withAsterisk={titleRequired(values.type)}
          description={TITLE_HINT[values.type]}
          placeholder={values.type === 'FLIGHT' ? 'e.g. Flight to Rome' : 'e.g. Tile museum'}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          {fieldsFor(values.type).map(field)}
        </SimpleGrid>
        <FormActions onCancel={onCancel} saving={saving} submitLabel={submitLabel} mt="sm" gap="sm" />
      </Stack>
    </form>
  );
}

export interface ItemFormModalProps {
  opened: boolean;
  onClose: () => void;
  tripId: string;
  tripDates: TripDates;
  /** The trip's destination: place suggestions near it come first. */
  near?: Near;
  /** The timeline's connection, which a new item joins. */
  connection: string;
  /** The item to edit; null adds a new one. */
  item: ItemFormModal_item$key | null;
}

export function ItemFormModal({ opened, onClose, tripId, tripDates, near = null, connection, item }: ItemFormModalProps) {
  const data = useFragment(Fragment, item);
  const [add, adding] = useAddItineraryItem(connection);
  const [update, updating] = useUpdateItineraryItem();
  const saving = adding || updating;
  const editing = data !== null && data !== undefined;

  const submit = async (values: ItemValues) => {
    const input = toItemInput(values);
    const outcome = editing ? await update(data.id, input, data.revision) : await add(tripId, input);
    if (!outcome.ok) return outcome;
    if (wasQueued(outcome)) notify.info(ItineraryText.keptOffline(outcome.value.title), 'Waiting for the network');
    else notify.success(editing ? ItineraryText.saved(outcome.value.title) : ItineraryText.added(outcome.value.title));
    onClose();
    return done;
  };

  return (
    <Modal
      styles={modalStyles}
      closeButtonProps={closeButtonProps}
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit Item' : 'Add Item'}
      size="lg"
      radius="lg"
      closeOnClickOutside={!saving}
    >
      {/* Mounted afresh on each opening, so the form starts from the item as it is now. */}
      {opened && (
        <ItemForm
          key={data?.id ?? 'new'}
          initial={editing ? itemValuesOf(data) : emptyItemValues()}
          tripDates={tripDates}
          near={near}
          submitLabel={editing ? 'Save Changes' : 'Add Item'}
          saving={saving}
          onCancel={onClose}
          onSubmit={submit}
        />
      )}
    </Modal>
  );
}
