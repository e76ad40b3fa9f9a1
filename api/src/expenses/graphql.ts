import { tripTopicEvents } from '../trips/live.js';
import { sharedRead } from '../platform/liveReads.js';
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { MoneyRef } from '../graphql/money.js';
import { ExpenseCategory, ExpenseChangeAction, SplitStatus, SplitType } from '../generated/prisma/enums.js';
import { isoDate } from '../platform/dates.js';
import type { ExpenseEvent } from './liveEvents.js';
import { UserRef } from '../accounts/graphql.js';
import { TripRef } from '../trips/graphql.js';
import type { Transfer } from './settle.js';
import type { Ledger, LedgerPerson } from './ledger.js';
import type { FieldChange } from './history.js';
import { EXPENSE_LIMITS as L, EXPENSE_PAGE_MAX } from './messages.js';
import { addExpense, deleteExpense, tripLedger, updateExpense } from './service.js';
import { recordSettlement, undoSettlement } from './payments.js';
import { mayUndoPayment } from './paymentRules.js';
import type { ExpenseInput } from './validation.js';
import { offeredRate, type RateOffer } from './rates.js';
import { expensesShown, type ExpenseShown, type PayerView, type ShareView } from './parts.js';
import { batchLoader } from '../platform/batch.js';
import { displayName } from '../accounts/accountFields.js';

const money = (amountCents: number, currency: string) => ({ amountCents, currency });
const userGlobalId = (id: string) => encodeGlobalID('User', id);

const CategoryEnum = builder.enumType(ExpenseCategory, {
  name: 'ExpenseCategory',
  description: 'What an expense was for (default OTHER).',
  values: {
    FOOD: { description: 'Meals, groceries, drinks.' },
    TRANSPORT: { description: 'Flights, trains, taxis, fuel.' },
    ACCOMMODATION: { description: 'Hotels, rentals.' },
    ENTERTAINMENT: { description: 'Shows, nightlife.' },
    SHOPPING: { description: 'Shopping.' },
    ACTIVITIES: { description: 'Tours, tickets, lessons.' },
    OTHER: { description: 'Anything else.' },
  },
});

const SplitTypeEnum = builder.enumType(SplitType, {
  name: 'ExpenseSplitType',
  description: 'How an expense is shared between its participants.',
  values: {
    EQUAL: { description: 'Equal shares; the leftover cents go one each to the first participants by id.' },
    PERCENTAGE: { description: 'A percentage each, adding up to 100.' },
    CUSTOM: { description: 'An amount each, adding up to the total (within 0.01).' },
    ITEMISED: {
      description:
        "Receipt lines, each shared equally by its own participants; tax and tip are apportioned in proportion to each person's lines (largest remainder).",
    },
  },
});

type StoredItem = { description: string; amountMinor: number; participants: string[] };
const ItemRef = builder.objectRef<StoredItem & { currency: string }>('ExpenseItem').implement({
  description: "One line of an itemised expense's receipt.",
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What the line was, e.g. "Pizza".' }),
    amount: t.field({ type: MoneyRef, description: "The line's amount, in the expense's currency.", resolve: (i) => money(i.amountMinor, i.currency) }),
    participantIds: t.idList({ description: 'Global ids of who shares the line (Users), equally.', resolve: (i) => i.participants.map(userGlobalId) }),
  }),
});

const SplitStatusEnum = builder.enumType(SplitStatus, {
  name: 'ExpenseSplitStatus',
  description: "Where a participant's share stands.",
  values: {
    PENDING: { description: 'Still owed.' },
    PAID: { description: "Paid: the payer's own share, or settled since (the participant owes nothing any more)." },
    SETTLED: { description: 'Settled (older records; counts as paid).' },
  },
});

const ChangeActionEnum = builder.enumType(ExpenseChangeAction, {
  name: 'ExpenseChangeAction',
  description: 'What happened to an expense.',
  values: {
    CREATED: { description: 'It was added.' },
    UPDATED: { description: 'It was edited: `changes` says what changed.' },
    DELETED: { description: 'It was deleted.' },
  },
});

