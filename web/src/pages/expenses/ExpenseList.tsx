/** All of a trip's expenses, newest day first, fifty at a time ('Show more expenses'). */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, usePaginationFragment } from 'react-relay';
import type { TripExpensesPaginationQuery } from '../../__generated__/TripExpensesPaginationQuery.graphql';
import type { ExpenseList_trip$key } from '../../__generated__/ExpenseList_trip.graphql';
import { ExpenseCard, type ExpenseCardProps } from './ExpenseCard';

const Fragment = graphql`
  fragment ExpenseList_trip on Trip
  @refetchable(queryName: "TripExpensesPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
    expenses(first: $count, after: $cursor) @connection(key: "ExpenseList_expenses") {
      edges {
        node {
          id
          ...ExpenseCard_expense
        }
      }
    }
  }
`;

export function ExpenseList({ trip, onEdit, onDelete }: { trip: ExpenseList_trip$key } & Pick<ExpenseCardProps, 'onEdit' | 'onDelete'>) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<TripExpensesPaginationQuery, ExpenseList_trip$key>(Fragment, trip);
  const expenses = data.expenses.edges.map((e) => e.node).filter((n) => n != null);
  return (
    <section aria-labelledby="expenses-title">
      <Title order={3} fz="lg" id="expenses-title" mb="xs">
        All expenses
      </Title>
      {expenses.length === 0 ? (
        <Paper withBorder p="lg">
          <Text c="dark.4">No expenses yet. Add the first one to start sharing costs.</Text>
        </Paper>
      ) : (
        <Stack gap="xs">
          {expenses.map((e) => (
            <ExpenseCard key={e.id} expense={e} onEdit={onEdit} onDelete={onDelete} />
          ))}
          {hasNext && (
            <Button variant="default" onClick={() => loadNext(50)} loading={isLoadingNext}>
              Show more expenses
            </Button>
          )}
        </Stack>
      )}
    </section>
  );
}
