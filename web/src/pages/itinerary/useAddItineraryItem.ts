import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { ItineraryItemFields, useAddItineraryItemMutation } from '../../__generated__/useAddItineraryItemMutation.graphql';
import { ItineraryMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useAddItineraryItemMutation($input: AddItineraryItemInput!, $connections: [ID!]!) {
    addItineraryItem(input: $input) {
      __typename
      ... on ItineraryItemPayload {
        edge @appendEdge(connections: $connections) {
          node {
            id
            title
            ...ItineraryTimeline_items
            ...TripMapPanel_items
          }
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
    }
  }
`;

/** addItineraryItem; the new item joins the trip's timeline (`connection`) at once. */
export function useAddItineraryItem(connection: string): [(tripId: string, item: ItineraryItemFields) => Promise<Outcome<{ title: string }>>, boolean] {
  const [commit, inFlight] = useMutation<useAddItineraryItemMutation>(Mutation);
  const add = useCallback(
    (tripId: string, item: ItineraryItemFields) =>
      new Promise<Outcome<{ title: string }>>((resolve) => {
        commit({
          variables: { input: { tripId, item }, connections: [connection] },
          onCompleted: (response) => {
            const result = response.addItineraryItem;
            if (result.__typename === 'ItineraryItemPayload') resolve({ ok: true, value: { title: result.edge?.node.title ?? '' } });
            else resolve(failed(result, ItineraryMessages.addFailed));
          },
          onError: () => resolve(networkFailure(ItineraryMessages.addFailed)),
        });
      }),
    [commit, connection],
  );
  return [add, inFlight];
}
