import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useDeleteIdeaMutation } from '../../__generated__/useDeleteIdeaMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteIdeaMutation($id: ID!, $connections: [ID!]!) {
    deleteTripIdea(id: $id) {
      __typename
      ... on DeleteTripIdeaPayload {
        deletedIdeaId @deleteEdge(connections: $connections)
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const DELETE_FAILED = 'Could not delete the idea. Please try again.';

/** deleteTripIdea (asked first by the caller): the idea leaves the board. */
export function useDeleteIdea(connection: string): [(id: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useDeleteIdeaMutation>(Mutation);
  const remove = useCallback(
    (id: string) =>
      run({ variables: { id, connections: [connection] } }, DELETE_FAILED, ({ deleteTripIdea: r }) =>
        payloadOutcome(r, 'DeleteTripIdeaPayload', DELETE_FAILED),
      ),
    [run, connection],
  );
  return [remove, inFlight];
}
