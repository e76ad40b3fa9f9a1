import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useClearReservationsMutation } from '../../__generated__/useClearReservationsMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

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
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** 'Clear All': the list is read again from the answer (empty). */
export function useClearReservations(): [() => Promise<Outcome<number>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useClearReservationsMutation>(Mutation);
  const clear = useCallback(
    () =>
      run({ variables: {} }, ReservationMessages.unexpectedRetry, ({ clearReservations: r }) =>
        payloadOutcome(r, 'ClearReservationsPayload', ReservationMessages.unexpectedRetry, (p) => p.deletedCount ?? 0),
      ),
    [run],
  );
  return [clear, inFlight];
}
