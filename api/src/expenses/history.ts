import { isoDate } from '../platform/dates.js';
import { formatMoneyDecimal } from '../platform/money.js';

/** An expense as its history compares it. */
export interface ExpenseSnapshot {
  title: string;
  amountMinor: number;
  currency: string;
  exchangeRate: string | null;
  category: string;
  paidById: string;
  payers: { userId: string; amountCents: number }[];
  expenseDate: Date;
  notes: string | null;
  splitType: string;
  shares: { userId: string; amountCents: number }[];
  items: { description: string; amountMinor: number; participants: string[] }[] | null;
  taxMinor: number | null;
  tipMinor: number | null;
  itineraryItemId: string | null;
}

/** One line of an expense's history: a field, in words, before and after. */
export interface FieldChange {
  field: string;
  from: string | null;
  to: string | null;
}

/**
 * What an edit changed, in words members read (names rather than ids, amounts as decimals),
 * written when the change is made so the history reads the same after people leave. Every
 * field the form edits is compared, the payers with what each paid.
 */
export function describeChanges(before: ExpenseSnapshot, after: ExpenseSnapshot, names: ReadonlyMap<string, string>): FieldChange[] {
  const name = (id: string) => names.get(id) ?? 'Former member';
  const dec = (minor: number, s: ExpenseSnapshot) => formatMoneyDecimal(minor, s.currency);
  const money = (s: ExpenseSnapshot) => `${dec(s.amountMinor, s)} ${s.currency}`;
  const list = (rows: { userId: string; amountCents: number }[], s: ExpenseSnapshot) =>
    rows
      .map((x) => `${name(x.userId)} ${dec(x.amountCents, s)}`)
      .sort()
      .join(', ');
  // One payer reads as a name; several as each name with what they paid.
  const paidBy = (s: ExpenseSnapshot) => (s.payers.length > 1 ? list(s.payers, s) : name(s.payers[0]?.userId ?? s.paidById));
  const lines = (s: ExpenseSnapshot) =>
    s.items ? s.items.map((i) => `${i.description} ${dec(i.amountMinor, s)} (${i.participants.map(name).sort().join(', ')})`).join('; ') : null;
  const extra = (minor: number | null, s: ExpenseSnapshot) => (minor ? dec(minor, s) : null);
  const pairs: [string, string | null, string | null][] = [
    ['Title', before.title, after.title],
    ['Amount', money(before), money(after)],
    ['Exchange rate', before.exchangeRate, after.exchangeRate],
    ['Category', before.category.toLowerCase(), after.category.toLowerCase()],
    ['Paid by', paidBy(before), paidBy(after)],
    ['Date', isoDate(before.expenseDate), isoDate(after.expenseDate)],
    ['Notes', before.notes, after.notes],
    ['Split', before.splitType.toLowerCase(), after.splitType.toLowerCase()],
    ['Lines', lines(before), lines(after)],
    ['Tax', extra(before.taxMinor, before), extra(after.taxMinor, after)],
    ['Tip', extra(before.tipMinor, before), extra(after.tipMinor, after)],
    ['Shares', list(before.shares, before), list(after.shares, after)],
    ['Itinerary item', before.itineraryItemId ? 'linked' : null, after.itineraryItemId ? 'linked' : null],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([field, from, to]) => ({ field, from, to }));
}
