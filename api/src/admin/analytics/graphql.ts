import { resolveCursorConnection } from '@pothos/plugin-relay';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { AdminRef } from '../graphql.js';
import { decodeUpdatedCursor, encodeUpdatedCursor } from '../cursors.js';
import {
  analyticsOverview,
  countEvents,
  listEvents,
  type AnalyticsOverview,
  type DayCount,
  type EventTypeCount,
  type EventView,
  type PlatformTotals,
  type TopGuide,
  type TopStory,
} from './service.js';

const Totals = builder.objectRef<PlatformTotals>('AdminAnalyticsTotals').implement({
  description: 'Figures over the whole platform.',
  fields: (t) => ({
    users: t.exposeInt('users', { description: 'Accounts (deleted ones not counted).' }),
    newUsersThisMonth: t.exposeInt('newUsersThisMonth', { description: 'Accounts opened since the first day of this month (UTC).' }),
    activeUsers: t.exposeInt('activeUsers', { description: 'Distinct owners of trips created in the last 30 days.' }),
    usersWithPreferences: t.exposeInt('usersWithPreferences', { description: 'Accounts with travel preferences set.' }),
    trips: t.exposeInt('trips', { description: 'Trips.' }),
    stories: t.exposeInt('stories', { description: 'Stories in any status.' }),
    publishedStories: t.exposeInt('publishedStories', { description: 'Published stories.' }),
    storyViews: t.exposeInt('storyViews', { description: 'Views of every story added up (each counted once per reader per day).' }),
    guides: t.exposeInt('guides', { description: 'Stored guides.' }),
    guidePageViews: t.exposeInt('guidePageViews', { description: 'Page views of guide pages (page_view events naming a city; one per reader, page and day).' }),
    pageViews: t.exposeInt('pageViews', { description: 'Page views recorded (one per reader, page and day).' }),
    events: t.exposeInt('events', { description: 'Events recorded, of every type.' }),
    feedback: t.exposeInt('feedback', { description: 'Feedback answers stored (rows of the feedback table, not events).' }),
    averageTimeOnPageMs: t.exposeInt('averageTimeOnPageMs', { nullable: true, description: 'Mean time on page in milliseconds; null before any.' }),
  }),
});

const TopStoryRef = builder.objectRef<TopStory>('AdminTopStory').implement({
  description: 'A published story among the most viewed.',
  fields: (t) => ({
    id: t.id({ description: 'Global id of the story.', resolve: (s) => encodeGlobalID('Story', s.id) }),
    title: t.exposeString('title', { description: 'Its title.' }),
    city: t.exposeString('city', { description: 'Its city.' }),
    slug: t.exposeString('slug', { description: 'Its address: /blog/stories/{slug}.' }),
    viewCount: t.exposeInt('viewCount', { description: 'Its views.' }),
  }),
});

const TopGuideRef = builder.objectRef<TopGuide>('AdminTopGuide').implement({
  description: 'A guide with its real page views.',
  fields: (t) => ({
    slug: t.exposeString('slug', { description: 'Its address: /guides/{slug}.' }),
    title: t.exposeString('title', { description: 'Its title.' }),
    city: t.exposeString('city', { description: 'Its city.' }),
    status: t.exposeString('status', { description: 'DRAFT, PUBLISHED or HIDDEN.' }),
    pageViews: t.exposeInt('pageViews', { description: 'page_view events whose metadata.city is this guide.' }),
  }),
});

const EventTypeRef = builder.objectRef<EventTypeCount>('AdminEventTypeCount').implement({
  description: 'How many events of one type were recorded.',
  fields: (t) => ({
    eventType: t.exposeString('eventType', { description: 'The type, e.g. page_view.' }),
    count: t.exposeInt('count', { description: 'How many.' }),
  }),
});

const DayRef = builder.objectRef<DayCount>('AdminAnalyticsDay').implement({
  description: 'One day (UTC) of the charts.',
  fields: (t) => ({
    day: t.exposeString('day', { description: 'The day, YYYY-MM-DD.' }),
    pageViews: t.exposeInt('pageViews', { description: 'Page views that day.' }),
    signups: t.exposeInt('signups', { description: 'Accounts opened that day.' }),
  }),
});

