import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { StoryStatus, useSetStoryStatusMutation } from '../../__generated__/useSetStoryStatusMutation.graphql';
import { StoryMessages } from '../../platform/domain';
import { networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useSetStoryStatusMutation($input: SetStoryStatusInput!) {
    setStoryStatus(input: $input) {
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

/** setStoryStatus (Publish, Hide, Unhide), optimistically: the row shows its new status at once. */
export function useSetStoryStatus(): [(id: string, status: StoryStatus) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useSetStoryStatusMutation>(Mutation);
  const set = useCallback(
    (id: string, status: StoryStatus) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id, status } },
          optimisticUpdater: (store) => {
            store.get(id)?.setValue(status, 'status');
          },
          onCompleted: (response) => {
            const result = response.setStoryStatus;
            if (result.__typename === 'StoryPayload') resolve({ ok: true, value: true });
            else resolve({ ok: false, message: StoryMessages.statusFailed, field: null, refused: result.__typename !== '%other' });
          },
          onError: () => resolve(networkFailure(StoryMessages.statusFailed)),
        });
      }),
    [commit],
  );
  return [set, inFlight];
}
