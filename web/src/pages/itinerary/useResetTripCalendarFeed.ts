import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useResetTripCalendarFeedMutation } from '../../__generated__/useResetTripCalendarFeedMutation.graphql';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';
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
        message
      }
    }
  }
`;

/** resetTripCalendarFeed: a new private URL (the old one stops working); the menu shows the new one. */
export function useResetTripCalendarFeed(): [(tripId: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useResetTripCalendarFeedMutation>(Mutation);
  const reset = useCallback(
    (tripId: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { tripId } },
          onCompleted: (response) => {
            const result = response.resetTripCalendarFeed;
            if (result.__typename === 'TripPayload') resolve({ ok: true, value: true });
            else resolve(failed(result, ItineraryText.feedResetFailed));
          },
          onError: () => resolve(networkFailure(ItineraryText.feedResetFailed)),
        });
      }),
    [commit],
  );
  return [reset, inFlight];
}
