/** /dashboard/admin-guides: the stored city guides, managed by administrators. */
import { Stack, Title } from '@mantine/core';
import { Suspense } from 'react';
import { AdminOnly, AdminWait } from './AdminPage';
import { TabBoundary } from './kit/TabBoundary';
import GuidesPanel from './guides/GuidesPanel';

export default function AdminGuidesPage() {
  return (
    <AdminOnly>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Manage Guides
        </Title>
        <TabBoundary what="guide">
          <Suspense fallback={<AdminWait text="Loading admin dashboard..." />}>
            <GuidesPanel />
          </Suspense>
        </TabBoundary>
      </Stack>
    </AdminOnly>
  );
}
