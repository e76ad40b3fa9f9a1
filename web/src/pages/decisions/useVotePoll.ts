import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { PollAnswerFields, useVotePollMutation } from '../../__generated__/useVotePollMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useVotePollMutation($id: ID!, $answers: [PollAnswerFields!]!) {
    voteTripPoll(id: $id, answers: $answers) {
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

const VOTE_FAILED = 'Could not record your answers. Please try again.';

/** voteTripPoll: replaces the viewer's answers. */
export function useVotePoll(): [(id: string, answers: PollAnswerFields[]) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useVotePollMutation>(Mutation);
  const vote = useCallback(
    (id: string, answers: PollAnswerFields[]) =>
      run({ variables: { id, answers } }, VOTE_FAILED, ({ voteTripPoll: r }) => payloadOutcome(r, 'TripPollPayload', VOTE_FAILED)),
    [run],
  );
  return [vote, inFlight];
}
