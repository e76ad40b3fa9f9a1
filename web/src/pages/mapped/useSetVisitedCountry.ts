/** Mark a country visited by hand, or take the mark back: the answer brings back the viewer's map. */
import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useSetVisitedCountryMutation } from '../../__generated__/useSetVisitedCountryMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const FAILED = 'The map could not be changed. Please try again.';

const Mutation = graphql`
  mutation useSetVisitedCountryMutation($code: String!, $visited: Boolean!) {
    setVisitedCountry(input: { code: $code, visited: $visited }) {
      __typename
      ... on SetVisitedCountryPayload {
        viewer {
          id
          ...MappedPage_viewer
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export function useSetVisitedCountry(): [(code: string, visited: boolean) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useSetVisitedCountryMutation>(Mutation);
  const set = useCallback(
    (code: string, visited: boolean) =>
      run({ variables: { code, visited } }, FAILED, ({ setVisitedCountry: r }) => payloadOutcome(r, 'SetVisitedCountryPayload', FAILED)),
    [run],
  );
  return [set, inFlight];
}
