import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { isoDate } from '../../platform/dates.js';
import { formatMoneyDecimal } from '../../platform/money.js';
import { AdminRef } from '../graphql.js';
import { adminConnection, adminPageConnection, PAGING_ARGS } from '../trips/connection.js';
import { personName } from '../trips/page.js';
import {
  adminDeleteExpense,
  adminExpenses,
  adminExpensesByIds,
  adminSettlements,
  adminSettlementsByIds,
  adminSplits,
  adminSplitsByIds,
  adminUpdateExpense,
  expenseAnalytics,
  settlementAnalytics,
  splitAnalytics,
  type AdminExpense,
  type AdminSettlement,
  type AdminSplit,
  type ExpenseAnalytics,
  type MoneyTotal,
  type SettlementAnalytics,
  type SplitAnalytics,
} from './service.js';

const AdminMoneyTotalRef = builder.objectRef<MoneyTotal>('AdminMoneyTotal');
AdminMoneyTotalRef.implement({
  description: 'A sum in one currency (sums are never mixed across currencies).',
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'ISO 4217 code.' }),
    amountMinor: t.exposeInt('amountMinor', { description: "The sum in the currency's minor units." }),
    amount: t.string({ description: 'The sum as a decimal text in the currency.', resolve: (m) => formatMoneyDecimal(m.amountMinor, m.currency) }),
  }),
});

/** An expense as the console lists it: a node, so that an edit's payload updates the row in place. */
export const AdminExpenseRef = builder.node(builder.objectRef<AdminExpense>('AdminExpense'), {
  id: { resolve: (e) => e.id },
  loadMany: (ids, ctx) => adminExpensesByIds(ctx, ids),
  description: 'An expense as the console lists it. Administrators only.',
  authScopes: { admin: true },
  fields: (t) => ({
    tripId: t.exposeString('tripId', { description: 'The trip it belongs to.' }),
    tripName: t.string({ description: "The trip's name.", resolve: (e) => e.trip.name }),
    title: t.exposeString('title', { description: 'What was paid for.' }),
    amountMinor: t.exposeInt('amountCents', { description: "The amount in the currency's minor units." }),
    amount: t.string({ description: 'The amount as a decimal text.', resolve: (e) => formatMoneyDecimal(e.amountCents, e.currency) }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code.' }),
    category: t.string({ description: 'The category, lower-case.', resolve: (e) => e.category.toLowerCase() }),
    expenseDate: t.string({ nullable: true, description: 'The day it was spent (YYYY-MM-DD).', resolve: (e) => isoDate(e.expenseDate) }),
    notes: t.exposeString('notes', { nullable: true, description: 'Notes.' }),
    paidById: t.exposeString('paidById', { description: 'Who paid (user id).' }),
    payerName: t.string({ description: "The payer's name, or 'Deleted user'.", resolve: (e) => personName(e.paidBy) }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true, description: 'When every share was settled.' }),
    status: t.string({ description: 'paid (every share settled) or unpaid.', resolve: (e) => (e.paidAt ? 'paid' : 'unpaid') }),
    splitCount: t.int({ description: 'How many shares it is split into.', resolve: (e) => e._count.splits }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded.' }),
  }),
});

const AdminSplitRef = builder.node(builder.objectRef<AdminSplit>('AdminExpenseSplit'), {
  id: { resolve: (s) => s.id },
  loadMany: (ids, ctx) => adminSplitsByIds(ctx, ids),
  description: "One person's share of an expense, as the console lists it. Administrators only.",
  authScopes: { admin: true },
  fields: (t) => ({
    expenseId: t.exposeString('expenseId', { description: 'The expense it is a share of.' }),
    expenseTitle: t.string({ description: "The expense's title.", resolve: (s) => s.expense.title }),
    tripId: t.string({ description: 'The trip of the expense.', resolve: (s) => s.expense.tripId }),
    userId: t.exposeString('userId', { description: 'Who owes the share (user id).' }),
    userName: t.string({ description: "Their name, or 'Deleted user'.", resolve: (s) => personName(s.user) }),
    amountMinor: t.exposeInt('amountCents', { description: "The share in the expense currency's minor units." }),
    amount: t.string({ description: 'The share as a decimal text.', resolve: (s) => formatMoneyDecimal(s.amountCents, s.expense.currency) }),
    currency: t.string({ description: "The expense's currency (ISO 4217).", resolve: (s) => s.expense.currency }),
    status: t.string({ description: 'paid once settled, else the share status, lower-case.', resolve: (s) => (s.paidAt ? 'paid' : s.status.toLowerCase()) }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true, description: 'When it was settled.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded.' }),
  }),
});

