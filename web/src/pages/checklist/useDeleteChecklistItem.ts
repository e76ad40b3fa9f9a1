import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useDeleteChecklistItemMutation } from '../../__generated__/useDeleteChecklistItemMutation.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { catalogueFailure, done, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteChecklistItemMutation($input: DeleteChecklistItemInput!) {
    deleteChecklistItem(input: $input) {
      __typename
      ... on DeleteChecklistItemPayload {
        checklist {
          id
          ...ChecklistCard_checklist
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** deleteChecklistItem (asked first by the caller); its checklist comes back without it. */
export function useDeleteChecklistItem(): [(id: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useDeleteChecklistItemMutation>(Mutation);
  const fallback = ChecklistMessages.deleteItemFailed;
  const remove = useCallback(
    (id: string) =>
      run({ variables: { input: { id } } }, fallback, ({ deleteChecklistItem: r }) =>
        r.__typename === 'DeleteChecklistItemPayload' ? done : catalogueFailure(r, fallback),
      ),
    [run, fallback],
  );
  return [remove, inFlight];
}
