import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { SaveStoryInput, useSaveStoryMutation } from '../../__generated__/useSaveStoryMutation.graphql';
import { StoryMessages } from '../../platform/domain';
import { failed, networkFailure, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useSaveStoryMutation($input: SaveStoryInput!) {
    saveStory(input: $input) {
      __typename
      ... on StoryPayload {
        story {
          id
          slug
          status
          updatedAt
          title
          city
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        field
        fieldErrors {
          field
          message
        }
      }
    }
  }
`;

export interface SavedStory {
  id: string;
  slug: string;
  status: string;
  updatedAt: string;
}

/** saveStory: creates or updates the story with all its sections. */
export function useSaveStory(): [(input: SaveStoryInput) => Promise<Outcome<SavedStory>>, boolean] {
  const [commit, inFlight] = useMutation<useSaveStoryMutation>(Mutation);
  const save = useCallback(
    (input: SaveStoryInput) =>
      new Promise<Outcome<SavedStory>>((resolve) => {
        commit({
          variables: { input },
          onCompleted: (response) => {
            const result = response.saveStory;
            if (result.__typename === 'StoryPayload' && result.story) resolve({ ok: true, value: result.story });
            else resolve(failed(result, StoryMessages.saveFailed));
          },
          onError: () => resolve(networkFailure(StoryMessages.saveFailed)),
        });
      }),
    [commit],
  );
  return [save, inFlight];
}
