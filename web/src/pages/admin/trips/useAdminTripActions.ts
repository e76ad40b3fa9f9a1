import { graphql } from 'react-relay';
import type { useAdminTripActionsUpdateMutation } from '../../../__generated__/useAdminTripActionsUpdateMutation.graphql';
import type { useAdminTripActionsCreateMutation } from '../../../__generated__/useAdminTripActionsCreateMutation.graphql';
import type { useAdminTripActionsCancelMutation } from '../../../__generated__/useAdminTripActionsCancelMutation.graphql';
import { usePayloadMutation } from '../../../platform/relay/useOutcomeMutation';

const UpdateMutation = graphql`
  mutation useAdminTripActionsUpdateMutation($input: AdminUpdateTripInput!) {
    adminUpdateTrip(input: $input) {
      __typename
      ... on AdminTripPayload {
        trip {
          ...TripsTab_trip
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const CreateMutation = graphql`
  mutation useAdminTripActionsCreateMutation($input: AdminCreateTripInput!, $connections: [ID!]!) {
    adminCreateTrip(input: $input) {
      __typename
      ... on AdminTripPayload {
        trip @prependNode(connections: $connections, edgeTypeName: "AdminTripsConnectionEdge") {
          id
          ...TripsTab_trip
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const CancelMutation = graphql`
  mutation useAdminTripActionsCancelMutation($input: AdminCancelTripInput!) {
    adminCancelTrip(input: $input) {
      __typename
      ... on AdminCancelTripPayload {
        trip {
          ...TripsTab_trip
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export const useAdminUpdateTrip = () =>
  usePayloadMutation<useAdminTripActionsUpdateMutation>(UpdateMutation, 'adminUpdateTrip', 'AdminTripPayload', 'update trip');

export const useAdminCreateTrip = () =>
  usePayloadMutation<useAdminTripActionsCreateMutation>(CreateMutation, 'adminCreateTrip', 'AdminTripPayload', 'create trip');

export const useAdminCancelTrip = () =>
  usePayloadMutation<useAdminTripActionsCancelMutation>(CancelMutation, 'adminCancelTrip', 'AdminCancelTripPayload', 'cancel trip');
