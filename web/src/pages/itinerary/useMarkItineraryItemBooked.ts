import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useMarkItineraryItemBookedMutation } from '../../__generated__/useMarkItineraryItemBookedMutation.graphql';
import { ItineraryMessages } from '../../platform/domain';
import { networkFailure, type Outcome } from '../../platform/outcome';

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
        message
      }
    }
  }
`;

/**
 * markItineraryItemBooked, optimistically: the item reads 'Booked' at once; when the server
 * refuses or cannot be reached, Relay rolls the status back and the caller says so.
 */
export function useMarkItineraryItemBooked(): [(id: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useMarkItineraryItemBookedMutation>(Mutation);
  const mark = useCallback(
    (id: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id } },
          optimisticUpdater: (store) => {
            store.get(id)?.setValue('BOOKED', 'status');
          },
          onCompleted: (response) => {
            const result = response.markItineraryItemBooked;
            if (result.__typename === 'ItineraryItemPayload') resolve({ ok: true, value: true });
            else resolve({ ok: false, message: ItineraryMessages.markBookedFailed, field: null, refused: result.__typename !== '%other' });
          },
          onError: () => resolve(networkFailure(ItineraryMessages.markBookedFailed)),
        });
      }),
    [commit],
  );
  return [mark, inFlight];
}
