import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { isoDate } from '../../platform/dates.js';
import { formatMoneyDecimal } from '../../platform/money.js';
import { AdminRef } from '../graphql.js';
import { adminPageType, PAGE_ARG } from '../trips/graphql.js';
import { personName } from '../trips/page.js';
import {
  adminDeleteExpense,
  adminExpenses,
  adminUpdateExpense,
  expenseAnalytics,
  type AdminExpense,
  type ExpenseAnalytics,
  type MoneyTotal,
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

const AdminExpenseRef = builder.objectRef<AdminExpense>('AdminExpense');
AdminExpenseRef.implement({
  description: 'An expense as the console lists it.',
  fields: (t) => ({
    id: t.exposeString('id', { description: "The expense's id." }),
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
    splitCount: t.int({ description: 'How many shares it is split into.', resolve: (e) => e._count.splits }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded.' }),
  }),
});

const AdminExpensePage = adminPageType<AdminExpense>('AdminExpensePage', AdminExpenseRef, 'expenses');

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

builder.objectFields(AdminRef, (t) => ({
  expenses: t.field({
    type: AdminExpensePage,
    description: 'Every expense, newest first, searched and filtered on the server.',
    args: {
      first: t.arg.int({ required: false, description: PAGE_ARG.first }),
      after: t.arg.string({ required: false, description: PAGE_ARG.after }),
      search: t.arg.string({ required: false, description: PAGE_ARG.search }),
      category: t.arg.string({ required: false, description: 'Only this category (or all).' }),
      currency: t.arg.string({ required: false, description: 'Only this currency (or all).' }),
      paid: t.arg.string({ required: false, description: 'paid, unpaid or all.' }),
    },
    resolve: (_r, a, ctx) =>
      adminExpenses(ctx, { search: a.search, limit: a.first, cursor: a.after, category: a.category, currency: a.currency, paid: a.paid }),
  }),
  expenseAnalytics: t.field({ type: AnalyticsRef, description: 'The figures over every expense.', resolve: (_r, _a, ctx) => expenseAnalytics(ctx) }),
}));

const UpdateInput = builder.inputType('AdminUpdateExpenseInput', {
  description: "An expense's new fields (the expenses domain's rules; shares re-apportioned). Absent fields stay.",
  fields: (t) => ({
    expenseId: t.id({ required: true, description: 'The expense to change.' }),
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
  fields: (t) => ({ expenseId: t.id({ required: true, description: 'The expense to delete.' }) }),
});

const ChangedRef = builder.objectRef<{ id: string; title: string; amountCents: number; currency: string }>('AdminChangedExpense');
ChangedRef.implement({
  description: 'An expense as a console change left it.',
  fields: (t) => ({
    id: t.exposeString('id', { description: "The expense's id." }),
    title: t.exposeString('title', { description: 'What was paid for.' }),
    amount: t.string({ description: 'The amount as a decimal text.', resolve: (e) => formatMoneyDecimal(e.amountCents, e.currency) }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code.' }),
  }),
});

const UpdatePayload = builder.objectRef<{ expense: { id: string; title: string; amountCents: number; currency: string } }>('AdminUpdateExpensePayload');
UpdatePayload.implement({
  description: 'The expense is changed.',
  fields: (t) => ({ expense: t.field({ type: ChangedRef, description: 'The expense.', resolve: (p) => p.expense }) }),
});
const DeletePayload = builder.objectRef<{ id: string }>('AdminDeleteExpensePayload');
DeletePayload.implement({
  description: 'The expense is deleted.',
  fields: (t) => ({ deletedExpenseId: t.exposeString('id', { description: 'The deleted expense’s id.' }) }),
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
      expense: await adminUpdateExpense(ctx, String(i.expenseId), {
        title: given(i.title),
        amount: given(i.amount),
        currency: given(i.currency),
        category: given(i.category),
        expenseDate: given(i.expenseDate),
        notes: i.notes,
        exchangeRate: given(i.exchangeRate),
      }),
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
    resolve: (_r, { input }, ctx) => adminDeleteExpense(ctx, String(input.expenseId)),
  }),
);
