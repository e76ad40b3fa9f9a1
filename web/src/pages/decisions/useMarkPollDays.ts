import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useMarkPollDaysMutation } from '../../__generated__/useMarkPollDaysMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useMarkPollDaysMutation($id: ID!, $days: [String!]!) {
    markTripPollDays(id: $id, days: $days) {
      __typename
      ... on TripPollPayload {
        poll {
          id
          ...PollCard_poll
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const MARK_FAILED = 'Could not keep your days. Please try again.';

/** markTripPollDays: replaces the viewer's marked days (and the answers they give) on a dates poll. */
export function useMarkPollDays(): [(id: string, days: string[]) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useMarkPollDaysMutation>(Mutation);
  const mark = useCallback(
    (id: string, days: string[]) =>
      run({ variables: { id, days } }, MARK_FAILED, ({ markTripPollDays: r }) => payloadOutcome(r, 'TripPollPayload', MARK_FAILED)),
    [run],
  );
  return [mark, inFlight];
}
