import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { TrackAffiliateClickInput, useTrackAffiliateClickMutation } from '../../__generated__/useTrackAffiliateClickMutation.graphql';

const Mutation = graphql`
  mutation useTrackAffiliateClickMutation($input: TrackAffiliateClickInput!) {
    trackAffiliateClick(input: $input) {
      __typename
    }
  }
`;

/**
 * trackAffiliateClick for an outbound link. The link opens in a new tab whatever happens: a
 * click that could not be recorded is only logged, never in the traveller's way.
 */
export function useTrackAffiliateClick(): (input: TrackAffiliateClickInput) => void {
  const [commit] = useMutation<useTrackAffiliateClickMutation>(Mutation);
  return useCallback(
    (input: TrackAffiliateClickInput) => {
      commit({
        variables: { input },
        onCompleted: (response) => {
          if (response.trackAffiliateClick.__typename !== 'TrackAffiliateClickPayload')
            console.warn('Outbound click not recorded', response.trackAffiliateClick.__typename);
        },
        onError: (error) => console.warn('Outbound click not recorded', error),
      });
    },
    [commit],
  );
}
