import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { DESIGN_IMPRESSIONS, TRIP_FREQUENCIES, WOULD_USE } from './messages.js';
import { joinMappedWaitlist, submitFeedback } from './service.js';

const rating = 'A rating from 1 to 5.';

const FeedbackInput = builder.inputType('SubmitFeedbackInput', {
  description: 'The product survey; every answer is optional (rules in feedback/service.ts, shared with the REST call).',
  fields: (t) => ({
    name: t.string({ description: 'Who answers, if they say.' }),
    email: t.string({ description: 'An address to reply to, if given.' }),
    groupTripFrequency: t.string({ description: `How often they travel in a group: ${TRIP_FREQUENCIES.join(', ')}.` }),
    signupEase: t.int({ description: `How easy signing up was. ${rating}` }),
    designImpression: t.string({ description: `What they think of the design: ${DESIGN_IMPRESSIONS.join(', ')}.` }),
    initialExpectation: t.string({ description: 'What they expected the product to do.' }),
    exploredExplore: t.boolean({ description: 'Whether they tried the explore page.' }),
    exploreUsefulness: t.int({ description: `How useful explore was. ${rating}` }),
    triedItineraryAdd: t.boolean({ description: 'Whether they added something to an itinerary.' }),
    itineraryEase: t.int({ description: `How easy adding to the itinerary was. ${rating}` }),
    enjoyedMost: t.string({ description: 'What they enjoyed most.' }),
    confusingOrMissing: t.string({ description: 'What was confusing or missing.' }),
    wouldUseNextTrip: t.string({ description: `Whether they would use it for their next trip: ${WOULD_USE.join(', ')}.` }),
    recommendLikelihood: t.int({ description: `How likely they are to recommend it. ${rating}` }),
    otherIdeas: t.string({ description: 'Anything else.' }),
    contextCity: t.string({ description: 'The city the survey was opened from, if any.' }),
  }),
});

const FeedbackPayload = builder.objectRef<{ id: string }>('SubmitFeedbackPayload').implement({
  description: 'The answers are stored.',
  fields: (t) => ({ feedbackId: t.exposeID('id', { description: 'The stored answer’s id.' }) }),
});

builder.mutationField('submitFeedback', (t) =>
  t.field({
    type: FeedbackPayload,
    description: 'Stores the viewer’s survey answers and a `feedback_submit` analytics event. Signed-in users only.',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'SubmitFeedbackResult', description: 'Stored, or why not (every field at fault).' } },
    args: { input: t.arg({ type: FeedbackInput, required: true, description: 'The answers.' }) },
    resolve: (_r, { input }, ctx) => submitFeedback(ctx, input),
  }),
);

const WaitlistInput = builder.inputType('JoinMappedWaitlistInput', {
  description: 'An address to tell when Mapped launches.',
  fields: (t) => ({ email: t.string({ required: true, description: 'An e-mail address (stored lower-cased).' }) }),
});

const WaitlistPayload = builder.objectRef<{ email: string; alreadyListed: boolean }>('JoinMappedWaitlistPayload').implement({
  description: 'The address is on the waitlist.',
  fields: (t) => ({
    email: t.exposeString('email', { description: 'The address as stored.' }),
    alreadyListed: t.exposeBoolean('alreadyListed', { description: 'True when it was on the list already (nothing changed).' }),
  }),
});

builder.mutationField('joinMappedWaitlist', (t) =>
  t.field({
    type: WaitlistPayload,
    description: 'Puts an address on the Mapped waitlist (once). Signed-in users only.',
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS, directResult: true, union: { name: 'JoinMappedWaitlistResult', description: 'Listed, or why not.' } },
    args: { input: t.arg({ type: WaitlistInput, required: true, description: 'The address.' }) },
    resolve: (_r, { input }, ctx) => joinMappedWaitlist(ctx, input),
  }),
);