const SplitRef = builder.objectRef<ShareView>('ExpenseSplit').implement({
  description: "One participant's share of an expense. The shares of an expense add up to its amount exactly.",
  fields: (t) => ({
    userId: t.id({ description: 'Global id of the participant (a User).', resolve: (s) => userGlobalId(s.userId) }),
    name: t.exposeString('name', { description: "The participant's name ('Deleted user' once their account is gone)." }),
    amount: t.field({ type: MoneyRef, description: "The share, in the expense's currency.", resolve: (s) => money(s.amountCents, s.currency) }),
    baseAmount: t.field({
      type: MoneyRef,
      nullable: true,
      description: "The share in the trip's currency at the expense's frozen rate; null for an expense entered under another base currency.",
      resolve: (s) => (s.baseCurrency ? money(s.baseAmountCents, s.baseCurrency) : null),
    }),
    percentage: t.exposeFloat('percentage', { nullable: true, description: 'The percentage entered for a percentage split; null otherwise.' }),
    status: t.field({ type: SplitStatusEnum, description: 'Pending, or paid (settled).', resolve: (s) => s.status }),
    paidAt: t.field({ type: 'DateTime', nullable: true, description: 'When the share was paid; null while pending.', resolve: (s) => s.paidAt }),
  }),
});

const PayerRef = builder.objectRef<PayerView>('ExpensePayer').implement({
  description: 'Who paid (part of) an expense, and how much. The payers of an expense add up to its amount exactly.',
  fields: (t) => ({
    userId: t.id({ description: 'Global id of the payer (a User).', resolve: (p) => userGlobalId(p.userId) }),
    name: t.exposeString('name', { description: "The payer's name." }),
    amount: t.field({ type: MoneyRef, description: "What they paid, in the expense's currency.", resolve: (p) => money(p.amountCents, p.currency) }),
  }),
});

/**
 * The payer's name, shares and payers of the expenses a request shows, one statement per page (see
 * `expensesShown`); a live event's subscribers ask for the same page, read once for all (sharedRead).
 */
const shownExpense = batchLoader<string, ExpenseShown>(
  (ctx, ids) => sharedRead(ctx, `shownExpenses:${ids.join()}`, () => expensesShown(ctx.deps.db.prisma, ids)),
  { payerName: 'Unknown', splits: [], payers: [] },
);

export const ExpenseRef = builder.prismaNode('Expense', {
  id: { field: 'id' },
  nullable: true,
  description: "Money one member paid for the group, shared between participants. Read and changed by the trip's members only.",
  authScopes: (e) => ({ tripMember: e.tripId }),
  runScopesOnType: true,
  select: { id: true, tripId: true, amountCents: true, currency: true },
  fields: (t) => ({
    title: t.exposeString('title', { description: 'What it was, e.g. "Dinner at Rosa".' }),
    amount: t.field({ type: MoneyRef, description: 'What was paid, in `amount.currency`.', resolve: (e) => money(e.amountCents, e.currency) }),
    baseAmount: t.field({
      type: MoneyRef,
      nullable: true,
      description: "The amount in the trip's currency at the rate frozen at entry (the amount itself when in that currency).",
      select: { baseAmountCents: true, baseCurrency: true },
      resolve: (e) => (e.baseAmountCents != null && e.baseCurrency ? money(e.baseAmountCents, e.baseCurrency) : null),
    }),
    exchangeRate: t.string({
      nullable: true,
      description: "Units of the trip's currency per unit of the expense's, as typed at entry; null when the expense is in the trip's currency.",
      select: { exchangeRate: true },
      resolve: (e) =>
        e.exchangeRate
          ? e.exchangeRate
              .toFixed()
              .replace(/(\.\d*?)0+$/, '$1')
              .replace(/\.$/, '')
          : null,
    }),
    category: t.field({ type: CategoryEnum, description: 'What it was for.', select: { category: true }, resolve: (e) => e.category }),
    splitType: t.field({ type: SplitTypeEnum, description: 'How it is shared.', select: { splitType: true }, resolve: (e) => e.splitType }),
    paidById: t.id({ description: 'Global id of who paid (a User).', select: { paidById: true }, resolve: (e) => userGlobalId(e.paidById) }),
    payerName: t.string({
      description: "Who paid, by name ('Deleted user' once their account is gone).",
      resolve: async (e, _a, ctx) => (await shownExpense(ctx, e.id)).payerName,
    }),
    expenseDate: t.field({ type: 'Date', description: 'The day it was paid.', select: { expenseDate: true }, resolve: (e) => e.expenseDate }),
    notes: t.string({ nullable: true, description: 'Free text; null when none.', select: { notes: true }, resolve: (e) => e.notes }),
    items: t.field({
      type: [ItemRef],
      nullable: true,
      description: 'An itemised split: the receipt lines; null for the other splits.',
      select: { items: true },
      resolve: (e) => ((e.items as StoredItem[] | null) ?? null)?.map((i) => ({ ...i, currency: e.currency })) ?? null,
    }),
    tax: t.field({
      type: MoneyRef,
      nullable: true,
      description: "An itemised split's tax; null for the other splits.",
      select: { taxCents: true },
      resolve: (e) => (e.taxCents == null ? null : money(e.taxCents, e.currency)),
    }),
    tip: t.field({
      type: MoneyRef,
      nullable: true,
      description: "An itemised split's tip; null for the other splits.",
      select: { tipCents: true },
      resolve: (e) => (e.tipCents == null ? null : money(e.tipCents, e.currency)),
    }),
    payers: t.field({
      type: [PayerRef],
      description: 'Who paid and how much: one payer, or several (a bill paid partly by two cards).',
      resolve: async (e, _a, ctx) => (await shownExpense(ctx, e.id)).payers,
    }),
    splits: t.field({
      type: [SplitRef],
      description: 'The shares, one per participant, by participant id.',
      resolve: async (e, _a, ctx) => (await shownExpense(ctx, e.id)).splits,
    }),
    itineraryItemId: t.id({
      nullable: true,
      description: 'Global id of the itinerary item it pays for; null when none.',
      select: { itineraryItemId: true },
      resolve: (e) => (e.itineraryItemId ? encodeGlobalID('ItineraryItem', e.itineraryItemId) : null),
    }),
    suggestedProgramId: t.string({
      nullable: true,
      description: 'The rewards programme id "Who should book what" suggested and the payer took when it was entered; null otherwise.',
      select: { suggestedProgramId: true },
      resolve: (e) => e.suggestedProgramId,
    }),
    isPaid: t.boolean({ description: 'True once every share is paid.', select: { paidAt: true }, resolve: (e) => e.paidAt !== null }),
    paidAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When its last share was paid; null while any is pending.',
      select: { paidAt: true },
      resolve: (e) => e.paidAt,
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was added.', select: { createdAt: true }, resolve: (e) => e.createdAt }),
  }),
});

