import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { ChecklistItemFields, useSaveChecklistItemAddMutation } from '../../__generated__/useSaveChecklistItemAddMutation.graphql';
import type { useSaveChecklistItemUpdateMutation } from '../../__generated__/useSaveChecklistItemUpdateMutation.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

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
        ...ErrorFields_error @relay(mask: false)
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
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** addChecklistItem, or with an item id updateChecklistItem; 'Error saving item. Please try again.' otherwise. */
export function useSaveChecklistItem(): [(checklistId: string, itemId: string | null, item: ChecklistItemFields) => Promise<Outcome>, boolean] {
  const [add, adding] = useOutcomeMutation<useSaveChecklistItemAddMutation>(Add);
  const [update, updating] = useOutcomeMutation<useSaveChecklistItemUpdateMutation>(Update);
  const fallback = ChecklistMessages.saveItemFailed;
  const save = useCallback(
    (checklistId: string, itemId: string | null, item: ChecklistItemFields) =>
      itemId
        ? update({ variables: { input: { id: itemId, item } } }, fallback, ({ updateChecklistItem: r }) => payloadOutcome(r, 'ChecklistItemPayload', fallback))
        : add({ variables: { input: { checklistId, item } } }, fallback, ({ addChecklistItem: r }) => payloadOutcome(r, 'ChecklistItemPayload', fallback), {
            // Offline: a new item waits in the queue, listed under its checklist.
            label: `Add “${item.description}”`,
            scope: checklistId,
            value: true as const,
          }),
    [add, update, fallback],
  );
  return [save, adding || updating];
}
