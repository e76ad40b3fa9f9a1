import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useResetTripCalendarFeedMutation } from '../../__generated__/useResetTripCalendarFeedMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { ItineraryText } from './messages';

const Mutation = graphql`
  mutation useResetTripCalendarFeedMutation($input: ResetTripCalendarFeedInput!) {
    resetTripCalendarFeed(input: $input) {
      __typename
      ... on TripPayload {
        trip {
          id
          calendarFeedUrl
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** resetTripCalendarFeed: a new private URL (the old one stops working); the menu shows the new one. */
export function useResetTripCalendarFeed(): [(tripId: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useResetTripCalendarFeedMutation>(Mutation);
  const reset = useCallback(
    (tripId: string) =>
      run({ variables: { input: { tripId } } }, ItineraryText.feedResetFailed, ({ resetTripCalendarFeed: r }) =>
        payloadOutcome(r, 'TripPayload', ItineraryText.feedResetFailed),
      ),
    [run],
  );
  return [reset, inFlight];
}
