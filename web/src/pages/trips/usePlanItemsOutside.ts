import { useCallback } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { usePlanItemsOutsideQuery } from '../../__generated__/usePlanItemsOutsideQuery.graphql';
import type { ItemOutside } from './DatesChangeConfirm';

const Query = graphql`
  query usePlanItemsOutsideQuery($id: ID!, $startDate: Date!, $endDate: Date!) {
    node(id: $id) {
      ... on Trip {
        planItemsOutside(startDate: $startDate, endDate: $endDate) {
          id
          title
          activityDate
        }
      }
    }
  }
`;

/**
 * Asks the server which plan items new dates would leave out (`Trip.planItemsOutside`, the rule of
 * trips/datesChange.ts), read afresh each time: the plan may have changed since the page loaded.
 */
export function usePlanItemsOutside(): (tripId: string, startDate: string, endDate: string) => Promise<readonly ItemOutside[]> {
  const environment = useRelayEnvironment();
  return useCallback(
    async (tripId, startDate, endDate) => {
      const data = await fetchQuery<usePlanItemsOutsideQuery>(
        environment,
        Query,
        { id: tripId, startDate, endDate },
        { fetchPolicy: 'network-only' },
      ).toPromise();
      return data?.node?.planItemsOutside ?? [];
    },
    [environment],
  );
}
