import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useToggleChecklistItemMutation } from '../../__generated__/useToggleChecklistItemMutation.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { catalogueFailure, done, type Outcome } from '../../platform/outcome';

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
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/**
 * setChecklistItemCompleted, optimistically: the box and the checklist's counts change at once;
 * when the server refuses or cannot be reached, Relay rolls them back and the caller says
 * 'Error updating item. Please try again.'. Offline it waits in the queue, ticked on screen.
 */
export function useToggleChecklistItem(): [(checklistId: string, itemId: string, isCompleted: boolean, description?: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useToggleChecklistItemMutation>(Mutation);
  const fallback = ChecklistMessages.updateItemFailed;
  const toggle = useCallback(
    (checklistId: string, itemId: string, isCompleted: boolean, description = 'an item') =>
      run(
        {
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
        },
        fallback,
        ({ setChecklistItemCompleted: r }) => (r.__typename === 'ChecklistItemPayload' ? done : catalogueFailure(r, fallback)),
        // Offline: kept and sent later, the box ticked meanwhile (platform/offline/queue.ts).
        { label: `${isCompleted ? 'Tick' : 'Untick'} “${description}”`, targetId: itemId, scope: checklistId, value: true as const },
      ),
    [run, fallback],
  );
  return [toggle, inFlight];
}
