import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { AddPendingItineraryItemInput, useAddPendingItineraryItemMutation } from '../../__generated__/useAddPendingItineraryItemMutation.graphql';
import { ItineraryMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useAddPendingItineraryItemMutation($input: AddPendingItineraryItemInput!, $connections: [ID!]!) {
    addPendingItineraryItem(input: $input) {
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
    }
  }
`;

/** addPendingItineraryItem: a recommendation put on the plan as a pending item (joins the timeline at once). */
export function useAddPendingItineraryItem(connection: string | null): [(input: AddPendingItineraryItemInput) => Promise<Outcome<{ title: string }>>, boolean] {
  const [commit, inFlight] = useMutation<useAddPendingItineraryItemMutation>(Mutation);
  const add = useCallback(
    (input: AddPendingItineraryItemInput) =>
      new Promise<Outcome<{ title: string }>>((resolve) => {
        commit({
          variables: { input, connections: connection ? [connection] : [] },
          onCompleted: (response) => {
            const result = response.addPendingItineraryItem;
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
