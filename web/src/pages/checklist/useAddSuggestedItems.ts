import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useAddSuggestedItemsMutation, ChosenChecklistSuggestionInput } from '../../__generated__/useAddSuggestedItemsMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const Mutation = graphql`
  mutation useAddSuggestedItemsMutation($input: AddSuggestedChecklistItemsInput!) {
    addSuggestedChecklistItems(input: $input) {
      __typename
      ... on AddSuggestedChecklistItemsPayload {
        added
        checklists {
          id
          itemCount
          completedCount
          pendingCount
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export const ADD_SUGGESTED_FAILED = 'Could not add the items. Please try again.';

/** addSuggestedChecklistItems: the chosen suggestions, through the add-item rules; settles on how many were added. */
export function useAddSuggestedItems(): [(tripId: string, items: ChosenChecklistSuggestionInput[]) => Promise<Outcome<number>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useAddSuggestedItemsMutation>(Mutation);
  const add = useCallback(
    (tripId: string, items: ChosenChecklistSuggestionInput[]) =>
      run({ variables: { input: { tripId, items } } }, ADD_SUGGESTED_FAILED, ({ addSuggestedChecklistItems: r }) =>
        payloadOutcome(r, 'AddSuggestedChecklistItemsPayload', ADD_SUGGESTED_FAILED, (p) => p.added ?? 0),
      ),
    [run],
  );
  return [add, inFlight];
}
