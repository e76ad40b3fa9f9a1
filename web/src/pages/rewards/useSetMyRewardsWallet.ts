import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { RewardWalletEntryInput, useSetMyRewardsWalletMutation } from '../../__generated__/useSetMyRewardsWalletMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const Mutation = graphql`
  mutation useSetMyRewardsWalletMutation($input: SetMyRewardsWalletInput!) {
    setMyRewardsWallet(input: $input) {
      __typename
      ... on RewardsWalletPayload {
        wallet {
          shareWithTrips
          programs {
            programId
            status
          }
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export const SAVE_WALLET_FAILED = 'Could not save your wallet. Please try again.';

/** setMyRewardsWallet: the whole wallet as it should be. */
export function useSetMyRewardsWallet(): [(programs: RewardWalletEntryInput[], shareWithTrips: boolean) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useSetMyRewardsWalletMutation>(Mutation);
  const save = useCallback(
    (programs: RewardWalletEntryInput[], shareWithTrips: boolean) =>
      run(
        {
          variables: { input: { programs, shareWithTrips } },
          updater: (store) => {
            const wallet = store.getRootField('setMyRewardsWallet')?.getLinkedRecord('wallet');
            if (wallet) store.getRoot().setLinkedRecord(wallet, 'myRewardsWallet');
          },
        },
        SAVE_WALLET_FAILED,
        ({ setMyRewardsWallet: r }) => payloadOutcome(r, 'RewardsWalletPayload', SAVE_WALLET_FAILED),
      ),
    [run],
  );
  return [save, inFlight];
}
