import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useAnswerInvitationAcceptMutation } from '../../__generated__/useAnswerInvitationAcceptMutation.graphql';
import type { useAnswerInvitationDeclineMutation } from '../../__generated__/useAnswerInvitationDeclineMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';
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
        message
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
        message
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
  const [commitAccept, accepting] = useMutation<useAnswerInvitationAcceptMutation>(AcceptMutation);
  const [commitDecline, declining] = useMutation<useAnswerInvitationDeclineMutation>(DeclineMutation);
  const answer = useCallback(
    (invitationId: string, accept: boolean) =>
      new Promise<Outcome<Answered>>((resolve) => {
        if (accept) {
          commitAccept({
            variables: { id: invitationId },
            updater: (store) => {
              const trip = store.getRootField('acceptTripInvitation')?.getLinkedRecord('trip');
              if (trip && viewerId) insertTripInList(store, viewerId, trip);
            },
            onCompleted: (response) => {
              const r = response.acceptTripInvitation;
              if (r.__typename === 'InvitationAnsweredPayload')
                resolve({ ok: true, value: { tripId: r.trip?.id ?? null, tripName: r.trip?.name ?? null, timing: r.trip?.timing ?? null } });
              else resolve(failed(r, TripMessages.acceptFailed));
            },
            onError: () => resolve(networkFailure(TripMessages.acceptFailed)),
          });
        } else {
          commitDecline({
            variables: { id: invitationId },
            onCompleted: (response) => {
              const r = response.declineTripInvitation;
              if (r.__typename === 'InvitationAnsweredPayload') resolve({ ok: true, value: { tripId: null, tripName: null, timing: null } });
              else resolve(failed(r, TripMessages.declineFailed));
            },
            onError: () => resolve(networkFailure(TripMessages.declineFailed)),
          });
        }
      }),
    [commitAccept, commitDecline, viewerId],
  );
  return [answer, accepting || declining];
}
