import { Prisma } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../platform/context.js';
import { ValidationError } from '../../platform/errors.js';
import { calendarDate } from '../../platform/calendarDate.js';
import { requireAdmin } from '../access.js';

/** How many stories the analytics tab ranks. */
export const TOP_STORIES = 5;
/** How many guides it ranks (every stored guide fits). */
export const TOP_GUIDES = 10;
/** Days the charts cover. */
export const SERIES_DAYS = 30;
/** 'Active users' on the analytics tab: distinct owners of trips created within this many days. */
export const ACTIVE_DAYS = 30;

export const EVENT_TYPES = ['page_view', 'time_on_page', 'feedback_submit', 'affiliate_click'] as const;

export const AnalyticsAdminMessages = {
  badDate: 'Dates must be written as YYYY-MM-DD.',
  badRange: 'The start date must not be after the end date.',
} as const;

export interface PlatformTotals {
  users: number;
  newUsersThisMonth: number;
  activeUsers: number;
  usersWithPreferences: number;
  trips: number;
  stories: number;
  publishedStories: number;
  storyViews: number;
  guides: number;
  guidePageViews: number;
  pageViews: number;
  events: number;
  feedback: number;
  averageTimeOnPageMs: number | null;
}

export interface TopStory {
  id: string;
  title: string;
  city: string;
  slug: string;
  viewCount: number;
}

export interface TopGuide {
  id: string;
  slug: string;
  title: string;
  city: string;
  status: string;
  /** page_view events naming the guide's city (its slug) in metadata.city. */
  pageViews: number;
}

export interface EventTypeCount {
  eventType: string;
  count: number;
}

export interface DayCount {
  day: string;
  pageViews: number;
  signups: number;
}

export interface AnalyticsOverview {
  totals: PlatformTotals;
  topStories: TopStory[];
  topGuides: TopGuide[];
  eventTypes: EventTypeCount[];
  days: DayCount[];
}

const n = (v: unknown) => Number(v ?? 0);

/**
 * Everything the analytics tab's sub-tabs show, over the whole data set, in four statements
 * (totals, top stories, top guides, event types with the daily series). Each figure is read from
 * the rows it counts: accounts, trips, stories, guides and feedback from their own tables; story
 * views from the stories' counts (once per reader per day); page views, guide page views, time on
 * page and clicks from the events the server stored, which it keeps once per reader, page and day
 * and never takes from a client for what it records itself (analytics/service.ts).
 */
