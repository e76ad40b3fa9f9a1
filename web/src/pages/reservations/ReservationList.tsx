/** 'Recent Reservations (count)', Clear All, and the cards (a page at a time), or the empty state. */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { ReservationList_viewer$key } from '../../__generated__/ReservationList_viewer.graphql';
import { ReservationCard, type ReservationData } from './ReservationCard';

const Fragment = graphql`
  fragment ReservationList_viewer on User
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
  @refetchable(queryName: "ReservationListPaginationQuery") {
    reservations(first: $count, after: $cursor) @connection(key: "ReservationList_reservations") {
      __id
      totalCount
      edges {
        node {
          id
          ...ReservationCard_reservation
        }
      }
    }
  }
`;

interface Props {
  viewer: ReservationList_viewer$key;
  onEdit: (r: ReservationData) => void;
  onAddToTrip: (r: ReservationData) => void;
  onDelete: (r: ReservationData, connectionId: string) => void;
  onClearAll: () => void;
}

export function ReservationList({ viewer, onEdit, onAddToTrip, onDelete, onClearAll }: Props) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(Fragment, viewer);
  const connection = data.reservations;
  const count = connection.totalCount;
  return (
    <Stack gap="sm" component="section" aria-labelledby="recent-reservations">
      <Group justify="space-between">
        <Title order={2} size="h3" id="recent-reservations">
          Recent Reservations ({count})
        </Title>
        {count > 0 && (
          <Button variant="default" onClick={onClearAll}>
            Clear All
          </Button>
        )}
      </Group>
      {count === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs">
            <IconInbox size={40} aria-hidden />
            <Text fw={600}>No Reservations Yet</Text>
            <Text size="sm" c="dimmed">
              Supported: Airlines, Hotels, Activities, Car Rentals
            </Text>
          </Stack>
        </Paper>
      ) : (
        connection.edges.map((e) => (
          <ReservationCard key={e.node.id} reservation={e.node} onEdit={onEdit} onAddToTrip={onAddToTrip} onDelete={(r) => onDelete(r, connection.__id)} />
        ))
      )}
      {hasNext && (
        <Button variant="default" onClick={() => loadNext(20)} loading={isLoadingNext}>
          Show more
        </Button>
      )}
    </Stack>
  );
}
