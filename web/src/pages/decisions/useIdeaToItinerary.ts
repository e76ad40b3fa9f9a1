import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';
import type { useIdeaToItineraryMutation } from '../../__generated__/useIdeaToItineraryMutation.graphql';
import { payloadOutcome, type Outcome } from '../../platform/outcome';

const Mutation = graphql`
  mutation useIdeaToItineraryMutation($id: ID!, $activityDate: String!, $connections: [ID!]!) {
    ideaToItinerary(id: $id, activityDate: $activityDate) {
      __typename
      ... on IdeaToItineraryPayload {
        item @appendNode(connections: $connections, edgeTypeName: "ItineraryItemEdge") {
          id
          title
          ...ItineraryTimeline_items
          ...TripMapPanel_items
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
      ... on ValidationError {
        field
      }
    }
  }
`;

const TO_PLAN_FAILED = 'Could not add it to the plan. Please try again.';

/** ideaToItinerary: the idea becomes a pending plan item on the chosen day (it joins the timeline at once). */
export function useIdeaToItinerary(itineraryConnection: string): [(id: string, activityDate: string) => Promise<Outcome<{ title: string }>>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useIdeaToItineraryMutation>(Mutation);
  const add = useCallback(
    (id: string, activityDate: string) =>
      run({ variables: { id, activityDate, connections: [itineraryConnection] } }, TO_PLAN_FAILED, ({ ideaToItinerary: r }) =>
        payloadOutcome(r, 'IdeaToItineraryPayload', TO_PLAN_FAILED, (p) => ({ title: p.item?.title ?? '' })),
      ),
    [run, itineraryConnection],
  );
  return [add, inFlight];
}
