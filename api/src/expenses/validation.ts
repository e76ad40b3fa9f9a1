import { z } from 'zod';
import { ValidationError } from '../platform/errors.js';
import { checkAmount, largestAmount, MONEY_COLUMN_MAX } from '../platform/amountRule.js';
import { blankToNull, calendarDay, choice, moneyAmount, optionalText, optionalUuid, requiredText, decimal, upperOrNull } from '../platform/fields.js';
import { apportion, convertMoney, formatMoneyDecimal, parseMoney, parseRate } from '../platform/money.js';
import { FieldProblems } from '../platform/validation.js';
import { TRIP_CURRENCIES } from '../trips/messages.js';
import { EXPENSE_CATEGORIES, EXPENSE_LIMITS, ExpenseMessages as M, fill, ITEM_LIMITS, SPLIT_TYPES } from './messages.js';
import { equalShares, exactParts, itemisedShares, leadPayer, participantOrder, partsGap, receiptTotal, weightedShares } from './splitRules.js';

export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export type SplitType = (typeof SPLIT_TYPES)[number];

/** One participant's typed share: an amount for a custom split, a percentage for a percentage split. */
export interface ShareInput {
  userId?: unknown;
  amount?: unknown;
  percentage?: unknown;
}

/** An expense as either door hands it over, values not yet checked. */
export interface ExpenseInput {
  title?: unknown;
  amount?: unknown;
  currency?: unknown;
  category?: unknown;
  paidById?: unknown;
  expenseDate?: unknown;
  notes?: unknown;
  splitType?: unknown;
  participants?: unknown;
  splits?: unknown;
  exchangeRate?: unknown;
  itineraryItemId?: unknown;
  /** The rewards programme "Who should book what" suggested, when the payer took the suggestion. */
  suggestedProgramId?: unknown;
  /** Several payers: who paid how much (decimal text); `paidById` is then the one who paid most. */
  payers?: unknown;
  /** An itemised split: the receipt's lines, each { description, amount, participants }. */
  items?: unknown;
  /** An itemised split's tax and tip (decimal text, 0 when left out). */
  tax?: unknown;
  tip?: unknown;
}

/** One line of an itemised receipt, checked: its amount in minor units, who shares it (by id). */
export interface ExpenseItem {
  description: string;
  amountMinor: number;
  participants: string[];
}

/** One line as either door hands it over. */
export interface ItemInput {
  description?: unknown;
  amount?: unknown;
  participants?: unknown;
}

export interface ExpensePayment {
  userId: string;
  amountMinor: number;
  baseAmountMinor: number;
}

export interface ExpenseShare {
  userId: string;
  amountMinor: number;
  baseAmountMinor: number;
  percentage: number | null;
}

/** What the service stores. */
export interface ExpenseData {
  title: string;
  amountMinor: number;
  currency: string;
  category: ExpenseCategory;
  paidById: string;
  expenseDate: Date;
  notes: string | null;
  splitType: SplitType;
  shares: ExpenseShare[];
  payers: ExpensePayment[];
  /** Units of the base currency per unit of `currency` (10^-10 units); null in the base currency. */
  rate: bigint | null;
  baseCurrency: string;
  baseAmountMinor: number;
  itineraryItemId: string | null;
  /** Undefined when not given: an edit then keeps what the expense recorded. */
  suggestedProgramId: string | null | undefined;
  /** An itemised split's receipt, tax and tip; null for the other splits. */
  items: ExpenseItem[] | null;
  taxMinor: number | null;
  tipMinor: number | null;
}

/** What the rules need to know of the trip. */
export interface ExpenseTrip {
  baseCurrency: string;
  memberIds: ReadonlySet<string>;
}

/** The form's order: problems are reported in it. */
const FIELD_ORDER = [
  'title',
  'amount',
  'currency',
  'category',
  'paidById',
  'payers',
  'expenseDate',
  'notes',
  'splitType',
  'participants',
  'splits',
  'items',
  'tax',
  'tip',
  'exchangeRate',
  'itineraryItemId',
  'suggestedProgramId',
] as const;

