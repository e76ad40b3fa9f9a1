import { graphql } from 'react-relay';
import type { useAdminNotificationActionsMarkReadMutation } from '../../../__generated__/useAdminNotificationActionsMarkReadMutation.graphql';
import type { useAdminNotificationActionsDeleteMutation } from '../../../__generated__/useAdminNotificationActionsDeleteMutation.graphql';
import { AdminNotificationMessages as M } from '../../../platform/domain';
import { usePayloadMutation } from '../../../platform/relay/useOutcomeMutation';

const MarkReadMutation = graphql`
  mutation useAdminNotificationActionsMarkReadMutation($input: AdminMarkNotificationReadInput!) {
    adminMarkNotificationRead(input: $input) {
      __typename
      ... on AdminMarkNotificationReadPayload {
        notification {
          id
          isRead
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const DeleteMutation = graphql`
  mutation useAdminNotificationActionsDeleteMutation($input: AdminDeleteNotificationInput!) {
    adminDeleteNotification(input: $input) {
      __typename
      ... on AdminDeleteNotificationPayload {
        deletedNotificationId
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export const useAdminMarkNotificationRead = () =>
  usePayloadMutation<useAdminNotificationActionsMarkReadMutation>(
    MarkReadMutation,
    'adminMarkNotificationRead',
    'AdminMarkNotificationReadPayload',
    M.markReadAction,
  );

export const useAdminDeleteNotification = () =>
  usePayloadMutation<useAdminNotificationActionsDeleteMutation>(DeleteMutation, 'adminDeleteNotification', 'AdminDeleteNotificationPayload', M.deleteAction);
