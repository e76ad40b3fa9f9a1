/**
 * The mutations that may be made offline, by operation name: a change queued in an earlier
 * visit is answered after a reload, when its screen's code may not be loaded; its document
 * (loaded here) puts the answer into the Relay store all the same.
 */
import type { ConcreteRequest } from 'relay-runtime';

type Load = () => Promise<{ default: ConcreteRequest }>;

export const OFFLINE_MUTATIONS: Record<string, Load> = {
  useToggleChecklistItemMutation: () => import('../../__generated__/useToggleChecklistItemMutation.graphql'),
  useSaveChecklistItemAddMutation: () => import('../../__generated__/useSaveChecklistItemAddMutation.graphql'),
  useAddExpenseMutation: () => import('../../__generated__/useAddExpenseMutation.graphql'),
  useAddItineraryItemMutation: () => import('../../__generated__/useAddItineraryItemMutation.graphql'),
  useRecordSettlementMutation: () => import('../../__generated__/useRecordSettlementMutation.graphql'),
  useSaveStoryMutation: () => import('../../__generated__/useSaveStoryMutation.graphql'),
  useUpdateItineraryItemMutation: () => import('../../__generated__/useUpdateItineraryItemMutation.graphql'),
};
