import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useDeleteStoryMutation } from '../../__generated__/useDeleteStoryMutation.graphql';
import { StoryMessages } from '../../platform/domain';
import { networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteStoryMutation($input: DeleteStoryInput!, $connections: [ID!]!) {
    deleteStory(input: $input) {
      __typename
      ... on DeleteStoryPayload {
        deletedStoryId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** deleteStory: the story and its sections, for good; it leaves the list at once. */
export function useDeleteStory(connection: string): [(id: string) => Promise<Outcome>, boolean] {
  const [commit, inFlight] = useMutation<useDeleteStoryMutation>(Mutation);
  const remove = useCallback(
    (id: string) =>
      new Promise<Outcome>((resolve) => {
        commit({
          variables: { input: { id }, connections: [connection] },
          onCompleted: (response) => {
            const result = response.deleteStory;
            if (result.__typename === 'DeleteStoryPayload') resolve({ ok: true, value: true });
            else resolve({ ok: false, message: StoryMessages.deleteFailed, field: null, refused: result.__typename !== '%other' });
          },
          onError: () => resolve(networkFailure(StoryMessages.deleteFailed)),
        });
      }),
    [commit, connection],
  );
  return [remove, inFlight];
}
