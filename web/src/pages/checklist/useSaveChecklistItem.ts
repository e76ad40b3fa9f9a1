import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { ChecklistItemFields, useSaveChecklistItemAddMutation } from '../../__generated__/useSaveChecklistItemAddMutation.graphql';
import type { useSaveChecklistItemUpdateMutation } from '../../__generated__/useSaveChecklistItemUpdateMutation.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

// The whole checklist comes back: its items list and counts update in the store at once.
const Add = graphql`
  mutation useSaveChecklistItemAddMutation($input: AddChecklistItemInput!) {
    addChecklistItem(input: $input) {
      __typename
      ... on ChecklistItemPayload {
        checklist {
          id
          ...ChecklistCard_checklist
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

const Update = graphql`
  mutation useSaveChecklistItemUpdateMutation($input: UpdateChecklistItemInput!) {
    updateChecklistItem(input: $input) {
      __typename
      ... on ChecklistItemPayload {
        checklist {
          id
          ...ChecklistCard_checklist
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

/** addChecklistItem, or with an item id updateChecklistItem; 'Error saving item. Please try again.' otherwise. */
export function useSaveChecklistItem(): [(checklistId: string, itemId: string | null, item: ChecklistItemFields) => Promise<Outcome>, boolean] {
  const [add, adding] = useMutation<useSaveChecklistItemAddMutation>(Add);
  const [update, updating] = useMutation<useSaveChecklistItemUpdateMutation>(Update);
  const fallback = ChecklistMessages.saveItemFailed;
  const save = useCallback(
    (checklistId: string, itemId: string | null, item: ChecklistItemFields) =>
      new Promise<Outcome>((resolve) => {
        const onError = () => resolve(networkFailure(fallback));
        if (itemId) {
          update({
            variables: { input: { id: itemId, item } },
            onCompleted: ({ updateChecklistItem: r }) => resolve(r.__typename === 'ChecklistItemPayload' ? { ok: true, value: true } : failed(r, fallback)),
            onError,
          });
        } else {
          add({
            variables: { input: { checklistId, item } },
            onCompleted: ({ addChecklistItem: r }) => resolve(r.__typename === 'ChecklistItemPayload' ? { ok: true, value: true } : failed(r, fallback)),
            onError,
          });
        }
      }),
    [add, update, fallback],
  );
  return [save, adding || updating];
}
