import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useDeleteItineraryItemMutation } from '../../__generated__/useDeleteItineraryItemMutation.graphql';
import { ItineraryMessages } from '../../platform/domain';
import { catalogueFailure, done, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteItineraryItemMutation($input: DeleteItineraryItemInput!, $connections: [ID!]!) {
    deleteItineraryItem(input: $input) {
      __typename
      ... on DeleteItineraryItemPayload {
        deletedItemId @deleteEdge(connections: $connections)
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** deleteItineraryItem (asked first by the caller); both entries of the item leave the timeline. */
export function useDeleteItineraryItem(connection: string): [(id: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useDeleteItineraryItemMutation>(Mutation);
  const remove = useCallback(
    (id: string) =>
      run({ variables: { input: { id }, connections: [connection] } }, ItineraryMessages.deleteFailed, ({ deleteItineraryItem: r }) =>
        // The catalogue's words whatever the cause: the item stays and may be tried again.
        r.__typename === 'DeleteItineraryItemPayload' ? done : catalogueFailure(r, ItineraryMessages.deleteFailed),
      ),
    [run, connection],
  );
  return [remove, inFlight];
}
