import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { SaveStoryInput, useSaveStoryMutation } from '../../__generated__/useSaveStoryMutation.graphql';
import { StoryMessages } from '../../platform/domain';
import { failed, type Outcome } from '../../platform/outcome';

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
        ...ErrorFields_error @relay(mask: false)
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
  const [run, inFlight] = useOutcomeMutation<useSaveStoryMutation>(Mutation);
  const save = useCallback(
    (input: SaveStoryInput) =>
      run({ variables: { input } }, StoryMessages.saveFailed, ({ saveStory: r }) =>
        r.__typename === 'StoryPayload' && r.story ? { ok: true, value: r.story } : failed(r, StoryMessages.saveFailed),
      ),
    [run],
  );
  return [save, inFlight];
}
