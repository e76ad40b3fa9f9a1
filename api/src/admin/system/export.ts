import { Prisma } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../platform/context.js';
import { csvLine } from '../../platform/formats/csv.js';
import { formatMoneyDecimal } from '../../platform/money.js';
import { ValidationError } from '../../platform/errors.js';
import { requireAdmin } from '../access.js';
import { recordAdminAction } from '../audit.js';
import { analyticsOverview } from '../analytics/service.js';
import { onTripStatus } from '../../trips/memberStatusSql.js';

/**
 * The system tab's downloads. Every file is streamed: rows are read a batch at a time (keyset
 * pages by id) and written out as they come, and the next batch is read only when the client has
 * taken the last one, so an export of any size holds one batch in memory. Only named columns are
 * read: no password hash, token or other secret can reach a file.
 */

export const EXPORT_KINDS = ['users', 'trips', 'expenses', 'all'] as const;
export const ANALYTICS_EXPORT_KINDS = ['user-engagement', 'trip-analytics', 'financial-summary', 'platform-metrics'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export type AnalyticsExportKind = (typeof ANALYTICS_EXPORT_KINDS)[number];
export type ExportFormat = 'json' | 'csv';

/** Rows read per statement. */
export const EXPORT_BATCH = 1000;

export const ExportMessages = {
  unknownKind: 'Choose an export: users, trips, expenses or all.',
  unknownAnalyticsKind: 'Choose an analytics export: user-engagement, trip-analytics, financial-summary or platform-metrics.',
  unknownFormat: 'Format must be json or csv.',
  csvAll: 'A CSV file holds one table: export users, trips or expenses as CSV, or everything as JSON.',
} as const;

type Row = Record<string, unknown>;
type Prisma_ = RequestContext['deps']['db']['prisma'];

/** One table of an export: its columns (the CSV header) and its rows, a batch at a time. */
interface Table {
  name: string;
  columns: string[];
  batches(prisma: Prisma_): AsyncGenerator<Row[]>;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

/** Keyset pages over a table by id, `EXPORT_BATCH` at a time. */
async function* pages<T extends { id: string }>(read: (afterId: string | null, take: number) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after, EXPORT_BATCH);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

const usersTable: Table = {
  name: 'users',
  columns: ['id', 'email', 'first_name', 'last_name', 'phone', 'city', 'state', 'country', 'role', 'email_verified', 'created_at', 'last_sign_in_at'],
  async *batches(prisma) {
    for await (const rows of pages((after, take) =>
      prisma.user.findMany({
        where: { deletedAt: null, ...(after ? { id: { gt: after } } : {}) },
        orderBy: { id: 'asc' },
        take,
        // Named columns only: the password hash, tokens and forwarding secret are never read.
        select: {
          id: true,
          email: true,
          firstName: true,
          lastName: true,
          phone: true,
          city: true,
          state: true,
          country: true,
          countryOther: true,
          role: true,
          emailVerifiedAt: true,
          createdAt: true,
          lastSignInAt: true,
        },
      }),
    )) {
      yield rows.map((u) => ({
        id: u.id,
        email: u.email,
        first_name: u.firstName,
        last_name: u.lastName,
        phone: u.phone,
        city: u.city,
        state: u.state,
        country: u.country === 'OTHER' ? (u.countryOther ?? u.country) : u.country,
        role: u.role.toLowerCase(),
        email_verified: u.emailVerifiedAt !== null,
        created_at: iso(u.createdAt),
        last_sign_in_at: iso(u.lastSignInAt),
      }));
    }
  },
};

const tripsTable: Table = {
  name: 'trips',
  columns: [
    'id',
    'name',
    'description',
    'destination',
    'destination_detail',
    'start_date',
    'end_date',
    'owner_id',
    'status',
    'currency',
    'budget',
    'created_at',
  ],
  async *batches(prisma) {
    for await (const rows of pages((after, take) =>
      prisma.trip.findMany({
        where: after ? { id: { gt: after } } : {},
        orderBy: { id: 'asc' },
        take,
        select: {
          id: true,
          name: true,
          description: true,
          destinationMainText: true,
          destinationSecondaryText: true,
          startDate: true,
          endDate: true,
          ownerId: true,
          status: true,
          currency: true,
          budgetCents: true,
          createdAt: true,
        },
      }),
    )) {
      yield rows.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        destination: t.destinationMainText,
        destination_detail: t.destinationSecondaryText,
        start_date: day(t.startDate),
        end_date: day(t.endDate),
        owner_id: t.ownerId,
        status: t.status.toLowerCase(),
        currency: t.currency,
        budget: t.budgetCents === null ? null : formatMoneyDecimal(t.budgetCents, t.currency),
        created_at: iso(t.createdAt),
      }));
    }
  },
};

