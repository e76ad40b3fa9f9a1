import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { SetRewardProgramOverrideInput, useAdminRewardActionsSetMutation } from '../../../__generated__/useAdminRewardActionsSetMutation.graphql';
import type { useAdminRewardActionsResetMutation } from '../../../__generated__/useAdminRewardActionsResetMutation.graphql';
import { payloadOutcome } from '../../../platform/outcome';
import { useOutcomeMutation } from '../../../platform/relay/useOutcomeMutation';

const SetMutation = graphql`
  mutation useAdminRewardActionsSetMutation($input: SetRewardProgramOverrideInput!) {
    setRewardProgramOverride(input: $input) {
      __typename
      ... on RewardProgramPayload {
        program {
          programId
          pointValueCents
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const ResetMutation = graphql`
  mutation useAdminRewardActionsResetMutation($input: ResetRewardProgramOverrideInput!) {
    resetRewardProgramOverride(input: $input) {
      __typename
      ... on RewardProgramPayload {
        program {
          programId
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const FALLBACK = 'Please try again.';

/** Change and reset a rewards catalogue entry from the console (setRewardProgramOverride, resetRewardProgramOverride; both audited). */
export function useAdminRewardActions() {
  const [runSet, saving] = useOutcomeMutation<useAdminRewardActionsSetMutation>(SetMutation);
  const [runReset] = useOutcomeMutation<useAdminRewardActionsResetMutation>(ResetMutation);
  const setOverride = useCallback(
    (input: SetRewardProgramOverrideInput) =>
      runSet({ variables: { input } }, FALLBACK, ({ setRewardProgramOverride: r }) => payloadOutcome(r, 'RewardProgramPayload', FALLBACK)),
    [runSet],
  );
  const reset = useCallback(
    (programId: string) =>
      runReset({ variables: { input: { programId } } }, FALLBACK, ({ resetRewardProgramOverride: r }) => payloadOutcome(r, 'RewardProgramPayload', FALLBACK)),
    [runReset],
  );
  return { setOverride, reset, saving };
}
