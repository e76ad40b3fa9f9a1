import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { getRequest, type GraphQLResponse } from 'relay-runtime';
import { reportConflict } from '../../platform/offline/queue';
import { newRequestKey } from '../../platform/relay/environment';
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
          revision
          ...ItineraryTimeline_items
          ...TripMapPanel_items
        }
      }
      ... on ItineraryItemConflictError {
        current {
          id
          title
          revision
          ...ItineraryTimeline_items
          ...TripMapPanel_items
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/**
 * updateItineraryItem: the item's record changes in the store, so both of its entries follow.
 * The edit names the revision it was made from: when someone else changed or deleted the item
 * meanwhile (online now, or while this edit waited offline), the server refuses it and the
 * conflict goes to the reader's choice, keep mine or keep theirs (platform/offline/OfflineStatus).
 */
export function useUpdateItineraryItem(): [(id: string, item: ItineraryItemFields, revision?: number) => Promise<Outcome<{ title: string }>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useUpdateItineraryItemMutation>(Mutation);
  const update = useCallback(
    (id: string, item: ItineraryItemFields, revision?: number) => {
      const variables = { input: { id, item, expectedRevision: revision ?? null } };
      return run(
        {
          variables,
          optimisticUpdater: (store) => {
            store.get(id)?.setValue(item.title ?? null, 'title');
          },
        },
        ItineraryText.saveFailed,
        (response) => {
          const r = response.updateItineraryItem;
          if (r.__typename === 'ItineraryItemConflictError') {
            reportConflict(
              {
                key: newRequestKey(),
                operationName: getRequest(Mutation).params.name,
                documentId: getRequest(Mutation).params.id ?? null,
                text: null,
                variables,
                label: `Edit “${item.title}”`,
                targetId: id,
                scope: null,
                createdAt: new Date().toISOString(),
              },
              { data: response } as GraphQLResponse,
            );
            return { ok: true, value: { title: item.title ?? '' } };
          }
          return payloadOutcome(r, 'ItineraryItemPayload', ItineraryText.saveFailed, (p) => ({ title: p.item?.title ?? '' }));
        },
        { label: `Edit “${item.title}”`, targetId: id, value: { title: item.title ?? '' } },
      );
    },
    [run],
  );
  return [update, inFlight];
}
