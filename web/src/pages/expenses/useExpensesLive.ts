/**
 * Other members' expenses, payments and the balances they move, live (tripExpensesChanged): each
 * event brings the trip's ledger and first page of expenses again, which replace what the store
 * holds (Relay normalises them by id).
 */
import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useExpensesLiveSubscription } from '../../__generated__/useExpensesLiveSubscription.graphql';

const Subscription = graphql`
  subscription useExpensesLiveSubscription($tripId: ID!) {
    tripExpensesChanged(tripId: $tripId) {
      trip {
        id
        ...ExpensesWorkspace_trip
      }
    }
  }
`;

export function useExpensesLive(tripId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<useExpensesLiveSubscription>>(
    () => ({ subscription: Subscription, variables: { tripId }, onError: (error) => console.warn('Live expense updates paused', error) }),
    [tripId],
  );
  useSubscription(config);
}
