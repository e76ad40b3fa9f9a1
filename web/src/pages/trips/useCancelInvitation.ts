import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useCancelInvitationMutation } from '../../__generated__/useCancelInvitationMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useCancelInvitationMutation($id: ID!) {
    cancelTripInvitation(invitationId: $id) {
      __typename
      ... on InvitationAnsweredPayload {
        invitationId
        trip {
          id
          ...TripAvatars_trip
          ...TripPendingInvites_trip
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** The inviter or the trip owner withdraws a pending invitation. */
export function useCancelInvitation(): [(invitationId: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useCancelInvitationMutation>(Mutation);
  const cancel = useCallback(
    (invitationId: string) =>
      run({ variables: { id: invitationId } }, TripMessages.unexpected, ({ cancelTripInvitation: r }) =>
        payloadOutcome(r, 'InvitationAnsweredPayload', TripMessages.unexpected),
      ),
    [run],
  );
  return [cancel, inFlight];
}
