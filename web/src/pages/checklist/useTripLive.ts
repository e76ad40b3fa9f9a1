/**
 * The trip itself, live on its checklists page (tripChanged): edits and members joining or
 * leaving refresh the header and the assignee choices; a deletion sends everyone back to the
 * trips list with a notice.
 */
import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useTripLiveChecklistSubscription } from '../../__generated__/useTripLiveChecklistSubscription.graphql';
import { notify } from '../../platform/notify';

const Subscription = graphql`
  subscription useTripLiveChecklistSubscription($tripId: ID!) {
    tripChanged(tripId: $tripId) {
      kind
      trip {
        id
        ...TripChecklistsPage_trip
      }
    }
  }
`;

export function useTripLive(tripId: string) {
  const navigate = useNavigate();
  const config = useMemo<GraphQLSubscriptionConfig<useTripLiveChecklistSubscription>>(
    () => ({
      subscription: Subscription,
      variables: { tripId },
      onNext: (event) => {
        if (event?.tripChanged.kind !== 'DELETED') return;
        notify.info('This trip was deleted.');
        void navigate('/dashboard/checklist', { replace: true });
      },
      onError: (error) => console.warn('Live trip updates paused', error),
    }),
    [tripId, navigate],
  );
  useSubscription(config);
}
