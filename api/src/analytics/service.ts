import type { Prisma } from '../generated/prisma/client.js';
import type { RequestContext } from '../platform/context.js';
import { ValidationError } from '../platform/errors.js';
import { firstReadingToday } from '../platform/readerMarks.js';

/**
 * Product analytics: the web app reports page views and time on page, also
 * from the signed-out landing page and on page unload (web/src/platform/analytics.ts: fetch with
 * keepalive, which carries the Authorization header, so a signed-in visitor's events are theirs).
 */
export const ANALYTICS_EVENT_TYPES = ['page_view', 'time_on_page'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];
/**
 * Events the server records itself, with the row they are about (feedback_submit with the
 * feedback, affiliate_click through its own door): refused from clients, so nobody can add one
 * without the thing it counts.
 */
export const SERVER_EVENT_TYPES = ['feedback_submit', 'affiliate_click', 'signup'] as const;

export const ANALYTICS_LIMITS = {
  pageMaxLength: 500,
  /** Serialized JSON, in bytes. */
  metadataMaxBytes: 4096,
} as const;

export const AnalyticsMessages = {
  unknownType: 'Unknown event type.',
  serverRecorded: 'This event is recorded by the server itself and cannot be sent.',
  pageInvalid: 'Page must be text.',
  pageTooLong: `Page must be at most ${ANALYTICS_LIMITS.pageMaxLength} characters.`,
  metadataInvalid: 'Metadata must be an object.',
  metadataTooLarge: 'Metadata must be at most 4 KB.',
  durationInvalid: 'duration_ms must be a number of milliseconds.',
  tooMany: 'Too many events. Please slow down.',
} as const;

/** The REST payload as sent; every field is checked here. */
export interface AnalyticsEventInput {
  event_type?: unknown;
  page?: unknown;
  metadata?: unknown;
}

const isEventType = (v: unknown): v is AnalyticsEventType => typeof v === 'string' && (ANALYTICS_EVENT_TYPES as readonly string[]).includes(v);

/**
 * Stores one event, with the viewer's id when signed in (anonymous events are allowed), the
 * first of its type and page that reader sends each day; the rest are answered and dropped.
 * Limited per client address (RATE_LIMITS.analyticsPerIp, 120 a minute).
 */
export async function recordEvent(ctx: RequestContext, input: AnalyticsEventInput): Promise<{ id: string | null }> {
  await ctx.deps.limiter.consume('analyticsPerIp', ctx.clientIp, AnalyticsMessages.tooMany);

  if ((SERVER_EVENT_TYPES as readonly unknown[]).includes(input.event_type)) throw new ValidationError(AnalyticsMessages.serverRecorded, 'event_type');
  if (!isEventType(input.event_type)) throw new ValidationError(AnalyticsMessages.unknownType, 'event_type');

  let page: string | null = null;
  if (input.page !== undefined && input.page !== null) {
    if (typeof input.page !== 'string') throw new ValidationError(AnalyticsMessages.pageInvalid, 'page');
    if (input.page.length > ANALYTICS_LIMITS.pageMaxLength) throw new ValidationError(AnalyticsMessages.pageTooLong, 'page');
    page = input.page;
  }

  let metadata: Prisma.InputJsonObject | undefined;
  if (input.metadata !== undefined && input.metadata !== null) {
    if (typeof input.metadata !== 'object' || Array.isArray(input.metadata)) {
      throw new ValidationError(AnalyticsMessages.metadataInvalid, 'metadata');
    }
    const json = JSON.stringify(input.metadata);
    if (Buffer.byteLength(json, 'utf8') > ANALYTICS_LIMITS.metadataMaxBytes) {
      throw new ValidationError(AnalyticsMessages.metadataTooLarge, 'metadata');
    }
    metadata = JSON.parse(json) as Prisma.InputJsonObject;
    const duration = metadata.duration_ms;
    if (duration !== undefined && (typeof duration !== 'number' || !Number.isFinite(duration) || duration < 0)) {
      throw new ValidationError(AnalyticsMessages.durationInvalid, 'metadata');
    }
  }

  // Once per reader, page and day (platform/readerMarks.ts): a repeated event is accepted and
  // not stored again, so the administrators' page views count readers, not requests.
  if (!(await firstReadingToday(ctx, `${input.event_type}:${page ?? ''}`))) return { id: null };
  const row = await ctx.deps.db.prisma.analyticsEvent.create({
    data: { eventType: input.event_type, page, metadata, userId: ctx.viewer?.id ?? null },
    select: { id: true },
  });
  return row;
}
