import { isoDate } from '../platform/dates.js';
import { formatMoneyDecimal } from '../platform/money.js';

/** An expense as its history compares it. */
export interface ExpenseSnapshot {
  title: string;
  amountMinor: number;
  currency: string;
  category: string;
  paidById: string;
  expenseDate: Date;
  notes: string | null;
  splitType: string;
  shares: { userId: string; amountCents: number }[];
}

/** One line of an expense's history: a field, in words, before and after. */
export interface FieldChange {
  field: string;
  from: string | null;
  to: string | null;
}

/**
 * What an edit changed, in words members read (names rather than ids, amounts as decimals),
 * written when the change is made so the history reads the same after people leave.
 */
export function describeChanges(before: ExpenseSnapshot, after: ExpenseSnapshot, names: ReadonlyMap<string, string>): FieldChange[] {
  const name = (id: string) => names.get(id) ?? 'Former member';
  const money = (s: ExpenseSnapshot) => `${formatMoneyDecimal(s.amountMinor, s.currency)} ${s.currency}`;
  const shares = (s: ExpenseSnapshot) =>
    s.shares
      .map((x) => `${name(x.userId)} ${formatMoneyDecimal(x.amountCents, s.currency)}`)
      .sort()
      .join(', ');
  const pairs: [string, string | null, string | null][] = [
    ['Title', before.title, after.title],
    ['Amount', money(before), money(after)],
    ['Category', before.category.toLowerCase(), after.category.toLowerCase()],
    ['Paid by', name(before.paidById), name(after.paidById)],
    ['Date', isoDate(before.expenseDate), isoDate(after.expenseDate)],
    ['Notes', before.notes, after.notes],
    ['Split', before.splitType.toLowerCase(), after.splitType.toLowerCase()],
    ['Shares', shares(before), shares(after)],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([field, from, to]) => ({ field, from, to }));
}
