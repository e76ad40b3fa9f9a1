import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useDeleteChecklistMutation } from '../../__generated__/useDeleteChecklistMutation.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { catalogueFailure, done, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteChecklistMutation($input: DeleteChecklistInput!, $connections: [ID!]!) {
    deleteChecklist(input: $input) {
      __typename
      ... on DeleteChecklistPayload {
        deletedChecklistId @deleteEdge(connections: $connections)
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** deleteChecklist (asked first by the caller); the checklist and its items leave the list. */
export function useDeleteChecklist(connection: string): [(id: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useDeleteChecklistMutation>(Mutation);
  const fallback = ChecklistMessages.deleteChecklistFailed;
  const remove = useCallback(
    (id: string) =>
      run({ variables: { input: { id }, connections: [connection] } }, fallback, ({ deleteChecklist: r }) =>
        r.__typename === 'DeleteChecklistPayload' ? done : catalogueFailure(r, fallback),
      ),
    [run, connection, fallback],
  );
  return [remove, inFlight];
}
