import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useClosePollMutation } from '../../__generated__/useClosePollMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useClosePollMutation($id: ID!) {
    closeTripPoll(id: $id) {
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

const CLOSE_FAILED = 'Could not close the poll. Please try again.';

/** closeTripPoll. */
export function useClosePoll(): [(id: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useClosePollMutation>(Mutation);
  const close = useCallback(
    (id: string) => run({ variables: { id } }, CLOSE_FAILED, ({ closeTripPoll: r }) => payloadOutcome(r, 'TripPollPayload', CLOSE_FAILED)),
    [run],
  );
  return [close, inFlight];
}