const AdminSettlementRef = builder.node(builder.objectRef<AdminSettlement>('AdminSettlement'), {
  id: { resolve: (s) => s.id },
  loadMany: (ids, ctx) => adminSettlementsByIds(ctx, ids),
  description: 'A recorded payment between two members, as the console lists it. Administrators only.',
  authScopes: { admin: true },
  fields: (t) => ({
    tripId: t.exposeString('tripId', { description: 'The trip it settles.' }),
    tripName: t.string({ description: "The trip's name.", resolve: (s) => s.trip.name }),
    fromUserId: t.exposeString('fromUserId', { description: 'Who paid (user id).' }),
    fromName: t.string({ description: "The payer's name, or 'Deleted user'.", resolve: (s) => personName(s.fromUser) }),
    toUserId: t.exposeString('toUserId', { description: 'Who was paid (user id).' }),
    toName: t.string({ description: "The payee's name, or 'Deleted user'.", resolve: (s) => personName(s.toUser) }),
    amountMinor: t.exposeInt('amountCents', { description: "The amount in the currency's minor units." }),
    amount: t.string({ description: 'The amount as a decimal text.', resolve: (s) => formatMoneyDecimal(s.amountCents, s.currency) }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code.' }),
    note: t.exposeString('note', { nullable: true, description: 'The note given with it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded.' }),
  }),
});

const AdminExpensesConnection = adminConnection(AdminExpenseRef, 'expenses', 'expenses', 'expense');
const AdminSplitsConnection = adminConnection(AdminSplitRef, 'expenseSplits', 'expense shares', 'share');
const AdminSettlementsConnection = adminConnection(AdminSettlementRef, 'settlements', 'settlements', 'settlement');

const CategoryRef = builder.objectRef<ExpenseAnalytics['categoryBreakdown'][number]>('AdminExpenseCategoryFigure');
CategoryRef.implement({
  description: 'The expenses of one category.',
  fields: (t) => ({
    category: t.exposeString('category', { description: 'The category.' }),
    count: t.exposeInt('count', { description: 'How many expenses.' }),
    totals: t.field({ type: [AdminMoneyTotalRef], description: 'Their sums, per currency.', resolve: (c) => c.totals }),
  }),
});

const AnalyticsRef = builder.objectRef<ExpenseAnalytics>('AdminExpenseAnalytics');
AnalyticsRef.implement({
  description: 'The figures over every expense.',
  fields: (t) => ({
    totalExpenses: t.exposeInt('totalExpenses', { description: 'Every expense.' }),
    totalAmount: t.field({ type: [AdminMoneyTotalRef], description: 'Their sums, per currency.', resolve: (a) => a.totalAmount }),
    pendingExpenses: t.exposeInt('pendingExpenses', { description: 'Expenses not yet settled.' }),
    availableCategories: t.exposeStringList('availableCategories', { description: "The category filter's choices." }),
    categoryBreakdown: t.field({ type: [CategoryRef], description: 'Count and sums per category.', resolve: (a) => a.categoryBreakdown }),
  }),
});

const SplitAnalyticsRef = builder.objectRef<SplitAnalytics>('AdminSplitAnalytics').implement({
  description: 'The figures over every share of every expense.',
  fields: (t) => ({
    totalSplits: t.exposeInt('totalSplits', { description: 'Every share.' }),
    paidSplits: t.exposeInt('paidSplits', { description: 'Shares settled.' }),
    paymentRate: t.exposeFloat('paymentRate', { description: 'Percent of shares settled, one decimal.' }),
  }),
});

const SettlementAnalyticsRef = builder.objectRef<SettlementAnalytics>('AdminSettlementAnalytics').implement({
  description: 'The figures over every recorded payment.',
  fields: (t) => ({
    totalSettlements: t.exposeInt('totalSettlements', { description: 'Every recorded payment.' }),
    totalAmount: t.field({ type: [AdminMoneyTotalRef], description: 'Their sums, per currency.', resolve: (a) => a.totalAmount }),
    completionRate: t.exposeFloat('completionRate', { description: 'Percent of expenses whose every share is settled, one decimal.' }),
  }),
});

const PAID_ARG = 'paid, unpaid or all; all when absent.';

builder.objectFields(AdminRef, (t) => ({
  expenses: t.field({
    type: AdminExpensesConnection,
    description: 'Every expense, newest first, searched (title, notes, trip name) and filtered on the server.',
    args: {
      first: t.arg.int({ required: false, description: PAGING_ARGS.first }),
      after: t.arg.string({ required: false, description: PAGING_ARGS.after }),
      search: t.arg.string({ required: false, description: 'Matches part of the title, the notes or the trip name.' }),
      category: t.arg.string({ required: false, description: 'Only this category (any case); all when absent.' }),
      currency: t.arg.string({ required: false, description: 'Only this currency (ISO 4217); all when absent.' }),
      paid: t.arg.string({ required: false, description: PAID_ARG }),
    },
    resolve: async (_r, a, ctx) =>
      adminPageConnection(a, (paging) => adminExpenses(ctx, { ...paging, category: a.category, currency: a.currency, paid: a.paid })),
  }),
  expenseAnalytics: t.field({ type: AnalyticsRef, description: 'The figures over every expense.', resolve: (_r, _a, ctx) => expenseAnalytics(ctx) }),
  expenseSplits: t.field({
    type: AdminSplitsConnection,
    description: 'Every share of every expense, newest first, searched and filtered on the server.',
    args: {
      first: t.arg.int({ required: false, description: PAGING_ARGS.first }),
      after: t.arg.string({ required: false, description: PAGING_ARGS.after }),
      search: t.arg.string({ required: false, description: "Matches part of the expense's title or the person's first or last name." }),
      paid: t.arg.string({ required: false, description: PAID_ARG }),
    },
    resolve: async (_r, a, ctx) => adminPageConnection(a, (paging) => adminSplits(ctx, { ...paging, paid: a.paid })),
  }),
  splitAnalytics: t.field({ type: SplitAnalyticsRef, description: 'The figures over every share.', resolve: (_r, _a, ctx) => splitAnalytics(ctx) }),
  settlements: t.field({
    type: AdminSettlementsConnection,
    description: 'Every recorded payment, newest first, searched on the server.',
    args: {
      first: t.arg.int({ required: false, description: PAGING_ARGS.first }),
      after: t.arg.string({ required: false, description: PAGING_ARGS.after }),
      search: t.arg.string({ required: false, description: 'Matches part of the note or the trip name.' }),
    },
    resolve: async (_r, a, ctx) => adminPageConnection(a, (paging) => adminSettlements(ctx, paging)),
  }),
  settlementAnalytics: t.field({
    type: SettlementAnalyticsRef,
    description: 'The figures over every recorded payment.',
    resolve: (_r, _a, ctx) => settlementAnalytics(ctx),
  }),
}));

const UpdateInput = builder.inputType('AdminUpdateExpenseInput', {
  description: "An expense's new fields (the expenses domain's rules; shares re-apportioned). Absent fields stay.",
  fields: (t) => ({
    expenseId: t.globalID({ required: true, for: AdminExpenseRef, description: 'The expense to change.' }),
    title: t.string({ required: false, description: 'What was paid for.' }),
    amount: t.string({ required: false, description: 'The amount as a decimal text in the currency.' }),
    currency: t.string({ required: false, description: 'ISO 4217 code.' }),
    category: t.string({ required: false, description: 'The category.' }),
    expenseDate: t.string({ required: false, description: 'The day it was spent (YYYY-MM-DD).' }),
    notes: t.string({ required: false, description: 'Notes.' }),
    exchangeRate: t.string({ required: false, description: "The rate to the trip's currency, when the currency differs." }),
  }),
});
const DeleteInput = builder.inputType('AdminDeleteExpenseInput', {
  description: 'The expense to delete.',
  fields: (t) => ({ expenseId: t.globalID({ required: true, for: AdminExpenseRef, description: 'The expense to delete.' }) }),
});

const UpdatePayload = builder.objectRef<{ expenseId: string }>('AdminUpdateExpensePayload');
UpdatePayload.implement({
  description: 'The expense is changed.',
  fields: (t) => ({
    expense: t.field({
      type: AdminExpenseRef,
      description: 'The expense, as the list shows it (read again after the change).',
      resolve: async (p, _a, ctx) => (await adminExpensesByIds(ctx, [p.expenseId]))[0]!,
    }),
  }),
});
const DeletePayload = builder.objectRef<{ id: string }>('AdminDeleteExpensePayload');
DeletePayload.implement({
  description: 'The expense is deleted.',
  fields: (t) => ({
    deletedExpenseId: t.id({
      description: 'Global id of the deleted expense, for @deleteRecord.',
      resolve: (p) => encodeGlobalID('AdminExpense', p.id),
    }),
  }),
});

const given = (v: string | null | undefined) => (v === null ? undefined : v);

builder.mutationField('adminUpdateExpense', (t) =>
  t.field({
    type: UpdatePayload,
    description: 'Edits any expense through the expenses rules (shares re-apportioned, history kept). Administrators only.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminUpdateExpenseResult', description: 'Changed, or why not.' } },
    args: { input: t.arg({ type: UpdateInput, required: true, description: 'The expense and its new fields.' }) },
    resolve: async (_r, { input: i }, ctx) => ({
      expenseId: (
        await adminUpdateExpense(ctx, i.expenseId.id, {
          title: given(i.title),
          amount: given(i.amount),
          currency: given(i.currency),
          category: given(i.category),
          expenseDate: given(i.expenseDate),
          notes: i.notes,
          exchangeRate: given(i.exchangeRate),
        })
      ).id,
    }),
  }),
);

builder.mutationField('adminDeleteExpense', (t) =>
  t.field({
    type: DeletePayload,
    description: 'Deletes any expense (its history stays; balances follow). Administrators only.',
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'AdminDeleteExpenseResult', description: 'Deleted, or why not.' } },
    args: { input: t.arg({ type: DeleteInput, required: true, description: 'The expense.' }) },
    resolve: (_r, { input }, ctx) => adminDeleteExpense(ctx, input.expenseId.id),
  }),
);
