import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useCommentOnIdeaMutation } from '../../__generated__/useCommentOnIdeaMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useCommentOnIdeaMutation($id: ID!, $body: String!) {
    commentOnTripIdea(id: $id, body: $body) {
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

const COMMENT_FAILED = 'Could not add the comment. Please try again.';

/** commentOnTripIdea. */
export function useCommentOnIdea(): [(id: string, body: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useCommentOnIdeaMutation>(Mutation);
  const comment = useCallback(
    (id: string, body: string) =>
      run({ variables: { id, body } }, COMMENT_FAILED, ({ commentOnTripIdea: r }) => payloadOutcome(r, 'TripIdeaPayload', COMMENT_FAILED)),
    [run],
  );
  return [comment, inFlight];
}
