import { Prisma } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../platform/context.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { isoDate } from '../../platform/dates.js';
import { apportion, formatMoneyDecimal, parseMoney } from '../../platform/money.js';
import { MONEY_COLUMN_MAX } from '../../platform/amountRule.js';
import { EXPENSE_CATEGORIES, ExpenseMessages } from '../../expenses/messages.js';
import { deleteExpense, EXPENSE_INCLUDE, updateExpense, type ExpenseRow } from '../../expenses/service.js';
import type { ExpenseInput } from '../../expenses/validation.js';
import { requireAdmin } from '../access.js';
import { recordAdminAction } from '../audit.js';
import { inOrder, pageArgs, percent, personName, readPage, searchText, type AdminPageArgs } from '../trips/page.js';

/** An amount in one currency: totals are kept per currency, never added across currencies. */
export interface MoneyTotal {
  currency: string;
  amountMinor: number;
}

const PERSON = { select: { firstName: true, lastName: true, deletedAt: true } } as const;

const EXPENSE_SELECT = {
  id: true,
  tripId: true,
  title: true,
  amountCents: true,
  currency: true,
  category: true,
  expenseDate: true,
  notes: true,
  paidAt: true,
  createdAt: true,
  paidById: true,
  trip: { select: { name: true } },
  paidBy: PERSON,
  _count: { select: { splits: true } },
} as const satisfies Prisma.ExpenseSelect;
export type AdminExpense = Prisma.ExpenseGetPayload<{ select: typeof EXPENSE_SELECT }>;

export interface AdminExpenseFilter extends AdminPageArgs {
  category?: string | null;
  currency?: string | null;
  /** paid (paid_at set) or unpaid. */
  paid?: string | null;
}

function expenseWhere(f: AdminExpenseFilter): Prisma.ExpenseWhereInput {
  const search = searchText(f.search);
  const category = (f.category ?? '').trim().toUpperCase();
  if (category && category !== 'ALL' && !(EXPENSE_CATEGORIES as readonly string[]).includes(category))
    throw new ValidationError(ExpenseMessages.invalidCategory, 'category');
  const currency = (f.currency ?? '').trim().toUpperCase();
  const paid = (f.paid ?? '').trim().toLowerCase();
  if (paid && !['all', 'paid', 'unpaid'].includes(paid)) throw new ValidationError('paid must be paid, unpaid or all.', 'paid');
  return {
    AND: [
      search
        ? {
            OR: [
              { title: { contains: search, mode: 'insensitive' } },
              { notes: { contains: search, mode: 'insensitive' } },
              { trip: { name: { contains: search, mode: 'insensitive' } } },
            ],
          }
        : {},
      category && category !== 'ALL' ? { category: category as (typeof EXPENSE_CATEGORIES)[number] } : {},
      currency && currency !== 'ALL' ? { currency } : {},
      paid === 'paid' ? { paidAt: { not: null } } : paid === 'unpaid' ? { paidAt: null } : {},
    ],
  };
}

export interface ExpenseAnalytics {
  totalExpenses: number;
  /** Per currency, largest count first. */
  totalAmount: MoneyTotal[];
  /** Expenses not yet paid (no paid_at). */
  pendingExpenses: number;
  availableCategories: string[];
  categoryBreakdown: { category: string; count: number; totals: MoneyTotal[] }[];
}

/** The analytics over every expense, in two statements whatever their number. */
export async function expenseAnalytics(ctx: RequestContext): Promise<ExpenseAnalytics> {
  requireAdmin(ctx);
  const prisma = ctx.deps.db.prisma;
  const [groups, pendingExpenses] = await Promise.all([
    prisma.expense.groupBy({
      by: ['category', 'currency'],
      _count: { _all: true },
      _sum: { amountCents: true },
      orderBy: [{ category: 'asc' }, { currency: 'asc' }],
    }),
    prisma.expense.count({ where: { paidAt: null } }),
  ]);
  const byCurrency = new Map<string, number>();
  const byCategory = new Map<string, { count: number; totals: MoneyTotal[] }>();
  let totalExpenses = 0;
  for (const g of groups) {
    const n = g._count._all;
    const sum = g._sum.amountCents ?? 0;
    totalExpenses += n;
    byCurrency.set(g.currency, (byCurrency.get(g.currency) ?? 0) + sum);
    const c = byCategory.get(g.category) ?? { count: 0, totals: [] };
    c.count += n;
    c.totals.push({ currency: g.currency, amountMinor: sum });
    byCategory.set(g.category, c);
  }
  const categoryBreakdown = [...byCategory.entries()].map(([category, c]) => ({ category: category.toLowerCase(), ...c })).sort((a, b) => b.count - a.count);
  return {
    totalExpenses,
    totalAmount: [...byCurrency.entries()].map(([currency, amountMinor]) => ({ currency, amountMinor })).sort((a, b) => a.currency.localeCompare(b.currency)),
    pendingExpenses,
    availableCategories: categoryBreakdown.map((c) => c.category).sort(),
    categoryBreakdown,
  };
}

