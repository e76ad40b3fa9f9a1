import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AdminTab {
  /** The `?tab=` value. */
  key: string;
  label: string;
  /** How the tab's load error names its data ('Error loading {data} data: ...'); the label, lower-cased, by default. */
  data?: string;
  Component: LazyExoticComponent<ComponentType>;
}

/** The console's tabs in the order they show; each tab's code loads only when it is opened. */
export const ADMIN_TABS: AdminTab[] = [
  { key: 'users', label: 'Users', Component: lazy(() => import('./users/UsersTab')) },
  { key: 'trips', label: 'Trips', Component: lazy(() => import('./trips/TripsTab')) },
  { key: 'expenses', label: 'Expenses', data: 'expense', Component: lazy(() => import('./expenses/ExpensesTab')) },
  { key: 'friends', label: 'Friends', Component: lazy(() => import('./friends/FriendsTab')) },
  { key: 'checklists', label: 'Checklists', data: 'checklist', Component: lazy(() => import('./checklists/ChecklistsTab')) },
  { key: 'notifications', label: 'Notifications', data: 'notification', Component: lazy(() => import('./notifications/NotificationsTab')) },
  { key: 'stories', label: 'Stories', Component: lazy(() => import('./stories/StoriesTab')) },
  { key: 'analytics', label: 'Analytics', Component: lazy(() => import('./analytics/AnalyticsTab')) },
  { key: 'rewards', label: 'Rewards', data: 'rewards catalogue', Component: lazy(() => import('./rewards/RewardsTab')) },
  { key: 'system', label: 'System', Component: lazy(() => import('./system/SystemTab')) },
  { key: 'audit', label: 'Audit log', Component: lazy(() => import('./audit/AuditTab')) },
];
