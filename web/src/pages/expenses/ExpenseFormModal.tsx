/**
 * The add/edit expense form: title, amount, currency (with the exchange rate when it is not the
 * trip's), category, paid by, date, notes, split type, participants and each one's share, with
 * the presets (equal, 60/40 and 70/30 for two, 'pays all' per person). The server's own rule
 * (expenses/validation.ts) checks it before it is sent, and the server again; every message shows
 * beside the field it names, the rest in a notice.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Chip,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { ExpenseFormModalRateQuery } from '../../__generated__/ExpenseFormModalRateQuery.graphql';
import { closeButtonProps, modalStyles } from '../../components/modalStyles';
import { EXPENSE_CATEGORIES, formatMoneyDecimal, TRIP_CURRENCIES } from '../../platform/domain';
import { focusFirstError, ruleErrors, showRefusal } from '../../platform/form/ruleForm';
import { notify } from '../../platform/notify';
import { wasQueued } from '../../platform/relay/useOutcomeMutation';
import { formatMoney } from '../trips/format';
import {
  CATEGORY_LABELS,
  newLine,
  presetsFor,
  receiptPreview,
  SPLIT_LABELS,
  toInput,
  withSuggestedPayer,
  type ExpenseFormValues,
  type PayerHint,
  type Person,
  type ReceiptLine,
  type SplitKind,
  expenseProblems,
} from './expenseForm';
import { useAddExpense } from './useAddExpense';
import { useUpdateExpense } from './useUpdateExpense';
import { FormActions } from '../../components/FormActions';

export interface ExpenseFormModalProps {
  opened: boolean;
  onClose: () => void;
  tripId: string;
  baseCurrency: string;
  people: Person[];
  /** The form's starting values; `expenseId` set means an edit. */
  initial: ExpenseFormValues;
  expenseId: string | null;
  /** The trip's zone: the date is a day there (said under the field). */
  timeZone?: string | null;
  /** "Who should book what" per expense category: a new expense pre-selects that payer. */
  payerHints?: readonly PayerHint[];
}

type Errors = Partial<Record<string, string>>;
/** The fields that show their own message, in the form's order; anything else goes to the notice. */
const FORM_FIELDS = [
  'title',
  'amount',
  'currency',
  'exchangeRate',
  'category',
  'paidById',
  'payers',
  'expenseDate',
  'notes',
  'tax',
  'tip',
  'items',
  'participants',
  'splits',
  'itineraryItemId',
] as const;
/** A field's input (or group) on the page, for the focus. */
const fieldId = (field: string) => `expense-${field}`;

const RateQuery = graphql`
  query ExpenseFormModalRateQuery($from: String!, $to: String!) {
    exchangeRate(from: $from, to: $to) {
      rate
      source
    }
  }
`;

