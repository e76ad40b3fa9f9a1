import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { ItineraryItemFields } from '../../__generated__/useAddItineraryItemMutation.graphql';
import type { useUpdateItineraryItemMutation } from '../../__generated__/useUpdateItineraryItemMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
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
  const [run, inFlight] = useOutcomeMutation<useUpdateItineraryItemMutation>(Mutation);
  const update = useCallback(
    (id: string, item: ItineraryItemFields) =>
      run({ variables: { input: { id, item } } }, ItineraryText.saveFailed, ({ updateItineraryItem: r }) =>
        payloadOutcome(r, 'ItineraryItemPayload', ItineraryText.saveFailed, (p) => ({ title: p.item?.title ?? '' })),
      ),
    [run],
  );
  return [update, inFlight];
}