const expensesTable: Table = {
  name: 'expenses',
  columns: ['id', 'trip_id', 'title', 'amount', 'currency', 'category', 'expense_date', 'paid_by', 'notes', 'paid_at', 'created_at'],
  async *batches(prisma) {
    for await (const rows of pages((after, take) =>
      prisma.expense.findMany({
        where: after ? { id: { gt: after } } : {},
        orderBy: { id: 'asc' },
        take,
        select: {
          id: true,
          tripId: true,
          title: true,
          amountCents: true,
          currency: true,
          category: true,
          expenseDate: true,
          paidById: true,
          notes: true,
          paidAt: true,
          createdAt: true,
        },
      }),
    )) {
      yield rows.map((e) => ({
        id: e.id,
        trip_id: e.tripId,
        title: e.title,
        amount: formatMoneyDecimal(e.amountCents, e.currency),
        currency: e.currency,
        category: e.category.toLowerCase(),
        expense_date: day(e.expenseDate),
        paid_by: e.paidById,
        notes: e.notes,
        paid_at: iso(e.paidAt),
        created_at: iso(e.createdAt),
      }));
    }
  },
};

/** Per user: what they do on the platform (one statement a batch, counted by correlated subqueries on indexed keys). */
const engagementTable: Table = {
  name: 'user_engagement',
  columns: ['user_id', 'joined_at', 'last_sign_in_at', 'trips', 'trips_owned', 'expenses_paid', 'stories', 'events', 'page_views', 'last_event_at'],
  async *batches(prisma) {
    for await (const rows of pages((after, take) =>
      prisma.$queryRaw<
        {
          id: string;
          created_at: Date;
          last_sign_in_at: Date | null;
          trips: bigint;
          owned: bigint;
          paid: bigint;
          stories: bigint;
          events: bigint;
          views: bigint;
          last_event: Date | null;
        }[]
      >(Prisma.sql`
        SELECT u.id, u.created_at, u.last_sign_in_at,
          (SELECT count(*) FROM trip_members m WHERE m.user_id = u.id) AS trips,
          (SELECT count(*) FROM trips t WHERE t.owner_id = u.id) AS owned,
          (SELECT count(*) FROM expenses e WHERE e.paid_by_id = u.id) AS paid,
          (SELECT count(*) FROM stories s WHERE s.author_id = u.id) AS stories,
          (SELECT count(*) FROM analytics_events a WHERE a.user_id = u.id) AS events,
          (SELECT count(*) FROM analytics_events a WHERE a.user_id = u.id AND a.event_type = 'page_view') AS views,
          (SELECT max(a.created_at) FROM analytics_events a WHERE a.user_id = u.id) AS last_event
        FROM users u
        WHERE u.deleted_at IS NULL ${after ? Prisma.sql`AND u.id > ${after}::uuid` : Prisma.empty}
        ORDER BY u.id LIMIT ${take}`),
    )) {
      yield rows.map((r) => ({
        user_id: r.id,
        joined_at: iso(r.created_at),
        last_sign_in_at: iso(r.last_sign_in_at),
        trips: Number(r.trips),
        trips_owned: Number(r.owned),
        expenses_paid: Number(r.paid),
        stories: Number(r.stories),
        events: Number(r.events),
        page_views: Number(r.views),
        last_event_at: iso(r.last_event),
      }));
    }
  },
};

const tripStatus = (status: string, start: Date | null, end: Date | null, today: string) => {
  if (status === 'CANCELLED') return 'cancelled';
  const s = day(start);
  const e = day(end);
  if (s && today < s) return 'upcoming';
  if (e && today > e) return 'completed';
  if (s) return 'ongoing';
  return 'upcoming';
};

