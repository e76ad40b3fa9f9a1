/**
 * Every route of the product (seed 002 §2.1). Each page is its own chunk (`lazy`); routes with
 * data start their Relay query in `loader` while the chunk loads (see platform/relay/routeQuery).
 * Feature work replaces a page file; the route table stays here.
 *
 * What a public page loads is kept small (the landing page is prerendered at build time, see
 * web/scripts/prerender.ts): Relay comes only with the routes that query data, and the pages
 * built with `page` use the public share of Mantine's stylesheet (styles/publicStyles.ts);
 * every other page (`appPage`) brings the whole stylesheet with it (styles/appStyles.ts).
 */
import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { ConcreteRequest, OperationType } from 'relay-runtime';
import { AuthLayout } from './components/AuthLayout';
import { Loading } from './components/Loading';
import { PublicLayout } from './components/PublicLayout';
import { RootLayout } from './components/RootLayout';
import { RouteError } from './components/RouteError';
import type { RelayLoaderOptions } from './platform/relay/routeQuery';
import type { FirstQuery } from './pages/admin/tabQueries';
import { requireSession } from './platform/routeGuards';
import { ITINERARY_PAGE } from './pages/itinerary/pageSize';
import { tripNodeId } from './pages/trips/ids';
import { CHECKLISTS_PAGE } from './pages/checklist/pageSize';
import { expensesPageVariables } from './pages/expenses/pageVariables';
import { tripsPageVariables } from './pages/trips/tripsTab';
import { friendsPageVariables } from './pages/friends/constants';
import { wrappedYear } from './pages/wrapped/wrappedYear';

type PageModule = { default: ComponentType };

/** A lazily loaded public page (its Mantine components' styles are in styles/publicStyles.ts). */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** A lazily loaded page that uses any of Mantine: the whole stylesheet comes with it. */
const appPage = (load: () => Promise<PageModule>) => async () => {
  const [module] = await Promise.all([load(), import('./styles/appStyles')]);
  return { Component: module.default };
};

/** platform/relay/routeQuery's relayLoader, with Relay itself loaded on the first call. */
function relayLoader<Q extends OperationType>(key: string, importQuery: () => Promise<{ default: ConcreteRequest }>, options: RelayLoaderOptions<Q> = {}) {
  return async (args: LoaderFunctionArgs) => {
    const routeQuery = await import('./platform/relay/routeQuery');
    return routeQuery.relayLoader<Q>(key, importQuery, options)(args);
  };
}

type AdminQueries = typeof import('./pages/admin/tabQueries');

/**
 * A console route's loader: the administrator check (AdminPageQuery, read by AdminOnly) and the
 * first queries of the screen it opens (pages/admin/tabQueries.ts), all started at once.
 */
function adminLoader(key: string, first: (queries: AdminQueries, url: URL) => readonly FirstQuery[]) {
  const check = relayLoader(key, () => import('./__generated__/AdminPageQuery.graphql'));
  return async (args: LoaderFunctionArgs) => {
    const reference = await check(args);
    void Promise.all([import('./pages/admin/tabQueries'), import('./pages/admin/kit/adminQuery')]).then(([queries, { preloadAdminQueries }]) =>
      preloadAdminQueries(first(queries, new URL(args.request.url))),
    );
    return reference;
  };
}

