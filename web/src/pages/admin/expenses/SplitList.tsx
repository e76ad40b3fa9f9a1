/** The splits sub-tab: every share of every expense, with the payment figures; searched and filtered on the server. */
import { useState } from 'react';
import { Stack, Table } from '@mantine/core';
import { graphql, usePaginationFragment } from 'react-relay';
import type { SplitListQuery } from '../../../__generated__/SplitListQuery.graphql';
import type { SplitList_query$key } from '../../../__generated__/SplitList_query.graphql';
import { AdminExpenseMessages as M } from '../../../platform/domain';
import { recordId } from '../kit/format';
import { PagedTable, SearchFilterBar, ShortId, StatCard, StatGrid, StatusBadge, filterValue, money, useListFilters } from '../trips/adminList';
import { useAdminQuery } from '../kit/adminQuery';
import { ADMIN_PAGE } from '../tabQueries';

const PAGE = ADMIN_PAGE.lists;

const Query = graphql`
  query SplitListQuery($count: Int!) {
    ...SplitList_query @arguments(count: $count)
  }
`;

const Fragment = graphql`
  fragment SplitList_query on Query
  @refetchable(queryName: "SplitListPaginationQuery")
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }, paid: { type: "String" }) {
    admin {
      splitAnalytics {
        totalSplits
        paidSplits
        paymentRate
      }
      expenseSplits(first: $count, after: $cursor, search: $search, paid: $paid) @connection(key: "SplitList_expenseSplits") {
        totalCount
        edges {
          node {
            id
            expenseTitle
            userName
            amount
            currency
            paidAt
          }
        }
      }
    }
  }
`;

export function SplitList() {
  const root = useAdminQuery<SplitListQuery>(Query, { count: PAGE });
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(Fragment, root as SplitList_query$key);
  const [search, setSearch] = useState('');
  const [paid, setPaid] = useState('all');
  const { refetching } = useListFilters(refetch, { search: filterValue(search), paid: filterValue(paid) });
  const a = data.admin?.splitAnalytics;
  const list = data.admin?.expenseSplits;
  const rows = list?.edges ?? [];
  return (
    <Stack>
      {a && (
        <StatGrid>
          <StatCard label="Total splits" value={a.totalSplits} />
          <StatCard label="Paid" value={a.paidSplits} />
          <StatCard label="Payment rate" value={`${a.paymentRate}%`} />
        </StatGrid>
      )}
      <SearchFilterBar
        placeholder="Expense or person"
        search={search}
        onSearch={setSearch}
        filterLabel="Status"
        options={[
          ['paid', 'Paid'],
          ['unpaid', 'Unpaid'],
        ]}
        value={paid}
        onChange={setPaid}
      />
      <PagedTable
        headers={['Split', 'Expense', 'Person', 'Amount', 'Status']}
        empty={M.noSplits}
        loadingLabel="Loading splits"
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
            <Table.Td>{s.expenseTitle}</Table.Td>
            <Table.Td>{s.userName}</Table.Td>
            <Table.Td>{money(s.amount, s.currency)}</Table.Td>
            <Table.Td>
              <StatusBadge status={s.paidAt ? 'paid' : 'unpaid'} />
            </Table.Td>
          </Table.Tr>
        ))}
      </PagedTable>
    </Stack>
  );
}