builder.prismaObject('Settlement', {
  description: "A payment from one member to another to settle up, in the trip's currency.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Its id.' }),
    fromUserId: t.id({ description: 'Global id of who paid (a User).', resolve: (s) => userGlobalId(s.fromUserId) }),
    fromName: t.string({
      description: 'Who paid, by name.',
      select: { fromUser: { select: { firstName: true, lastName: true } } },
      resolve: (s) => displayName(s.fromUser, 'Unknown'),
    }),
    toUserId: t.id({ description: 'Global id of who was paid (a User).', resolve: (s) => userGlobalId(s.toUserId) }),
    toName: t.string({
      description: 'Who was paid, by name.',
      select: { toUser: { select: { firstName: true, lastName: true } } },
      resolve: (s) => displayName(s.toUser, 'Unknown'),
    }),
    amount: t.field({ type: MoneyRef, description: 'How much.', resolve: (s) => money(s.amountCents, s.currency) }),
    note: t.exposeString('note', { nullable: true, description: 'A note; null when none.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was recorded.', resolve: (s) => s.createdAt }),
    undoneAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was undone (it then no longer counts in the balances); null while it stands.',
      resolve: (s) => s.undoneAt,
    }),
    undoneByName: t.string({
      nullable: true,
      description: "Who undid it ('Unknown' once their account is gone); null while it stands.",
      select: { undoneBy: { select: { firstName: true, lastName: true } } },
      resolve: (s) => (s.undoneAt ? displayName(s.undoneBy, 'Unknown') : null),
    }),
    viewerCanUndo: t.boolean({
      description: 'Whether the viewer may undo it now: its recorder, either person it names, or the trip owner, while it stands.',
      select: { createdById: true, trip: { select: { ownerId: true } } },
      resolve: (s, _a, ctx) => !s.undoneAt && !!ctx.viewer && (ctx.viewer.isAdmin || mayUndoPayment(ctx.viewer.id, s, s.trip.ownerId === ctx.viewer.id)),
    }),
  }),
});

const FieldChangeRef = builder.objectRef<FieldChange>('ExpenseFieldChange').implement({
  description: 'One field an edit changed, in words.',
  fields: (t) => ({
    field: t.exposeString('field', { description: 'The field, as the form labels it ("Amount", "Paid by").' }),
    from: t.exposeString('from', { nullable: true, description: 'Before; null when empty.' }),
    to: t.exposeString('to', { nullable: true, description: 'After; null when empty.' }),
  }),
});

builder.prismaObject('ExpenseChange', {
  description: "One entry of a trip's expense history: who added, edited or deleted an expense, and when.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Its id.' }),
    action: t.field({ type: ChangeActionEnum, description: 'What happened.', resolve: (c) => c.action }),
    title: t.exposeString('title', { description: "The expense's title at the time." }),
    actorName: t.string({
      description: "Who did it ('Unknown' once their account is gone).",
      select: { actor: { select: { firstName: true, lastName: true } } },
      resolve: (c) => displayName(c.actor, 'Unknown'),
    }),
    changes: t.field({
      type: [FieldChangeRef],
      description: 'For an edit, what changed; empty otherwise.',
      resolve: (c) => (c.changes as unknown as FieldChange[]) ?? [],
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When.', resolve: (c) => c.createdAt }),
  }),
});

