import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useRemoveTripDeleteMutation } from '../../__generated__/useRemoveTripDeleteMutation.graphql';
import type { useRemoveTripLeaveMutation } from '../../__generated__/useRemoveTripLeaveMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { removeTripFromLists } from './tripStore';

const DeleteMutation = graphql`
  mutation useRemoveTripDeleteMutation($tripId: ID!) {
    deleteTrip(tripId: $tripId) {
      __typename
      ... on TripRemovedPayload {
        removedTripId
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const LeaveMutation = graphql`
  mutation useRemoveTripLeaveMutation($tripId: ID!) {
    leaveTrip(tripId: $tripId) {
      __typename
      ... on TripRemovedPayload {
        removedTripId
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/**
 * Trips this browser is deleting right now: the trip's live channel then says DELETED, and the
 * detail page must not announce it as someone else's doing.
 */
export const tripsBeingRemoved = new Set<string>();

/** deleteTrip (owner) or leaveTrip (member); the trip leaves every tab's list. */
export function useRemoveTrip(viewerId: string | null): [(tripId: string, mode: 'delete' | 'leave') => Promise<Outcome>, boolean] {
  const [runDelete, deleting] = useOutcomeMutation<useRemoveTripDeleteMutation>(DeleteMutation);
  const [runLeave, leaving] = useOutcomeMutation<useRemoveTripLeaveMutation>(LeaveMutation);
  const remove = useCallback(
    async (tripId: string, mode: 'delete' | 'leave'): Promise<Outcome> => {
      const updater = (store: Parameters<typeof removeTripFromLists>[0], removedTripId: string | undefined) => {
        if (removedTripId && viewerId) removeTripFromLists(store, viewerId, removedTripId);
      };
      if (mode === 'leave') {
        return runLeave(
          {
            variables: { tripId },
            updater: (store, data) => {
              const r = data?.leaveTrip;
              updater(store, r?.__typename === 'TripRemovedPayload' ? r.removedTripId : undefined);
            },
          },
          TripMessages.unexpected,
          ({ leaveTrip: r }) => payloadOutcome(r, 'TripRemovedPayload', TripMessages.unexpected),
        );
      }
      tripsBeingRemoved.add(tripId);
      const outcome = await runDelete(
        {
          variables: { tripId },
          updater: (store, data) => {
            const r = data?.deleteTrip;
            updater(store, r?.__typename === 'TripRemovedPayload' ? r.removedTripId : undefined);
          },
        },
        TripMessages.deleteFailed,
        ({ deleteTrip: r }) => payloadOutcome(r, 'TripRemovedPayload', TripMessages.deleteFailed),
      );
      if (!outcome.ok) tripsBeingRemoved.delete(tripId);
      else setTimeout(() => tripsBeingRemoved.delete(tripId), 10_000);
      return outcome;
    },
    [runDelete, runLeave, viewerId],
  );
  return [remove, deleting || leaving];
}
