import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { TripIdeaFields, useAddIdeaMutation } from '../../__generated__/useAddIdeaMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useAddIdeaMutation($tripId: ID!, $input: TripIdeaFields!, $connections: [ID!]!) {
    addTripIdea(tripId: $tripId, input: $input) {
      __typename
      ... on TripIdeaPayload {
        idea @appendNode(connections: $connections, edgeTypeName: "TripIdeaEdge") {
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

export const SAVE_IDEA_FAILED = 'Could not save the idea. Please try again.';

/** addTripIdea: the idea joins the board at once (the live event will not add it twice). */
export function useAddIdea(tripId: string, connection: string): [(input: TripIdeaFields) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useAddIdeaMutation>(Mutation);
  const add = useCallback(
    (input: TripIdeaFields) =>
      run({ variables: { tripId, input, connections: [connection] } }, SAVE_IDEA_FAILED, ({ addTripIdea: r }) =>
        payloadOutcome(r, 'TripIdeaPayload', SAVE_IDEA_FAILED),
      ),
    [run, tripId, connection],
  );
  return [add, inFlight];
}
