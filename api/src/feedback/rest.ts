import { z } from 'zod';
import { route } from '../rest/kit.js';
import { joinMappedWaitlist, submitFeedback } from './service.js';

/** Seed 001's feedback payload, snake_case, with the city under `context`. */
const FeedbackBody = z.object({
  name: z.unknown(),
  email: z.unknown(),
  group_trip_frequency: z.unknown(),
  signup_ease: z.unknown(),
  design_impression: z.unknown(),
  initial_expectation: z.unknown(),
  explored_explore: z.unknown(),
  explore_usefulness: z.unknown(),
  tried_itinerary_add: z.unknown(),
  itinerary_ease: z.unknown(),
  enjoyed_most: z.unknown(),
  confusing_or_missing: z.unknown(),
  would_use_next_trip: z.unknown(),
  recommend_likelihood: z.unknown(),
  other_ideas: z.unknown(),
  context: z.object({ city: z.unknown() }).nullish(),
});

export const feedbackRoutes = [
  route({
    method: 'POST',
    path: '/feedback',
    access: 'signedIn',
    status: 201,
    body: FeedbackBody,
    handle: async (ctx, { body: b }) => {
      const saved = await submitFeedback(ctx, {
        name: b.name,
        email: b.email,
        groupTripFrequency: b.group_trip_frequency,
        signupEase: b.signup_ease,
        designImpression: b.design_impression,
        initialExpectation: b.initial_expectation,
        exploredExplore: b.explored_explore,
        exploreUsefulness: b.explore_usefulness,
        triedItineraryAdd: b.tried_itinerary_add,
        itineraryEase: b.itinerary_ease,
        enjoyedMost: b.enjoyed_most,
        confusingOrMissing: b.confusing_or_missing,
        wouldUseNextTrip: b.would_use_next_trip,
        recommendLikelihood: b.recommend_likelihood,
        otherIdeas: b.other_ideas,
        contextCity: b.context?.city,
      });
      return { success: true, id: saved.id };
    },
  }),
  route({
    method: 'POST',
    path: '/mapped-waitlist',
    access: 'signedIn',
    status: 201,
    body: z.object({ email: z.unknown() }),
    handle: async (ctx, { body }) => {
      const result = await joinMappedWaitlist(ctx, body);
      return { success: true, email: result.email, already_listed: result.alreadyListed };
    },
  }),
];
