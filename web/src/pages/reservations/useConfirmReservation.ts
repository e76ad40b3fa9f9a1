import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useConfirmReservationMutation } from '../../__generated__/useConfirmReservationMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useConfirmReservationMutation($input: ConfirmReservationInput!) {
    confirmReservation(input: $input) {
      __typename
      ... on ReservationPayload {
        reservation {
          ...ReservationCard_reservation
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** confirmReservation ('Looks right'): the card's review notice goes once the answer lands. */
export function useConfirmReservation(): [(id: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useConfirmReservationMutation>(Mutation);
  const confirm = useCallback(
    (id: string) =>
      run({ variables: { input: { id } } }, ReservationMessages.unexpectedRetry, ({ confirmReservation: r }) =>
        payloadOutcome(r, 'ReservationPayload', ReservationMessages.updateFailed),
      ),
    [run],
  );
  return [confirm, inFlight];
}
