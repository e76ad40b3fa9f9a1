import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { TripInput, useCreateTripMutation } from '../../__generated__/useCreateTripMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { failed, type Outcome } from '../../platform/outcome';
import { insertTripInList } from './tripStore';

const Mutation = graphql`
  mutation useCreateTripMutation($input: TripInput!) {
    createTrip(input: $input) {
      __typename
      ... on TripPayload {
        trip {
          id
          name
          timing
          startDate
          ...TripCard_trip
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

export interface CreatedTrip {
  id: string;
  name: string;
  timing: 'UPCOMING' | 'CURRENT' | 'PAST';
}

/** createTrip; the new trip goes straight into its tab's list (when that list is loaded). */
export function useCreateTrip(viewerId: string | null): [(input: TripInput) => Promise<Outcome<CreatedTrip>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useCreateTripMutation>(Mutation);
  const create = useCallback(
    (input: TripInput) =>
      run(
        {
          variables: { input },
          updater: (store) => {
            const trip = store.getRootField('createTrip')?.getLinkedRecord('trip');
            if (trip && viewerId) insertTripInList(store, viewerId, trip);
          },
        },
        TripMessages.createFailed,
        ({ createTrip: r }): Outcome<CreatedTrip> => {
          if (r.__typename !== 'TripPayload' || !r.trip) return failed(r, TripMessages.createFailed);
          const { id, name, timing } = r.trip;
          return { ok: true, value: { id, name, timing } };
        },
      ),
    [run, viewerId],
  );
  return [create, inFlight];
}
