import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { TripInput, useCreateTripMutation } from '../../__generated__/useCreateTripMutation.graphql';
import { TripMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';
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
        message
      }
      ... on ValidationError {
        field
        fieldErrors {
          field
          message
        }
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
  const [commit, inFlight] = useMutation<useCreateTripMutation>(Mutation);
  const create = useCallback(
    (input: TripInput) =>
      new Promise<Outcome<CreatedTrip>>((resolve) => {
        commit({
          variables: { input },
          updater: (store) => {
            const trip = store.getRootField('createTrip')?.getLinkedRecord('trip');
            if (trip && viewerId) insertTripInList(store, viewerId, trip);
          },
          onCompleted: (response) => {
            const result = response.createTrip;
            if (result.__typename === 'TripPayload' && result.trip) {
              const { id, name, timing } = result.trip;
              resolve({ ok: true, value: { id, name, timing } });
            } else resolve(failed(result, TripMessages.createFailed));
          },
          onError: () => resolve(networkFailure(TripMessages.createFailed)),
        });
      }),
    [commit, viewerId],
  );
  return [create, inFlight];
}
