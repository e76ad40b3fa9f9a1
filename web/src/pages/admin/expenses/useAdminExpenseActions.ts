import { graphql } from 'react-relay';
import type { useAdminExpenseActionsDeleteMutation } from '../../../__generated__/useAdminExpenseActionsDeleteMutation.graphql';
import type { useAdminExpenseActionsUpdateMutation } from '../../../__generated__/useAdminExpenseActionsUpdateMutation.graphql';
import { usePayloadMutation } from '../../../platform/relay/useOutcomeMutation';

const DeleteMutation = graphql`
  mutation useAdminExpenseActionsDeleteMutation($input: AdminDeleteExpenseInput!) {
    adminDeleteExpense(input: $input) {
      __typename
      ... on AdminDeleteExpensePayload {
        deletedExpenseId @deleteRecord
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

const UpdateMutation = graphql`
  mutation useAdminExpenseActionsUpdateMutation($input: AdminUpdateExpenseInput!) {
    adminUpdateExpense(input: $input) {
      __typename
      ... on AdminUpdateExpensePayload {
        expense {
          ...ExpenseList_expense
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

export const useAdminDeleteExpense = () =>
  usePayloadMutation<useAdminExpenseActionsDeleteMutation>(DeleteMutation, 'adminDeleteExpense', 'AdminDeleteExpensePayload', 'delete expense');

export const useAdminUpdateExpense = () =>
  usePayloadMutation<useAdminExpenseActionsUpdateMutation>(UpdateMutation, 'adminUpdateExpense', 'AdminUpdateExpensePayload', 'update expense');
