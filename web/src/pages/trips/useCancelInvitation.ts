import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useCancelInvitationMutation } from '../../__generated__/useCancelInvitationMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

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
        message
      }
    }
  }
`;

/** The inviter or the trip owner withdraws a pending invitation. */
export function useCancelInvitation(): [(invitationId: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useCancelInvitationMutation>(Mutation);
  const cancel = useCallback(
    (invitationId: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { id: invitationId },
          onCompleted: (response) => {
            const r = response.cancelTripInvitation;
            resolve(r.__typename === 'InvitationAnsweredPayload' ? { ok: true, value: true } : failed(r, TripMessages.unexpected));
          },
          onError: () => resolve(networkFailure(TripMessages.unexpected)),
        });
      }),
    [commit],
  );
  return [cancel, inFlight];
}
