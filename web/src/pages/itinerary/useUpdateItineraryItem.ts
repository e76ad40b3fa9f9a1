import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { ItineraryItemFields } from '../../__generated__/useAddItineraryItemMutation.graphql';
import type { useUpdateItineraryItemMutation } from '../../__generated__/useUpdateItineraryItemMutation.graphql';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';
import { ItineraryText } from './messages';

const Mutation = graphql`
  mutation useUpdateItineraryItemMutation($input: UpdateItineraryItemInput!) {
    updateItineraryItem(input: $input) {
      __typename
      ... on ItineraryItemPayload {
        item {
          id
          title
          ...ItineraryTimeline_items
          ...TripMapPanel_items
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

/** updateItineraryItem: the item's record changes in the store, so both of its entries follow. */
export function useUpdateItineraryItem(): [(id: string, item: ItineraryItemFields) => Promise<Outcome<{ title: string }>>, boolean] {
  const [commit, inFlight] = useMutation<useUpdateItineraryItemMutation>(Mutation);
  const update = useCallback(
    (id: string, item: ItineraryItemFields) =>
      new Promise<Outcome<{ title: string }>>((resolve) => {
        commit({
          variables: { input: { id, item } },
          onCompleted: (response) => {
            const result = response.updateItineraryItem;
            if (result.__typename === 'ItineraryItemPayload') resolve({ ok: true, value: { title: result.item?.title ?? '' } });
            else resolve(failed(result, ItineraryText.saveFailed));
          },
          onError: () => resolve(networkFailure(ItineraryText.saveFailed)),
        });
      }),
    [commit],
  );
  return [update, inFlight];
}
