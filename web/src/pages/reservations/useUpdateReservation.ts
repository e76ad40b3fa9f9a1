import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { ReservationFields, useUpdateReservationMutation } from '../../__generated__/useUpdateReservationMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useUpdateReservationMutation($input: UpdateReservationInput!) {
    updateReservation(input: $input) {
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

export type { ReservationFields };

/** updateReservation ('Edit' and 'Add Details'): the card updates from the answer. */
export function useUpdateReservation(): [(id: string, fields: ReservationFields) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useUpdateReservationMutation>(Mutation);
  const update = useCallback(
    (id: string, fields: ReservationFields) =>
      run({ variables: { input: { id, reservation: fields } } }, ReservationMessages.unexpected, ({ updateReservation: r }) =>
        payloadOutcome(r, 'ReservationPayload', ReservationMessages.updateFailed),
      ),
    [run],
  );
  return [update, inFlight];
}
