import { useEffect, useRef } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useRecordStoryViewMutation } from '../../__generated__/useRecordStoryViewMutation.graphql';

const Mutation = graphql`
  mutation useRecordStoryViewMutation($input: RecordStoryViewInput!) {
    recordStoryView(input: $input) {
      __typename
      ... on RecordStoryViewPayload {
        storyId
        viewCount
      }
    }
  }
`;

/**
 * Counts this reading of a published story (the server counts a reader once a day, so a reload
 * changes nothing). Failures are only logged: the story reads the same either way.
 */
export function useRecordStoryView(storyId: string, countable: boolean) {
  const [commit] = useMutation<useRecordStoryViewMutation>(Mutation);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!countable || sent.current === storyId) return;
    sent.current = storyId;
    commit({
      variables: { input: { id: storyId } },
      updater: (store, data) => {
        const result = data?.recordStoryView;
        if (result?.__typename === 'RecordStoryViewPayload') store.get(storyId)?.setValue(result.viewCount, 'viewCount');
      },
      onError: (error) => console.warn('story view not counted', error),
    });
  }, [commit, countable, storyId]);
}
