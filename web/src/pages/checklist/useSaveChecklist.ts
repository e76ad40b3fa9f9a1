import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { ChecklistCategory, ChecklistTemplateKind, useSaveChecklistAddMutation } from '../../__generated__/useSaveChecklistAddMutation.graphql';
import type { useSaveChecklistUpdateMutation } from '../../__generated__/useSaveChecklistUpdateMutation.graphql';
import { ChecklistMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

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
        ...ErrorFields_error @relay(mask: false)
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
        ...ErrorFields_error @relay(mask: false)
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
  const [add, adding] = useOutcomeMutation<useSaveChecklistAddMutation>(Add);
  const [update, updating] = useOutcomeMutation<useSaveChecklistUpdateMutation>(Update);
  const fallback = ChecklistMessages.saveChecklistFailed;
  const save = useCallback(
    (tripId: string, id: string | null, { title, category, template }: ChecklistFormValues) =>
      id
        ? update({ variables: { input: { id, title, category } } }, fallback, ({ updateChecklist: r }) => payloadOutcome(r, 'ChecklistPayload', fallback))
        : add({ variables: { input: { tripId, title, category, template }, connections: [connection] } }, fallback, ({ addChecklist: r }) =>
            payloadOutcome(r, 'ChecklistPayload', fallback),
          ),
    [add, update, connection, fallback],
  );
  return [save, adding || updating];
}
