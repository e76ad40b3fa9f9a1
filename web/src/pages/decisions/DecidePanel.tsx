/**
 * The trip workspace's "Decide" tab: the ideas board and the polls, live for every member
 * (tripDecisionsChanged). Its query starts when the tab is first opened.
 */
import { Stack } from '@mantine/core';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { DecidePanelQuery } from '../../__generated__/DecidePanelQuery.graphql';
import { IdeasBoard } from './IdeasBoard';
import { PollsSection } from './PollsSection';
import { useDecisionsLive } from './useDecisionsLive';

export const DecideQuery = graphql`
  query DecidePanelQuery($id: ID!) {
    node(id: $id) {
      ... on Trip @alias(as: "trip") {
        id
        ...IdeasBoard_trip
        ...PollsSection_trip
      }
    }
  }
`;

export function DecidePanel({ queryRef, tripId }: { queryRef: PreloadedQuery<DecidePanelQuery>; tripId: string }) {
  const data = usePreloadedQuery<DecidePanelQuery>(DecideQuery, queryRef);
  useDecisionsLive(tripId);
  const trip = data.node?.trip;
  if (!trip) return null;
  return (
    <Stack gap="xl">
      <PollsSection trip={trip} />
      <IdeasBoard trip={trip} />
    </Stack>
  );
}
