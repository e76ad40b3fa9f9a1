import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import { payloadOutcome } from '../../platform/outcome';
import type { TrackAffiliateClickInput, useTrackAffiliateClickMutation } from '../../__generated__/useTrackAffiliateClickMutation.graphql';

const Mutation = graphql`
  mutation useTrackAffiliateClickMutation($input: TrackAffiliateClickInput!) {
    trackAffiliateClick(input: $input) {
      __typename
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/**
 * trackAffiliateClick for an outbound link. The link opens in a new tab whatever happens: a
 * click that could not be recorded is only logged, never in the traveller's way.
 */
export function useTrackAffiliateClick(): (input: TrackAffiliateClickInput) => void {
  const [run] = useOutcomeMutation<useTrackAffiliateClickMutation>(Mutation);
  return useCallback(
    (input: TrackAffiliateClickInput) => {
      void run({ variables: { input } }, 'request failed', ({ trackAffiliateClick: r }) => payloadOutcome(r, 'TrackAffiliateClickPayload', r.__typename)).then(
        (outcome) => {
          if (!outcome.ok) console.warn('Outbound click not recorded', outcome.message);
        },
      );
    },
    [run],
  );
}
