import { z } from 'zod';
import { route } from '../../rest/kit.js';
import { isoDate } from '../../platform/dates.js';
import { formatMoneyDecimal } from '../../platform/money.js';
import { expenseJson } from '../../expenses/rest.js';
import { answerRefusals } from '../trips/answer.js';
import { AdminExpenseMessages as M } from '../trips/messages.js';
import { personName } from '../trips/page.js';
import {
  adminDeleteExpense,
  adminExpenses,
  adminSettlements,
  adminSplits,
  adminUpdateExpense,
  expenseAnalytics,
  settlementAnalytics,
  splitAnalytics,
  type AdminExpense,
  type AdminSettlement,
  type AdminSplit,
  type MoneyTotal,
} from './service.js';

/** Money crosses the wire as a decimal number in the currency's units. */
const decimal = (minor: number, currency: string) => Number(formatMoneyDecimal(minor, currency));
const totalsJson = (totals: MoneyTotal[]) => totals.map((t) => ({ currency: t.currency, amount: decimal(t.amountMinor, t.currency) }));

export const adminExpenseJson = (e: AdminExpense) => ({
  id: e.id,
  trip_id: e.tripId,
  trip_name: e.trip.name,
  title: e.title,
  amount: decimal(e.amountCents, e.currency),
  currency: e.currency,
  category: e.category.toLowerCase(),
  expense_date: isoDate(e.expenseDate),
  notes: e.notes,
  paid_by: e.paidById,
  payer_name: personName(e.paidBy),
  paid_at: e.paidAt?.toISOString() ?? null,
  status: e.paidAt ? 'paid' : 'unpaid',
  split_count: e._count.splits,
  created_at: e.createdAt.toISOString(),
});

const splitJson = (s: AdminSplit) => ({
  id: s.id,
  expense_id: s.expenseId,
  expense_title: s.expense.title,
  trip_id: s.expense.tripId,
  user_id: s.userId,
  user_name: personName(s.user),
  amount: decimal(s.amountCents, s.expense.currency),
  currency: s.expense.currency,
  status: s.paidAt ? 'paid' : s.status.toLowerCase(),
  paid_at: s.paidAt?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
});

const settlementJson = (s: AdminSettlement) => ({
  id: s.id,
  trip_id: s.tripId,
  trip_name: s.trip.name,
  from_user_id: s.fromUserId,
  from_name: personName(s.fromUser),
  to_user_id: s.toUserId,
  to_name: personName(s.toUser),
  amount: decimal(s.amountCents, s.currency),
  currency: s.currency,
  note: s.note,
  created_at: s.createdAt.toISOString(),
});

const anyValue = z.unknown().optional();
const EditBody = z.object({
  title: anyValue,
  amount: anyValue,
  currency: anyValue,
  category: anyValue,
  expense_date: anyValue,
  notes: anyValue,
  exchange_rate: anyValue,
});

export const adminExpenseRoutes = [
  route({
    method: 'GET',
    path: '/expenses',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const [page, a] = await Promise.all([adminExpenses(ctx, query), expenseAnalytics(ctx)]);
      return {
        expenses: page.rows.map(adminExpenseJson),
        analytics: {
          totalExpenses: a.totalExpenses,
          totalAmount: totalsJson(a.totalAmount),
          pendingExpenses: a.pendingExpenses,
          availableCategories: a.availableCategories,
          categoryBreakdown: Object.fromEntries(a.categoryBreakdown.map((c) => [c.category, { count: c.count, total: totalsJson(c.totals) }])),
        },
        total_count: page.totalCount,
        next_cursor: page.nextCursor,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/expenses/splits',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const [page, analytics] = await Promise.all([adminSplits(ctx, query), splitAnalytics(ctx)]);
      return { splits: page.rows.map(splitJson), analytics, total_count: page.totalCount, next_cursor: page.nextCursor };
    },
  }),
  route({
    method: 'GET',
    path: '/expenses/settlements',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const [page, a] = await Promise.all([adminSettlements(ctx, query), settlementAnalytics(ctx)]);
      return {
        settlements: page.rows.map(settlementJson),
        analytics: { totalSettlements: a.totalSettlements, totalAmount: totalsJson(a.totalAmount), completionRate: a.completionRate },
        total_count: page.totalCount,
        next_cursor: page.nextCursor,
      };
    },
  }),
  route({
    method: 'PUT',
    path: '/admin/expenses/:id',
    access: 'admin',
    body: EditBody,
    handle: (ctx, { params, body }) =>
      answerRefusals('message', async () => {
        const expense = await adminUpdateExpense(ctx, params.id!, {
          title: body.title,
          amount: body.amount,
          currency: body.currency,
          category: body.category,
          expenseDate: body.expense_date,
          notes: body.notes,
          exchangeRate: body.exchange_rate,
        });
        return { success: true, message: M.expenseUpdated, expense: expenseJson(expense) };
      }),
  }),
  route({
    method: 'DELETE',
    path: '/admin/expenses/:id/delete',
    access: 'admin',
    handle: (ctx, { params }) =>
      answerRefusals('message', async () => {
        const { id } = await adminDeleteExpense(ctx, params.id!);
        return { success: true, message: M.expenseDeleted, id };
      }),
  }),
];
