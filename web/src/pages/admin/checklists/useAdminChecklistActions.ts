import { graphql } from 'react-relay';
import type { useAdminChecklistActionsDeleteMutation } from '../../../__generated__/useAdminChecklistActionsDeleteMutation.graphql';
import type { useAdminChecklistActionsUpdateMutation } from '../../../__generated__/useAdminChecklistActionsUpdateMutation.graphql';
import { usePayloadMutation } from '../../../platform/relay/useOutcomeMutation';

const DeleteMutation = graphql`
  mutation useAdminChecklistActionsDeleteMutation($input: AdminDeleteChecklistInput!) {
    adminDeleteChecklist(input: $input) {
      __typename
      ... on AdminDeleteChecklistPayload {
        deletedChecklistId @deleteRecord
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const UpdateMutation = graphql`
  mutation useAdminChecklistActionsUpdateMutation($input: AdminUpdateChecklistInput!) {
    adminUpdateChecklist(input: $input) {
      __typename
      ... on AdminUpdateChecklistPayload {
        checklist {
          ...ChecklistList_checklist
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export const useAdminDeleteChecklist = () =>
  usePayloadMutation<useAdminChecklistActionsDeleteMutation>(DeleteMutation, 'adminDeleteChecklist', 'AdminDeleteChecklistPayload', 'delete checklist');

export const useAdminUpdateChecklist = () =>
  usePayloadMutation<useAdminChecklistActionsUpdateMutation>(UpdateMutation, 'adminUpdateChecklist', 'AdminUpdateChecklistPayload', 'update checklist');
