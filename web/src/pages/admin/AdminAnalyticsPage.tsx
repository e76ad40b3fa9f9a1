/** /dashboard/admin-analytics: the console's analytics tab on a page of its own. */
import { Suspense } from 'react';
import { AdminOnly, AdminWait } from './AdminPage';
import AnalyticsTab from './analytics/AnalyticsTab';
import { TabBoundary } from './kit/TabBoundary';

export default function AdminAnalyticsPage() {
  return (
    <AdminOnly>
      <TabBoundary what="analytics">
        <Suspense fallback={<AdminWait text="Loading admin dashboard..." />}>
          <AnalyticsTab asPage />
        </Suspense>
      </TabBoundary>
    </AdminOnly>
  );
}