/** Every expense, newest first, searched (title, notes, trip name) and filtered on the server. */
export async function adminExpenses(ctx: RequestContext, filter: AdminExpenseFilter) {
  requireAdmin(ctx);
  const page = pageArgs(filter);
  const where = expenseWhere({ ...filter, search: page.search });
  const prisma = ctx.deps.db.prisma;
  return readPage(
    page,
    (query) => prisma.expense.findMany({ where, ...query, select: EXPENSE_SELECT }),
    () => prisma.expense.count({ where }),
  );
}

const SPLIT_SELECT = {
  id: true,
  expenseId: true,
  userId: true,
  amountCents: true,
  status: true,
  paidAt: true,
  createdAt: true,
  user: PERSON,
  expense: { select: { title: true, currency: true, tripId: true } },
} as const satisfies Prisma.ExpenseSplitSelect;
export type AdminSplit = Prisma.ExpenseSplitGetPayload<{ select: typeof SPLIT_SELECT }>;

export interface AdminSplitFilter extends AdminPageArgs {
  /** paid (paid_at set) or unpaid. */
  paid?: string | null;
}

function splitWhere(f: AdminSplitFilter): Prisma.ExpenseSplitWhereInput {
  const search = searchText(f.search);
  const paid = (f.paid ?? '').trim().toLowerCase();
  if (paid && !['all', 'paid', 'unpaid'].includes(paid)) throw new ValidationError('paid must be paid, unpaid or all.', 'paid');
  return {
    AND: [
      search
        ? {
            OR: [
              { expense: { title: { contains: search, mode: 'insensitive' } } },
              { user: { firstName: { contains: search, mode: 'insensitive' } } },
              { user: { lastName: { contains: search, mode: 'insensitive' } } },
            ],
          }
        : {},
      paid === 'paid' ? { paidAt: { not: null } } : paid === 'unpaid' ? { paidAt: null } : {},
    ],
  };
}

export interface SplitAnalytics {
  totalSplits: number;
  paidSplits: number;
  /** Percent of shares paid (paid_at set), one decimal. */
  paymentRate: number;
}

export async function splitAnalytics(ctx: RequestContext): Promise<SplitAnalytics> {
  requireAdmin(ctx);
  const [[row]] = await Promise.all([
    ctx.deps.db.prisma.$queryRaw<{ total: bigint; paid: bigint }[]>(Prisma.sql`
      SELECT count(*)::bigint AS total, count(*) FILTER (WHERE paid_at IS NOT NULL)::bigint AS paid FROM expense_splits`),
  ]);
  const totalSplits = Number(row?.total ?? 0);
  const paidSplits = Number(row?.paid ?? 0);
  return { totalSplits, paidSplits, paymentRate: percent(paidSplits, totalSplits) };
}

/** Every share of every expense, newest first. */
export async function adminSplits(ctx: RequestContext, filter: AdminSplitFilter) {
  requireAdmin(ctx);
  const page = pageArgs(filter);
  const where = splitWhere({ ...filter, search: page.search });
  const prisma = ctx.deps.db.prisma;
  return readPage(
    page,
    (query) => prisma.expenseSplit.findMany({ where, ...query, select: SPLIT_SELECT }),
    () => prisma.expenseSplit.count({ where }),
  );
}