const BalanceRef = builder.objectRef<LedgerPerson & { currency: string }>('MemberBalance').implement({
  description: "One person's standing in a trip's money, in the trip's currency.",
  fields: (t) => ({
    userId: t.id({ description: 'Global id of the person (a User).', resolve: (p) => userGlobalId(p.userId) }),
    name: t.exposeString('name', { description: 'Their name.' }),
    isMember: t.exposeBoolean('isMember', { description: 'False for someone who has left the trip but still has money in it.' }),
    balance: t.field({ type: MoneyRef, description: 'Positive: is owed this much; negative: owes it.', resolve: (p) => money(p.balanceMinor, p.currency) }),
  }),
});

const TransferRef = builder.objectRef<Transfer & { currency: string; names: Map<string, string> }>('SuggestedTransfer').implement({
  description: 'One payment of the plan that settles the whole trip in the fewest payments.',
  fields: (t) => ({
    fromUserId: t.id({ description: 'Global id of who pays.', resolve: (x) => userGlobalId(x.fromUserId) }),
    fromName: t.string({ description: 'Who pays, by name.', resolve: (x) => x.names.get(x.fromUserId) ?? 'Unknown' }),
    toUserId: t.id({ description: 'Global id of who is paid.', resolve: (x) => userGlobalId(x.toUserId) }),
    toName: t.string({ description: 'Who is paid, by name.', resolve: (x) => x.names.get(x.toUserId) ?? 'Unknown' }),
    amount: t.field({ type: MoneyRef, description: "How much, in the trip's currency.", resolve: (x) => money(x.amountMinor, x.currency) }),
  }),
});

const CategorySpendRef = builder.objectRef<{ category: string; amountMinor: number; currency: string }>('CategorySpend').implement({
  description: 'What a trip spent on one category, in its currency.',
  fields: (t) => ({
    category: t.field({ type: CategoryEnum, description: 'The category.', resolve: (c) => c.category as ExpenseCategory }),
    amount: t.field({ type: MoneyRef, description: 'Spent on it.', resolve: (c) => money(c.amountMinor, c.currency) }),
  }),
});

const ledgerOf = (l: Ledger, viewerId: string | undefined) => {
  const mine = l.people.find((p) => p.userId === viewerId)?.balanceMinor ?? 0;
  return { mine, members: l.people.filter((p) => p.isMember).length || 1 };
};

const LedgerRef = builder.objectRef<Ledger>('TripLedger').implement({
  description: "A trip's money as it stands, in its base currency: balances, the fewest payments that settle them, totals.",
  fields: (t) => ({
    baseCurrency: t.exposeString('baseCurrency', { description: "The trip's currency (its budget's): every balance is in it." }),
    totalSpent: t.field({ type: MoneyRef, description: 'Everything spent on the trip.', resolve: (l) => money(l.totalSpentMinor, l.baseCurrency) }),
    budget: t.field({
      type: MoneyRef,
      nullable: true,
      description: "The trip's budget; null when none.",
      resolve: (l) => (l.budgetMinor == null ? null : money(l.budgetMinor, l.baseCurrency)),
    }),
    averagePerPerson: t.field({
      type: MoneyRef,
      description: 'Total spent divided by the members, rounded down to the minor unit.',
      resolve: (l, _a, ctx) => money(Math.floor(l.totalSpentMinor / ledgerOf(l, ctx.viewer?.id).members), l.baseCurrency),
    }),
    expenseCount: t.exposeInt('expenseCount', { description: 'How many expenses the trip has.' }),
    otherBaseCount: t.exposeInt('otherBaseCount', { description: 'Expenses entered while the trip had another currency: not counted in the balances.' }),
    youAreOwed: t.field({
      type: MoneyRef,
      description: 'What the viewer is owed (zero when they owe).',
      resolve: (l, _a, ctx) => money(Math.max(0, ledgerOf(l, ctx.viewer?.id).mine), l.baseCurrency),
    }),
    youOwe: t.field({
      type: MoneyRef,
      description: 'What the viewer owes (zero when they are owed).',
      resolve: (l, _a, ctx) => money(Math.max(0, -ledgerOf(l, ctx.viewer?.id).mine), l.baseCurrency),
    }),
    byCategory: t.field({
      type: [CategorySpendRef],
      description: 'Spending per category, largest first (categories with none are left out).',
      resolve: (l) => l.byCategory.map((c) => ({ ...c, currency: l.baseCurrency })),
    }),
    balances: t.field({
      type: [BalanceRef],
      description: 'Every member (and anyone who left with money in the trip), by name; they sum to zero.',
      resolve: (l) => l.people.map((p) => ({ ...p, currency: l.baseCurrency })),
    }),
    suggestedTransfers: t.field({
      type: [TransferRef],
      description: 'The fewest payments that bring every balance to zero (exact up to 15 people with a balance, greedy beyond).',
      resolve: (l) => {
        const names = new Map(l.people.map((p) => [p.userId, p.name]));
        return l.transfers.map((x) => ({ ...x, currency: l.baseCurrency, names }));
      },
    }),
  }),
});

