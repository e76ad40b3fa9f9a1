import { z } from 'zod';
import { route } from '../rest/kit.js';
import { ValidationError } from '../platform/errors.js';
import { recordAffiliateClick } from './affiliate.js';

const text = z.string().nullish();

/** The specification's payload: snake_case, with the source and trip inside `metadata`. */
const TrackAffiliateClickBody = z.object({
  affiliate_partner: text,
  affiliate_url: text,
  // Partners' offer ids are numbers as often as text.
  affiliate_item_id: z.union([z.string(), z.number()]).nullish(),
  metadata: z.object({ source: text, trip_id: text }).nullish(),
});

/** The service names fields as GraphQL does; REST callers sent the snake_case names. */
const WIRE_NAMES: Record<string, string> = {
  affiliatePartner: 'affiliate_partner',
  affiliateUrl: 'affiliate_url',
  affiliateItemId: 'affiliate_item_id',
  source: 'metadata.source',
  tripId: 'metadata.trip_id',
};

export const affiliateRoutes = [
  route({
    method: 'POST',
    path: '/track-affiliate-click',
    access: 'signedIn',
    status: 201,
    body: TrackAffiliateClickBody,
    handle: async (ctx, { body }) => {
      try {
        await recordAffiliateClick(ctx, {
          affiliatePartner: body.affiliate_partner ?? '',
          affiliateUrl: body.affiliate_url ?? '',
          affiliateItemId: body.affiliate_item_id == null ? null : String(body.affiliate_item_id),
          source: body.metadata?.source,
          tripId: body.metadata?.trip_id,
        });
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        const rename = (field: string) => WIRE_NAMES[field] ?? field;
        throw new ValidationError(
          err.message,
          err.field && rename(err.field),
          err.fieldErrors.map((f) => ({ field: rename(f.field), message: f.message })),
        );
      }
      return { success: true };
    },
  }),
];