const SETTLEMENT_SELECT = {
  id: true,
  tripId: true,
  amountCents: true,
  currency: true,
  note: true,
  createdAt: true,
  fromUserId: true,
  toUserId: true,
  trip: { select: { name: true } },
  fromUser: PERSON,
  toUser: PERSON,
} as const satisfies Prisma.SettlementSelect;
export type AdminSettlement = Prisma.SettlementGetPayload<{ select: typeof SETTLEMENT_SELECT }>;

export interface SettlementAnalytics {
  totalSettlements: number;
  /** Per currency. */
  totalAmount: MoneyTotal[];
  /**
   * Percent of expenses whose every share is settled (paid_at set on the expense): how much of
   * what was spent has been paid back. A recorded payment is itself always complete.
   */
  completionRate: number;
}

export async function settlementAnalytics(ctx: RequestContext): Promise<SettlementAnalytics> {
  requireAdmin(ctx);
  const prisma = ctx.deps.db.prisma;
  const [groups, [expenses]] = await Promise.all([
    prisma.settlement.groupBy({
      by: ['currency'],
      where: { undoneAt: null },
      _count: { _all: true },
      _sum: { amountCents: true },
      orderBy: { currency: 'asc' },
    }),
    prisma.$queryRaw<{ total: bigint; paid: bigint }[]>(Prisma.sql`
      SELECT count(*)::bigint AS total, count(*) FILTER (WHERE paid_at IS NOT NULL)::bigint AS paid FROM expenses`),
  ]);
  return {
    totalSettlements: groups.reduce((n, g) => n + g._count._all, 0),
    totalAmount: groups.map((g) => ({ currency: g.currency, amountMinor: g._sum.amountCents ?? 0 })),
    completionRate: percent(Number(expenses?.paid ?? 0), Number(expenses?.total ?? 0)),
  };
}

/** Every recorded payment, newest first, searched by trip or note. */
export async function adminSettlements(ctx: RequestContext, filter: AdminPageArgs) {
  requireAdmin(ctx);
  const page = pageArgs(filter);
  const search = searchText(page.search);
  const where: Prisma.SettlementWhereInput = search
    ? { OR: [{ note: { contains: search, mode: 'insensitive' } }, { trip: { name: { contains: search, mode: 'insensitive' } } }] }
    : {};
  const prisma = ctx.deps.db.prisma;
  return readPage(
    page,
    (query) => prisma.settlement.findMany({ where, ...query, select: SETTLEMENT_SELECT }),
    () => prisma.settlement.count({ where }),
  );
}

/** Expenses, shares and payments as the console lists them, by id (`node(id:)`, a change's payload): one statement each. */
export async function adminExpensesByIds(ctx: RequestContext, ids: readonly string[]) {
  requireAdmin(ctx);
  return inOrder(ids, await ctx.deps.db.prisma.expense.findMany({ where: { id: { in: ids.filter(isUuid) } }, select: EXPENSE_SELECT }));
}

export async function adminSplitsByIds(ctx: RequestContext, ids: readonly string[]) {
  requireAdmin(ctx);
  return inOrder(ids, await ctx.deps.db.prisma.expenseSplit.findMany({ where: { id: { in: ids.filter(isUuid) } }, select: SPLIT_SELECT }));
}

export async function adminSettlementsByIds(ctx: RequestContext, ids: readonly string[]) {
  requireAdmin(ctx);
  return inOrder(ids, await ctx.deps.db.prisma.settlement.findMany({ where: { id: { in: ids.filter(isUuid) } }, select: SETTLEMENT_SELECT }));
}

export { personName };

/** The console's edit form: only these fields; who paid and how it is shared stay as they are. */
export interface AdminExpenseEdit {
  title?: unknown;
  amount?: unknown;
  currency?: unknown;
  category?: unknown;
  expenseDate?: unknown;
  notes?: unknown;
  /** Needed when the currency becomes one other than the trip's and differs from before. */
  exchangeRate?: unknown;
}

async function findExpense(ctx: RequestContext, expenseId: string): Promise<ExpenseRow> {
  if (!isUuid(expenseId)) throw new NotFoundError(ExpenseMessages.notFound);
  const expense = await ctx.deps.db.prisma.expense.findUnique({ where: { id: expenseId }, include: EXPENSE_INCLUDE });
  if (!expense) throw new NotFoundError(ExpenseMessages.notFound);
  return expense;
}

