import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useDeleteStoryMutation } from '../../__generated__/useDeleteStoryMutation.graphql';
import { StoryMessages } from '../../platform/domain';
import { catalogueFailure, done, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useDeleteStoryMutation($input: DeleteStoryInput!, $connections: [ID!]!) {
    deleteStory(input: $input) {
      __typename
      ... on DeleteStoryPayload {
        deletedStoryId @deleteEdge(connections: $connections)
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** deleteStory: the story and its sections, for good; it leaves the list at once. */
export function useDeleteStory(connection: string): [(id: string) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useDeleteStoryMutation>(Mutation);
  const remove = useCallback(
    (id: string) =>
      run({ variables: { input: { id }, connections: [connection] } }, StoryMessages.deleteFailed, ({ deleteStory: r }) =>
        r.__typename === 'DeleteStoryPayload' ? done : catalogueFailure(r, StoryMessages.deleteFailed),
      ),
    [run, connection],
  );
  return [remove, inFlight];
}