const Overview = builder.objectRef<AnalyticsOverview>('AdminAnalytics').implement({
  description: 'The analytics tab: totals, rankings and the last 30 days.',
  fields: (t) => ({
    totals: t.field({ type: Totals, description: 'Figures over the whole platform.', resolve: (o) => o.totals }),
    topStories: t.field({ type: [TopStoryRef], description: 'The five most viewed published stories.', resolve: (o) => o.topStories }),
    topGuides: t.field({ type: [TopGuideRef], description: 'Guides by real page views, most first.', resolve: (o) => o.topGuides }),
    eventTypes: t.field({ type: [EventTypeRef], description: 'Events recorded, by type.', resolve: (o) => o.eventTypes }),
    days: t.field({ type: [DayRef], description: 'The last 30 days, oldest first.', resolve: (o) => o.days }),
  }),
});

const metaOf = (e: EventView) => (e.metadata && typeof e.metadata === 'object' && !Array.isArray(e.metadata) ? (e.metadata as Record<string, unknown>) : {});

const EventRef = builder.objectRef<EventView>('AdminAnalyticsEvent').implement({
  description: 'One stored usage event (page view, time on page, feedback, affiliate click).',
  fields: (t) => ({
    id: t.id({ description: 'Opaque id of the event.', resolve: (e) => encodeGlobalID('AdminAnalyticsEvent', e.id) }),
    eventType: t.exposeString('eventType', { description: 'page_view, time_on_page, feedback_submit, ...' }),
    page: t.exposeString('page', { nullable: true, description: 'The path it was recorded on; null when none.' }),
    durationMs: t.int({
      nullable: true,
      description: 'time_on_page: milliseconds spent; null otherwise.',
      resolve: (e) => (typeof metaOf(e).duration_ms === 'number' ? Math.round(metaOf(e).duration_ms as number) : null),
    }),
    city: t.string({
      nullable: true,
      description: 'The guide city a page view names; null otherwise.',
      resolve: (e) => (typeof metaOf(e).city === 'string' ? (metaOf(e).city as string) : null),
    }),
    metadataJson: t.string({
      nullable: true,
      description: 'Its metadata as JSON text; null when none.',
      resolve: (e) => (e.metadata == null ? null : JSON.stringify(e.metadata)),
    }),
    userId: t.exposeString('userId', { nullable: true, description: 'The signed-in account that sent it; null when anonymous.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded.' }),
  }),
});

const EventEdge = builder.edgeObject({ type: EventRef, name: 'AdminAnalyticsEventEdge', description: 'An event of the list, with its cursor.' });
const EventConnection = builder.connectionObject(
  {
    type: EventRef,
    name: 'AdminAnalyticsEventConnection',
    description: 'A page of stored events, newest first.',
    fields: (t) => ({
      totalCount: t.int({
        description: 'How many events match the filters in all.',
        resolve: (c) => (c as unknown as { totalCount: Promise<number> }).totalCount,
      }),
    }),
  },
  EventEdge,
);

builder.objectFields(AdminRef, (t) => ({
  analytics: t.field({
    type: Overview,
    description: 'The analytics tab: totals, top five stories, top guides, user counts, events by type and 30 days of charts.',
    authScopes: { admin: true },
    resolve: (_r, _a, ctx) => analyticsOverview(ctx),
  }),
  analyticsEvents: t.field({
    type: EventConnection,
    description: 'The stored events (page views, time on page, feedback, ...), newest first, filtered on the server.',
    authScopes: { admin: true },
    args: {
      first: t.arg.int({ description: 'At most this many (50 when absent, at most 200).' }),
      after: t.arg.string({ description: 'Page forward from this cursor (`pageInfo.endCursor`).' }),
      eventType: t.arg.string({ description: 'Only events of this type.' }),
      page: t.arg.string({ description: 'Only events recorded on this path, exactly.' }),
      from: t.arg.string({ description: 'First day included, YYYY-MM-DD (UTC).' }),
      to: t.arg.string({ description: 'Last day included, YYYY-MM-DD (UTC).' }),
    },
    resolve: async (_r, args, ctx) => {
      const filter = { eventType: args.eventType?.trim() || null, page: args.page?.trim() || null, from: args.from || null, to: args.to || null };
      const totalCount = countEvents(ctx, filter);
      // Refused filters surface before the page is read.
      await totalCount;
      const page = await resolveCursorConnection<Promise<EventView[]>>(
        { args, defaultSize: 50, maxSize: 200, toCursor: (e: EventView) => encodeUpdatedCursor(e.createdAt, e.id) },
        async ({ after, limit }) => {
          const c = after ? decodeUpdatedCursor(after) : null;
          return listEvents(ctx, { ...filter, limit, after: c ? { createdAt: c.updatedAt, id: c.id } : null });
        },
      );
      return Object.assign(page, { totalCount });
    },
  }),
}));