/**
 * The expense as the expenses service takes it, with the console's fields changed and the rest
 * kept: the same participants and payers, and shares that keep their proportions. A custom split
 * or several payers are re-apportioned to a new amount exactly (largest remainder), so shares
 * still add up to the amount and the trip's balances to zero.
 */
export function editedInput(e: ExpenseRow, edit: AdminExpenseEdit): ExpenseInput {
  const currency = typeof edit.currency === 'string' && edit.currency.trim() ? edit.currency.trim().toUpperCase() : e.currency;
  const amountText = edit.amount === undefined ? formatMoneyDecimal(e.amountCents, e.currency) : edit.amount;
  // The new amount in minor units, when it is one; a bad amount is left to the service's rules.
  const typed = typeof amountText === 'number' && Number.isFinite(amountText) ? String(amountText) : typeof amountText === 'string' ? amountText.trim() : '';
  const parsed = parseMoney(typed, currency, MONEY_COLUMN_MAX);
  const newMinor = parsed.ok && parsed.amountMinor > 0 ? parsed.amountMinor : null;
  const rescale = (weights: number[]) =>
    newMinor === null ? weights.map((w) => formatMoneyDecimal(w, currency)) : apportion(newMinor, weights).map((w) => formatMoneyDecimal(w, currency));
  const splitAmounts = e.splitType === 'CUSTOM' ? rescale(e.splits.map((s) => s.amountCents)) : [];
  const payerAmounts = e.payers.length > 1 ? rescale(e.payers.map((p) => p.amountCents)) : [];
  const sameRate = currency === e.currency && e.exchangeRate !== null;
  return {
    title: edit.title === undefined ? e.title : edit.title,
    amount: amountText,
    currency,
    category: edit.category === undefined ? e.category : edit.category,
    paidById: e.paidById,
    expenseDate: edit.expenseDate === undefined ? isoDate(e.expenseDate) : edit.expenseDate,
    notes: edit.notes === undefined ? e.notes : edit.notes,
    splitType: e.splitType,
    participants: e.splits.map((s) => s.userId),
    splits: e.splits.map((s, i) => ({
      userId: s.userId,
      amount: splitAmounts[i],
      percentage: s.percentage === null ? undefined : s.percentage.toFixed(2),
    })),
    payers: e.payers.length > 1 ? e.payers.map((p, i) => ({ userId: p.userId, amount: payerAmounts[i] })) : [],
    exchangeRate: edit.exchangeRate ?? (sameRate ? e.exchangeRate!.toFixed() : undefined),
    itineraryItemId: e.itineraryItemId,
  };
}

const AUDITED = ['title', 'amountCents', 'currency', 'category', 'expenseDate', 'notes'] as const;

/** Edits an expense through the expenses service: shares re-apportioned, history kept, ledger balanced. */
export async function adminUpdateExpense(ctx: RequestContext, expenseId: string, edit: AdminExpenseEdit) {
  const admin = requireAdmin(ctx);
  const current = await findExpense(ctx, expenseId);
  return updateExpense(ctx, expenseId, editedInput(current, edit), async (tx, before, after) => {
    const was: Record<string, unknown> = {};
    const now: Record<string, unknown> = {};
    for (const key of AUDITED) {
      const [a, b] = [before[key], after[key]].map((v) => (v instanceof Date ? isoDate(v) : v));
      if (a !== b) [was[key], now[key]] = [a, b];
    }
    await recordAdminAction(tx, admin, {
      action: 'expense.update',
      targetType: 'expense',
      targetId: expenseId,
      before: was,
      after: now,
      summary: `Edited expense "${after.title}"`,
    });
  });
}

/** Deletes an expense through the expenses service (its history stays; the ledger stays balanced). */
export async function adminDeleteExpense(ctx: RequestContext, expenseId: string) {
  const admin = requireAdmin(ctx);
  await findExpense(ctx, expenseId);
  return deleteExpense(ctx, expenseId, async (tx, e) => {
    await recordAdminAction(tx, admin, {
      action: 'expense.delete',
      targetType: 'expense',
      targetId: expenseId,
      before: { title: e.title, amountCents: e.amountCents, currency: e.currency, category: e.category, tripId: e.tripId },
      summary: `Deleted expense "${e.title}"`,
    });
  });
}
