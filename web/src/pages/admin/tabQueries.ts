/**
 * What each console screen reads first, so a route's loader can start it while the screen's code
 * loads (kit/adminQuery.ts). The page sizes live here so the loader and the lists ask for the
 * same page; no screen code is imported.
 */
import type { ConcreteRequest } from 'relay-runtime';

export const ADMIN_PAGE = { users: 25, trips: 50, lists: 50, friends: 25, notifications: 25, stories: 25, guides: 25, audit: 25, events: 50, rewards: 25 };

export interface FirstQuery {
  load: () => Promise<{ default: ConcreteRequest }>;
  variables: Record<string, unknown>;
}

const q = (load: FirstQuery['load'], variables: Record<string, unknown> = {}): FirstQuery => ({ load, variables });

const STORIES = [q(() => import('../../__generated__/StoriesTabQuery.graphql'), { first: ADMIN_PAGE.stories })];
const ANALYTICS = [
  q(() => import('../../__generated__/AnalyticsTabQuery.graphql')),
  q(() => import('../../__generated__/EventsListQuery.graphql'), { first: ADMIN_PAGE.events }),
];

/** The first queries of each `?tab=` of /dashboard/admin (its default sub-tab's, for tabs that have them). */
export const TAB_QUERIES: Record<string, FirstQuery[]> = {
  users: [q(() => import('../../__generated__/UsersTabQuery.graphql'), { count: ADMIN_PAGE.users })],
  trips: [q(() => import('../../__generated__/TripsTabQuery.graphql'), { count: ADMIN_PAGE.trips })],
  expenses: [q(() => import('../../__generated__/ExpenseListQuery.graphql'), { count: ADMIN_PAGE.lists })],
  friends: [
    q(() => import('../../__generated__/FriendsTabStatsQuery.graphql')),
    q(() => import('../../__generated__/FriendsTabListsQuery.graphql'), { count: ADMIN_PAGE.friends }),
  ],
  checklists: [q(() => import('../../__generated__/ChecklistListQuery.graphql'), { count: ADMIN_PAGE.lists })],
  notifications: [
    q(() => import('../../__generated__/NotificationsTabStatsQuery.graphql')),
    q(() => import('../../__generated__/NotificationsTabListsQuery.graphql'), { count: ADMIN_PAGE.notifications }),
  ],
  stories: STORIES,
  analytics: ANALYTICS,
  rewards: [q(() => import('../../__generated__/RewardsTabQuery.graphql'))],
  system: [],
  audit: [q(() => import('../../__generated__/AuditTabQuery.graphql'), { count: ADMIN_PAGE.audit })],
};

/** The console's own pages (/dashboard/admin-stories and so on). */
export const PAGE_QUERIES: Record<string, FirstQuery[]> = {
  stories: STORIES,
  analytics: ANALYTICS,
  guides: [q(() => import('../../__generated__/GuidesPanelQuery.graphql'), { first: ADMIN_PAGE.guides })],
};