/** The fields that stand on their own (the kit's schemas, with this domain's messages). */
const Fields = {
  title: requiredText(EXPENSE_LIMITS.title, { required: M.titleRequired, tooLong: M.titleTooLong }),
  category: choice(EXPENSE_CATEGORIES, M.invalidCategory, 'OTHER'),
  expenseDate: calendarDay({ required: M.dateRequired, invalid: M.invalidDate }),
  notes: optionalText(EXPENSE_LIMITS.notes, { tooLong: M.notesTooLong }),
  // Both spellings of an itemised split are taken.
  splitType: z.preprocess((v) => (upperOrNull(v) === 'ITEMIZED' ? 'ITEMISED' : v), choice(SPLIT_TYPES, M.invalidSplitType, 'EQUAL')),
  itineraryItemId: optionalUuid(M.invalidItineraryItem),
  // A rewards catalogue id (the service checks it names a programme).
  suggestedProgramId: z.preprocess(
    blankToNull,
    z
      .string({ error: M.invalidSuggestedProgram })
      .regex(/^[a-z0-9][a-z0-9_-]{1,60}$/, M.invalidSuggestedProgram)
      .nullable(),
  ),
  /** A rate from `currency` to the trip's `base`, as 10^-10 units. */
  exchangeRate: (currency: string, base: string) =>
    z.preprocess(
      (v) => blankToNull(decimal(v)),
      z
        .string({ error: fill(M.rateRequired, { currency, base }) })
        .transform((t, ctx) => parseRate(t) ?? (ctx.addIssue({ code: 'custom', message: M.invalidRate }), z.NEVER)),
    ),
};

/** Text as typed (a number written out), or '' for anything else: ids and amounts read this way. */
const text = (v: unknown) => {
  const t = decimal(v);
  return typeof t === 'string' ? t : '';
};
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** A percentage as hundredths of a percent ("33.33" -> 3333), or null. */
function basisPoints(v: unknown): number | null {
  const m = PERCENT.exec(text(v));
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10000 ? bp : null;
}

/** Decimal text of `currency` as minor units (0 or more, within a column), or null. */
function minorOrNull(v: unknown, currency: string): number | null {
  const parsed = parseMoney(text(v), currency, MONEY_COLUMN_MAX);
  return parsed.ok ? parsed.amountMinor : null;
}

/** "10.00 USD": a gap shown in a message. */
const shownGap = (gap: number, currency: string) => `${formatMoneyDecimal(Math.abs(gap), currency)} ${currency}`;

/**
 * Checks an expense and works out its shares, exact to the minor unit (splitRules.ts: equal and
 * percentage splits by largest remainder, odd units from the payer; custom amounts and payers
 * within 0.01 of the total brought to it). Every field at fault is reported at once, in the
 * form's order.
 */
