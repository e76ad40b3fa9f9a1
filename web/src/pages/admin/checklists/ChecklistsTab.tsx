/** The console's checklists tab ('Checklist Management'): sub-tabs Checklists and Items; a checklist is renamed or deleted. */
import { Suspense } from 'react';
import '@mantine/charts/styles.css';
import { Stack, Tabs, Title } from '@mantine/core';
import { ListLoader } from '../trips/adminList';
import { ChecklistList } from './ChecklistList';
import { ItemList } from './ItemList';

export default function ChecklistsTab() {
  return (
    <Stack>
      <Title order={2}>Checklist Management</Title>
      <Tabs defaultValue="checklists" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="checklists">Checklists</Tabs.Tab>
          <Tabs.Tab value="items">Items</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="checklists" pt="md">
          <Suspense fallback={<ListLoader label="Loading checklists" />}>
            <ChecklistList />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="items" pt="md">
          <Suspense fallback={<ListLoader label="Loading items" />}>
            <ItemList />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
