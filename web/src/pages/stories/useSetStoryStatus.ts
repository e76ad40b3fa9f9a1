import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { StoryStatus, useSetStoryStatusMutation } from '../../__generated__/useSetStoryStatusMutation.graphql';
import { StoryMessages } from '../../platform/domain';
import { catalogueFailure, done, type Outcome } from '../../platform/outcome';

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
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** setStoryStatus (Publish, Hide, Unhide), optimistically: the row shows its new status at once. */
export function useSetStoryStatus(): [(id: string, status: StoryStatus) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useSetStoryStatusMutation>(Mutation);
  const set = useCallback(
    (id: string, status: StoryStatus) =>
      run(
        {
          variables: { input: { id, status } },
          optimisticUpdater: (store) => {
            store.get(id)?.setValue(status, 'status');
          },
        },
        StoryMessages.statusFailed,
        ({ setStoryStatus: r }) => (r.__typename === 'StoryPayload' ? done : catalogueFailure(r, StoryMessages.statusFailed)),
      ),
    [run],
  );
  return [set, inFlight];
}
