import { graphql } from 'react-relay';
import type { useAdminFriendActionsRemoveMutation } from '../../../__generated__/useAdminFriendActionsRemoveMutation.graphql';
import type { useAdminFriendActionsApproveMutation } from '../../../__generated__/useAdminFriendActionsApproveMutation.graphql';
import type { useAdminFriendActionsRejectMutation } from '../../../__generated__/useAdminFriendActionsRejectMutation.graphql';
import { AdminFriendMessages as M } from '../../../platform/domain';
import { usePayloadMutation } from '../../../platform/relay/useOutcomeMutation';

const RemoveMutation = graphql`
  mutation useAdminFriendActionsRemoveMutation($input: AdminRemoveFriendshipInput!) {
    adminRemoveFriendship(input: $input) {
      __typename
      ... on AdminRemoveFriendshipPayload {
        removedFriendshipId
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const ApproveMutation = graphql`
  mutation useAdminFriendActionsApproveMutation($input: AdminApproveFriendRequestInput!) {
    adminApproveFriendRequest(input: $input) {
      __typename
      ... on AdminFriendRequestPayload {
        request {
          id
          status
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const RejectMutation = graphql`
  mutation useAdminFriendActionsRejectMutation($input: AdminRejectFriendRequestInput!) {
    adminRejectFriendRequest(input: $input) {
      __typename
      ... on AdminFriendRequestPayload {
        request {
          id
          status
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export const useAdminRemoveFriendship = () =>
  usePayloadMutation<useAdminFriendActionsRemoveMutation>(RemoveMutation, 'adminRemoveFriendship', 'AdminRemoveFriendshipPayload', M.removeAction);

export const useAdminApproveFriendRequest = () =>
  usePayloadMutation<useAdminFriendActionsApproveMutation>(ApproveMutation, 'adminApproveFriendRequest', 'AdminFriendRequestPayload', M.approveAction);

export const useAdminRejectFriendRequest = () =>
  usePayloadMutation<useAdminFriendActionsRejectMutation>(RejectMutation, 'adminRejectFriendRequest', 'AdminFriendRequestPayload', M.rejectAction);
