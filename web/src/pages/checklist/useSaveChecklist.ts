import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { ChecklistCategory, ChecklistTemplateKind, useSaveChecklistAddMutation } from '../../__generated__/useSaveChecklistAddMutation.graphql';
import type { useSaveChecklistUpdateMutation } from '../../__generated__/useSaveChecklistUpdateMutation.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Add = graphql`
  mutation useSaveChecklistAddMutation($input: AddChecklistInput!, $connections: [ID!]!) {
    addChecklist(input: $input) {
      __typename
      ... on ChecklistPayload {
        edge @appendEdge(connections: $connections) {
          node {
            id
            ...ChecklistCard_checklist
          }
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
  mutation useSaveChecklistUpdateMutation($input: UpdateChecklistInput!) {
    updateChecklist(input: $input) {
      __typename
      ... on ChecklistPayload {
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

export interface ChecklistFormValues {
  title: string;
  category: ChecklistCategory;
  template: ChecklistTemplateKind | null;
}

/**
 * addChecklist (joining the trip's list, `connection`) or, with an id, updateChecklist; refusals
 * come back with their fields, anything else as 'Error saving checklist. Please try again.'.
 */
export function useSaveChecklist(connection: string): [(tripId: string, id: string | null, values: ChecklistFormValues) => Promise<Outcome>, boolean] {
  const [add, adding] = useMutation<useSaveChecklistAddMutation>(Add);
  const [update, updating] = useMutation<useSaveChecklistUpdateMutation>(Update);
  const fallback = ChecklistMessages.saveChecklistFailed;
  const save = useCallback(
    (tripId: string, id: string | null, { title, category, template }: ChecklistFormValues) =>
      new Promise<Outcome>((resolve) => {
        const onError = () => resolve(networkFailure(fallback));
        if (id) {
          update({
            variables: { input: { id, title, category } },
            onCompleted: ({ updateChecklist: r }) => resolve(r.__typename === 'ChecklistPayload' ? { ok: true, value: true } : failed(r, fallback)),
            onError,
          });
        } else {
          add({
            variables: { input: { tripId, title, category, template }, connections: [connection] },
            onCompleted: ({ addChecklist: r }) => resolve(r.__typename === 'ChecklistPayload' ? { ok: true, value: true } : failed(r, fallback)),
            onError,
          });
        }
      }),
    [add, update, connection, fallback],
  );
  return [save, adding || updating];
}
