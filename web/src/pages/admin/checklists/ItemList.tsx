/** The items sub-tab: every checklist item with the completion figures; searched and filtered by status on the server. */
import { useState } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { graphql, usePaginationFragment } from 'react-relay';
import type { ItemListQuery } from '../../../__generated__/ItemListQuery.graphql';
import type { ItemList_query$key } from '../../../__generated__/ItemList_query.graphql';
import { AdminChecklistMessages as M } from '../../../platform/domain';
import { recordId } from '../kit/format';
import { PagedTable, SearchFilterBar, ShortId, StatCard, StatGrid, StatusBadge, dateText, filterValue, useListFilters } from '../trips/adminList';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';

const PAGE = ADMIN_PAGE.lists;

const Query = graphql`
  query ItemListQuery($count: Int!) {
    ...ItemList_query @arguments(count: $count)
  }
`;

const Fragment = graphql`
  fragment ItemList_query on Query
  @refetchable(queryName: "ItemListPaginationQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }, status: { type: "String" }) {
    admin {
      checklistItemAnalytics {
        totalItems
        completedItems
        pendingItems
        overdueItems
        completionRate
      }
      checklistItems(first: $count, after: $cursor, search: $search, status: $status) @connection(key: "ItemList_checklistItems") {
        totalCount
        edges {
          node {
            id
            description
            checklistTitle
            dueDate
            assignedToName
            status
          }
        }
      }
    }
  }
`;

export function ItemList() {
  const root = useAdminQuery<ItemListQuery>(Query, { count: PAGE });
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(Fragment, root as ItemList_query$key);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const { refetching } = useListFilters(refetch, { search: filterValue(search), status: filterValue(status) });
  const a = data.admin?.checklistItemAnalytics;
  const list = data.admin?.checklistItems;
  const rows = list?.edges ?? [];
  return (
    <Stack>
      {a && (
        <StatGrid>
          <StatCard label="Total items" value={a.totalItems} />
          <StatCard label="Completed" value={a.completedItems} />
          <StatCard label="Pending" value={a.pendingItems} />
          <StatCard label="Overdue" value={a.overdueItems} />
          <StatCard label="Completion rate" value={`${a.completionRate}%`} />
        </StatGrid>
      )}
      <SearchFilterBar
        placeholder="Item or checklist"
        search={search}
        onSearch={setSearch}
        filterLabel="Status"
        options={[
          ['completed', 'Completed'],
          ['overdue', 'Overdue'],
          ['pending', 'Pending'],
        ]}
        value={status}
        onChange={setStatus}
      />
      <PagedTable
        headers={['Item', 'Checklist', 'Due', 'Assigned to', 'Status']}
        empty={M.noItems}
        loadingLabel="Loading items"
        refetching={refetching}
        shown={rows.length}
        total={list?.totalCount ?? 0}
        more={hasNext}
        loadingMore={isLoadingNext}
        onMore={() => loadNext(PAGE)}
      >
        {rows.map(({ node: i }) => (
          <Table.Tr key={i.id}>
            <Table.Td>
              <Text size="sm">{i.description}</Text>
              <ShortId id={recordId(i.id)} />
            </Table.Td>
            <Table.Td>{i.checklistTitle}</Table.Td>
            <Table.Td>{dateText(i.dueDate)}</Table.Td>
            <Table.Td>{i.assignedToName ?? '—'}</Table.Td>
            <Table.Td>
              <StatusBadge status={i.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </PagedTable>
    </Stack>
  );
}
