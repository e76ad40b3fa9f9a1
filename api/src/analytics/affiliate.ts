import { z } from 'zod';
import type { RequestContext } from '../platform/context.js';
import { requireViewer } from '../platform/context.js';
import { parseInput } from '../platform/validation.js';
import { requireTripMember } from '../trips/access.js';
import { AnalyticsMessages } from './service.js';

/** The analytics event type an affiliate click is stored as (beside page_view and the others). */
export const AFFILIATE_CLICK_EVENT = 'affiliate_click';

export const AFFILIATE_LIMITS = {
  partnerMaxLength: 100,
  urlMaxLength: 2000,
  itemIdMaxLength: 200,
  sourceMaxLength: 100,
} as const;

export const AffiliateMessages = {
  partnerRequired: 'Affiliate partner is required.',
  partnerTooLong: `Affiliate partner must be at most ${AFFILIATE_LIMITS.partnerMaxLength} characters.`,
  urlInvalid: 'Affiliate URL must be an http or https address.',
  urlTooLong: `Affiliate URL must be at most ${AFFILIATE_LIMITS.urlMaxLength} characters.`,
  itemIdTooLong: `Affiliate item id must be at most ${AFFILIATE_LIMITS.itemIdMaxLength} characters.`,
  sourceTooLong: `Source must be at most ${AFFILIATE_LIMITS.sourceMaxLength} characters.`,
} as const;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

/** One click on a tracked partner link; both doors (GraphQL and REST) pass their input through this. */
export const AffiliateClickInput = z.object({
  affiliatePartner: z.string().trim().min(1, AffiliateMessages.partnerRequired).max(AFFILIATE_LIMITS.partnerMaxLength, AffiliateMessages.partnerTooLong),
  affiliateUrl: z.string().trim().max(AFFILIATE_LIMITS.urlMaxLength, AffiliateMessages.urlTooLong).refine(isHttpUrl, AffiliateMessages.urlInvalid),
  affiliateItemId: optionalText(AFFILIATE_LIMITS.itemIdMaxLength, AffiliateMessages.itemIdTooLong),
  /** Where the link was shown: "guide", "story", "recommendations", ... */
  source: optionalText(AFFILIATE_LIMITS.sourceMaxLength, AffiliateMessages.sourceTooLong),
  /** The trip the click was made for; must be one of the viewer's trips. */
  tripId: z.string().nullish(),
});
export type AffiliateClick = z.input<typeof AffiliateClickInput>;

/**
 * Records an affiliate click as an analytics event of the signed-in viewer. A trip named must be
 * one of theirs (403 for someone else's, 404 for none), so nobody can attribute clicks to a trip
 * they are not on. Counted against the same per-client budget as page views.
 */
export async function recordAffiliateClick(ctx: RequestContext, raw: AffiliateClick): Promise<{ id: string }> {
  const viewer = requireViewer(ctx);
  await ctx.deps.limiter.consume('analyticsPerIp', ctx.clientIp, AnalyticsMessages.tooMany);
  const input = parseInput(AffiliateClickInput, raw);
  if (input.tripId) await requireTripMember(ctx, input.tripId);
  return ctx.deps.db.prisma.analyticsEvent.create({
    data: {
      eventType: AFFILIATE_CLICK_EVENT,
      userId: viewer.id,
      // The wire names of the first build's event, so the admin console reads every click alike.
      metadata: {
        affiliate_partner: input.affiliatePartner,
        affiliate_url: input.affiliateUrl,
        affiliate_item_id: input.affiliateItemId,
        source: input.source,
        trip_id: input.tripId ?? null,
      },
    },
    select: { id: true },
  });
}
