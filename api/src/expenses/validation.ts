import { ValidationError, type FieldError } from '../platform/errors.js';
import { calendarDate } from '../platform/calendarDate.js';
import { checkAmount, largestAmount, MONEY_COLUMN_MAX } from '../platform/amountRule.js';
import { isUuid } from '../platform/ids.js';
import { apportion, convertMoney, currencyExponent, formatMoneyDecimal, parseMoney, parseRate } from '../platform/money.js';
import { TRIP_CURRENCIES } from '../trips/messages.js';
import { EXPENSE_CATEGORIES, EXPENSE_LIMITS, ExpenseMessages as M, fill, ITEM_LIMITS, SPLIT_TYPES } from './messages.js';

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

const FIELD_ORDER = [
  'title',
  'amount',
  'currency',
  'category',
  'paidById',
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
];

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : '');
/** Decimal text as typed, or a JSON number written out ("12.34"); anything else is no amount. */
const decimalText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : '');
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** A percentage as hundredths of a percent ("33.33" -> 3333), or null. */
function basisPoints(v: unknown): number | null {
  const m = PERCENT.exec(decimalText(v));
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10000 ? bp : null;
}

/**
 * Checks an expense and works out its shares, exact to the minor unit: equal and percentage
 * splits are apportioned by largest remainder; custom amounts within 0.01 of the total are
 * brought to it the same way. Every field at fault is reported at once, in the form's order.
 */
