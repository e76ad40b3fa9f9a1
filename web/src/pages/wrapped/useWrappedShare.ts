/** Make or revoke the public link to a year of the viewer's Wrapped: the answers bring back `wrappedShare`. */
import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useWrappedShareMakeMutation } from '../../__generated__/useWrappedShareMakeMutation.graphql';
import type { useWrappedShareRevokeMutation } from '../../__generated__/useWrappedShareRevokeMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const FAILED = 'The public link could not be changed. Please try again.';

const MakeMutation = graphql`
  mutation useWrappedShareMakeMutation($year: Int!) {
    shareWrapped(input: { year: $year }) {
      __typename
      ... on ShareWrappedPayload {
        link {
          path
        }
        viewer {
          id
          wrappedShare(year: $year) {
            year
            path
          }
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const RevokeMutation = graphql`
  mutation useWrappedShareRevokeMutation($year: Int!) {
    revokeWrappedShare(input: { year: $year }) {
      __typename
      ... on RevokeWrappedSharePayload {
        revoked
        viewer {
          id
          wrappedShare(year: $year) {
            year
            path
          }
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** shareWrapped: the public page's path. */
export function useMakeWrappedShare(): [(year: number) => Promise<Outcome<string>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useWrappedShareMakeMutation>(MakeMutation);
  const make = useCallback(
    (year: number) =>
      run({ variables: { year } }, FAILED, ({ shareWrapped: r }) => payloadOutcome(r, 'ShareWrappedPayload', FAILED, (p) => p.link?.path ?? '')),
    [run],
  );
  return [make, inFlight];
}

/** revokeWrappedShare (confirmed first by the caller). */
export function useRevokeWrappedShare(): [(year: number) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useWrappedShareRevokeMutation>(RevokeMutation);
  const revoke = useCallback(
    (year: number) => run({ variables: { year } }, FAILED, ({ revokeWrappedShare: r }) => payloadOutcome(r, 'RevokeWrappedSharePayload', FAILED)),
    [run],
  );
  return [revoke, inFlight];
}