function ExpenseForm({ tripId, baseCurrency, people, initial, expenseId, timeZone, onClose, payerHints = [] }: Omit<ExpenseFormModalProps, 'opened'>) {
  // Four split types side by side clip their labels on a phone ('Equal' showed as 'ual'): stacked there.
  const narrow = useMediaQuery('(max-width: 30em)');
  const [add, adding] = useAddExpense();
  const [update, updating] = useUpdateExpense();
  const saving = adding || updating;
  const memberIds = useMemo(() => new Set(people.map((p) => p.id)), [people]);
  // A new expense starts with the suggested payer for its category; an edit keeps its own.
  const form = useForm<ExpenseFormValues>({
    initialValues: expenseId ? initial : withSuggestedPayer(initial, payerHints, people),
    validate: ruleErrors((values) => expenseProblems(values, baseCurrency, memberIds), FORM_FIELDS),
  });
  const v = form.values;
  const errors = form.errors as Errors;
  const hint = payerHints.find((h) => h.expenseCategory === v.category) ?? null;
  /** Changes some values and clears the messages they answer. */
  const set = (patch: Partial<ExpenseFormValues>, ...cleared: string[]) => {
    form.setValues(patch);
    for (const field of cleared) form.clearFieldError(field);
  };
  const environment = useRelayEnvironment();
  const [askingRate, setAskingRate] = useState(false);
  // The provider's rate, when one is configured; otherwise the member types it.
  const fillCurrentRate = async () => {
    setAskingRate(true);
    try {
      const offer = (await fetchQuery<ExpenseFormModalRateQuery>(environment, RateQuery, { from: v.currency, to: baseCurrency }).toPromise())?.exchangeRate;
      if (offer) set({ exchangeRate: offer.rate }, 'exchangeRate');
      else notify.info('No current rate is available: please type the rate.');
    } catch {
      notify.info('No current rate is available: please type the rate.');
    } finally {
      setAskingRate(false);
    }
  };
  const nameOf = (id: string) => people.find((p) => p.id === id)?.name ?? 'Former member';

  const submit = async (values: ExpenseFormValues) => {
    if (saving) return;
    const expense = toInput(values, baseCurrency);
    const outcome = expenseId ? await update({ id: expenseId, expense }) : await add({ tripId, expense });
    const title = values.title.trim();
    if (outcome.ok && wasQueued(outcome)) {
      notify.info(`"${title}" is kept on this device and will be added when you are back online.`, 'Waiting for the network');
      onClose();
      return;
    }
    if (outcome.ok) {
      notify.success(expenseId ? `"${title}" is saved.` : `"${title}" is added.`, expenseId ? 'Expense updated' : 'Expense added');
      onClose();
      return;
    }
    const notice = showRefusal(form, outcome, FORM_FIELDS, fieldId);
    if (notice) notify.error(notice);
  };

  const shareLabel = v.splitType === 'PERCENTAGE' ? '%' : v.currency;
  const itemised = v.splitType === 'ITEMISED';
  const preview = itemised ? receiptPreview(v) : null;
  const setLine = (key: number, patch: Partial<ReceiptLine>) =>
    set({ items: v.items.map((line) => (line.key === key ? { ...line, ...patch } : line)) }, 'items', 'amount');
  return (
    <form onSubmit={form.onSubmit(submit, focusFirstError(form, fieldId))} noValidate aria-label={expenseId ? 'Edit expense' : 'Add expense'}>
      <Stack gap="sm">
        <TextInput
          id="expense-title"
          label="Title"
          required
          withAsterisk
          value={v.title}
          onChange={(e) => set({ title: e.currentTarget.value }, 'title')}
          error={errors.title}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            id="expense-amount"
            label="Amount"
            inputMode="decimal"
            placeholder="0.00"
            required
            withAsterisk
            readOnly={itemised}
            description={itemised ? 'The lines, tax and tip' : undefined}
            value={itemised ? (preview?.total ?? v.amount) : v.amount}
            onChange={(e) => set({ amount: e.currentTarget.value }, 'amount', 'splits')}
            error={errors.amount}
          />
          <NativeSelect
            id="expense-currency"
            label="Currency"
            data={[...TRIP_CURRENCIES]}
            value={v.currency}
            onChange={(e) => set({ currency: e.currentTarget.value }, 'currency', 'exchangeRate')}
            error={errors.currency}
          />
        </SimpleGrid>
        {v.currency !== baseCurrency && (
          <TextInput
            id="expense-exchangeRate"
            label={`Exchange rate (${baseCurrency} per 1 ${v.currency})`}
            description={`Frozen with the expense: balances are kept in ${baseCurrency}.`}
            inputMode="decimal"
            placeholder="1.00"
            required
            withAsterisk
            value={v.exchangeRate}
            onChange={(e) => set({ exchangeRate: e.currentTarget.value }, 'exchangeRate')}
            error={errors.exchangeRate}
            rightSectionWidth={110}
            rightSection={
              <Button size="compact-xs" variant="light" loading={askingRate} onClick={() => void fillCurrentRate()}>
                Current rate
              </Button>
            }
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            id="expense-category"
            label="Category"
            data={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
            value={v.category}
            onChange={(e) => {
              const category = e.currentTarget.value as ExpenseFormValues['category'];
              if (expenseId) set({ category }, 'category');
              else set(withSuggestedPayer({ ...v, category }, payerHints, people), 'category', 'paidById');
            }}
            error={errors.category}
          />
          <NativeSelect
            id="expense-paidById"
            disabled={v.payers !== null}
            label="Paid by"
            required
            withAsterisk
            data={people.map((p) => ({ value: p.id, label: p.name }))}
            value={v.paidBy}
            onChange={(e) => {
              const paidBy = e.currentTarget.value;
              set({ paidBy, ...(hint && !expenseId ? { suggestedProgramId: paidBy === hint.userId ? hint.programId : null } : {}) }, 'paidById');
            }}
            error={errors.paidById}
            description={hint && !v.payers ? `Suggested: ${hint.userName} with ${hint.programName}` : undefined}
          />
        </SimpleGrid>
        <Switch
          label="Paid by several people"
          checked={v.payers !== null}
          onChange={(e) => set({ payers: e.currentTarget.checked ? { [v.paidBy]: v.amount } : null }, 'payers', 'paidById')}
        />
        {v.payers && (
          <Stack gap={6} id="expense-payers" tabIndex={-1} role="group" aria-label="What each paid">
            {people.map((p) => (
              <TextInput
                key={p.id}
                label={`${p.name} paid (${v.currency})`}
                inputMode="decimal"
                size="xs"
                value={v.payers?.[p.id] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  set({ payers: { ...v.payers, [p.id]: value } }, 'payers');
                }}
              />
            ))}
            {errors.payers && (
              <Text c="red.9" fz="sm" role="alert">
                {errors.payers}
              </Text>
            )}
          </Stack>
        )}
        <TextInput
          id="expense-expenseDate"
          type="date"
          label="Date"
          description={timeZone ? `The day in the trip's time zone (${timeZone.replace(/_/g, ' ')})` : undefined}
          required
          withAsterisk
          value={v.expenseDate}
          onChange={(e) => set({ expenseDate: e.currentTarget.value }, 'expenseDate')}
          error={errors.expenseDate}
        />
        <Textarea
          id="expense-notes"
          label="Notes"
          autosize
          minRows={2}
          value={v.notes}
          onChange={(e) => set({ notes: e.currentTarget.value }, 'notes')}
          error={errors.notes}
        />

        <div>
          <Text fw={500} fz="sm" mb={4} id="expense-split-label">
            Split type
          </Text>
          <SegmentedControl
            aria-labelledby="expense-split-label"
            fullWidth
            orientation={narrow ? 'vertical' : 'horizontal'}
            data={(['EQUAL', 'PERCENTAGE', 'CUSTOM', 'ITEMISED'] as SplitKind[]).map((k) => ({ value: k, label: SPLIT_LABELS[k] }))}
            value={v.splitType}
            onChange={(value) => set({ splitType: value as SplitKind }, 'splits', 'splitType', 'items', 'participants')}
          />
        </div>
        {itemised ? (
          <Stack gap="xs" id="expense-items" tabIndex={-1} role="group" aria-label="Receipt lines">
            {v.items.map((line, index) => (
              <Paper key={line.key} withBorder p="xs" radius="md" role="group" aria-label={`Receipt line ${index + 1}`}>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    style={{ flex: 1, minWidth: 0 }}
                    size="xs"
                    label={`Line ${index + 1}`}
                    placeholder="What it was"
                    value={line.description}
                    onChange={(e) => setLine(line.key, { description: e.currentTarget.value })}
                  />
                  <TextInput
                    w={96}
                    size="xs"
                    label={`Amount (${v.currency})`}
                    aria-label={`Line ${index + 1} amount (${v.currency})`}
                    inputMode="decimal"
                    placeholder="0.00"
                    value={line.amount}
                    onChange={(e) => setLine(line.key, { amount: e.currentTarget.value })}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray.7"
                    size="lg"
                    aria-label={`Remove line ${index + 1}`}
                    disabled={v.items.length === 1}
                    onClick={() => set({ items: v.items.filter((l) => l.key !== line.key) }, 'items')}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
                <Chip.Group
                  multiple
                  value={line.participants}
                  onChange={(ids) => setLine(line.key, { participants: people.map((p) => p.id).filter((id) => ids.includes(id)) })}
                >
                  <Group gap={6} mt={6} wrap="wrap" role="group" aria-label={`Who shares line ${index + 1}`}>
                    {people.map((p) => (
                      <Chip key={p.id} value={p.id} size="xs" variant="outline">
                        {p.name}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Paper>
            ))}
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => set({ items: [...v.items, newLine(people.map((p) => p.id))] }, 'items')}
              >
                Add line
              </Button>
            </Group>
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                id="expense-tax"
                size="xs"
                label={`Tax (${v.currency})`}
                inputMode="decimal"
                placeholder="0.00"
                value={v.tax}
                onChange={(e) => set({ tax: e.currentTarget.value }, 'tax', 'items')}
                error={errors.tax}
              />
              <TextInput
                id="expense-tip"
                size="xs"
                label={`Tip (${v.currency})`}
                inputMode="decimal"
                placeholder="0.00"
                value={v.tip}
                onChange={(e) => set({ tip: e.currentTarget.value }, 'tip', 'items')}
                error={errors.tip}
              />
            </SimpleGrid>
            <Text fz="sm" aria-live="polite" data-testid="receipt-preview">
              {preview
                ? `Each pays: ${[...preview.shares].map(([id, minor]) => `${nameOf(id)} ${formatMoney(formatMoneyDecimal(minor, v.currency), v.currency)}`).join(' · ')}`
                : 'Enter each line’s amount and who shares it to see what each pays.'}
            </Text>
            {errors.items && (
              <Alert color="red" variant="light" role="alert">
                {errors.items}
              </Alert>
            )}
          </Stack>
        ) : (
          <>
            <Group gap={6} wrap="wrap" aria-label="Split presets" role="group">
              {presetsFor(people, v).map((p) => (
                <Button key={p.label} size="compact-xs" variant="light" onClick={() => set(p.apply(v), 'splits', 'participants')}>
                  {p.label}
                </Button>
              ))}
            </Group>
            <Checkbox.Group
              id="expense-participants"
              label="Participants"
              withAsterisk
              value={v.participants}
              onChange={(ids) => set({ participants: people.map((p) => p.id).filter((id) => ids.includes(id)) }, 'participants', 'splits')}
              error={errors.participants}
            >
              <Stack gap={6} mt={6}>
                {people.map((p) => (
                  <Group key={p.id} justify="space-between" wrap="nowrap" gap="xs">
                    <Checkbox value={p.id} label={p.name} />
                    {v.splitType !== 'EQUAL' && v.participants.includes(p.id) && (
                      <TextInput
                        aria-label={`${p.name}'s share (${shareLabel})`}
                        inputMode="decimal"
                        size="xs"
                        w={120}
                        rightSection={<Text fz="xs">{shareLabel}</Text>}
                        rightSectionWidth={44}
                        value={v.shares[p.id] ?? ''}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          set({ shares: { ...v.shares, [p.id]: value } }, 'splits');
                        }}
                      />
                    )}
                  </Group>
                ))}
              </Stack>
            </Checkbox.Group>
          </>
        )}
        {errors.splits && (
          <Alert color="red" variant="light" id="expense-splits" tabIndex={-1} role="alert">
            {errors.splits}
          </Alert>
        )}
        {errors.itineraryItemId && (
          <Alert color="red" variant="light" id="expense-itineraryItemId" tabIndex={-1} role="alert">
            {errors.itineraryItemId}
          </Alert>
        )}
        {v.participants.some((id) => !people.some((p) => p.id === id)) && (
          <Text fz="xs">
            Includes{' '}
            {v.participants
              .filter((id) => !people.some((p) => p.id === id))
              .map(nameOf)
              .join(', ')}
            .
          </Text>
        )}
        <FormActions onCancel={onClose} saving={saving} submitLabel={expenseId ? 'Save Expense' : 'Add Expense'} mt="sm" gap="sm" />
      </Stack>
    </form>
  );
}

export function ExpenseFormModal({ opened, onClose, ...form }: ExpenseFormModalProps) {
  return (
    <Modal
      styles={modalStyles}
      closeButtonProps={closeButtonProps}
      opened={opened}
      onClose={onClose}
      title={form.expenseId ? 'Edit Expense' : 'Add Expense'}
      radius="lg"
      size="lg"
    >
      {opened && <ExpenseForm {...form} onClose={onClose} />}
    </Modal>
  );
}