builder.prismaObjectFields('Trip', (t) => ({
  ledger: t.field({
    type: LedgerRef,
    description: "The trip's money: balances, suggested payments, totals. Members only.",
    authScopes: (trip) => ({ tripMember: trip.id }),
    resolve: (trip, _a, ctx) => tripLedger(ctx, trip.id),
  }),
  // A statement of its own, not a part of the trip's: nested in it, the page was cut from every
  // expense of the trip built whole as JSON and then sorted; alone it is a plain sorted read of
  // the columns asked for, cut to the page before anything is built.
  expenses: t.prismaConnection({
    type: 'Expense',
    description: `The trip's expenses, the latest day first. At most ${EXPENSE_PAGE_MAX} a page.`,
    authScopes: (trip) => ({ tripMember: trip.id }),
    cursor: 'id',
    maxSize: EXPENSE_PAGE_MAX,
    defaultSize: 50,
    resolve: (query, trip, _a, ctx) =>
      sharedRead(ctx, `expenses:${trip.id}:${JSON.stringify(query)}`, () =>
        ctx.deps.db.prisma.expense.findMany({
          ...query,
          where: { tripId: trip.id },
          orderBy: [{ expenseDate: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
        }),
      ),
  }),
  settlements: t.relatedConnection('settlements', {
    description: 'Payments recorded between members, newest first.',
    authScopes: (trip) => ({ tripMember: trip.id }),
    cursor: 'id',
    maxSize: EXPENSE_PAGE_MAX,
    query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
  }),
  expenseHistory: t.relatedConnection('expenseChanges', {
    description: 'Who added, edited or deleted which expense, and what changed, newest first.',
    authScopes: (trip) => ({ tripMember: trip.id }),
    cursor: 'id',
    maxSize: EXPENSE_PAGE_MAX,
    query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
  }),
}));

const ShareInput = builder.inputType('ExpenseShareInput', {
  description: "One participant's share for a percentage or custom split.",
  fields: (t) => ({
    userId: t.globalID({ required: true, for: UserRef, description: 'The participant.' }),
    amount: t.string({ description: 'Custom split: the amount, as decimal text in the expense currency ("12.50").' }),
    percentage: t.string({ description: 'Percentage split: the percentage, as decimal text with at most two decimals ("33.33").' }),
  }),
});

const PayerInput = builder.inputType('ExpensePayerInput', {
  description: 'One payer of an expense paid by several people.',
  fields: (t) => ({
    userId: t.globalID({ required: true, for: UserRef, description: 'The payer: a member of the trip.' }),
    amount: t.string({ required: true, description: 'What they paid, as decimal text in the expense currency.' }),
  }),
});

const ItemInput = builder.inputType('ExpenseItemInput', {
  description: 'One line of an itemised receipt.',
  fields: (t) => ({
    description: t.string({ required: true, description: 'What the line was, at most 200 characters.' }),
    amount: t.string({ required: true, description: 'Decimal text above 0 in the expense currency.' }),
    participants: t.globalIDList({ required: true, for: UserRef, description: 'Who shares the line (equally): members of the trip.' }),
  }),
});

const ExpenseFields = builder.inputType('ExpenseFields', {
  description: "An expense's fields; a refusal names every field at fault.",
  fields: (t) => ({
    title: t.string({ required: true, description: `What it was, at most ${L.title} characters.` }),
    amount: t.string({ required: true, description: 'Decimal text above 0 with at most the currency\'s decimals ("42.50").' }),
    currency: t.string({ description: "USD, EUR, GBP, CAD, AUD, INR or MXN; the trip's when left out." }),
    category: t.field({ type: CategoryEnum, description: 'OTHER when left out.' }),
    paidBy: t.globalID({ for: UserRef, description: 'Who paid: a member of the trip. Required unless `payers` is given.' }),
    payers: t.field({
      type: [PayerInput],
      description: 'Several payers: what each member paid, adding up to the amount (within 0.01). `paidBy` is then whoever paid most.',
    }),
    expenseDate: t.field({ type: 'Date', required: true, description: 'The day it was paid.' }),
    notes: t.string({ description: `Free text, at most ${L.notes} characters.` }),
    splitType: t.field({ type: SplitTypeEnum, description: 'EQUAL when left out.' }),
    participants: t.globalIDList({
      required: true,
      for: UserRef,
      description: 'Who shares it: at least one member of the trip (for ITEMISED, left empty: whoever shares a line).',
    }),
    splits: t.field({ type: [ShareInput], description: 'For PERCENTAGE or CUSTOM: a share for each participant.' }),
    items: t.field({
      type: [ItemInput],
      description:
        'For ITEMISED: the receipt lines (at most 100). The participants are then whoever shares a line; the lines, tax and tip must add up to the amount (within 0.01).',
    }),
    tax: t.string({ description: 'For ITEMISED: the tax, as decimal text (0 when left out).' }),
    tip: t.string({ description: 'For ITEMISED: the tip, as decimal text (0 when left out).' }),
    exchangeRate: t.string({ description: 'Required when the currency is not the trip\'s: units of the trip\'s currency per unit of this one ("1.0825").' }),
    itineraryItemId: t.id({ description: 'The itinerary item it pays for (global id or uuid): one expense per item.' }),
    suggestedProgramId: t.string({
      description:
        'The rewards programme id (`RewardProgram.programId`) that "Who should book what" suggested for this expense, when the payer took the suggestion.',
    }),
  }),
});

type FieldsArg = {
  title: string;
  amount: string;
  currency?: string | null;
  category?: string | null;
  paidBy?: { id: string } | null;
  payers?: { userId: { id: string }; amount: string }[] | null;
  expenseDate: Date;
  notes?: string | null;
  splitType?: string | null;
  participants: { id: string }[];
  items?: { description: string; amount: string; participants: { id: string }[] }[] | null;
  tax?: string | null;
  tip?: string | null;
  splits?: { userId: { id: string }; amount?: string | null; percentage?: string | null }[] | null;
  exchangeRate?: string | null;
  itineraryItemId?: string | number | null;
  suggestedProgramId?: string | null;
};

/** An item id as a global id or a bare uuid; anything else goes on as typed, to be refused by the rules. */
function itemId(raw: string | number | null | undefined): string | null {
  if (raw == null || raw === '') return null;
  try {
    const decoded = decodeGlobalID(String(raw));
    if (decoded.typename === 'ItineraryItem') return decoded.id;
  } catch {
    // not a global id
  }
  return String(raw);
}

function toInput(f: FieldsArg): ExpenseInput {
  return {
    ...f,
    paidById: f.paidBy?.id,
    payers: (f.payers ?? []).map((p) => ({ userId: p.userId.id, amount: p.amount })),
    expenseDate: isoDate(f.expenseDate),
    participants: f.participants.map((p) => p.id),
    splits: (f.splits ?? []).map((s) => ({ userId: s.userId.id, amount: s.amount, percentage: s.percentage })),
    items: (f.items ?? []).map((i) => ({ description: i.description, amount: i.amount, participants: i.participants.map((p) => p.id) })),
    itineraryItemId: itemId(f.itineraryItemId),
  };
}

type ExpenseResult = { expense: Awaited<ReturnType<typeof addExpense>> };

const ExpensePayload = builder.objectRef<ExpenseResult>('ExpensePayload').implement({
  description: 'The expense as saved, and its trip (for the balances it moved).',
  fields: (t) => ({
    expense: t.field({ type: ExpenseRef, description: 'The expense as saved.', resolve: (p) => p.expense }),
    trip: t.prismaField({
      type: 'Trip',
      nullable: true,
      description: 'Its trip, to read the new balances.',
      resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.trip.findUnique({ ...q, where: { id: p.expense.tripId } }),
    }),
  }),
});

const mutationErrors = (name: string, description: string) => ({ types: MUTATION_ERRORS, directResult: true as const, union: { name, description } });

builder.mutationField('addExpense', (t) =>
  t.field({
    type: ExpensePayload,
    description: 'Adds an expense to a trip; any member may. Participants are notified; members watching see it live.',
    authScopes: { signedIn: true },
    errors: mutationErrors('AddExpenseResult', 'The new expense, or why not (a ValidationError names every field at fault).'),
    args: {
      input: t.arg({
        type: builder.inputType('AddExpenseInput', {
          description: 'The trip and the expense.',
          fields: (f) => ({
            tripId: f.globalID({ required: true, for: TripRef, description: 'The trip; the viewer must be on it.' }),
            expense: f.field({ type: ExpenseFields, required: true, description: "The expense's fields." }),
          }),
        }),
        required: true,
        description: 'The trip and the expense.',
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ expense: await addExpense(ctx, input.tripId.id, toInput(input.expense as FieldsArg)) }),
  }),
);

builder.mutationField('updateExpense', (t) =>
  t.field({
    type: ExpensePayload,
    description: 'Edits an expense (every field as it should be); any member of its trip may. The change goes into the history.',
    authScopes: { signedIn: true },
    errors: mutationErrors('UpdateExpenseResult', 'The edited expense, or why not.'),
    args: {
      input: t.arg({
        type: builder.inputType('UpdateExpenseInput', {
          description: 'The expense and its fields.',
          fields: (f) => ({
            id: f.globalID({ required: true, for: ExpenseRef, description: 'The expense.' }),
            expense: f.field({ type: ExpenseFields, required: true, description: 'Every field as it should be after the edit.' }),
          }),
        }),
        required: true,
        description: 'The expense and its fields.',
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ expense: await updateExpense(ctx, input.id.id, toInput(input.expense as FieldsArg)) }),
  }),
);

const DeletedExpensePayload = builder.objectRef<{ id: string; tripId: string }>('DeleteExpensePayload').implement({
  description: "The deleted expense's id, and its trip.",
  fields: (t) => ({
    deletedExpenseId: t.id({ description: 'Global id of the deleted expense, for @deleteRecord.', resolve: (p) => encodeGlobalID('Expense', p.id) }),
    trip: t.prismaField({
      type: 'Trip',
      nullable: true,
      description: 'Its trip, to read the new balances.',
      resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.trip.findUnique({ ...q, where: { id: p.tripId } }),
    }),
  }),
});

builder.mutationField('deleteExpense', (t) =>
  t.field({
    type: DeletedExpensePayload,
    description: 'Deletes an expense (ask first); any member of its trip may. Its history stays.',
    authScopes: { signedIn: true },
    errors: mutationErrors('DeleteExpenseResult', 'The deleted id, or why not.'),
    args: {
      input: t.arg({
        type: builder.inputType('DeleteExpenseInput', {
          description: 'The expense to delete.',
          fields: (f) => ({ id: f.globalID({ required: true, for: ExpenseRef, description: 'The expense.' }) }),
        }),
        required: true,
        description: 'The expense to delete.',
      }),
    },
    resolve: (_r, { input }, ctx) => deleteExpense(ctx, input.id.id),
  }),
);

const SettlementPayload = builder.objectRef<{ settlement: { id: string; tripId: string } }>('RecordSettlementPayload').implement({
  description: 'The payment recorded, and its trip.',
  fields: (t) => ({
    settlement: t.prismaField({
      type: 'Settlement',
      description: 'The payment.',
      resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.settlement.findUniqueOrThrow({ ...q, where: { id: p.settlement.id } }),
    }),
    trip: t.prismaField({
      type: 'Trip',
      nullable: true,
      description: 'Its trip, to read the new balances.',
      resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.trip.findUnique({ ...q, where: { id: p.settlement.tripId } }),
    }),
  }),
});

builder.mutationField('recordSettlement', (t) =>
  t.field({
    type: SettlementPayload,
    description: "'Record payment': one member paid another back, in the trip's currency; any member may record it.",
    authScopes: { signedIn: true },
    errors: mutationErrors('RecordSettlementResult', "The payment, or why not (show 'Error settling expense. Please try again.' for anything unexpected)."),
    args: {
      input: t.arg({
        type: builder.inputType('RecordSettlementInput', {
          description: 'Who paid whom, and how much.',
          fields: (f) => ({
            tripId: f.globalID({ required: true, for: TripRef, description: 'The trip.' }),
            fromUserId: f.globalID({ required: true, for: UserRef, description: 'Who paid: a member.' }),
            toUserId: f.globalID({ required: true, for: UserRef, description: 'Who was paid: another member.' }),
            amount: f.string({ required: true, description: "Decimal text above 0 in the trip's currency." }),
            currency: f.string({ description: "The trip's currency (the only one accepted); the trip's when left out." }),
            note: f.string({ description: 'A note, at most 500 characters.' }),
            allowOverpayment: f.boolean({ description: 'True once the member confirmed paying more than the payer owes (refused otherwise).' }),
            allowDuplicate: f.boolean({
              description: 'True once the member confirmed recording the same payment again within two minutes (a ConflictError otherwise).',
            }),
          }),
        }),
        required: true,
        description: 'Who paid whom, and how much.',
      }),
    },
    resolve: async (_r, { input }, ctx) => ({
      settlement: await recordSettlement(ctx, input.tripId.id, {
        fromUserId: input.fromUserId.id,
        toUserId: input.toUserId.id,
        amount: input.amount,
        currency: input.currency,
        note: input.note,
        allowOverpayment: input.allowOverpayment,
        allowDuplicate: input.allowDuplicate,
      }),
    }),
  }),
);

builder.mutationField('undoSettlement', (t) =>
  t.field({
    type: builder.objectRef<{ settlement: { id: string; tripId: string } }>('UndoSettlementPayload').implement({
      description: 'The payment undone (kept in the history), and its trip.',
      fields: (f) => ({
        settlement: f.prismaField({
          type: 'Settlement',
          description: 'The payment, now undone.',
          resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.settlement.findUniqueOrThrow({ ...q, where: { id: p.settlement.id } }),
        }),
        trip: f.prismaField({
          type: 'Trip',
          nullable: true,
          description: 'Its trip, to read the balances as they were before the payment.',
          resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.trip.findUnique({ ...q, where: { id: p.settlement.tripId } }),
        }),
      }),
    }),
    description: 'Undoes a recorded payment (its recorder, either person it names, or the trip owner): it stays in the history and stops counting.',
    authScopes: { signedIn: true },
    errors: mutationErrors(
      'UndoSettlementResult',
      "The payment undone, or why not (show 'Error undoing the payment. Please try again.' for anything unexpected).",
    ),
    args: {
      input: t.arg({
        type: builder.inputType('UndoSettlementInput', {
          description: 'The payment to undo.',
          fields: (f) => ({ id: f.id({ required: true, description: "The payment's id (`Settlement.id`)." }) }),
        }),
        required: true,
        description: 'The payment to undo.',
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ settlement: await undoSettlement(ctx, String(input.id)) }),
  }),
);

const ExpensesEventRef = builder.objectRef<ExpenseEvent>('TripExpensesEvent').implement({
  description: "A change to a watched trip's expenses, settlements or balances: read the trip's ledger and lists again.",
  fields: (t) => ({
    trip: t.prismaField({
      type: 'Trip',
      nullable: true,
      description: 'The trip as it is now.',
      // Once per event and selection on this instance, for every member it reaches.
      resolve: (q, e, _a, ctx) =>
        sharedRead(ctx, `trip:${e.tripId}:${JSON.stringify(q)}`, () => ctx.deps.db.prisma.trip.findUnique({ ...q, where: { id: e.tripId } })),
    }),
    actorId: t.id({ nullable: true, description: 'Global id of who made the change.', resolve: (e) => (e.actorId ? userGlobalId(e.actorId) : null) }),
  }),
});

builder.subscriptionField('tripExpensesChanged', (t) =>
  t.field({
    type: ExpensesEventRef,
    description: "Live changes to one trip's expenses, settlements and balances, from every instance.",
    args: { tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip to watch; the viewer must be on it.' }) },
    authScopes: (_r, args) => ({ tripMember: args.tripId.id }),
    // Membership is checked again before every event; leaving the trip (or its deletion) ends it.
    subscribe: (_r, args, ctx) => {
      const tripId = args.tripId.id;
      return tripTopicEvents(
        ctx,
        tripId,
        'expenses',
        async (event: ExpenseEvent) => event,
        // A change to the trip may be to its currency, and so to every balance.
        (): ExpenseEvent => ({ tripId, actorId: null }),
      );
    },
    resolve: (e: ExpenseEvent) => e,
  }),
);

const RateOfferRef = builder.objectRef<RateOffer>('ExchangeRateOffer').implement({
  description: 'A current exchange rate offered for an expense in another currency (the member may change it before saving).',
  fields: (t) => ({
    rate: t.exposeString('rate', { description: 'Units of `to` per unit of `from`, as decimal text (at most 10 decimals).' }),
    source: t.exposeString('source', {
      description: 'Where the rate came from, in words for people (the configured RATES_NAME, else "exchange-rate service"); never the provider\'s address.',
    }),
  }),
});

builder.queryField('exchangeRate', (t) =>
  t.field({
    type: RateOfferRef,
    nullable: true,
    description:
      'The current rate between two listed currencies from the provider configured by RATES_URL; null when none is configured or it fails (type the rate).',
    authScopes: { signedIn: true },
    args: {
      from: t.arg.string({ required: true, description: "The expense's currency, e.g. EUR." }),
      to: t.arg.string({ required: true, description: "The trip's currency, e.g. USD." }),
    },
    resolve: (_r, args, ctx) => offeredRate(ctx, args.from.toUpperCase(), args.to.toUpperCase()),
  }),
);