export function validateExpense(input: ExpenseInput, trip: ExpenseTrip): ExpenseData {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };

  const title = text(input.title);
  if (!title) fail('title', M.titleRequired);
  else if (title.length > EXPENSE_LIMITS.title) fail('title', fill(M.titleTooLong, { max: EXPENSE_LIMITS.title }));

  const currency = upper(input.currency) || trip.baseCurrency;
  if (!(TRIP_CURRENCIES as readonly string[]).includes(currency)) fail('currency', M.invalidCurrency);
  const knownCurrency = errors.some((e) => e.field === 'currency') ? 'USD' : currency;

  let amountMinor = 0;
  const parsed = checkAmount(decimalText(input.amount), knownCurrency);
  if (!parsed.ok)
    fail('amount', parsed.problem === 'tooLarge' ? fill(M.tooLarge, { max: `${largestAmount(knownCurrency)} ${knownCurrency}` }) : M.invalidAmount);
  else amountMinor = parsed.amountMinor;

  const category = (upper(input.category) || 'OTHER') as ExpenseCategory;
  if (!EXPENSE_CATEGORIES.includes(category)) fail('category', M.invalidCategory);

  const payerRows = (Array.isArray(input.payers) ? (input.payers as ShareInput[]) : []).filter((p) => p && typeof p === 'object');
  let paidById = text(input.paidById);
  if (payerRows.length) {
    const ids = payerRows.map((p) => text(p.userId));
    if (ids.some((id) => !trip.memberIds.has(id)) || new Set(ids).size !== ids.length) fail('payers', M.payerNotMember);
  } else if (!paidById) fail('paidById', M.paidByRequired);
  else if (!trip.memberIds.has(paidById)) fail('paidById', M.payerNotMember);

  const day = text(input.expenseDate);
  const expenseDate = calendarDate(day);
  if (!day) fail('expenseDate', M.dateRequired);
  else if (!expenseDate) fail('expenseDate', M.invalidDate);

  const notes = text(input.notes) || null;
  if (notes && notes.length > EXPENSE_LIMITS.notes) fail('notes', fill(M.notesTooLong, { max: EXPENSE_LIMITS.notes }));

  // Both spellings of an itemised split are taken.
  const splitType = (upper(input.splitType).replace(/^ITEMIZED$/, 'ITEMISED') || 'EQUAL') as SplitType;
  if (!SPLIT_TYPES.includes(splitType)) fail('splitType', M.invalidSplitType);

  // An itemised split's lines are checked first: its participants are whoever shares a line.
  const receipt = splitType === 'ITEMISED' ? readReceipt(input, knownCurrency, trip, fail) : null;

  // Participants in a stable order (by id), so the same split gives the extra cent to the same person.
  const raw = receipt ? receipt.items.flatMap((i) => i.participants) : Array.isArray(input.participants) ? input.participants : [];
  const participants = [...new Set(raw.map(text).filter(Boolean))].sort();
  if (receipt) {
    if (!receipt.items.length) fail('items', M.itemsRequired);
  } else if (!participants.length) fail('participants', M.participantsRequired);
  else if (participants.some((id) => !trip.memberIds.has(id))) fail('participants', M.participantNotMember);

  let rate: bigint | null = null;
  if (currency !== trip.baseCurrency && !errors.some((e) => e.field === 'currency')) {
    const typed = decimalText(input.exchangeRate);
    if (!typed) fail('exchangeRate', fill(M.rateRequired, { currency, base: trip.baseCurrency }));
    else if ((rate = parseRate(typed)) === null) fail('exchangeRate', M.invalidRate);
    // The amount in the trip's currency is kept too, so it must fit the column as well.
    else if (amountMinor > 0 && !checkAmount(decimalText(input.amount), currency, { currency: trip.baseCurrency, rate }).ok)
      fail('amount', fill(M.tooLargeInBase, { max: `${largestAmount(trip.baseCurrency)} ${trip.baseCurrency}` }));
  }

  const itemText = text(input.itineraryItemId);
  if (itemText && !isUuid(itemText)) fail('itineraryItemId', M.invalidItineraryItem);

  let amounts: number[] = [];
  let percentages: (number | null)[] = participants.map(() => null);
  if (amountMinor > 0 && participants.length && !errors.some((e) => e.field === 'splitType')) {
    const typed = new Map<string, ShareInput>();
    for (const s of Array.isArray(input.splits) ? (input.splits as ShareInput[]) : []) if (s && typeof s === 'object') typed.set(text(s.userId), s);
    if (splitType === 'ITEMISED') {
      if (receipt && receipt.ok) amounts = itemisedShares(amountMinor, receipt, participants, knownCurrency, fail);
    } else if (splitType === 'EQUAL')
      amounts = apportion(
        amountMinor,
        participants.map(() => 1),
      );
    else if (splitType === 'PERCENTAGE') {
      const bps = participants.map((id) => basisPoints(typed.get(id)?.percentage));
      if (bps.some((b) => b === null)) fail('splits', M.invalidPercentage);
      else {
        const total = bps.reduce<number>((a, b) => a + b!, 0);
        if (total !== 10000) fail('splits', fill(M.percentageTotal, { total: formatMoneyDecimal(total, 'USD').replace(/\.?0+$/, '') }));
        else {
          amounts = apportion(amountMinor, bps as number[]);
          percentages = bps.map((b) => b! / 100);
        }
      }
    } else {
      const typedAmounts = participants.map((id) => {
        const p = parseMoney(decimalText(typed.get(id)?.amount), knownCurrency, MONEY_COLUMN_MAX);
        return p.ok ? p.amountMinor : null;
      });
      if (typedAmounts.some((a) => a === null)) fail('splits', M.splitMissing);
      else {
        const total = typedAmounts.reduce<number>((a, b) => a + b!, 0);
        const gap = amountMinor - total;
        if (Math.abs(gap) > tolerance(knownCurrency) || total === 0) {
          const shown = formatMoneyDecimal(Math.abs(gap), knownCurrency);
          fail('splits', fill(gap > 0 ? M.splitTooLittle : M.splitTooMuch, { amount: `${shown} ${knownCurrency}` }));
        } else amounts = gap === 0 ? (typedAmounts as number[]) : apportion(amountMinor, typedAmounts as number[]);
      }
    }
  }

  // What each payer paid, brought to the amount exactly like custom shares.
  let paid: { userId: string; amountMinor: number }[] = [{ userId: paidById, amountMinor }];
  if (payerRows.length && amountMinor > 0 && !errors.some((e) => e.field === 'payers')) {
    const rows = payerRows
      .map((p) => {
        const parsedPaid = parseMoney(decimalText(p.amount), knownCurrency, MONEY_COLUMN_MAX);
        return { userId: text(p.userId), amountMinor: parsedPaid.ok ? parsedPaid.amountMinor : null };
      })
      .sort((a, b) => (a.userId < b.userId ? -1 : 1));
    if (rows.some((r) => r.amountMinor === null)) fail('payers', M.payersMissing);
    else {
      const total = rows.reduce((a, r) => a + r.amountMinor!, 0);
      const gap = amountMinor - total;
      if (Math.abs(gap) > tolerance(knownCurrency) || total === 0) {
        const shown = `${formatMoneyDecimal(Math.abs(gap), knownCurrency)} ${knownCurrency}`;
        fail('payers', fill(gap > 0 ? M.payersTooLittle : M.payersTooMuch, { amount: shown }));
      } else {
        const exact = apportion(
          amountMinor,
          rows.map((r) => r.amountMinor!),
        );
        paid = rows.map((r, i) => ({ userId: r.userId, amountMinor: exact[i]! })).filter((r) => r.amountMinor > 0);
        paidById = [...paid].sort((a, b) => b.amountMinor - a.amountMinor || (a.userId < b.userId ? -1 : 1))[0]!.userId;
      }
    }
  }

  if (errors.length) {
    errors.sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field));
    throw new ValidationError(errors[0]!.message, errors[0]!.field, errors);
  }
  const baseAmountMinor = rate === null ? amountMinor : convertMoney(amountMinor, currency, trip.baseCurrency, rate);
  if (baseAmountMinor <= 0) throw new ValidationError(M.invalidRate, 'exchangeRate');
  const baseShares = rate === null ? amounts : apportion(baseAmountMinor, amounts);
  const basePaid =
    rate === null
      ? paid.map((p) => p.amountMinor)
      : apportion(
          baseAmountMinor,
          paid.map((p) => p.amountMinor),
        );
  return {
    title,
    amountMinor,
    currency,
    category,
    paidById,
    expenseDate: expenseDate!,
    notes,
    splitType,
    payers: paid.map((p, i) => ({ ...p, baseAmountMinor: basePaid[i]! })),
    shares: participants.map((userId, i) => ({ userId, amountMinor: amounts[i]!, baseAmountMinor: baseShares[i]!, percentage: percentages[i]! })),
    rate,
    baseCurrency: trip.baseCurrency,
    baseAmountMinor,
    itineraryItemId: itemText || null,
    items: receipt ? receipt.items : null,
    taxMinor: receipt ? receipt.taxMinor : null,
    tipMinor: receipt ? receipt.tipMinor : null,
  };
}

