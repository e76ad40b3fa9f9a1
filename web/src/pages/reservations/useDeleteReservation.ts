import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useDeleteReservationMutation } from '../../__generated__/useDeleteReservationMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteReservationMutation($input: DeleteReservationInput!, $connections: [ID!]!) {
    deleteReservation(input: $input) {
      __typename
      ... on DeleteReservationPayload {
        deletedReservationId @deleteEdge(connections: $connections)
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** deleteReservation, optimistically: the card leaves the list at once and comes back on failure. */
export function useDeleteReservation(): [(id: string, connectionId: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useDeleteReservationMutation>(Mutation);
  const remove = useCallback(
    (id: string, connectionId: string) =>
      run(
        {
          variables: { input: { id }, connections: [connectionId] },
          optimisticResponse: { deleteReservation: { __typename: 'DeleteReservationPayload', deletedReservationId: id } },
        },
        ReservationMessages.unexpectedRetry,
        ({ deleteReservation: r }) => payloadOutcome(r, 'DeleteReservationPayload', ReservationMessages.unexpectedRetry),
      ),
    [run],
  );
  return [remove, inFlight];
}
