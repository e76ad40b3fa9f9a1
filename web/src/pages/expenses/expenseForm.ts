/** The expense form's state, its split presets and what it sends: pure, so tests need no browser. */
import { EXPENSE_CATEGORIES } from '../../platform/domain';

export type SplitKind = 'EQUAL' | 'PERCENTAGE' | 'CUSTOM';
export type Category = (typeof EXPENSE_CATEGORIES)[number];

export interface Person {
  id: string;
  name: string;
}

export interface ExpenseFormValues {
  title: string;
  amount: string;
  currency: string;
  exchangeRate: string;
  category: Category;
  paidBy: string;
  expenseDate: string;
  notes: string;
  splitType: SplitKind;
  participants: string[];
  /** Per participant: the amount (custom) or the percentage (percentage), as typed. */
  shares: Record<string, string>;
  itineraryItemId: string | null;
  /** Several payers: what each paid, as typed; null when one person paid (`paidBy`). */
  payers: Record<string, string> | null;
}

export const CATEGORY_LABELS: Record<Category, string> = {
  FOOD: 'Food',
  TRANSPORT: 'Transport',
  ACCOMMODATION: 'Accommodation',
  ENTERTAINMENT: 'Entertainment',
  SHOPPING: 'Shopping',
  ACTIVITIES: 'Activities',
  OTHER: 'Other',
};

export const SPLIT_LABELS: Record<SplitKind, string> = { EQUAL: 'Equal', PERCENTAGE: 'Percentage', CUSTOM: 'Custom' };

export function emptyForm(people: Person[], viewerId: string | null, currency: string, today: string): ExpenseFormValues {
  return {
    title: '',
    amount: '',
    currency,
    exchangeRate: '',
    category: 'OTHER',
    paidBy: viewerId && people.some((p) => p.id === viewerId) ? viewerId : (people[0]?.id ?? ''),
    expenseDate: today,
    notes: '',
    splitType: 'EQUAL',
    participants: people.map((p) => p.id),
    shares: {},
    itineraryItemId: null,
    payers: null,
  };
}

/** A preset of seed 001: a name and what it does to the form. */
export interface Preset {
  label: string;
  apply: (v: ExpenseFormValues) => ExpenseFormValues;
}

/** Equal between everyone; 60/40 and 70/30 when two people share; 'pays all' for each person. */
export function presetsFor(people: Person[], v: ExpenseFormValues): Preset[] {
  const presets: Preset[] = [{ label: 'Split equally', apply: (f) => ({ ...f, splitType: 'EQUAL', participants: people.map((p) => p.id) }) }];
  if (v.participants.length === 2) {
    const [first, second] = v.participants as [string, string];
    for (const [a, b] of [
      [60, 40],
      [70, 30],
    ] as const) {
      presets.push({ label: `${a}/${b}`, apply: (f) => ({ ...f, splitType: 'PERCENTAGE', shares: { [first]: String(a), [second]: String(b) } }) });
    }
  }
  for (const p of people) {
    presets.push({ label: `${p.name} pays all`, apply: (f) => ({ ...f, splitType: 'EQUAL', participants: [p.id] }) });
  }
  return presets;
}

/** The mutation's `expense` input, from the form (amounts stay decimal text end to end). */
export function toInput(v: ExpenseFormValues, baseCurrency: string) {
  const shares =
    v.splitType === 'EQUAL'
      ? []
      : v.participants.map((userId) =>
          v.splitType === 'PERCENTAGE' ? { userId, percentage: (v.shares[userId] ?? '').trim() } : { userId, amount: (v.shares[userId] ?? '').trim() },
        );
  return {
    title: v.title,
    amount: v.amount.trim(),
    currency: v.currency,
    category: v.category,
    paidBy: v.payers ? null : v.paidBy,
    payers: v.payers
      ? Object.entries(v.payers)
          .filter(([, amount]) => amount.trim() !== '')
          .map(([userId, amount]) => ({ userId, amount: amount.trim() }))
      : null,
    expenseDate: v.expenseDate,
    notes: v.notes.trim() || null,
    splitType: v.splitType,
    participants: v.participants,
    splits: shares,
    exchangeRate: v.currency !== baseCurrency ? v.exchangeRate.trim() : null,
    itineraryItemId: v.itineraryItemId,
  };
}

/** "a,b" -> "\"a,b\"": one CSV field, quoted when it must be. */
const csvField = (value: string | number | null | undefined) => {
  const s = value == null ? '' : String(value);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"`.replace(/^"([=+\-@])/, '"\'$1') : s;
};

export interface CsvExpense {
  expenseDate: string;
  title: string;
  category: string;
  amount: { amount: string; currency: string };
  baseAmount: { amount: string; currency: string } | null | undefined;
  payerName: string;
  splitType: string;
  splits: readonly { name: string; amount: { amount: string } }[];
  notes: string | null | undefined;
}

/** The trip's expenses as CSV (RFC 4180, formula-safe), one line per expense. */
export function expensesCsv(rows: readonly CsvExpense[]): string {
  const header = ['Date', 'Title', 'Category', 'Amount', 'Currency', 'Amount in trip currency', 'Trip currency', 'Paid by', 'Split', 'Shares', 'Notes'];
  const lines = rows.map((e) =>
    [
      e.expenseDate,
      e.title,
      e.category.toLowerCase(),
      e.amount.amount,
      e.amount.currency,
      e.baseAmount?.amount ?? '',
      e.baseAmount?.currency ?? '',
      e.payerName,
      e.splitType.toLowerCase(),
      e.splits.map((s) => `${s.name}: ${s.amount.amount}`).join('; '),
      e.notes ?? '',
    ]
      .map(csvField)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