/** Per trip: its people, plan and spending in its own currency (one statement a batch). */
const tripAnalyticsTable: Table = {
  name: 'trip_analytics',
  columns: [
    'trip_id',
    'name',
    'destination',
    'start_date',
    'end_date',
    'duration_days',
    'status',
    'members',
    'itinerary_items',
    'expenses',
    'spent',
    'currency',
    'created_at',
  ],
  async *batches(prisma) {
    const today = new Date().toISOString().slice(0, 10);
    for await (const rows of pages((after, take) =>
      prisma.$queryRaw<
        {
          id: string;
          name: string;
          destination: string | null;
          start_date: Date | null;
          end_date: Date | null;
          status: string;
          currency: string;
          created_at: Date;
          members: bigint;
          items: bigint;
          expenses: bigint;
          spent: bigint | null;
        }[]
      >(Prisma.sql`
        SELECT t.id, t.name, t.destination_main_text AS destination, t.start_date, t.end_date, t.status::text AS status, t.currency, t.created_at,
          (SELECT count(*) FROM trip_members m WHERE m.trip_id = t.id AND ${onTripStatus('m.status')}) AS members,
          (SELECT count(*) FROM itinerary_items i WHERE i.trip_id = t.id) AS items,
          (SELECT count(*) FROM expenses e WHERE e.trip_id = t.id) AS expenses,
          (SELECT sum(coalesce(e.base_amount_cents, e.amount_cents)) FROM expenses e
             WHERE e.trip_id = t.id AND coalesce(e.base_currency, e.currency) = t.currency) AS spent
        FROM trips t
        ${after ? Prisma.sql`WHERE t.id > ${after}::uuid` : Prisma.empty}
        ORDER BY t.id LIMIT ${take}`),
    )) {
      yield rows.map((t) => ({
        trip_id: t.id,
        name: t.name,
        destination: t.destination,
        start_date: day(t.start_date),
        end_date: day(t.end_date),
        // Both days count.
        duration_days: t.start_date && t.end_date ? Math.round((t.end_date.getTime() - t.start_date.getTime()) / 86_400_000) + 1 : null,
        status: tripStatus(t.status.toUpperCase(), t.start_date, t.end_date, today),
        members: Number(t.members),
        itinerary_items: Number(t.items),
        expenses: Number(t.expenses),
        spent: formatMoneyDecimal(Number(t.spent ?? 0), t.currency),
        currency: t.currency,
        created_at: iso(t.created_at),
      }));
    }
  },
};

/** Spending by currency and category, with splits and settlements: a handful of rows, one statement. */
const financialTable: Table = {
  name: 'financial_summary',
  columns: ['currency', 'category', 'expenses', 'total', 'unpaid_expenses', 'splits', 'paid_splits'],
  async *batches(prisma) {
    const rows = await prisma.$queryRaw<
      { currency: string; category: string; expenses: bigint; total: bigint; unpaid: bigint; splits: bigint; paid_splits: bigint }[]
    >(Prisma.sql`
      SELECT e.currency, e.category::text AS category, count(*) AS expenses, sum(e.amount_cents) AS total,
        count(*) FILTER (WHERE e.paid_at IS NULL) AS unpaid,
        coalesce(sum((SELECT count(*) FROM expense_splits s WHERE s.expense_id = e.id)), 0) AS splits,
        coalesce(sum((SELECT count(*) FROM expense_splits s WHERE s.expense_id = e.id AND s.status IN ('paid', 'settled'))), 0) AS paid_splits
      FROM expenses e GROUP BY e.currency, e.category ORDER BY e.currency, e.category`);
    yield rows.map((r) => ({
      currency: r.currency,
      category: r.category.toLowerCase(),
      expenses: Number(r.expenses),
      total: formatMoneyDecimal(Number(r.total), r.currency),
      unpaid_expenses: Number(r.unpaid),
      splits: Number(r.splits),
      paid_splits: Number(r.paid_splits),
    }));
  },
};

/** The analytics tab's figures as metric/value rows. */
const platformTable = (ctx: RequestContext): Table => ({
  name: 'platform_metrics',
  columns: ['metric', 'value'],
  async *batches() {
    const overview = await analyticsOverview(ctx);
    yield [
      ...Object.entries(overview.totals).map(([metric, value]) => ({ metric, value })),
      ...overview.eventTypes.map((e) => ({ metric: `events.${e.eventType}`, value: e.count })),
      ...overview.days.map((d) => ({ metric: `page_views.${d.day}`, value: d.pageViews })),
      ...overview.days.map((d) => ({ metric: `signups.${d.day}`, value: d.signups })),
    ];
  },
});

