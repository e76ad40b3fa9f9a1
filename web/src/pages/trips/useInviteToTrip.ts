import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { InviteToTripInput, useInviteToTripMutation } from '../../__generated__/useInviteToTripMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { failed, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useInviteToTripMutation($input: InviteToTripInput!) {
    inviteToTrip(input: $input) {
      __typename
      ... on InviteToTripPayload {
        invitation {
          id
          invitedEmail
          invitedUser {
            id
            displayName
          }
        }
        trip {
          id
          ...TripAvatars_trip
          ...TripPendingInvites_trip
        }
        existingUser
        friendRequestCreated
        emailSent
        warning
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
      ... on ValidationError {
        field
      }
      ... on ConflictError {
        field
      }
    }
  }
`;

export interface InviteSent {
  invitedEmail: string;
  invitedName: string | null;
  existingUser: boolean;
  friendRequestCreated: boolean;
  warning: string | null;
}

/** inviteToTrip by e-mail or from the friends list; the trip's pending invitees update at once. */
export function useInviteToTrip(): [(input: InviteToTripInput) => Promise<Outcome<InviteSent>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useInviteToTripMutation>(Mutation);
  const invite = useCallback(
    (input: InviteToTripInput) => {
      const fallback = input.friendId ? TripMessages.friendInviteFailed : TripMessages.saveFailed;
      // No answer at all: for an e-mail invite the first step, checking the address, failed
      // (seed 000 §8 'E-mail check failed').
      const unanswered = input.friendId ? fallback : TripMessages.checkFailed;
      return run({ variables: { input } }, unanswered, ({ inviteToTrip: r }): Outcome<InviteSent> => {
        if (r.__typename !== 'InviteToTripPayload' || !r.invitation) return failed(r, fallback);
        return {
          ok: true,
          value: {
            // Always shown to the inviter; the typed address covers the type's null.
            invitedEmail: r.invitation.invitedEmail ?? input.email?.trim() ?? '',
            invitedName: r.invitation.invitedUser?.displayName ?? null,
            existingUser: !!r.existingUser,
            friendRequestCreated: !!r.friendRequestCreated,
            warning: r.warning ?? null,
          },
        };
      });
    },
    [run],
  );
  return [invite, inFlight];
}
