import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useDeleteItineraryItemMutation } from '../../__generated__/useDeleteItineraryItemMutation.graphql';
import { ItineraryMessages } from '../../platform/domain';
import { networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteItineraryItemMutation($input: DeleteItineraryItemInput!, $connections: [ID!]!) {
    deleteItineraryItem(input: $input) {
      __typename
      ... on DeleteItineraryItemPayload {
        deletedItemId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** deleteItineraryItem (asked first by the caller); both entries of the item leave the timeline. */
export function useDeleteItineraryItem(connection: string): [(id: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useDeleteItineraryItemMutation>(Mutation);
  const remove = useCallback(
    (id: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id }, connections: [connection] },
          onCompleted: (response) => {
            const result = response.deleteItineraryItem;
            if (result.__typename === 'DeleteItineraryItemPayload') resolve({ ok: true, value: true });
            // The catalogue's words whatever the cause: the item stays and may be tried again.
            else resolve({ ok: false, message: ItineraryMessages.deleteFailed, field: null, refused: result.__typename !== '%other' });
          },
          onError: () => resolve(networkFailure(ItineraryMessages.deleteFailed)),
        });
      }),
    [commit, connection],
  );
  return [remove, inFlight];
}
