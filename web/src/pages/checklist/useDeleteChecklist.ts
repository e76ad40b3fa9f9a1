import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useDeleteChecklistMutation } from '../../__generated__/useDeleteChecklistMutation.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteChecklistMutation($input: DeleteChecklistInput!, $connections: [ID!]!) {
    deleteChecklist(input: $input) {
      __typename
      ... on DeleteChecklistPayload {
        deletedChecklistId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** deleteChecklist (asked first by the caller); the checklist and its items leave the list. */
export function useDeleteChecklist(connection: string): [(id: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useDeleteChecklistMutation>(Mutation);
  const remove = useCallback(
    (id: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id }, connections: [connection] },
          onCompleted: ({ deleteChecklist: r }) =>
            resolve(
              r.__typename === 'DeleteChecklistPayload'
                ? { ok: true, value: true }
                : { ok: false, message: ChecklistMessages.deleteChecklistFailed, field: null, refused: r.__typename !== '%other' },
            ),
          onError: () => resolve(networkFailure(ChecklistMessages.deleteChecklistFailed)),
        });
      }),
    [commit, connection],
  );
  return [remove, inFlight];
}
