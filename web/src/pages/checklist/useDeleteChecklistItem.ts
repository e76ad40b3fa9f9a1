import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useDeleteChecklistItemMutation } from '../../__generated__/useDeleteChecklistItemMutation.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { networkFailure, type Outcome } from '../../platform/outcome';

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
        message
      }
    }
  }
`;

/** deleteChecklistItem (asked first by the caller); its checklist comes back without it. */
export function useDeleteChecklistItem(): [(id: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useDeleteChecklistItemMutation>(Mutation);
  const remove = useCallback(
    (id: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id } },
          onCompleted: ({ deleteChecklistItem: r }) =>
            resolve(
              r.__typename === 'DeleteChecklistItemPayload'
                ? { ok: true, value: true }
                : { ok: false, message: ChecklistMessages.deleteItemFailed, field: null, refused: r.__typename !== '%other' },
            ),
          onError: () => resolve(networkFailure(ChecklistMessages.deleteItemFailed)),
        });
      }),
    [commit],
  );
  return [remove, inFlight];
}
