import { useEffect, useRef, useState } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import { payloadOutcome } from '../../platform/outcome';
import type { useRecordStoryViewMutation } from '../../__generated__/useRecordStoryViewMutation.graphql';

const Mutation = graphql`
  mutation useRecordStoryViewMutation($input: RecordStoryViewInput!) {
    recordStoryView(input: $input) {
      __typename
      ... on RecordStoryViewPayload {
        storyId
        viewCount
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/**
 * Counts this reading of a published story (the server counts a reader once a day, so a reload
 * changes nothing) and returns the count the server gave back, null until then. Failures are only
 * logged: the story reads the same either way.
 *
 * The page's own query may answer after this and carry the count from before the view: a count
 * only grows, so the page shows the larger of the two (see `shownViewCount`).
 */
export function useRecordStoryView(storyId: string, countable: boolean): number | null {
  const [run] = useOutcomeMutation<useRecordStoryViewMutation>(Mutation);
  const sent = useRef<string | null>(null);
  const [recorded, setRecorded] = useState<{ storyId: string; viewCount: number } | null>(null);
  useEffect(() => {
    if (!countable || sent.current === storyId) return;
    sent.current = storyId;
    void run(
      {
        variables: { input: { id: storyId } },
        updater: (store, data) => {
          const result = data?.recordStoryView;
          if (result?.__typename === 'RecordStoryViewPayload') store.get(storyId)?.setValue(result.viewCount, 'viewCount');
        },
      },
      'request failed',
      ({ recordStoryView: r }) => payloadOutcome(r, 'RecordStoryViewPayload', 'The view could not be counted.', (p) => p.viewCount),
    ).then((outcome) => {
      if (!outcome.ok) console.warn('story view not counted', outcome.message);
      else if (outcome.value !== undefined) setRecorded({ storyId, viewCount: outcome.value });
    });
  }, [run, countable, storyId]);
  return recorded?.storyId === storyId ? recorded.viewCount : null;
}

/** The freshest of the story's count as read and the count this view was recorded at. */
export const shownViewCount = (read: number, recorded: number | null) => Math.max(read, recorded ?? 0);
