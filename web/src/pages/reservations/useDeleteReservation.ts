import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useDeleteReservationMutation } from '../../__generated__/useDeleteReservationMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteReservationMutation($input: DeleteReservationInput!, $connections: [ID!]!) {
    deleteReservation(input: $input) {
      __typename
      ... on DeleteReservationPayload {
        deletedReservationId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** deleteReservation, optimistically: the card leaves the list at once and comes back on failure. */
export function useDeleteReservation(): [(id: string, connectionId: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useDeleteReservationMutation>(Mutation);
  const remove = useCallback(
    (id: string, connectionId: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id }, connections: [connectionId] },
          optimisticResponse: { deleteReservation: { __typename: 'DeleteReservationPayload', deletedReservationId: id } },
          onCompleted: ({ deleteReservation: result }) =>
            resolve(result.__typename === 'DeleteReservationPayload' ? { ok: true, value: true } : failed(result, ReservationMessages.unexpectedRetry)),
          onError: () => resolve(networkFailure(ReservationMessages.unexpectedRetry)),
        });
      }),
    [commit],
  );
  return [remove, inFlight];
}
