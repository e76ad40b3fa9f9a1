import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { ReservationFields, useUpdateReservationMutation } from '../../__generated__/useUpdateReservationMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

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
        message
      }
      ... on ValidationError {
        field
        fieldErrors {
          field
          message
        }
      }
    }
  }
`;

export type { ReservationFields };

/** updateReservation ('Edit' and 'Add Details'): the card updates from the answer. */
export function useUpdateReservation(): [(id: string, fields: ReservationFields) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useUpdateReservationMutation>(Mutation);
  const update = useCallback(
    (id: string, fields: ReservationFields) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id, reservation: fields } },
          onCompleted: ({ updateReservation: result }) =>
            resolve(result.__typename === 'ReservationPayload' ? { ok: true, value: true } : failed(result, ReservationMessages.updateFailed)),
          onError: () => resolve(networkFailure(ReservationMessages.unexpected)),
        });
      }),
    [commit],
  );
  return [update, inFlight];
}
