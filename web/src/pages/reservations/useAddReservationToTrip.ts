import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useAddReservationToTripMutation } from '../../__generated__/useAddReservationToTripMutation.graphql';
import { ReservationMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

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
        ...ErrorFields_error @relay(mask: false)
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
  const [run, inFlight] = useOutcomeMutation<useAddReservationToTripMutation>(Mutation);
  const add = useCallback(
    (reservationId: string, tripId: string) =>
      run({ variables: { input: { reservationId, tripId } } }, ReservationMessages.unexpectedRetry, ({ addReservationToTrip: r }) =>
        payloadOutcome(r, 'AddReservationToTripPayload', ReservationMessages.addFailed),
      ),
    [run],
  );
  return [add, inFlight];
}
