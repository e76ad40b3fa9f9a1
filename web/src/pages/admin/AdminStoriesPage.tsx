/** /dashboard/admin-stories: the console's stories tab on a page of its own. */
import { Stack, Title } from '@mantine/core';
import { Suspense } from 'react';
import { AdminOnly, AdminWait } from './AdminPage';
import { TabBoundary } from './kit/TabBoundary';
import StoriesTab from './stories/StoriesTab';

export default function AdminStoriesPage() {
  return (
    <AdminOnly>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Manage Stories
        </Title>
        <TabBoundary what="story">
          <Suspense fallback={<AdminWait text="Loading admin dashboard..." />}>
            <StoriesTab />
          </Suspense>
        </TabBoundary>
      </Stack>
    </AdminOnly>
  );
}