async function* jsonChunks(kind: string, tables: Table[], prisma: Prisma_, exportedAt: Date): AsyncGenerator<string> {
  yield `{"kind":${JSON.stringify(kind)},"exported_at":${JSON.stringify(exportedAt.toISOString())}`;
  for (const table of tables) {
    yield `,${JSON.stringify(table.name)}:[`;
    let first = true;
    for await (const batch of table.batches(prisma)) {
      let chunk = '';
      for (const row of batch) {
        chunk += (first ? '\n' : ',\n') + JSON.stringify(row);
        first = false;
      }
      yield chunk;
    }
    yield first ? ']' : '\n]';
  }
  yield '}\n';
}

async function* csvChunks(table: Table, prisma: Prisma_): AsyncGenerator<string> {
  yield csvLine(table.columns);
  for await (const batch of table.batches(prisma)) {
    yield batch.map((row) => csvLine(table.columns.map((c) => row[c]))).join('');
  }
}

/** Pulls the next chunk only when the client has read the last one (backpressure). */
function streamOf(chunks: AsyncGenerator<string>, onError: (err: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(encoder.encode(value));
        } catch (err) {
          onError(err);
          controller.error(err);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

export const exportFileName = (kind: string, format: ExportFormat, at: Date) => `tripcrew-${kind}-${at.toISOString().slice(0, 10)}.${format}`;

function download(ctx: RequestContext, kind: string, format: ExportFormat, tables: Table[], at: Date): Response {
  const prisma = ctx.deps.db.prisma;
  const onError = (err: unknown) => ctx.deps.logger.error({ err, kind }, 'export failed while streaming');
  const body = format === 'csv' ? streamOf(csvChunks(tables[0]!, prisma), onError) : streamOf(jsonChunks(kind, tables, prisma, at), onError);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(kind, format, at)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

const formatOf = (format: string | undefined): ExportFormat => {
  const f = (format ?? 'json').toLowerCase();
  if (f !== 'json' && f !== 'csv') throw new ValidationError(ExportMessages.unknownFormat, 'format');
  return f;
};

async function audit(ctx: RequestContext, action: string, kind: string, format: ExportFormat, fileName: string) {
  const actor = requireAdmin(ctx);
  await recordAdminAction(ctx.deps.db.prisma as unknown as Parameters<typeof recordAdminAction>[0], actor, {
    action,
    targetType: 'system',
    targetId: null,
    after: { kind, format, file: fileName },
    summary: `Downloaded ${fileName}`,
  });
}

/** GET /admin/system/export/{kind}: users, trips, expenses or all, as a dated JSON (or CSV) download. */
export async function exportData(ctx: RequestContext, kind: string, formatParam?: string): Promise<Response> {
  requireAdmin(ctx);
  if (!(EXPORT_KINDS as readonly string[]).includes(kind)) throw new ValidationError(ExportMessages.unknownKind, 'kind');
  const format = formatOf(formatParam);
  if (kind === 'all' && format === 'csv') throw new ValidationError(ExportMessages.csvAll, 'format');
  const tables =
    kind === 'users' ? [usersTable] : kind === 'trips' ? [tripsTable] : kind === 'expenses' ? [expensesTable] : [usersTable, tripsTable, expensesTable];
  const at = new Date();
  await audit(ctx, 'system.export', kind, format, exportFileName(kind, format, at));
  return download(ctx, kind, format, tables, at);
}

/** GET /admin/system/analytics/{kind}: the analytics exports, as dated downloads. */
export async function exportAnalytics(ctx: RequestContext, kind: string, formatParam?: string): Promise<Response> {
  requireAdmin(ctx);
  if (!(ANALYTICS_EXPORT_KINDS as readonly string[]).includes(kind)) throw new ValidationError(ExportMessages.unknownAnalyticsKind, 'kind');
  const format = formatOf(formatParam);
  const table =
    kind === 'user-engagement'
      ? engagementTable
      : kind === 'trip-analytics'
        ? tripAnalyticsTable
        : kind === 'financial-summary'
          ? financialTable
          : platformTable(ctx);
  const at = new Date();
  await audit(ctx, 'system.analytics_export', kind, format, exportFileName(kind, format, at));
  return download(ctx, kind, format, [table], at);
}
