import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useToggleChecklistItemMutation } from '../../__generated__/useToggleChecklistItemMutation.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useToggleChecklistItemMutation($input: SetChecklistItemCompletedInput!) {
    setChecklistItemCompleted(input: $input) {
      __typename
      ... on ChecklistItemPayload {
        item {
          id
          isCompleted
          completedAt
        }
        checklist {
          id
          completedCount
          pendingCount
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * setChecklistItemCompleted, optimistically: the box and the checklist's counts change at once;
 * when the server refuses or cannot be reached, Relay rolls them back and the caller says
 * 'Error updating item. Please try again.'.
 */
export function useToggleChecklistItem(): [(checklistId: string, itemId: string, isCompleted: boolean) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useToggleChecklistItemMutation>(Mutation);
  const toggle = useCallback(
    (checklistId: string, itemId: string, isCompleted: boolean) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id: itemId, isCompleted } },
          optimisticUpdater: (store) => {
            const item = store.get(itemId);
            if (!item || item.getValue('isCompleted') === isCompleted) return;
            item.setValue(isCompleted, 'isCompleted');
            const list = store.get(checklistId);
            if (!list) return;
            const step = isCompleted ? 1 : -1;
            list.setValue(Number(list.getValue('completedCount') ?? 0) + step, 'completedCount');
            list.setValue(Number(list.getValue('pendingCount') ?? 0) - step, 'pendingCount');
          },
          onCompleted: ({ setChecklistItemCompleted: r }) =>
            resolve(
              r.__typename === 'ChecklistItemPayload'
                ? { ok: true, value: true }
                : { ok: false, message: ChecklistMessages.updateItemFailed, field: null, refused: r.__typename !== '%other' },
            ),
          onError: () => resolve(networkFailure(ChecklistMessages.updateItemFailed)),
        });
      }),
    [commit],
  );
  return [toggle, inFlight];
}
