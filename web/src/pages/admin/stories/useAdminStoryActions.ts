import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useAdminStoryActionsDeleteMutation } from '../../../__generated__/useAdminStoryActionsDeleteMutation.graphql';
import type { AdminStoryStatusMove, useAdminStoryActionsStatusMutation } from '../../../__generated__/useAdminStoryActionsStatusMutation.graphql';
import { payloadOutcome } from '../../../platform/outcome';
import { useOutcomeMutation } from '../../../platform/relay/useOutcomeMutation';

const StatusMutation = graphql`
  mutation useAdminStoryActionsStatusMutation($input: AdminSetStoryStatusInput!) {
    adminSetStoryStatus(input: $input) {
      __typename
      ... on StoryPayload {
        story {
          id
          status
          updatedAt
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const DeleteMutation = graphql`
  mutation useAdminStoryActionsDeleteMutation($input: AdminDeleteStoryInput!) {
    adminDeleteStory(input: $input) {
      __typename
      ... on DeleteStoryPayload {
        deletedStoryId @deleteRecord
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const FALLBACK = 'Please try again.';

/** Publish, Hide and Delete from the console (adminSetStoryStatus, adminDeleteStory). */
export function useAdminStoryActions() {
  const [runStatus] = useOutcomeMutation<useAdminStoryActionsStatusMutation>(StatusMutation);
  const [runDelete] = useOutcomeMutation<useAdminStoryActionsDeleteMutation>(DeleteMutation);
  const setStatus = useCallback(
    (id: string, status: AdminStoryStatusMove) =>
      runStatus({ variables: { input: { id, status } } }, FALLBACK, ({ adminSetStoryStatus: r }) => payloadOutcome(r, 'StoryPayload', FALLBACK)),
    [runStatus],
  );
  const remove = useCallback(
    (id: string) => runDelete({ variables: { input: { id } } }, FALLBACK, ({ adminDeleteStory: r }) => payloadOutcome(r, 'DeleteStoryPayload', FALLBACK)),
    [runDelete],
  );
  return { setStatus, remove };
}
