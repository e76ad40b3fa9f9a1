import { graphql } from 'react-relay';
import type { useAdminUserActionsUpdateMutation } from '../../../__generated__/useAdminUserActionsUpdateMutation.graphql';
import type { useAdminUserActionsDeleteMutation } from '../../../__generated__/useAdminUserActionsDeleteMutation.graphql';
import { AdminUserMessages as M } from '../../../platform/domain';
import { usePayloadMutation } from '../../../platform/relay/useOutcomeMutation';

const UpdateMutation = graphql`
  mutation useAdminUserActionsUpdateMutation($input: AdminUpdateUserInput!) {
    adminUpdateUser(input: $input) {
      __typename
      ... on AdminUpdateUserPayload {
        user {
          id
          firstName
          lastName
          city
          state
          country
          countryOther
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const DeleteMutation = graphql`
  mutation useAdminUserActionsDeleteMutation($input: AdminDeleteUserInput!) {
    adminDeleteUser(input: $input) {
      __typename
      ... on AdminDeleteUserPayload {
        deletedUserId
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export const useAdminUpdateUser = () =>
  usePayloadMutation<useAdminUserActionsUpdateMutation>(UpdateMutation, 'adminUpdateUser', 'AdminUpdateUserPayload', M.updateAction);

export const useAdminDeleteUser = () =>
  usePayloadMutation<useAdminUserActionsDeleteMutation>(DeleteMutation, 'adminDeleteUser', 'AdminDeleteUserPayload', M.deleteAction);
