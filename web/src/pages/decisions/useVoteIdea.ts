import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useVoteIdeaMutation } from '../../__generated__/useVoteIdeaMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useVoteIdeaMutation($id: ID!, $vote: Boolean!) {
    voteTripIdea(id: $id, vote: $vote) {
      __typename
      ... on TripIdeaPayload {
        idea {
          id
          ...IdeaCard_idea
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const VOTE_FAILED = 'Could not record your vote. Please try again.';

/** voteTripIdea: votes an idea up, or takes the vote back. */
export function useVoteIdea(): [(id: string, vote: boolean) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useVoteIdeaMutation>(Mutation);
  const vote = useCallback(
    (id: string, value: boolean) =>
      run({ variables: { id, vote: value } }, VOTE_FAILED, ({ voteTripIdea: r }) => payloadOutcome(r, 'TripIdeaPayload', VOTE_FAILED)),
    [run],
  );
  return [vote, inFlight];
}
