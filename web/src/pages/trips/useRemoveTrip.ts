import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useRemoveTripDeleteMutation } from '../../__generated__/useRemoveTripDeleteMutation.graphql';
import type { useRemoveTripLeaveMutation } from '../../__generated__/useRemoveTripLeaveMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';
import { removeTripFromLists } from './tripStore';

const DeleteMutation = graphql`
  mutation useRemoveTripDeleteMutation($tripId: ID!) {
    deleteTrip(tripId: $tripId) {
      __typename
      ... on TripRemovedPayload {
        removedTripId
      }
      ... on Error {
        message
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
        message
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
  const [commitDelete, deleting] = useMutation<useRemoveTripDeleteMutation>(DeleteMutation);
  const [commitLeave, leaving] = useMutation<useRemoveTripLeaveMutation>(LeaveMutation);
  const remove = useCallback(
    (tripId: string, mode: 'delete' | 'leave') =>
      new Promise<Outcome>((resolve) => {
        const fallback = mode === 'delete' ? TripMessages.deleteFailed : TripMessages.unexpected;
        if (mode === 'delete') tripsBeingRemoved.add(tripId);
        const done = (outcome: Outcome) => {
          if (mode === 'delete') {
            if (!outcome.ok) tripsBeingRemoved.delete(tripId);
            else setTimeout(() => tripsBeingRemoved.delete(tripId), 10_000);
          }
          resolve(outcome);
        };
        const updater = (store: Parameters<typeof removeTripFromLists>[0], removedTripId: string | undefined) => {
          if (removedTripId && viewerId) removeTripFromLists(store, viewerId, removedTripId);
        };
        if (mode === 'delete') {
          commitDelete({
            variables: { tripId },
            updater: (store, data) => {
              const r = data?.deleteTrip;
              updater(store, r?.__typename === 'TripRemovedPayload' ? r.removedTripId : undefined);
            },
            onCompleted: (response) => {
              const r = response.deleteTrip;
              done(r.__typename === 'TripRemovedPayload' ? { ok: true, value: true } : failed(r, fallback));
            },
            onError: () => done(networkFailure(fallback)),
          });
        } else {
          commitLeave({
            variables: { tripId },
            updater: (store, data) => {
              const r = data?.leaveTrip;
              updater(store, r?.__typename === 'TripRemovedPayload' ? r.removedTripId : undefined);
            },
            onCompleted: (response) => {
              const r = response.leaveTrip;
              done(r.__typename === 'TripRemovedPayload' ? { ok: true, value: true } : failed(r, fallback));
            },
            onError: () => done(networkFailure(fallback)),
          });
        }
      }),
    [commitDelete, commitLeave, viewerId],
  );
  return [remove, deleting || leaving];
}
