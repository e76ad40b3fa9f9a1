import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useAdminHealthCheckMutation, useAdminHealthCheckMutation$data } from '../../../__generated__/useAdminHealthCheckMutation.graphql';
import { failed, type Outcome } from '../../../platform/outcome';
import { useOutcomeMutation } from '../../../platform/relay/useOutcomeMutation';

const Mutation = graphql`
  mutation useAdminHealthCheckMutation($input: AdminRunHealthCheckInput!) {
    adminRunHealthCheck(input: $input) {
      __typename
      ... on AdminRunHealthCheckPayload {
        report {
          kind
          status
          checkedAt
          checks {
            name
            status
            durationMs
            message
          }
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export type HealthKind = 'database' | 'api' | 'storage' | 'all';
export type HealthReport = NonNullable<useAdminHealthCheckMutation$data['adminRunHealthCheck']['report']>;

/** adminRunHealthCheck: the report of the parts checked, or why it could not run. */
export function useAdminHealthCheck(): [(kind: HealthKind) => Promise<Outcome<HealthReport>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useAdminHealthCheckMutation>(Mutation);
  const check = useCallback(
    (kind: HealthKind) =>
      run({ variables: { input: { kind } } }, 'Please try again.', ({ adminRunHealthCheck: r }): Outcome<HealthReport> =>
        r.__typename === 'AdminRunHealthCheckPayload' && r.report ? { ok: true, value: r.report } : failed(r, 'Please try again.'),
      ),
    [run],
  );
  return [check, inFlight];
}
