import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useAddReservationToTripMutation } from '../../__generated__/useAddReservationToTripMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useAddReservationToTripMutation($input: AddReservationToTripInput!) {
    addReservationToTrip(input: $input) {
      __typename
      ... on AddReservationToTripPayload {
        reservation {
          ...ReservationCard_reservation
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * addReservationToTrip: the server makes the itinerary item and confirms the reservation
 * together; the card shows its new status from the answer. The server's own words (dates
 * outside the trip, a trip not found) come back as the outcome's message.
 */
export function useAddReservationToTrip(): [(reservationId: string, tripId: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useAddReservationToTripMutation>(Mutation);
  const add = useCallback(
    (reservationId: string, tripId: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { reservationId, tripId } },
          onCompleted: ({ addReservationToTrip: result }) =>
            resolve(result.__typename === 'AddReservationToTripPayload' ? { ok: true, value: true } : failed(result, ReservationMessages.addFailed)),
          onError: () => resolve(networkFailure(ReservationMessages.unexpectedRetry)),
        });
      }),
    [commit],
  );
  return [add, inFlight];
}
