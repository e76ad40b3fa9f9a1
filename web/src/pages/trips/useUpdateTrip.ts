import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { TripInput } from '../../__generated__/useCreateTripMutation.graphql';
import type { useUpdateTripMutation } from '../../__generated__/useUpdateTripMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { failed, type Outcome } from '../../platform/outcome';
import { insertTripInList, removeTripFromLists } from './tripStore';

const Mutation = graphql`
  mutation useUpdateTripMutation($tripId: ID!, $input: TripInput!) {
    updateTrip(tripId: $tripId, input: $input) {
      __typename
      ... on TripPayload {
        trip {
          id
          name
          timing
          startDate
          ...TripCard_trip
          ...TripDetailPage_trip
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
      ... on ConflictError {
        field
      }
    }
  }
`;

/** updateTrip (owner only); a trip whose dates moved it to another tab moves there too. */
export function useUpdateTrip(viewerId: string | null): [(tripId: string, input: TripInput) => Promise<Outcome<{ name: string }>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useUpdateTripMutation>(Mutation);
  const update = useCallback(
    (tripId: string, input: TripInput) =>
      run(
        {
          variables: { tripId, input },
          updater: (store) => {
            const trip = store.getRootField('updateTrip')?.getLinkedRecord('trip');
            if (!trip || !viewerId) return;
            removeTripFromLists(store, viewerId, trip.getDataID());
            insertTripInList(store, viewerId, trip);
          },
        },
        TripMessages.unexpected,
        ({ updateTrip: r }) => (r.__typename === 'TripPayload' && r.trip ? { ok: true, value: { name: r.trip.name } } : failed(r, TripMessages.unexpected)),
      ),
    [run, viewerId],
  );
  return [update, inFlight];
}
