/**
 * Accept or decline an invitation from the dashboard: the answers bring back what the dashboard
 * shows (its invitations, upcoming trips and stats), so it updates without a refetch.
 */
import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useAnswerDashboardInvitationAcceptMutation } from '../../__generated__/useAnswerDashboardInvitationAcceptMutation.graphql';
import type { useAnswerDashboardInvitationDeclineMutation } from '../../__generated__/useAnswerDashboardInvitationDeclineMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const AcceptMutation = graphql`
  mutation useAnswerDashboardInvitationAcceptMutation($invitationId: ID!) {
    acceptTripInvitation(invitationId: $invitationId) {
      __typename
      ... on InvitationAnsweredPayload {
        trip {
          id
          name
        }
        viewer {
          id
          ...DashboardInvitations_viewer
          ...DashboardUpcomingTrips_viewer
          dashboardStats {
            ...DashboardStatCards_stats
          }
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const DeclineMutation = graphql`
  mutation useAnswerDashboardInvitationDeclineMutation($invitationId: ID!) {
    declineTripInvitation(invitationId: $invitationId) {
      __typename
      ... on InvitationAnsweredPayload {
        viewer {
          id
          ...DashboardInvitations_viewer
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** acceptTripInvitation: the joined trip's name (when the server tells it). */
export function useAcceptDashboardInvitation(): [(invitationId: string) => Promise<Outcome<string | null>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useAnswerDashboardInvitationAcceptMutation>(AcceptMutation);
  const accept = useCallback(
    (invitationId: string) =>
      run({ variables: { invitationId } }, TripMessages.acceptFailed, ({ acceptTripInvitation: r }) =>
        payloadOutcome(r, 'InvitationAnsweredPayload', TripMessages.acceptFailed, (p) => p.trip?.name ?? null),
      ),
    [run],
  );
  return [accept, inFlight];
}

/** declineTripInvitation (confirmed first by the caller). */
export function useDeclineDashboardInvitation(): [(invitationId: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useAnswerDashboardInvitationDeclineMutation>(DeclineMutation);
  const decline = useCallback(
    (invitationId: string) =>
      run({ variables: { invitationId } }, TripMessages.declineFailed, ({ declineTripInvitation: r }) =>
        payloadOutcome(r, 'InvitationAnsweredPayload', TripMessages.declineFailed),
      ),
    [run],
  );
  return [decline, inFlight];
}
