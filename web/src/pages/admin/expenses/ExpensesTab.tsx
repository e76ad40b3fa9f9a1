/** The console's expenses tab ('Expense Management'): expenses, splits and settlements, each with its analytics; edit and delete. */
import { Suspense } from 'react';
import '@mantine/charts/styles.css';
import { Stack, Tabs, Title } from '@mantine/core';
import { ListLoader } from '../trips/adminList';
import { ExpenseList } from './ExpenseList';
import { SettlementList } from './SettlementList';
import { SplitList } from './SplitList';

export default function ExpensesTab() {
  return (
    <Stack>
      <Title order={2}>Expense Management</Title>
      <Tabs defaultValue="expenses" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="expenses">Expenses</Tabs.Tab>
          <Tabs.Tab value="splits">Splits</Tabs.Tab>
          <Tabs.Tab value="settlements">Settlements</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="expenses" pt="md">
          <Suspense fallback={<ListLoader label="Loading expenses" />}>
            <ExpenseList />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="splits" pt="md">
          <Suspense fallback={<ListLoader label="Loading splits" />}>
            <SplitList />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="settlements" pt="md">
          <Suspense fallback={<ListLoader label="Loading settlements" />}>
            <SettlementList />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
