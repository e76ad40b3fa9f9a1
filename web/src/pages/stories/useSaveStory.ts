import { useCallback, useRef, useState } from 'react';
import { graphql } from 'react-relay';
import { useIsWaiting } from '../../platform/offline/queue';
import { newRequestKey } from '../../platform/relay/environment';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { SaveStoryInput, useSaveStoryMutation, useSaveStoryMutation$data } from '../../__generated__/useSaveStoryMutation.graphql';
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

/**
 * saveStory: creates or updates the story with all its sections. A draft may be saved offline:
 * it waits on the device (the newest save of the story replaces the earlier waiting one, so a
 * new story is created once) and `waiting` is true until the server has it; the story's id
 * learned from that answer is used by the saves after it.
 */
export function useSaveStory(): [(input: SaveStoryInput) => Promise<Outcome<SavedStory>>, boolean, boolean] {
  const [run, inFlight] = useOutcomeMutation<useSaveStoryMutation>(Mutation);
  // A new story's draft kept offline is known by this key until the server gives it an id.
  const draftKey = useRef(`story-draft:${newRequestKey()}`);
  const learnedId = useRef<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const waiting = useIsWaiting(target);
  const save = useCallback(
    (given: SaveStoryInput) => {
      const input = { ...given, id: given.id || learnedId.current || null };
      const targetId = input.id ?? draftKey.current;
      const draft = (input.status ?? 'DRAFT') === 'DRAFT';
      return run(
        { variables: { input } },
        StoryMessages.saveFailed,
        ({ saveStory: r }): Outcome<SavedStory> =>
          r.__typename === 'StoryPayload' && r.story ? { ok: true, value: r.story } : failed(r, StoryMessages.saveFailed),
        draft
          ? {
              label: `Save draft “${input.title}”`,
              targetId,
              replaces: true,
              onSent: (data) => {
                const story = (data as useSaveStoryMutation$data).saveStory;
                if (story.__typename === 'StoryPayload' && story.story) learnedId.current = story.story.id;
              },
              value: { id: input.id ?? '', slug: '', status: 'DRAFT', updatedAt: new Date().toISOString() },
            }
          : undefined,
      ).then((outcome) => {
        if (draft) setTarget(targetId);
        return outcome;
      });
    },
    [run],
  );
  return [save, inFlight, waiting];
}
