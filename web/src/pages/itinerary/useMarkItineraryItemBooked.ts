import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useMarkItineraryItemBookedMutation } from '../../__generated__/useMarkItineraryItemBookedMutation.graphql';
import { ItineraryMessages } from '../../platform/domain';
import { catalogueFailure, done, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useMarkItineraryItemBookedMutation($input: MarkItineraryItemBookedInput!) {
    markItineraryItemBooked(input: $input) {
      __typename
      ... on ItineraryItemPayload {
        item {
          id
          status
          updatedAt
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/**
 * markItineraryItemBooked, optimistically: the item reads 'Booked' at once; when the server
 * refuses or cannot be reached, Relay rolls the status back and the caller says so.
 */
export function useMarkItineraryItemBooked(): [(id: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useMarkItineraryItemBookedMutation>(Mutation);
  const mark = useCallback(
    (id: string) =>
      run(
        {
          variables: { input: { id } },
          optimisticUpdater: (store) => {
            store.get(id)?.setValue('BOOKED', 'status');
          },
        },
        ItineraryMessages.markBookedFailed,
        ({ markItineraryItemBooked: r }) => (r.__typename === 'ItineraryItemPayload' ? done : catalogueFailure(r, ItineraryMessages.markBookedFailed)),
      ),
    [run],
  );
  return [mark, inFlight];
}
