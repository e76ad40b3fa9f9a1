/** The history of a trip's expenses: who added, edited or deleted what, and each edit's changes. */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import type { ExpenseHistory_trip$key } from '../../__generated__/ExpenseHistory_trip.graphql';
import { formatInstant } from '../../components/dateFormat';

const Fragment = graphql`
  fragment ExpenseHistory_trip on Trip {
    expenseHistory(first: 20) {
      edges {
        node {
          id
          action
          title
          actorName
          createdAt
          changes {
            field
            from
            to
          }
        }
      }
    }
  }
`;

export function ExpenseHistory({ trip }: { trip: ExpenseHistory_trip$key }) {
  const { expenseHistory } = useFragment(Fragment, trip);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="history-title">
      <Title order={3} fz="lg" id="history-title" mb="xs">
        History
      </Title>
      {expenseHistory.edges.length === 0 ? (
        <Text c="dark.4">No changes yet.</Text>
      ) : (
        <Stack gap={4}>
          {expenseHistory.edges.map(({ node: h }) => (
            <div key={h.id}>
              <Text fz="sm">
                {h.actorName} {h.action.toLowerCase()} “{h.title}” · {formatInstant(String(h.createdAt))}
              </Text>
              {h.changes.map((c) => (
                <Text key={c.field} fz="xs" c="dark.4" pl="sm">
                  {c.field}: {c.from ?? '—'} → {c.to ?? '—'}
                </Text>
              ))}
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
