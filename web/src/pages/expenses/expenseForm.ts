/** The expense form's state, its split presets and what it sends: pure, so tests need no browser. */
import {
  EXPENSE_CATEGORIES,
  formatMoneyDecimal,
  itemisedShares,
  leadPayer,
  parseMoney,
  receiptTotal,
  type ReceiptLine as RuleLine,
} from '../../platform/domain';
import { problemsOf, validateExpense } from '../../platform/rules';

export type SplitKind = 'EQUAL' | 'PERCENTAGE' | 'CUSTOM' | 'ITEMISED';
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
  /** An itemised split's receipt lines, tax and tip, as typed. */
  items: ReceiptLine[];
  tax: string;
  tip: string;
  /** The rewards programme "Who should book what" suggested and the payer took; undefined keeps an edited expense's own. */
  suggestedProgramId?: string | null;
}

/** "Who should book what" for one expense category: who should pay, with what. */
export interface PayerHint {
  expenseCategory: string;
  userId: string;
  userName: string;
  programId: string;
  programName: string;
}

/** The form with the suggested payer for its category taken (a new expense paid by one person only). */
export function withSuggestedPayer(v: ExpenseFormValues, hints: readonly PayerHint[], people: Person[]): ExpenseFormValues {
  const hint = hints.find((h) => h.expenseCategory === v.category);
  if (v.payers || !hint || !people.some((p) => p.id === hint.userId)) return { ...v, suggestedProgramId: null };
  return { ...v, paidBy: hint.userId, suggestedProgramId: hint.programId };
}

/** One receipt line in the form: what it was, its amount, and who shares it. */
export interface ReceiptLine {
  /** Only for React's keys: lines are added and removed. */
  key: number;
  description: string;
  amount: string;
  participants: string[];
}

let nextLineKey = 1;
export function newLine(participants: string[] = []): ReceiptLine {
  return { key: nextLineKey++, description: '', amount: '', participants };
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

export const SPLIT_LABELS: Record<SplitKind, string> = { EQUAL: 'Equal', PERCENTAGE: 'Percentage', CUSTOM: 'Custom', ITEMISED: 'Itemised' };

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
    items: [newLine(people.map((p) => p.id))],
    tax: '',
    tip: '',
  };
}

/**
 * Who the expense's odd cents start with (splitRules.ts): the one who paid, or, with several
 * payers, whoever typed the largest amount, as the server reads it.
 */
export function payerOf(v: ExpenseFormValues): string {
  if (!v.payers) return v.paidBy;
  const rows = Object.entries(v.payers).flatMap(([userId, amount]) => {
    const parsed = parseMoney(amount, v.currency);
    return parsed.ok ? [{ userId, amountMinor: parsed.amountMinor }] : [];
  });
  return leadPayer(rows) ?? v.paidBy;
}

/**
 * What an itemised receipt comes to, and what each person would pay, by the server's own rule
 * (splitRules.ts). Null while a line or the tax or tip is not a valid amount yet.
 */
export function receiptPreview(v: ExpenseFormValues): { totalMinor: number; total: string; shares: Map<string, number> } | null {
  const minor = (text: string, blankIsZero: boolean) => {
    if (blankIsZero && !text.trim()) return 0;
    const parsed = parseMoney(text, v.currency);
    return parsed.ok ? parsed.amountMinor : null;
  };
  const lines: RuleLine[] = [];
  for (const line of v.items) {
    const amount = minor(line.amount, false);
    if (amount === null || amount <= 0 || !line.participants.length) return null;
    lines.push({ amountMinor: amount, participants: line.participants });
  }
  const tax = minor(v.tax, true);
  const tip = minor(v.tip, true);
  if (!lines.length || tax === null || tip === null) return null;
  const totalMinor = receiptTotal(lines, tax, tip);
  const { participants, shares } = itemisedShares(totalMinor, lines, payerOf(v));
  return { totalMinor, total: formatMoneyDecimal(totalMinor, v.currency), shares: new Map(participants.map((id, k) => [id, shares[k]!])) };
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
  const itemised = v.splitType === 'ITEMISED';
  const shares =
    v.splitType === 'EQUAL' || itemised
      ? []
      : v.participants.map((userId) =>
          v.splitType === 'PERCENTAGE' ? { userId, percentage: (v.shares[userId] ?? '').trim() } : { userId, amount: (v.shares[userId] ?? '').trim() },
        );
  return {
    title: v.title,
    // An itemised expense costs what its receipt comes to; the server checks the two agree.
    amount: itemised ? (receiptPreview(v)?.total ?? v.amount.trim()) : v.amount.trim(),
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
    participants: itemised ? [] : v.participants,
    splits: shares,
    items: itemised ? v.items.map((i) => ({ description: i.description.trim(), amount: i.amount.trim(), participants: i.participants })) : null,
    tax: itemised ? v.tax.trim() || null : null,
    tip: itemised ? v.tip.trim() || null : null,
    exchangeRate: v.currency !== baseCurrency ? v.exchangeRate.trim() : null,
    itineraryItemId: v.itineraryItemId,
    suggestedProgramId: v.payers ? null : v.suggestedProgramId,
  };
}

/**
 * The server's own expense rule (expenses/validation.ts) over the form, before it is sent: every
 * field at fault at once, with the server's messages. Who may be named is the people the form
 * offers; the itinerary item's link (a global id here) is left to the server's check.
 */
export function expenseProblems(v: ExpenseFormValues, baseCurrency: string, memberIds: ReadonlySet<string>) {
  const { paidBy, ...input } = toInput(v, baseCurrency);
  return problemsOf((i) => validateExpense(i, { baseCurrency, memberIds }), { ...input, paidById: paidBy, itineraryItemId: null });
}
