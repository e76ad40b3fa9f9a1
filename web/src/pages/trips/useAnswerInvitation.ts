import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useAnswerInvitationAcceptMutation } from '../../__generated__/useAnswerInvitationAcceptMutation.graphql';
import type { useAnswerInvitationDeclineMutation } from '../../__generated__/useAnswerInvitationDeclineMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { insertTripInList } from './tripStore';

const AcceptMutation = graphql`
  mutation useAnswerInvitationAcceptMutation($id: ID!) {
    acceptTripInvitation(invitationId: $id) {
      __typename
      ... on InvitationAnsweredPayload {
        invitationId
        trip {
          id
          name
          timing
          startDate
          ...TripCard_trip
        }
        viewer {
          id
          ...PendingTripInvitations_viewer
          ...TripSummaryCards_viewer
          ...TripCalendar_viewer
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const DeclineMutation = graphql`
  mutation useAnswerInvitationDeclineMutation($id: ID!) {
    declineTripInvitation(invitationId: $id) {
      __typename
      ... on InvitationAnsweredPayload {
        invitationId
        viewer {
          id
          ...PendingTripInvitations_viewer
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export interface Answered {
  tripId: string | null;
  tripName: string | null;
  timing: 'UPCOMING' | 'CURRENT' | 'PAST' | null;
}

/**
 * Accept or decline a trip invitation addressed to the viewer. Failures read as the catalogue
 * says ('Failed to accept invitation. Please try again.'); the server's own reasons (expired,
 * no longer pending) are shown as given.
 */
export function useAnswerInvitation(viewerId: string | null): [(invitationId: string, accept: boolean) => Promise<Outcome<Answered>>, boolean] {
  const [runAccept, accepting] = useOutcomeMutation<useAnswerInvitationAcceptMutation>(AcceptMutation);
  const [runDecline, declining] = useOutcomeMutation<useAnswerInvitationDeclineMutation>(DeclineMutation);
  const answer = useCallback(
    (invitationId: string, accept: boolean): Promise<Outcome<Answered>> =>
      accept
        ? runAccept(
            {
              variables: { id: invitationId },
              updater: (store) => {
                const trip = store.getRootField('acceptTripInvitation')?.getLinkedRecord('trip');
                if (trip && viewerId) insertTripInList(store, viewerId, trip);
              },
            },
            TripMessages.acceptFailed,
            ({ acceptTripInvitation: r }) =>
              payloadOutcome(r, 'InvitationAnsweredPayload', TripMessages.acceptFailed, (p) => ({
                tripId: p.trip?.id ?? null,
                tripName: p.trip?.name ?? null,
                timing: p.trip?.timing ?? null,
              })),
          )
        : runDecline({ variables: { id: invitationId } }, TripMessages.declineFailed, ({ declineTripInvitation: r }) =>
            payloadOutcome(r, 'InvitationAnsweredPayload', TripMessages.declineFailed, () => ({ tripId: null, tripName: null, timing: null })),
          ),
    [runAccept, runDecline, viewerId],
  );
  return [answer, accepting || declining];
}
