import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useAdminGuideActionsCreateMutation } from '../../../__generated__/useAdminGuideActionsCreateMutation.graphql';
import type { useAdminGuideActionsUpdateMutation } from '../../../__generated__/useAdminGuideActionsUpdateMutation.graphql';
import type { useAdminGuideActionsDeleteMutation } from '../../../__generated__/useAdminGuideActionsDeleteMutation.graphql';
import type { useAdminGuideActionsFeatureMutation } from '../../../__generated__/useAdminGuideActionsFeatureMutation.graphql';
import type { AdminGuideStatus, useAdminGuideActionsStatusMutation } from '../../../__generated__/useAdminGuideActionsStatusMutation.graphql';
import { failed, networkFailure, type Outcome } from '../../../platform/outcome';

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
        message
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
        message
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
        message
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
        message
      }
      ... on ValidationError {
        field
        fieldErrors {
          field
          message
        }
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
        message
      }
      ... on ValidationError {
        field
        fieldErrors {
          field
          message
        }
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
const done = (typename: string, expected: string, r: { __typename: string; message?: string }): Outcome =>
  typename === expected ? { ok: true, value: true } : failed(r, FALLBACK);

/** Publish, Hide, Feature/Unfeature, Delete, Edit and Create a guide, persisted on the server. */
export function useAdminGuideActions() {
  const [commitStatus] = useMutation<useAdminGuideActionsStatusMutation>(StatusMutation);
  const [commitFeature] = useMutation<useAdminGuideActionsFeatureMutation>(FeatureMutation);
  const [commitDelete] = useMutation<useAdminGuideActionsDeleteMutation>(DeleteMutation);
  const [commitUpdate] = useMutation<useAdminGuideActionsUpdateMutation>(UpdateMutation);
  const [commitCreate] = useMutation<useAdminGuideActionsCreateMutation>(CreateMutation);
  const update = useCallback(
    (id: string, input: GuideInput) =>
      new Promise<Outcome>((resolve) =>
        commitUpdate({
          variables: { input: { id, ...input } },
          onCompleted: ({ adminUpdateGuide: r }) => resolve(done(r.__typename, 'AdminGuidePayload', r)),
          onError: () => resolve(networkFailure(FALLBACK)),
        }),
      ),
    [commitUpdate],
  );
  const create = useCallback(
    (input: GuideInput) =>
      new Promise<Outcome>((resolve) =>
        commitCreate({
          variables: { input },
          onCompleted: ({ adminCreateGuide: r }) => resolve(done(r.__typename, 'AdminGuidePayload', r)),
          onError: () => resolve(networkFailure(FALLBACK)),
        }),
      ),
    [commitCreate],
  );
  const setStatus = useCallback(
    (id: string, status: AdminGuideStatus) =>
      new Promise<Outcome>((resolve) =>
        commitStatus({
          variables: { input: { id, status } },
          onCompleted: ({ adminSetGuideStatus: r }) => resolve(done(r.__typename, 'AdminGuidePayload', r)),
          onError: () => resolve(networkFailure(FALLBACK)),
        }),
      ),
    [commitStatus],
  );
  const setFeatured = useCallback(
    (id: string, featured: boolean) =>
      new Promise<Outcome>((resolve) =>
        commitFeature({
          variables: { input: { id, featured } },
          onCompleted: ({ adminSetGuideFeatured: r }) => resolve(done(r.__typename, 'AdminGuidePayload', r)),
          onError: () => resolve(networkFailure(FALLBACK)),
        }),
      ),
    [commitFeature],
  );
  const remove = useCallback(
    (id: string) =>
      new Promise<Outcome>((resolve) =>
        commitDelete({
          variables: { input: { id } },
          onCompleted: ({ adminDeleteGuide: r }) => resolve(done(r.__typename, 'AdminDeleteGuidePayload', r)),
          onError: () => resolve(networkFailure(FALLBACK)),
        }),
      ),
    [commitDelete],
  );
  return { setStatus, setFeatured, remove, update, create };
}
