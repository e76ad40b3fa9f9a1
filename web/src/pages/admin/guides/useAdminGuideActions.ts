import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useAdminGuideActionsCreateMutation } from '../../../__generated__/useAdminGuideActionsCreateMutation.graphql';
import type { useAdminGuideActionsUpdateMutation } from '../../../__generated__/useAdminGuideActionsUpdateMutation.graphql';
import type { useAdminGuideActionsDeleteMutation } from '../../../__generated__/useAdminGuideActionsDeleteMutation.graphql';
import type { useAdminGuideActionsFeatureMutation } from '../../../__generated__/useAdminGuideActionsFeatureMutation.graphql';
import type { AdminGuideStatus, useAdminGuideActionsStatusMutation } from '../../../__generated__/useAdminGuideActionsStatusMutation.graphql';
import { payloadOutcome } from '../../../platform/outcome';
import { useOutcomeMutation } from '../../../platform/relay/useOutcomeMutation';

const StatusMutation = graphql`
  mutation useAdminGuideActionsStatusMutation($input: AdminSetGuideStatusInput!) {
    adminSetGuideStatus(input: $input) {
      __typename
      ... on AdminGuidePayload {
        guide {
          id
          status
          updatedAt
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const FeatureMutation = graphql`
  mutation useAdminGuideActionsFeatureMutation($input: AdminSetGuideFeaturedInput!) {
    adminSetGuideFeatured(input: $input) {
      __typename
      ... on AdminGuidePayload {
        guide {
          id
          featured
          updatedAt
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const DeleteMutation = graphql`
  mutation useAdminGuideActionsDeleteMutation($input: AdminDeleteGuideInput!) {
    adminDeleteGuide(input: $input) {
      __typename
      ... on AdminDeleteGuidePayload {
        deletedGuideId @deleteRecord
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

// What the editor asks back: the saved guide (the list refetches), or every field at fault.
const UpdateMutation = graphql`
  mutation useAdminGuideActionsUpdateMutation($input: AdminUpdateGuideInput!) {
    adminUpdateGuide(input: $input) {
      __typename
      ... on AdminGuidePayload {
        guide {
          id
          slug
          title
          city
          country
          description
          author
          content
          updatedAt
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const CreateMutation = graphql`
  mutation useAdminGuideActionsCreateMutation($input: AdminCreateGuideInput!) {
    adminCreateGuide(input: $input) {
      __typename
      ... on AdminGuidePayload {
        guide {
          id
          slug
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** The heading fields and the whole page, as the editor sends them. */
export interface GuideInput {
  slug: string;
  title: string;
  city: string;
  country: string;
  description: string | null;
  author: string | null;
  content: unknown;
}

const FALLBACK = 'Please try again.';

/** Publish, Hide, Feature/Unfeature, Delete, Edit and Create a guide, persisted on the server. */
export function useAdminGuideActions() {
  const [runStatus] = useOutcomeMutation<useAdminGuideActionsStatusMutation>(StatusMutation);
  const [runFeature] = useOutcomeMutation<useAdminGuideActionsFeatureMutation>(FeatureMutation);
  const [runDelete] = useOutcomeMutation<useAdminGuideActionsDeleteMutation>(DeleteMutation);
  const [runUpdate] = useOutcomeMutation<useAdminGuideActionsUpdateMutation>(UpdateMutation);
  const [runCreate] = useOutcomeMutation<useAdminGuideActionsCreateMutation>(CreateMutation);
  const update = useCallback(
    (id: string, input: GuideInput) =>
      runUpdate({ variables: { input: { id, ...input } } }, FALLBACK, ({ adminUpdateGuide: r }) => payloadOutcome(r, 'AdminGuidePayload', FALLBACK)),
    [runUpdate],
  );
  const create = useCallback(
    (input: GuideInput) => runCreate({ variables: { input } }, FALLBACK, ({ adminCreateGuide: r }) => payloadOutcome(r, 'AdminGuidePayload', FALLBACK)),
    [runCreate],
  );
  const setStatus = useCallback(
    (id: string, status: AdminGuideStatus) =>
      runStatus({ variables: { input: { id, status } } }, FALLBACK, ({ adminSetGuideStatus: r }) => payloadOutcome(r, 'AdminGuidePayload', FALLBACK)),
    [runStatus],
  );
  const setFeatured = useCallback(
    (id: string, featured: boolean) =>
      runFeature({ variables: { input: { id, featured } } }, FALLBACK, ({ adminSetGuideFeatured: r }) => payloadOutcome(r, 'AdminGuidePayload', FALLBACK)),
    [runFeature],
  );
  const remove = useCallback(
    (id: string) => runDelete({ variables: { input: { id } } }, FALLBACK, ({ adminDeleteGuide: r }) => payloadOutcome(r, 'AdminDeleteGuidePayload', FALLBACK)),
    [runDelete],
  );
  return { setStatus, setFeatured, remove, update, create };
}
