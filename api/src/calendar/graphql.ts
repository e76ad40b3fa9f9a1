import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { TripPayload, TripRef } from '../trips/graphql.js';
import { resetTripCalendarFeed, tripCalendarFeedUrl } from './service.js';

builder.prismaObjectFields('Trip', (t) => ({
  calendarFeedUrl: t.string({
    description:
      'The private calendar feed URL (https://host/api/calendar/<token>.ics) to subscribe to in a calendar app: one event per itinerary entry. ' +
      'Anyone holding it can read the itinerary; `resetTripCalendarFeed` replaces it. Members only.',
    authScopes: (trip) => ({ tripMember: trip.id }),
    select: { calendarToken: true },
    resolve: (trip, _a, ctx) => tripCalendarFeedUrl(ctx, trip),
  }),
}));

const ResetTripCalendarFeedInput = builder.inputType('ResetTripCalendarFeedInput', {
  description: 'The trip whose calendar feed address is replaced.',
  fields: (t) => ({ tripId: t.globalID({ required: true, for: TripRef, description: 'The trip; the viewer must be on it.' }) }),
});

builder.mutationField('resetTripCalendarFeed', (t) =>
  t.field({
    type: TripPayload,
    description:
      "Gives the trip a new calendar feed address (read it from the payload's `trip.calendarFeedUrl`); the old one answers 404 from now on. Any member may.",
    authScopes: { signedIn: true },
    errors: {
      types: MUTATION_ERRORS,
      directResult: true,
      union: { name: 'ResetTripCalendarFeedResult', description: 'The trip with its new feed address, or why it was not reset.' },
    },
    args: { input: t.arg({ type: ResetTripCalendarFeedInput, required: true, description: 'Which trip.' }) },
    resolve: (_r, { input }, ctx) => resetTripCalendarFeed(ctx, input.tripId.id),
  }),
);