export function validateExpense(input: ExpenseInput, trip: ExpenseTrip): ExpenseData {
  const p = new FieldProblems();

  const title = p.check('title', Fields.title, input.title) ?? '';
  const currency = p.check('currency', choice(TRIP_CURRENCIES, M.invalidCurrency, trip.baseCurrency), input.currency);
  const knownCurrency = currency ?? 'USD';
  const amountMinor = p.check('amount', moneyAmount(knownCurrency, { invalid: M.invalidAmount, tooLarge: M.tooLarge }), input.amount) ?? 0;
  const category = p.check('category', Fields.category, input.category) ?? 'OTHER';
  const expenseDate = p.check('expenseDate', Fields.expenseDate, input.expenseDate);
  const notes = p.check('notes', Fields.notes, input.notes) ?? null;
  const splitType = p.check('splitType', Fields.splitType, input.splitType);
  const itineraryItemId = p.check('itineraryItemId', Fields.itineraryItemId, input.itineraryItemId) ?? null;
  const suggestedProgramId = p.check('suggestedProgramId', Fields.suggestedProgramId, input.suggestedProgramId) ?? null;

  // Who paid: one member, or several whose amounts add up to the amount.
  const payerRows = (Array.isArray(input.payers) ? (input.payers as ShareInput[]) : []).filter((r) => r && typeof r === 'object');
  let paidById = text(input.paidById);
  if (payerRows.length) {
    const ids = payerRows.map((r) => text(r.userId));
    if (ids.some((id) => !trip.memberIds.has(id)) || new Set(ids).size !== ids.length) p.add('payers', M.payerNotMember);
  } else if (!paidById) p.add('paidById', M.paidByRequired);
  else if (!trip.memberIds.has(paidById)) p.add('paidById', M.payerNotMember);

  let paid = [{ userId: paidById, amountMinor }];
  if (payerRows.length && amountMinor > 0 && !p.has('payers')) {
    const rows = payerRows
      .map((r) => ({ userId: text(r.userId), amountMinor: minorOrNull(r.amount, knownCurrency) }))
      .sort((a, b) => (a.userId < b.userId ? -1 : 1));
    const typed = rows.map((r) => r.amountMinor);
    if (typed.some((a) => a === null)) p.add('payers', M.payersMissing);
    else {
      const { gap, ok } = partsGap(amountMinor, typed as number[], knownCurrency);
      if (!ok) p.add('payers', fill(gap > 0 ? M.payersTooLittle : M.payersTooMuch, { amount: shownGap(gap, knownCurrency) }));
      else {
        const ids = rows.map((r) => r.userId);
        const exact = exactParts(amountMinor, typed as number[], ids, ids[0]!);
        paid = rows.map((r, i) => ({ userId: r.userId, amountMinor: exact[i]! })).filter((r) => r.amountMinor > 0);
        paidById = leadPayer(paid)!;
      }
    }
  }

  // An itemised split's lines are checked first: its participants are whoever shares a line.
  const receipt = splitType === 'ITEMISED' ? readReceipt(input, knownCurrency, trip, p) : null;
  const participants = participantOrder(
    receipt ? receipt.items.flatMap((i) => i.participants) : Array.isArray(input.participants) ? input.participants.map(text) : [],
  );
  if (receipt) {
    if (!receipt.items.length) p.add('items', M.itemsRequired);
  } else if (!participants.length) p.add('participants', M.participantsRequired);
  else if (participants.some((id) => !trip.memberIds.has(id))) p.add('participants', M.participantNotMember);

  let rate: bigint | null = null;
  if (currency && currency !== trip.baseCurrency) {
    rate = p.check('exchangeRate', Fields.exchangeRate(currency, trip.baseCurrency), input.exchangeRate) ?? null;
    // The amount in the trip's currency is kept too, so it must fit the column as well.
    if (rate !== null && amountMinor > 0 && !checkAmount(text(input.amount), currency, { currency: trip.baseCurrency, rate }).ok)
      p.add('amount', fill(M.tooLargeInBase, { max: `${largestAmount(trip.baseCurrency)} ${trip.baseCurrency}` }));
  }

  const shares =
    amountMinor > 0 && participants.length && splitType ? sharesOf(splitType, amountMinor, participants, paidById, input, receipt, knownCurrency, p) : null;

  p.throwIfAny(FIELD_ORDER);
  const amounts = shares!.amounts;
  const baseAmountMinor = rate === null ? amountMinor : convertMoney(amountMinor, currency!, trip.baseCurrency, rate);
  if (baseAmountMinor <= 0) throw new ValidationError(M.invalidRate, 'exchangeRate');
  const baseShares = rate === null ? amounts : apportion(baseAmountMinor, amounts);
  const basePaid =
    rate === null
      ? paid.map((r) => r.amountMinor)
      : apportion(
          baseAmountMinor,
          paid.map((r) => r.amountMinor),
        );
  return {
    title,
    amountMinor,
    currency: currency!,
    category,
    paidById,
    expenseDate: expenseDate!,
    notes,
    splitType: splitType!,
    payers: paid.map((r, i) => ({ ...r, baseAmountMinor: basePaid[i]! })),
    shares: participants.map((userId, i) => ({
      userId,
      amountMinor: amounts[i]!,
      baseAmountMinor: baseShares[i]!,
      percentage: shares!.percentages[i] ?? null,
    })),
    rate,
    baseCurrency: trip.baseCurrency,
    baseAmountMinor,
    itineraryItemId,
    suggestedProgramId: input.suggestedProgramId === undefined ? undefined : suggestedProgramId,
    items: receipt ? receipt.items : null,
    taxMinor: receipt ? receipt.taxMinor : null,
    tipMinor: receipt ? receipt.tipMinor : null,
  };
}