export async function analyticsOverview(ctx: RequestContext): Promise<AnalyticsOverview> {
  requireAdmin(ctx);
  const prisma = ctx.deps.db.prisma;
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const activeSince = new Date(now.getTime() - ACTIVE_DAYS * 86_400_000);
  const seriesStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (SERIES_DAYS - 1)));

  const [totalsRows, topStories, topGuides, typeRows, dayRows] = await Promise.all([
    prisma.$queryRaw<Record<string, unknown>[]>(Prisma.sql`
      SELECT
        (SELECT count(*) FROM users WHERE deleted_at IS NULL) AS users,
        (SELECT count(*) FROM users WHERE deleted_at IS NULL AND created_at >= ${monthStart}) AS new_users,
        (SELECT count(DISTINCT owner_id) FROM trips WHERE created_at >= ${activeSince}) AS active_users,
        (SELECT count(*) FROM users WHERE deleted_at IS NULL AND (travel_frequency IS NOT NULL OR budget_range IS NOT NULL OR group_size IS NOT NULL
           OR cardinality(travel_style) > 0 OR cardinality(activities) > 0 OR cardinality(preferred_destinations) > 0)) AS with_preferences,
        (SELECT count(*) FROM trips) AS trips,
        (SELECT count(*) FROM stories) AS stories,
        (SELECT count(*) FROM stories WHERE status = 'published') AS published_stories,
        (SELECT coalesce(sum(view_count), 0) FROM stories) AS story_views,
        (SELECT count(*) FROM guides) AS guides,
        (SELECT count(*) FROM analytics_events WHERE event_type = 'page_view' AND metadata ? 'city') AS guide_page_views,
        (SELECT count(*) FROM analytics_events WHERE event_type = 'page_view') AS page_views,
        (SELECT count(*) FROM analytics_events) AS events,
        (SELECT count(*) FROM feedback) AS feedback,
        (SELECT avg((metadata->>'duration_ms')::numeric) FROM analytics_events
           WHERE event_type = 'time_on_page' AND jsonb_typeof(metadata->'duration_ms') = 'number') AS avg_time`),
    prisma.story.findMany({
      where: { status: 'PUBLISHED' },
      orderBy: [{ viewCount: 'desc' }, { id: 'desc' }],
      take: TOP_STORIES,
      select: { id: true, title: true, city: true, slug: true, viewCount: true },
    }),
    prisma.$queryRaw<{ id: string; slug: string; title: string; city: string; status: string; page_views: bigint }[]>(Prisma.sql`
      SELECT g.id, g.slug, g.title, g.city, g.status::text AS status, coalesce(v.views, 0) AS page_views
      FROM guides g
      LEFT JOIN (
        SELECT metadata->>'city' AS city, count(*) AS views FROM analytics_events
        WHERE event_type = 'page_view' AND metadata ? 'city' GROUP BY 1
      ) v ON v.city = g.slug
      ORDER BY page_views DESC, g.title ASC
      LIMIT ${TOP_GUIDES}`),
    prisma.analyticsEvent.groupBy({ by: ['eventType'], _count: { _all: true }, orderBy: { eventType: 'asc' } }),
    prisma.$queryRaw<{ day: Date; page_views: bigint; signups: bigint }[]>(Prisma.sql`
      SELECT d.day::date AS day,
        (SELECT count(*) FROM analytics_events e WHERE e.event_type = 'page_view' AND e.created_at >= d.day AND e.created_at < d.day + interval '1 day') AS page_views,
        (SELECT count(*) FROM users u WHERE u.created_at >= d.day AND u.created_at < d.day + interval '1 day') AS signups
      FROM generate_series(${seriesStart}::timestamptz, ${seriesStart}::timestamptz + make_interval(days => ${SERIES_DAYS - 1}::int), interval '1 day') AS d(day)
      ORDER BY d.day`),
  ]);
  const t = totalsRows[0] ?? {};
  return {
    totals: {
      users: n(t.users),
      newUsersThisMonth: n(t.new_users),
      activeUsers: n(t.active_users),
      usersWithPreferences: n(t.with_preferences),
      trips: n(t.trips),
      stories: n(t.stories),
      publishedStories: n(t.published_stories),
      storyViews: n(t.story_views),
      guides: n(t.guides),
      guidePageViews: n(t.guide_page_views),
      pageViews: n(t.page_views),
      events: n(t.events),
      feedback: n(t.feedback),
      averageTimeOnPageMs: t.avg_time === null || t.avg_time === undefined ? null : Math.round(Number(t.avg_time)),
    },
    topStories,
    topGuides: topGuides.map((g) => ({ id: g.id, slug: g.slug, title: g.title, city: g.city, status: g.status.toUpperCase(), pageViews: n(g.page_views) })),
    eventTypes: typeRows.map((r) => ({ eventType: r.eventType, count: r._count._all })),
    days: dayRows.map((d) => ({ day: d.day.toISOString().slice(0, 10), pageViews: n(d.page_views), signups: n(d.signups) })),
  };
}

export interface EventFilter {
  eventType?: string | null;
  /** The page's path, exactly as recorded ("/guides/paris"). */
  page?: string | null;
  /** First day included, YYYY-MM-DD (UTC). */
  from?: string | null;
  /** Last day included, YYYY-MM-DD (UTC). */
  to?: string | null;
}

export interface EventView {
  id: string;
  eventType: string;
  page: string | null;
  metadata: unknown;
  userId: string | null;
  createdAt: Date;
}

const dayOf = (s: string, field: string) => {
  const day = calendarDate(s);
  if (!day) throw new ValidationError(AnalyticsAdminMessages.badDate, field);
  return day;
};

function whereOf(filter: EventFilter): Prisma.AnalyticsEventWhereInput {
  const from = filter.from ? dayOf(filter.from, 'from') : null;
  const to = filter.to ? dayOf(filter.to, 'to') : null;
  if (from && to && from > to) throw new ValidationError(AnalyticsAdminMessages.badRange, 'from');
  return {
    ...(filter.eventType ? { eventType: filter.eventType } : {}),
    ...(filter.page ? { page: filter.page } : {}),
    ...(from || to ? { createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: new Date(to.getTime() + 86_400_000) } : {}) } } : {}),
  };
}

/** The stored events, newest first, filtered by type, page and days on the server; one statement a page. */
export async function listEvents(
  ctx: RequestContext,
  filter: EventFilter & { limit: number; after?: { createdAt: Date; id: string } | null },
): Promise<EventView[]> {
  requireAdmin(ctx);
  const after = filter.after;
  return ctx.deps.db.prisma.analyticsEvent.findMany({
    where: {
      AND: [whereOf(filter), after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: filter.limit,
    select: { id: true, eventType: true, page: true, metadata: true, userId: true, createdAt: true },
  });
}

export async function countEvents(ctx: RequestContext, filter: EventFilter): Promise<number> {
  requireAdmin(ctx);
  return ctx.deps.db.prisma.analyticsEvent.count({ where: whereOf(filter) });
}