interface Receipt {
  items: ExpenseItem[];
  taxMinor: number;
  tipMinor: number;
  /** Every line, the tax and the tip are well formed (the shares can be worked out). */
  ok: boolean;
}

/** An itemised split's lines, tax and tip, each problem reported on its field ('items', 'tax', 'tip'). */
function readReceipt(input: ExpenseInput, currency: string, trip: ExpenseTrip, fail: (field: string, message: string) => void): Receipt {
  let ok = true;
  const problem = (field: string, message: string) => {
    ok = false;
    fail(field, message);
  };
  const rows = (Array.isArray(input.items) ? (input.items as unknown[]) : []).filter((r): r is ItemInput => !!r && typeof r === 'object');
  if (rows.length > ITEM_LIMITS.lines) problem('items', fill(M.tooManyItems, { max: ITEM_LIMITS.lines }));
  const items: ExpenseItem[] = [];
  rows.slice(0, ITEM_LIMITS.lines).forEach((row, i) => {
    const line = i + 1;
    const description = text(row.description);
    const amount = parseMoney(decimalText(row.amount), currency, MONEY_COLUMN_MAX);
    const people = [...new Set((Array.isArray(row.participants) ? row.participants : []).map(text).filter(Boolean))].sort();
    if (!description || description.length > ITEM_LIMITS.description) problem('items', fill(M.itemDescription, { line }));
    else if (!amount.ok || amount.amountMinor <= 0) problem('items', fill(M.itemAmount, { line }));
    else if (!people.length) problem('items', fill(M.itemParticipants, { line }));
    else if (people.some((id) => !trip.memberIds.has(id))) problem('items', fill(M.itemParticipantNotMember, { line }));
    items.push({ description, amountMinor: amount.ok ? amount.amountMinor : 0, participants: people });
  });
  const extra = (value: unknown, field: 'tax' | 'tip', message: string) => {
    const typed = decimalText(value);
    if (!typed) return 0;
    const parsed = parseMoney(typed, currency, MONEY_COLUMN_MAX);
    if (!parsed.ok || parsed.amountMinor < 0) {
      problem(field, message);
      return 0;
    }
    return parsed.amountMinor;
  };
  const taxMinor = extra(input.tax, 'tax', M.invalidTax);
  const tipMinor = extra(input.tip, 'tip', M.invalidTip);
  return { items, taxMinor, tipMinor, ok: ok && items.length > 0 };
}

/**
 * An itemised split's shares. Each line is split equally among its people (largest remainder,
 * by id), giving each person a subtotal; the whole amount is then apportioned in proportion to
 * those subtotals, so each person pays their lines plus their part of the tax and tip (and of a
 * gap within 0.01), and the shares add up to the amount exactly.
 */
function itemisedShares(amountMinor: number, receipt: Receipt, participants: string[], currency: string, fail: (field: string, message: string) => void) {
  const subtotal = receipt.items.reduce((a, i) => a + i.amountMinor, 0);
  const gap = amountMinor - (subtotal + receipt.taxMinor + receipt.tipMinor);
  if (Math.abs(gap) > tolerance(currency)) {
    const shown = `${formatMoneyDecimal(Math.abs(gap), currency)} ${currency}`;
    fail('items', fill(gap > 0 ? M.itemsTooLittle : M.itemsTooMuch, { amount: shown }));
    return [];
  }
  const owed = new Map(participants.map((id) => [id, 0]));
  for (const item of receipt.items) {
    const parts = apportion(
      item.amountMinor,
      item.participants.map(() => 1),
    );
    item.participants.forEach((id, k) => owed.set(id, owed.get(id)! + parts[k]!));
  }
  return apportion(
    amountMinor,
    participants.map((id) => owed.get(id)!),
  );
}

/** Within 0.01 of the amount: a hundredth of the major unit, none for a currency without cents. */
function tolerance(currency: string): number {
  return Math.floor(10 ** (currencyExponent(currency) - 2));
}