/** Each participant's share (and percentage) by the split's kind, or null with the problem recorded. */
function sharesOf(
  splitType: SplitType,
  amountMinor: number,
  participants: string[],
  payerId: string,
  input: ExpenseInput,
  receipt: Receipt | null,
  currency: string,
  p: FieldProblems,
): { amounts: number[]; percentages: (number | null)[] } | null {
  const typed = new Map<string, ShareInput>();
  for (const s of Array.isArray(input.splits) ? (input.splits as ShareInput[]) : []) if (s && typeof s === 'object') typed.set(text(s.userId), s);
  const plain = (amounts: number[]) => ({ amounts, percentages: [] });
  if (splitType === 'EQUAL') return plain(equalShares(amountMinor, participants, payerId));
  if (splitType === 'ITEMISED') {
    if (!receipt?.ok) return null;
    const { gap, ok } = partsGap(amountMinor, [receiptTotal(receipt.items, receipt.taxMinor, receipt.tipMinor)], currency);
    if (!ok) {
      p.add('items', fill(gap > 0 ? M.itemsTooLittle : M.itemsTooMuch, { amount: shownGap(gap, currency) }));
      return null;
    }
    return plain(itemisedShares(amountMinor, receipt.items, payerId).shares);
  }
  if (splitType === 'PERCENTAGE') {
    const bps = participants.map((id) => basisPoints(typed.get(id)?.percentage));
    if (bps.some((b) => b === null)) return (p.add('splits', M.invalidPercentage), null);
    const total = (bps as number[]).reduce((a, b) => a + b, 0);
    if (total !== 10000) return (p.add('splits', fill(M.percentageTotal, { total: formatMoneyDecimal(total, 'USD').replace(/\.?0+$/, '') })), null);
    return { amounts: weightedShares(amountMinor, bps as number[], participants, payerId), percentages: bps.map((b) => b! / 100) };
  }
  const amounts = participants.map((id) => minorOrNull(typed.get(id)?.amount, currency));
  if (amounts.some((a) => a === null)) return (p.add('splits', M.splitMissing), null);
  const { gap, ok } = partsGap(amountMinor, amounts as number[], currency);
  if (!ok) return (p.add('splits', fill(gap > 0 ? M.splitTooLittle : M.splitTooMuch, { amount: shownGap(gap, currency) })), null);
  return plain(exactParts(amountMinor, amounts as number[], participants, payerId));
}

interface Receipt {
  items: ExpenseItem[];
  taxMinor: number;
  tipMinor: number;
  /** Every line, the tax and the tip are well formed (the shares can be worked out). */
  ok: boolean;
}

/** An itemised split's lines, tax and tip, each problem reported on its field ('items', 'tax', 'tip'). */
function readReceipt(input: ExpenseInput, currency: string, trip: ExpenseTrip, p: FieldProblems): Receipt {
  let ok = true;
  const problem = (field: string, message: string) => {
    ok = false;
    p.add(field, message);
  };
  const rows = (Array.isArray(input.items) ? (input.items as unknown[]) : []).filter((r): r is ItemInput => !!r && typeof r === 'object');
  if (rows.length > ITEM_LIMITS.lines) problem('items', fill(M.tooManyItems, { max: ITEM_LIMITS.lines }));
  const items: ExpenseItem[] = rows.slice(0, ITEM_LIMITS.lines).map((row, i) => {
    const line = i + 1;
    const description = text(row.description);
    const amount = minorOrNull(row.amount, currency);
    const people = participantOrder((Array.isArray(row.participants) ? row.participants : []).map(text));
    if (!description || description.length > ITEM_LIMITS.description) problem('items', fill(M.itemDescription, { line }));
    else if (amount === null || amount <= 0) problem('items', fill(M.itemAmount, { line }));
    else if (!people.length) problem('items', fill(M.itemParticipants, { line }));
    else if (people.some((id) => !trip.memberIds.has(id))) problem('items', fill(M.itemParticipantNotMember, { line }));
    return { description, amountMinor: amount ?? 0, participants: people };
  });
  // Tax and tip: blank is 0; otherwise an amount of 0 or more.
  const extra = (value: unknown, field: 'tax' | 'tip', message: string) => {
    if (!text(value)) return 0;
    const minor = minorOrNull(value, currency);
    if (minor === null) problem(field, message);
    return minor ?? 0;
  };
  const taxMinor = extra(input.tax, 'tax', M.invalidTax);
  const tipMinor = extra(input.tip, 'tip', M.invalidTip);
  return { items, taxMinor, tipMinor, ok: ok && items.length > 0 };
}
