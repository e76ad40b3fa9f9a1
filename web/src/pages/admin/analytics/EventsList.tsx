/** The stored events (page views, time on page, feedback), filtered by type, page and days on the server. */
import { Button, Group, ScrollArea, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { EventsListQuery } from '../../../__generated__/EventsListQuery.graphql';
import type { EventsList_query$key } from '../../../__generated__/EventsList_query.graphql';
import { EmptyText } from '../kit/AdminTable';
import { LoadMoreButton } from '../kit/LoadMoreButton';
import { ShortId } from '../kit/ShortId';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';
import { readerDateTime } from '../../../components/dateFormat';

const PAGE = ADMIN_PAGE.events;

const Query = graphql`
  query EventsListQuery($first: Int!) {
    ...EventsList_query @arguments(first: $first)
  }
`;

const Fragment = graphql`
  fragment EventsList_query on Query
  @refetchable(queryName: "EventsListPaginationQuery")
  @argumentDefinitions(
    first: { type: "Int!" }
    after: { type: "String" }
    eventType: { type: "String" }
    page: { type: "String" }
    from: { type: "String" }
    to: { type: "String" }
  ) {
    admin {
      analyticsEvents(first: $first, after: $after, eventType: $eventType, page: $page, from: $from, to: $to)
        @connection(key: "EventsList_analyticsEvents", filters: ["eventType", "page", "from", "to"]) {
        totalCount
        edges {
          node {
            id
            eventType
            page
            durationMs
            city
            metadataJson
            userId
            createdAt
          }
        }
      }
    }
  }
`;

const TYPES = [
  { value: '', label: 'All types' },
  { value: 'page_view', label: 'Page views' },
  { value: 'time_on_page', label: 'Time on page' },
  { value: 'feedback_submit', label: 'Feedback' },
  { value: 'affiliate_click', label: 'Affiliate clicks' },
];

export function EventsList({ refreshKey }: { refreshKey: number }) {
  const data = useAdminQuery<EventsListQuery>(Query, { first: PAGE }, refreshKey);
  return <Events query={data} />;
}

function Events({ query }: { query: EventsList_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(Fragment, query);
  const [filter, setFilter] = useState({ eventType: '', page: '', from: '', to: '' });
  const [isRefetching, startTransition] = useTransition();
  const apply = () =>
    startTransition(() => {
      refetch(
        { first: PAGE, eventType: filter.eventType || null, page: filter.page.trim() || null, from: filter.from || null, to: filter.to || null },
        { fetchPolicy: 'network-only' },
      );
    });
  const events = data.admin?.analyticsEvents;
  if (!events) return null;
  const rows = events.edges.map((e) => e.node).filter((n): n is NonNullable<typeof n> => !!n);
  return (
    <Stack gap="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Type"
            data={TYPES}
            value={filter.eventType}
            onChange={(v) => setFilter({ ...filter, eventType: v ?? '' })}
            allowDeselect={false}
            w={170}
          />
          <TextInput
            label="Page"
            placeholder="/guides/paris"
            value={filter.page}
            onChange={(e) => setFilter({ ...filter, page: e.currentTarget.value })}
            w={180}
          />
          <TextInput label="From" type="date" value={filter.from} onChange={(e) => setFilter({ ...filter, from: e.currentTarget.value })} w={160} />
          <TextInput label="To" type="date" value={filter.to} onChange={(e) => setFilter({ ...filter, to: e.currentTarget.value })} w={160} />
          <Button type="submit" loading={isRefetching}>
            Filter
          </Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed" aria-live="polite">
        {events.totalCount} {events.totalCount === 1 ? 'event' : 'events'}
      </Text>
      {rows.length === 0 ? (
        <EmptyText>No events yet</EmptyText>
      ) : (
        <ScrollArea type="auto">
          <Table striped miw={760} aria-label="Events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Page</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th>User</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{readerDateTime(e.createdAt)}</Table.Td>
                  <Table.Td>{e.eventType}</Table.Td>
                  <Table.Td>{e.page ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="xs" lineClamp={2} maw={280}>
                      {e.durationMs != null ? `${(e.durationMs / 1000).toFixed(1)} s` : e.city ? `city: ${e.city}` : (e.metadataJson ?? '—')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {e.userId ? (
                      <ShortId id={e.userId} />
                    ) : (
                      <Text size="xs" c="dimmed">
                        anonymous
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <LoadMoreButton variant="default" hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} />
    </Stack>
  );
}
