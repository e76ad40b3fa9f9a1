import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useAdminStoryActionsDeleteMutation } from '../../../__generated__/useAdminStoryActionsDeleteMutation.graphql';
import type { AdminStoryStatusMove, useAdminStoryActionsStatusMutation } from '../../../__generated__/useAdminStoryActionsStatusMutation.graphql';
import { failed, networkFailure, type Outcome } from '../../../platform/outcome';

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
        message
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
        message
      }
    }
  }
`;

const FALLBACK = 'Please try again.';

/** Publish, Hide and Delete from the console (adminSetStoryStatus, adminDeleteStory). */
export function useAdminStoryActions() {
  const [commitStatus] = useMutation<useAdminStoryActionsStatusMutation>(StatusMutation);
  const [commitDelete] = useMutation<useAdminStoryActionsDeleteMutation>(DeleteMutation);
  const setStatus = useCallback(
    (id: string, status: AdminStoryStatusMove) =>
      new Promise<Outcome>((resolve) =>
        commitStatus({
          variables: { input: { id, status } },
          onCompleted: ({ adminSetStoryStatus: r }) => resolve(r.__typename === 'StoryPayload' ? { ok: true, value: true } : failed(r, FALLBACK)),
          onError: () => resolve(networkFailure(FALLBACK)),
        }),
      ),
    [commitStatus],
  );
  const remove = useCallback(
    (id: string) =>
      new Promise<Outcome>((resolve) =>
        commitDelete({
          variables: { input: { id } },
          onCompleted: ({ adminDeleteStory: r }) => resolve(r.__typename === 'DeleteStoryPayload' ? { ok: true, value: true } : failed(r, FALLBACK)),
          onError: () => resolve(networkFailure(FALLBACK)),
        }),
      ),
    [commitDelete],
  );
  return { setStatus, remove };
}
