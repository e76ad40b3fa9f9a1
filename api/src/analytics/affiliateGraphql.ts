import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { TripRef } from '../trips/graphql.js';
import { AFFILIATE_LIMITS as L, recordAffiliateClick } from './affiliate.js';

const TrackAffiliateClickInput = builder.inputType('TrackAffiliateClickInput', {
  description: 'A click on a tracked partner link (rules in analytics/affiliate.ts, shared with the REST call).',
  fields: (t) => ({
    affiliatePartner: t.string({
      required: true,
      description: `The partner's name, e.g. "GetYourGuide"; not empty, at most ${L.partnerMaxLength} characters.`,
    }),
    affiliateUrl: t.string({ required: true, description: `The link opened: an http or https URL of at most ${L.urlMaxLength} characters.` }),
    affiliateItemId: t.string({ description: `The partner's id of the offer, at most ${L.itemIdMaxLength} characters.` }),
    tripId: t.globalID({ for: TripRef, description: "The trip the click was made for; must be one of the viewer's trips." }),
    source: t.string({ description: `Where the link was shown ("guide", "story", "recommendations", ...), at most ${L.sourceMaxLength} characters.` }),
  }),
});

const TrackAffiliateClickPayload = builder.objectRef<{ recorded: boolean }>('TrackAffiliateClickPayload').implement({
  description: 'The click was recorded.',
  fields: (t) => ({ recorded: t.exposeBoolean('recorded', { description: 'Always true: the click is stored as an `affiliate_click` analytics event.' }) }),
});

builder.mutationField('trackAffiliateClick', (t) =>
  t.field({
    type: TrackAffiliateClickPayload,
    description: "Records that the viewer opened a partner's link (an analytics event for the administrators). Signed-in users only.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'TrackAffiliateClickResult', description: 'Recorded, or why not (a `ValidationError` names every field at fault).' },
    },
    args: { input: t.arg({ type: TrackAffiliateClickInput, required: true, description: 'The click.' }) },
    resolve: async (_r, { input }, ctx) => {
      await recordAffiliateClick(ctx, { ...input, tripId: input.tripId?.id ?? null });
      return { recorded: true };
    },
  }),
);
