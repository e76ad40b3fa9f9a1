/** The settlements sub-tab: every recorded payment, with the settlement figures; searched on the server. */
import { useState } from 'react';
import { Stack, Table, TextInput } from '@mantine/core';
import { graphql, usePaginationFragment } from 'react-relay';
import type { SettlementListQuery } from '../../../__generated__/SettlementListQuery.graphql';
import type { SettlementList_query$key } from '../../../__generated__/SettlementList_query.graphql';
import { AdminExpenseMessages as M } from '../../../platform/domain';
import { recordId } from '../kit/format';
import { PagedTable, ShortId, StatCard, StatGrid, dateText, filterValue, money, useListFilters } from '../trips/adminList';
import { Totals } from './Totals';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';

const PAGE = ADMIN_PAGE.lists;

const Query = graphql`
  query SettlementListQuery($count: Int!) {
    ...SettlementList_query @arguments(count: $count)
  }
`;

const Fragment = graphql`
  fragment SettlementList_query on Query
  @refetchable(queryName: "SettlementListPaginationQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }) {
    admin {
      settlementAnalytics {
        totalSettlements
        totalAmount {
          currency
          amount
        }
        completionRate
      }
      settlements(first: $count, after: $cursor, search: $search) @connection(key: "SettlementList_settlements") {
        totalCount
        edges {
          node {
            id
            tripName
            fromName
            toName
            amount
            currency
            createdAt
          }
        }
      }
    }
  }
`;

export function SettlementList() {
  const root = useAdminQuery<SettlementListQuery>(Query, { count: PAGE });
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(Fragment, root as SettlementList_query$key);
  const [search, setSearch] = useState('');
  const { refetching } = useListFilters(refetch, { search: filterValue(search) });
  const a = data.admin?.settlementAnalytics;
  const list = data.admin?.settlements;
  const rows = list?.edges ?? [];
  return (
    <Stack>
      {a && (
        <StatGrid>
          <StatCard label="Total settlements" value={a.totalSettlements} />
          <StatCard label="Amount settled" value={<Totals totals={a.totalAmount} />} hint="Per currency" />
          <StatCard label="Completion rate" value={`${a.completionRate}%`} hint="Expenses fully paid back" />
        </StatGrid>
      )}
      <TextInput label="Search" placeholder="Trip or note" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      <PagedTable
        headers={['Settlement', 'Trip', 'From', 'To', 'Amount', 'Date']}
        empty={M.noSettlements}
        loadingLabel="Loading settlements"
        refetching={refetching}
        shown={rows.length}
        total={list?.totalCount ?? 0}
        more={hasNext}
        loadingMore={isLoadingNext}
        onMore={() => loadNext(PAGE)}
      >
        {rows.map(({ node: s }) => (
          <Table.Tr key={s.id}>
            <Table.Td>
              <ShortId id={recordId(s.id)} />
            </Table.Td>
            <Table.Td>{s.tripName}</Table.Td>
            <Table.Td>{s.fromName}</Table.Td>
            <Table.Td>{s.toName}</Table.Td>
            <Table.Td>{money(s.amount, s.currency)}</Table.Td>
            <Table.Td>{dateText(s.createdAt)}</Table.Td>
          </Table.Tr>
        ))}
      </PagedTable>
    </Stack>
  );
}
