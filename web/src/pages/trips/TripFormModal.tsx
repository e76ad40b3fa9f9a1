/**
 * 'Create New Trip' and 'Edit Trip': name, description, destination (place search), dates,
 * budget and currency. On submit every field's problem by the server's own trip rule shows at
 * once, beside its field (a problem without one on top); the server checks again and its typed errors land on the fields
 * they name, anything else on top. Limited texts count their characters and are never cut.
 */
import { Alert, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { TripInput } from '../../__generated__/useCreateTripMutation.graphql';
import type { TripFormModal_trip$key } from '../../__generated__/TripFormModal_trip.graphql';
import { PlaceSearchInput, type PlaceValue } from '../../components/PlaceSearchInput';
import { formatMoneyDecimal, TRIP_CURRENCIES, TRIP_LIMITS, TripMessages } from '../../platform/domain';
import { budgetDecimals, largestBudget, problemsOf, validateTrip } from '../../platform/rules';
import { browserCountry, currencyForCountry } from '../../platform/localeDefaults';
import { focusFirstError, ruleErrors, showRefusal } from '../../platform/form/ruleForm';
import { notify } from '../../platform/notify';
import { done, networkFailure, type Outcome } from '../../platform/outcome';
import { formatDateRange } from '../../components/dateFormat';
import { useSession } from '../../platform/SessionProvider';
import { useCreateTrip, type CreatedTrip } from './useCreateTrip';
import { useUpdateTrip } from './useUpdateTrip';
import { DatesChangeConfirm, type ItemOutside } from './DatesChangeConfirm';
import { usePlanItemsOutside } from './usePlanItemsOutside';
import { TripFormMessages } from './tripFormMessages';
import { tripBudget } from './tripBudget';
import { FormActions } from '../../components/FormActions';

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
const FIELDS: readonly Field[] = ['name', 'description', 'destination', 'startDate', 'endDate', 'budget', 'currency'];

/** A new trip's form: the currency someone where the browser is most likely plans in. */
const emptyValues = (): Values => ({
  name: '',
  description: '',
  destination: null,
  startDate: '',
  endDate: '',
  budget: '',
  currency: currencyForCountry(browserCountry()),
});

/** The form's values as the server's rule (trips/validation.ts) reads them. */
const ruleInput = (v: Values) => ({ ...v, budget: String(v.budget) });

/**
 * Every broken rule at once, one per field: the server's own trip rule, after the form's own
 * requirements (the server keeps undated trips from other clients; this form asks for dates).
 */
function problems(v: Values) {
  const own: { field: Field; message: string }[] = [];
  if (!v.destination?.mainText.trim()) own.push({ field: 'destination', message: TripFormMessages.destinationRequired });
  if (!v.startDate) own.push({ field: 'startDate', message: TripFormMessages.startRequired });
  if (!v.endDate) own.push({ field: 'endDate', message: TripFormMessages.endRequired });
  return [...own, ...problemsOf(validateTrip, ruleInput(v))];
}

/** The form field a server-named input field belongs to ("destination.mainText" is the destination). */
const formField = (field: string): Field | null => {
  const head = field.split('.')[0];
  return (FIELDS as readonly string[]).includes(head) ? (head as Field) : null;
};

const idOf = (field: string) => `trip-${field}`;

/** 'n / max' under a limited field, so a long text is seen before it is refused. */
const counter = (value: string, max: number) => `${value.trim().length.toLocaleString('en')} / ${max.toLocaleString('en')}`;

function toInput(v: Values): TripInput {
  const budget = tripBudget(v.budget, v.currency);
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
    budget: budget.ok && budget.amountMinor > 0 ? formatMoneyDecimal(budget.amountMinor, v.currency) : null,
    currency: v.currency,
  };
}

interface FormProps {
  initial: Values;
  submitLabel: string;
  onSubmit: (input: TripInput) => Promise<Outcome<unknown>>;
  saving: boolean;
  onCancel: () => void;
  /** Keep the submit button disabled until a name is typed (the reservations page's form asks for this). */
  nameFirst?: boolean;
}