const dashboardChildren: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Dashboard' },
    loader: relayLoader('dashboard-home', () => import('./__generated__/DashboardHomePageQuery.graphql')),
    lazy: appPage(() => import('./pages/dashboard/DashboardHomePage')),
  },
  {
    path: 'trips',
    handle: { title: 'Your Trips' },
    loader: relayLoader('trips', () => import('./__generated__/TripsPageQuery.graphql'), { variables: tripsPageVariables }),
    lazy: appPage(() => import('./pages/trips/TripsPage')),
  },
  {
    path: 'trips/:id',
    handle: { title: 'Trip' },
    loader: relayLoader('trip-detail', () => import('./__generated__/TripDetailPageQuery.graphql'), {
      variables: ({ params }) => ({ id: tripNodeId(params.id ?? ''), itineraryCount: ITINERARY_PAGE }),
    }),
    lazy: appPage(() => import('./pages/trips/TripDetailPage')),
  },
  {
    path: 'reservations',
    handle: { title: 'Reservations' },
    loader: relayLoader('reservations', () => import('./__generated__/ReservationsPageQuery.graphql')),
    lazy: appPage(() => import('./pages/reservations/ReservationsPage')),
  },
  {
    path: 'expenses',
    handle: { title: 'Expenses' },
    loader: relayLoader('expenses', () => import('./__generated__/ExpensesPageQuery.graphql'), { variables: expensesPageVariables }),
    lazy: appPage(() => import('./pages/expenses/ExpensesPage')),
  },
  {
    path: 'budget-test',
    handle: { title: 'Budget' },
    loader: relayLoader('budget-test', () => import('./__generated__/BudgetTestPageQuery.graphql')),
    lazy: appPage(() => import('./pages/expenses/BudgetTestPage')),
  },
  {
    path: 'checklist',
    handle: { title: 'Checklists' },
    loader: relayLoader('checklist', () => import('./__generated__/ChecklistPageQuery.graphql')),
    lazy: appPage(() => import('./pages/checklist/ChecklistPage')),
  },
  {
    path: 'checklist/:tripId',
    handle: { title: 'Checklists' },
    loader: relayLoader('trip-checklists', () => import('./__generated__/TripChecklistsPageQuery.graphql'), {
      variables: ({ params }) => ({ id: tripNodeId(params.tripId ?? ''), count: CHECKLISTS_PAGE }),
    }),
    lazy: appPage(() => import('./pages/checklist/TripChecklistsPage')),
  },
  { path: 'explore', handle: { title: 'Explore' }, lazy: appPage(() => import('./pages/explore/ExplorePage')) },
  {
    path: 'friends',
    handle: { title: 'Friends' },
    loader: relayLoader('friends', () => import('./__generated__/FriendsPageQuery.graphql'), { variables: friendsPageVariables }),
    lazy: appPage(() => import('./pages/friends/FriendsPage')),
  },
  {
    path: 'photos',
    handle: { title: 'Photos' },
    loader: relayLoader('photos', () => import('./__generated__/PhotosPageQuery.graphql')),
    lazy: appPage(() => import('./pages/photos/PhotosPage')),
  },
  {
    path: 'mapped',
    handle: { title: 'Mapped' },
    loader: relayLoader('mapped', () => import('./__generated__/MappedPageQuery.graphql')),
    lazy: appPage(() => import('./pages/mapped/MappedPage')),
  },
  { path: 'wrapped', loader: () => redirect(`/dashboard/wrapped/${new Date().getFullYear()}`) },
  {
    path: 'wrapped/:year',
    handle: { title: 'Travel Wrapped' },
    loader: relayLoader('wrapped', () => import('./__generated__/WrappedPageQuery.graphql'), {
      variables: ({ params }) => ({ year: wrappedYear(params.year) }),
    }),
    lazy: appPage(() => import('./pages/wrapped/WrappedPage')),
  },
  {
    path: 'rewards',
    handle: { title: 'Rewards wallet' },
    loader: relayLoader('rewards', () => import('./__generated__/RewardsPageQuery.graphql')),
    lazy: appPage(() => import('./pages/rewards/RewardsPage')),
  },
  { path: 'feedback', handle: { title: 'Feedback' }, lazy: appPage(() => import('./pages/feedback/FeedbackPage')) },
  {
    path: 'settings',
    handle: { title: 'Settings' },
    loader: relayLoader('settings', () => import('./__generated__/SettingsPageQuery.graphql')),
    lazy: appPage(() => import('./pages/settings/SettingsPage')),
  },
  { path: 'guides', handle: { title: 'City Guides' }, lazy: appPage(() => import('./pages/guides/GuidesPage')) },
  { path: 'guides/:city', handle: { title: 'City Guide' }, lazy: appPage(() => import('./pages/guides/GuidePage')) },
  { path: 'disclosure', handle: { title: 'Affiliate Disclosure' }, lazy: appPage(() => import('./pages/static/DisclosurePage')) },
  { path: 'about', handle: { title: 'About Us' }, lazy: appPage(() => import('./pages/static/AboutPage')) },
  { path: 'contact', handle: { title: 'Contact' }, lazy: appPage(() => import('./pages/static/ContactPage')) },
  {
    path: 'admin',
    handle: { title: 'Admin' },
    loader: adminLoader('admin', (q, url) => q.TAB_QUERIES[url.searchParams.get('tab') ?? ''] ?? q.TAB_QUERIES.users!),
    lazy: appPage(() => import('./pages/admin/AdminPage')),
  },
  { path: 'my-stories', handle: { title: 'My Stories' }, lazy: appPage(() => import('./pages/stories/MyStoriesPage')) },
  {
    path: 'admin-stories',
    handle: { title: 'Admin · Stories' },
    loader: adminLoader('admin-stories', (q) => q.PAGE_QUERIES.stories!),
    lazy: appPage(() => import('./pages/admin/AdminStoriesPage')),
  },
  {
    path: 'admin-guides',
    handle: { title: 'Admin · Guides' },
    loader: adminLoader('admin-guides', (q) => q.PAGE_QUERIES.guides!),
    lazy: appPage(() => import('./pages/admin/AdminGuidesPage')),
  },
  {
    path: 'admin-analytics',
    handle: { title: 'Admin · Analytics' },
    loader: adminLoader('admin-analytics', (q) => q.PAGE_QUERIES.analytics!),
    lazy: appPage(() => import('./pages/admin/AdminAnalyticsPage')),
  },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <Loading fullPage />,
    children: [
      { index: true, lazy: page(() => import('./pages/landing/LandingPage')) },
      {
        Component: PublicLayout,
        ErrorBoundary: RouteError,
        children: [
          { path: 'guides', handle: { title: 'City Guides' }, lazy: page(() => import('./pages/guides/GuidesPage')) },
          { path: 'guides/:city', handle: { title: 'City Guide' }, lazy: page(() => import('./pages/guides/GuidePage')) },
          { path: 'how-it-works', handle: { title: 'How It Works' }, lazy: page(() => import('./pages/static/HowItWorksPage')) },
          { path: 'disclosure', handle: { title: 'Affiliate Disclosure' }, lazy: page(() => import('./pages/static/DisclosurePage')) },
          { path: 'about', handle: { title: 'About Us' }, lazy: page(() => import('./pages/static/AboutPage')) },
          { path: 'contact', handle: { title: 'Contact' }, lazy: page(() => import('./pages/static/ContactPage')) },
          { path: 'stories', handle: { title: 'Stories' }, lazy: page(() => import('./pages/stories/StoriesPage')) },
          { path: 'blog', handle: { title: 'Travel Stories' }, lazy: page(() => import('./pages/stories/BlogListPage')) },
          { path: 'blog/stories/:id', handle: { title: 'Story' }, lazy: page(() => import('./pages/stories/StoryViewPage')) },
          { path: 'blog/write', handle: { title: 'Write a Story' }, lazy: appPage(() => import('./pages/stories/StoryEditorPage')) },
          { path: 'blog/edit/:id', handle: { title: 'Edit Story' }, loader: requireSession, lazy: appPage(() => import('./pages/stories/StoryEditorPage')) },
          { path: 'wrapped/:token', handle: { title: 'Travel Wrapped' }, lazy: page(() => import('./pages/wrapped/PublicWrappedPage')) },
          { path: 'pending-invitations', handle: { title: 'Trip Invitations' }, lazy: appPage(() => import('./pages/invitations/PendingInvitationsPage')) },
        ],
      },
      {
        Component: AuthLayout,
        ErrorBoundary: RouteError,
        children: [
          { path: 'signup', handle: { title: 'Sign Up' }, lazy: appPage(() => import('./pages/accounts/SignUpPage')) },
          { path: 'signin', handle: { title: 'Sign In' }, lazy: appPage(() => import('./pages/accounts/SignInPage')) },
          { path: 'forgot-password', handle: { title: 'Forgot Password' }, lazy: appPage(() => import('./pages/accounts/ForgotPasswordPage')) },
          { path: 'reset-password', handle: { title: 'Reset Password' }, lazy: appPage(() => import('./pages/accounts/ResetPasswordPage')) },
          { path: 'verify-email', handle: { title: 'Verify Your Email' }, lazy: appPage(() => import('./pages/accounts/VerifyEmailPage')) },
        ],
      },
      {
        path: 'dashboard',
        id: 'dashboard',
        loader: relayLoader('dashboard-shell', () => import('./__generated__/DashboardLayoutQuery.graphql')),
        // The signed-in shell, inside Relay's environment (both load with the dashboard only).
        lazy: appPage(() => import('./pages/dashboard/DashboardShell')),
        ErrorBoundary: RouteError,
        children: dashboardChildren,
      },
      // Unknown paths go home.
      { path: '*', loader: () => redirect('/'), Component: () => null },
    ],
  },
];
