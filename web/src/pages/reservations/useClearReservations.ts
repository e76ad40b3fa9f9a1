import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useClearReservationsMutation } from '../../__generated__/useClearReservationsMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useClearReservationsMutation {
    clearReservations {
      __typename
      ... on ClearReservationsPayload {
        deletedCount
        viewer {
          ...ReservationList_viewer
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** 'Clear All': the list is read again from the answer (empty). */
export function useClearReservations(): [() => Promise<Outcome<number>>, boolean] {
  const [commit, inFlight] = useMutation<useClearReservationsMutation>(Mutation);
  const clear = useCallback(
    () =>
      new Promise<Outcome<number>>((resolve) => {
        commit({
          variables: {},
          onCompleted: ({ clearReservations: result }) =>
            resolve(
              result.__typename === 'ClearReservationsPayload'
                ? { ok: true, value: result.deletedCount ?? 0 }
                : failed(result, ReservationMessages.unexpectedRetry),
            ),
          onError: () => resolve(networkFailure(ReservationMessages.unexpectedRetry)),
        });
      }),
    [commit],
  );
  return [clear, inFlight];
}