function TripForm({ initial, submitLabel, onSubmit, saving, onCancel, nameFirst = false }: FormProps) {
  const { user } = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: initial, validate: ruleErrors(problems, formField), onValuesChange: () => setNotice(null) });
  const values = form.values;

  const save = async (v: Values) => {
    if (saving) return;
    setNotice(null);
    const outcome = await onSubmit(toInput(v));
    if (!outcome.ok) setNotice(showRefusal(form, outcome, formField, idOf));
  };
  const checkAndSave = form.onSubmit(save, focusFirstError(form, idOf));

  return (
    <form
      onSubmit={(event) => {
        if (user) return checkAndSave(event);
        event.preventDefault();
        setNotice(TripMessages.notSignedIn);
      }}
      noValidate
    >
      <Stack gap="sm">
        {notice && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {notice}
          </Alert>
        )}
        <TextInput
          id="trip-name"
          label="Trip name"
          placeholder="Summer in Lisbon"
          required
          description={counter(values.name, TRIP_LIMITS.name)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('name')}
          data-autofocus
        />
        <Textarea
          id="trip-description"
          label="Description"
          placeholder="What is this trip about?"
          autosize
          minRows={2}
          maxRows={5}
          description={counter(values.description, TRIP_LIMITS.description)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('description')}
        />
        <PlaceSearchInput
          id="trip-destination"
          label="Destination"
          placeholder="Search a city, e.g. Lisbon"
          required
          value={values.destination}
          onChange={(place) => form.setFieldValue('destination', place)}
          error={form.errors.destination}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput id="trip-startDate" type="date" label="Start date" required {...form.getInputProps('startDate')} />
          <TextInput id="trip-endDate" type="date" label="End date" required min={values.startDate || undefined} {...form.getInputProps('endDate')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            id="trip-budget"
            label="Budget"
            description={`Total planned (optional, up to ${largestBudget(values.currency)})`}
            placeholder="0.00"
            min={0}
            step={10 ** -budgetDecimals(values.currency)}
            decimalScale={budgetDecimals(values.currency)}
            allowNegative={false}
            hideControls
            inputMode="decimal"
            {...form.getInputProps('budget')}
          />
          <NativeSelect id="trip-currency" label="Currency" description="For the budget" data={[...TRIP_CURRENCIES]} {...form.getInputProps('currency')} />
        </SimpleGrid>
        <FormActions onCancel={onCancel} saving={saving} submitLabel={submitLabel} submitDisabled={nameFirst && !values.name.trim()} mt="sm" gap="sm" />
      </Stack>
    </form>
  );
}

export interface CreateTripModalProps {
  opened: boolean;
  onClose: () => void;
  viewerId: string | null;
  onCreated?: (trip: CreatedTrip) => void;
  /** Where the trip goes, when the form opens from a destination (explore, a guide). */
  initialDestination?: PlaceValue | null;
  /** Disable 'Create Trip' until the name is given. */
  nameFirst?: boolean;
}

export function CreateTripModal({ opened, onClose, viewerId, onCreated, initialDestination = null, nameFirst }: CreateTripModalProps) {
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
          initial={{ ...emptyValues(), destination: initialDestination }}
          submitLabel="Create Trip"
          nameFirst={nameFirst}
          saving={saving}
          onCancel={onClose}
          onSubmit={async (input) => {
            const outcome = await create(input);
            if (!outcome.ok) return outcome;
            notify.success(`"${outcome.value.name}" is ready. Invite your crew!`, 'Trip created');
            onClose();
            onCreated?.(outcome.value);
            return done;
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

const CHECK_FAILED = 'Could not check the plan against the new dates. Please try again.';

export function EditTripModal({ opened, onClose, viewerId, trip }: EditTripModalProps) {
  const data = useFragment(TripFragment, trip);
  const [update, saving] = useUpdateTrip(viewerId);
  const itemsOutside = usePlanItemsOutside();
  const [checking, setChecking] = useState(false);
  // New dates that leave plan items out are asked about first: the save waits for the answer.
  const [asking, setAsking] = useState<{ range: string; items: readonly ItemOutside[] } | null>(null);
  const answer = useRef<(go: boolean) => void>(() => undefined);
  const ask = (range: string, items: readonly ItemOutside[]) =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsking({ range, items });
    });

  /** The plan items the new dates leave out, when the dates move; null when the check failed. */
  const outsideOf = async (input: TripInput): Promise<readonly ItemOutside[] | null> => {
    const moved = input.startDate !== (data.startDate ?? '') || input.endDate !== (data.endDate ?? '');
    if (!moved || !input.startDate || !input.endDate) return [];
    setChecking(true);
    try {
      return await itemsOutside(data.id, input.startDate, input.endDate);
    } catch {
      return null;
    } finally {
      setChecking(false);
    }
  };

  const save = async (input: TripInput): Promise<Outcome<unknown>> => {
    const items = await outsideOf(input);
    if (!items) return networkFailure(CHECK_FAILED);
    // Going back saves nothing and leaves the form as it was typed.
    if (items.length && !(await ask(formatDateRange(input.startDate, input.endDate), items))) return done;
    const outcome = await update(data.id, input);
    setAsking(null);
    if (!outcome.ok) return outcome;
    notify.success(`"${outcome.value.name}" was updated.`, 'Trip saved');
    onClose();
    return done;
  };
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
      {opened && <TripForm initial={initial} submitLabel="Save Changes" saving={saving || checking} onCancel={onClose} onSubmit={save} />}
      <DatesChangeConfirm
        opened={!!asking}
        title="Change the trip dates?"
        confirmLabel="Save new dates"
        cancelLabel="Go back"
        rangeText={asking?.range ?? ''}
        items={asking?.items ?? []}
        loading={saving}
        onConfirm={() => answer.current(true)}
        onClose={() => {
          answer.current(false);
          setAsking(null);
        }}
      />
    </Modal>
  );
}
